# Judging answers (bot/answers.py). $matched is the package's answer it was compared with.
judge-reason-empty = the answer is empty
judge-reason-exact = matches the answer "{ $matched }"
judge-reason-order = matches the answer "{ $matched }" with the words in another order
judge-reason-typo = a typo: { $distance } { $distance ->
        [one] letter
       *[other] letters
    } off the answer "{ $matched }"
judge-reason-near-miss = close to the answer "{ $matched }" ({ $distance } { $distance ->
        [one] letter
       *[other] letters
    } off); the host decides
judge-reason-rejected = matches the rejected answer "{ $matched }"
judge-reason-near-rejected = closest to the rejected answer "{ $matched }"
judge-reason-ambiguous = as close to the answer "{ $matched }" as to the rejected "{ $rejected }"; the host decides
judge-reason-expanded = contains the answer "{ $matched }" and other words; the host decides
judge-reason-partial = only part of the answer "{ $matched }"; the host decides
judge-reason-prose = credited by the rule "{ $criteria }"; the host decides
judge-reason-letter-exact = the answer must be letter-exact: "{ $matched }"
judge-reason-far = not like any accepted answer
judge-reason-two-versions = two versions in one answer are not credited, even if one is right
judge-reason-negation = an answer with a negation ("not …") is not credited
judge-reason-inflected = matches the answer "{ $matched }" in another form (any number and case accepted)
judge-reason-mention = mentions the answer "{ $matched }" (any mention or any added detail accepted)
judge-reason-title-quotes = matches the answer "{ $matched }" but without the title's quotes; the host decides
judge-reason-other-script = close to the answer "{ $matched }" written in the other alphabet; the host decides
judge-reason-parts-all = { $count ->
        [one] the only part is right
       *[other] all { $count } parts are right
    }
judge-reason-parts-wrong = part { $number } is wrong
judge-reason-parts-unsure = part { $number }: the host decides
judge-reason-parts-count = { $expected ->
        [one] { $expected } part expected
       *[other] { $expected } parts expected
    }, the answer has { $given }; the host decides
judge-error-empty-answer = The author's answer (--answer) is empty: it has no letters or digits.
judge-error-no-question = The package { $file } has no question number { $number }.
judge-error-usage = Give either --answer (with --zachet, --nezachet if you like) or --package with --question.

## Teams' written answers (rules/written.py, SYNC-6, TV-5). Times are UTC.
answer-window-already-open = Answers to question { $number } are still being taken.
answer-window-not-open = Answers are not being taken now.
answer-window-closed = Answers to question { $number } are no longer taken.
answer-not-playing = You play in no team of this game.
answer-team-sits-out = Team “{ $team }” does not answer this question.
answer-not-answerer = Team “{ $team }”'s answer is handed in by the captain or the player the captain named.
answer-before-question = The answer was sent at { $sent } UTC, before the question was asked.
answer-late = The answer was sent at { $sent } UTC, { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} after the deadline ({ $deadline } UTC), and is not taken.
answer-empty = The answer has no visible character.
answer-answerer-by-captain = The team's captain names who hands in its answers.
answer-answerer-not-member = Only a player of team “{ $team }” can hand in its answers.

## The judging queue (rules/judging.py): answers grouped by normalised text.
judge-no-such-group = There is no such group of answers to this question.
judge-already-decided = This group is already { $verdict ->
    [accept] accepted
   *[reject] not accepted
}.
judge-decided-meanwhile = While you looked, this group was decided: { $verdict ->
    [accept] accepted
    [reject] not accepted
   *[none] back to pending
}. Please look again.
judge-queued-twice = The team's answer is already in the judging queue.
