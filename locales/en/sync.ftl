# SYNC before the game: registration, team questions, fee, duty team, substitutions (SYNC-1..SYNC-4).

sync-date-too-soon = Registration for this game would close on { $deadline }, so it is closed already: it closes { $days ->
    [one] { $days } day
   *[other] { $days } days
} before the game. Set a later date.
sync-date-past = { $date } has passed: set a date in the future ({ CMD("announce") } YYYY-MM-DD HH:MM).
sync-already-started = The game has started: its date cannot move.
sync-registration-closed = Registration closed on { $deadline }. The roster now changes only by a substitution the host allows.
sync-questions-closed = Team questions were taken until { $deadline }.
sync-no-such-team = There is no such team in this game.
sync-duty-empty = Name the duty team.
sync-team-full = “{ $team }” has { $count ->
    [one] { $count } player
   *[other] { $count } players
} already: a team has no more.
sync-not-captain = The team's captain does that.
sync-question-missing = The question has no { $field ->
    [text] text
    [answer] answer
    [author] author
   *[source] source
}: the text, answer, author and source are required — the hosts check every team question's source, and “-” does not stand for them.
sync-questions-full = A team submits { $count ->
    [one] { $count } question
   *[other] { $count } questions
} at most: replace a rejected one.
sync-question-no-such = The team has no question no. { $number }.
sync-question-approved = Question no. { $number } is approved by the hosts: it cannot be replaced.
sync-question-unknown = There is no such question.
sync-question-replaced = The captain has replaced question no. { $number }: see the new one.
sync-question-reason = Say why the question is rejected: { CMD("refuse") } TEAM N | REASON — the captain will see it.
sync-team-sizes = Not every team fits: a team has { $min ->
    [1] at most
   *[other] { $min } to
} { $max ->
    [one] { $max } player
   *[other] { $max } players
}, and { $count ->
    [one] one team does not
   *[other] { $count } teams do not
}: { $teams }.
sync-sub-empty = A substitution: say who goes out, who comes in, or both (two different players).
sync-sub-not-in-team = { $name } does not play for “{ $team }”.
sync-sub-captain-out = The captain is not substituted: hand over the captaincy first.
sync-sub-already-coming = This player is coming in already by an approved substitution.
sync-sub-size = After the substitution the team would have { $count ->
    [one] { $count } player
   *[other] { $count } players
}, and it needs { $min ->
    [1] at most
   *[other] { $min } to
} { $max ->
    [one] { $max } player
   *[other] { $max } players
}.
sync-sub-unknown = There is no such substitution request.
sync-sub-decided = This substitution is decided already.
