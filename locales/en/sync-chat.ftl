# SYNC in chat: what hosts, teams and players see (RULES.md SYNC-1..SYNC-11; bot/formats/sync).

## Commands

usage-announce = { CMD("announce") } [YYYY-MM-DD HH:MM] [training|qualifying|championship] — announce the game (the club's time, see { CMD("timezone") }; no date: the game is now). Kinds: training, which counts in no season (the kind when none is named); qualifying and championship, which both count in the season
usage-question = { CMD("question") } — write a team question with the bot step by step (privately; { CMD("question") } N replaces question N); { CMD("question") } TEXT | ANSWER | AUTHOR | SOURCE [| COMMENT] — in one line, privately too, so that no other team sees the question; or send the bot a package file privately
usage-approve = { CMD("approve") } TEAM N — approve the team's question N
usage-refuse = { CMD("refuse") } TEAM N | REASON — reject the team's question N
usage-fee = { CMD("fee") } TEAM paid|unpaid — the team's fee is paid or not
usage-unpaid = { CMD("unpaid") } — the teams that have not paid the fee
usage-duty = { CMD("duty") } TEAM — name the duty team (its captain sits on the appeal jury)
usage-round = { CMD("round") } — the next round; { CMD("round") } N N … — a round of these package questions; { CMD("round", "teams") } K — K questions from every team
usage-ask = { CMD("ask") } — the round's next question; { CMD("ask") } N — package question N (shoot-out); { CMD("ask") } TEAM N — the team's question N
usage-repeat = { CMD("repeat") } — read the question again
usage-sync-accept = { CMD("accept") } N — accept group of answers N
usage-sync-reject = { CMD("reject") } N — reject group of answers N
usage-clarify = { CMD("clarify") } TEAM — ask the team to explain its answer
usage-sync-appeal = { CMD("appeal") } double|removal N TEXT — appeal question N: a double answer or removing the question
usage-vote = { CMD("vote") } TEAM yes|no — a juror's vote on the team's appeal
usage-endgame = { CMD("endgame") } — end the game after a round (a tie for first goes to a shoot-out)
usage-sync-season = { CMD("season") } — the club's season: the table of points, the next game's duty team and fee; { CMD("season", "create") } NAME — create a season; { CMD("season", "record") } — count the last finished game in the season

## Refusals and replies to queries

sync-already-announced = The game is already announced.
sync-not-in-team = { $name } does not play for { $team }.
sync-no-such-group = There is no group of answers { $number }.
sync-unpaid-hosts-only = Only the hosts see the unpaid list.
sync-unpaid = { $count ->
    [0] Every team has paid the fee.
    [one] { $count } team has not paid the fee: { $teams }.
   *[other] { $count } teams have not paid the fee: { $teams }.
}{ $fee ->
    [none] {""}
   *[other] {" "}The fee is { $fee } per team.
}
sync-answer-empty = The answer has no visible text.
sync-package-fixed = A synchronous game's package is chosen before round 1: this package is kept for the chat's next game ({ CMD("newgame", "sync") }).
sync-package-no-questions = The package has no questions to play.
sync-status = Sync: { $teams ->
    [one] { $teams } team
   *[other] { $teams } teams
}, rounds started: { $rounds }, questions asked: { $questions }.

## Before the game

sync-created = { $host } opens a synchronous game on “{ $package }” ({ $count ->
    [one] { $count } question
   *[other] { $count } questions
}). The host announces it: { CMD("announce") }.
sync-announced = The game is at { $date }. Registration until { $deadline }: { CMD("team") } NAME.
sync-announced-kind = { $kind ->
    [training] This is a training game: it counts in no season; up to { $max } players a team.
    [qualifying] This is a qualifying game: it counts in the season; { $min } to { $max } players a team.
   *[championship] This is a championship game: it counts in the season; { $min } to { $max } players a team.
}
sync-announced-duty = { $duty ->
    [none] The bot names the duty team when registration closes: the first one alphabetically; the host may name another: { CMD("duty") } TEAM.
   *[other] Duty team: “{ $duty }”.
}
sync-announced-fee = The fee is { $fee } per team, paid by the captain before the game.
sync-created-no-package = { $host } opens a synchronous game. The host announces it: { CMD("announce") }.
sync-question-submitted = { $team } submitted question { $number }.
sync-question-to-review = Question { $number } of { $team }: { $text }
    Answer: { $answer }
button-approve = Approve
sync-question-details = Also accepted: { $accepted }
    Comment: { $comment }
    Author: { $author }
    Source: { $source }
sync-question-refuse-how = To reject it, say why: { CMD("refuse") } { $team } { $number } | REASON
sync-question-reviewed = { $approved ->
    [true] The hosts approved your question { $number }.
   *[false] The hosts rejected your question { $number }: { $reason }
}
sync-fee-recorded = Fee of { $team }{ $fee ->
    [none] {""}
   *[other] {" "}({ $fee })
}: { $paid ->
    [true] paid.
   *[false] not paid.
}
sync-duty = The duty team is “{ $team }”: its captain sits on the appeal jury with the hosts.
sync-registration-reminder = Reminder: registration and team questions close at { $deadline }.
sync-registration-closed-now = Registration closed: { $count ->
    [one] { $count } team
   *[other] { $count } teams
}.

## The game

sync-round-started = Round { $number }: { $kind ->
    [teams] the teams' questions, { $per_team } from each
   *[organisers] the organisers' questions
} ({ $count ->
    [one] { $count } question
   *[other] { $count } questions
}).
sync-timing = For each question: { $discussion ->
    [one] { $discussion } second
   *[other] { $discussion } seconds
} of discussion (a signal { $warning ->
    [one] { $warning } second
   *[other] { $warning } seconds
} before its end), then { $hand_in ->
    [one] { $hand_in } second
   *[other] { $hand_in } seconds
} to hand the answer in to the bot privately. An answer sent more than { $grace ->
    [one] { $grace } second
   *[other] { $grace } seconds
} after the hand-in time is not accepted.
sync-question = Question { $number }. { $text }
sync-asked-by = Asked by { $team }, who do not answer it.
sync-asked-unapproved = Question { $number } of { $team } is asked though the hosts did not approve it: if every team answers it, they get the point, but { $team } do not.
sync-shootout-question = Shoot-out: { $teams } answer.
sync-question-undelivered = Question { $number } did not reach the chat: the time is not running. Start it yourself.
sync-discussion = The minute is running: { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} to discuss and { $hand_in ->
    [one] { $hand_in } second
   *[other] { $hand_in } seconds
} to hand in. Send the answer to the bot privately.
sync-hand-in = Time! Hand in your answer: { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
sync-paused = Time stopped, { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
sync-paused-host = The time is stopped: resume when you are ready.
sync-resumed = The time runs on.
sync-closing-held = The bot was down when the hand-in time ended: answers are taken until you close it.
sync-receipt = { $replaces ->
    [true] Answer replaced: “{ $text }”, received at { $time } UTC.
   *[false] Answer received: “{ $text }”, at { $time } UTC.
}
sync-captain-hands-in = You captain “{ $team }”. The team's answers are handed in here, in your private chat with the bot, and their receipts come here; a player you name may hand them in instead: { CMD("answerer") } NAME.
sync-you-hand-in = Your captain asked you to hand in the team's answers: write them to the bot here.
sync-window-closed = Answers to question { $number } closed: { $count ->
    [one] { $count } answer
   *[other] { $count } answers
}.
sync-no-answers = Nobody answered question { $number }.
sync-groups = Question { $number }, the author's answer: { $answer } — { $count ->
    [one] { $count } group of answers
   *[other] { $count } groups of answers
}:
sync-group = { $number }. “{ $text }” — { $count ->
    [one] { $count } team
   *[other] { $count } teams
}, bot: { $suggestion ->
    [accept] right
    [reject] wrong
   *[unsure] unsure
}{ $verdict ->
    [accept] , accepted
    [reject] , rejected
   *[pending] {""}
}
button-sync-accept = ✓ { $text }: { $count ->
    [one] { $count } team
   *[other] { $count } teams
}
button-sync-reject = ✗ { $text }: { $count ->
    [one] { $count } team
   *[other] { $count } teams
}
sync-group-judged = “{ $text }” ({ $count ->
    [one] { $count } team
   *[other] { $count } teams
}): { $verdict ->
    [accept] accepted.
   *[reject] rejected.
}
sync-scored = Question { $number }: the answer is { $answer }; { $count ->
    [one] { $count } team
   *[other] { $count } teams
} of { $total } answered right: { $teams }.
sync-clarify-you = The host asks you to explain { $team }'s answer to question { $number }: write here, to the bot, what the answer says (once); the hosts see it.
sync-clarify-asked = { $name } ({ $team }) explains the answer to question { $number }.
sync-table-round = The table after round { $number }{ $provisional ->
    [yes] {" "}(provisional: verdicts or appeals pending)
   *[no] {""}
}:
sync-table-final = The final table{ $provisional ->
    [yes] {" "}(provisional: verdicts or appeals pending)
   *[no] {""}
}. { $count ->
    [one] Winner
   *[other] Winners
}: { $winners }.
sync-table-row = { $place }. { $team }: { $marks } — { $points ->
    [one] { $points } point
   *[other] { $points } points
}
sync-shootout = A tie for first: { $teams }. A shoot-out on the hosts' questions: a team that answers wrong drops out.
sync-aborted = The game was aborted without a result.
button-appeal-yes = Accept
button-appeal-no = Reject

## Substitutions (SYNC-1) and deferred appeals (SYNC-10)

usage-sub = { CMD("sub") } OUT IN — ask the host for a substitution (names, or OUT | IN; - for nobody on one side)
usage-subok = { CMD("subok") } N — allow substitution request N
usage-subno = { CMD("subno") } N — refuse substitution request N
usage-defer = { CMD("defer") } TEAM — defer the team's appeal to the jury (3 days to decide)
usage-evidence = { CMD("evidence") } TEXT — attach a text and links to your team's deferred appeal
sync-evidence-too-long = The evidence is too long: { $count ->
    [one] { $count } character
   *[other] { $count } characters
}, at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
} in one message: send it in parts.
sync-sub-requested = Substitution request { $number } of { $team }: out { $out }, in { $in }.
sync-sub-asked = Your substitution request { $number } (out { $out }, in { $in }) went to the host.
button-sub-ok = Allow
button-sub-no = Refuse
sync-sub-decided-captain = { $approved ->
    [true] The host allowed your substitution (out { $out }, in { $in }){ $started ->
        [yes] : it takes effect from the next question.
       *[no] .
    }
   *[false] The host refused your substitution (out { $out }, in { $in }).
}
sync-sub-decided-host = Substitution { $number } of { $team }: { $approved ->
    [true] allowed.
   *[false] refused.
}
sync-sub-applied = Substitution in { $team }: out { $out }, in { $in }.
sync-appeal-deferred-juror = You are on the jury: the appeal of { $team } on question { $number } is deferred; vote by { $deadline }. Without a majority by then it is rejected.
sync-appeal-evidence-juror = { $team } attached evidence to its appeal on question { $number }: { $text }
    Links: { $links }

## A team question written with the bot (SYNC-2)

usage-cancel = { CMD("cancel") } — drop the team question you are writing with the bot
sync-draft-started = { $replaces ->
    [0] A new team question.
   *[other] A question to replace your question { $replaces }.
} I ask for each part in turn; { CMD("cancel") } drops it.
sync-draft-step = { $step ->
    [text] Send the question's text.
    [answer] The author's answer?
    [accepted] Other accepted answers, separated by “;” (- for none)?
    [comment] A comment (- for none)?
    [author] The question's author?
   *[source] Its source?
}
sync-no-cyrillic = Note: the question's text has no Cyrillic letter, and the club plays in Russian.
sync-draft-cancelled = The question is dropped.
sync-draft-open = You are writing a question already: the bot waits for { $step ->
    [text] its text
    [answer] the author's answer
    [accepted] the other accepted answers
    [comment] the comment
    [author] the author
   *[source] the source
}. { CMD("cancel") } drops it.
sync-draft-none = You are not writing a question with the bot: { CMD("question") } starts one.
sync-draft-empty = Send some text, or - to leave an optional part out.
sync-file-empty = The file has no questions.
sync-question-received = Your question { $number } is submitted: the hosts review it, and you will hear their decision here.

## The explanation of an unclear answer (SYNC-6)

sync-explained = { $name } ({ $team }) explains the answer to question { $number }: “{ $text }”.
    Handed in: “{ $answer }” (group { $group }{ $verdict ->
        [accept] , accepted
        [reject] , rejected
       *[pending] {""}
    }). Judge the answer handed in: an explanation never becomes an answer.
sync-explain-not-asked = The host has not asked you to explain an answer to this question.
sync-explain-once = Your team's answer is explained already: the hosts have it.

# uxfix: a game announced without a date is played now
sync-announced-now = The game starts now. Registration until round 1 (at the latest { $deadline }): { CMD("team") } NAME.
