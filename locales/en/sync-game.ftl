# SYNC: refusals to the hosts and the teams during the game (RULES.md SYNC-5..SYNC-8).

sync-no-keeper = A synchronous game has no keeper: appeals go to the jury.
sync-round-running = The round is still on: its next question is { CMD("ask") }; the next round starts after this one's last question.
sync-no-more-rounds = { $count ->
    [one] A game has at most { $count } round.
   *[other] A game has at most { $count } rounds.
}
sync-no-teams = No team has registered.
sync-round-kind = Give either the organisers' questions: { CMD("round") } N N …, or how many questions each team asks: { CMD("round", "teams") } K.
sync-round-one-organisers = { $count ->
    [one] Round 1 is at most { $count } organisers' question
   *[other] Round 1 is at most { $count } organisers' questions
}: { CMD("round") } N N ….
sync-round-two-teams = Round 2 is the teams' questions: { CMD("round", "teams") } K (K questions from every team).
sync-per-team = { $count ->
    [one] Each team asks { $count } question
   *[other] Each team asks from 1 to { $count } questions
}: { CMD("round", "teams") } K.
sync-not-in-package = The package has no question { $number }.
sync-question-reused = Question { $number } has been asked in this game already.
sync-shootout-hosts-questions = The shoot-out is played on the hosts' questions: give a package question number ({ CMD("ask") } N).
sync-not-between-questions = { $phase ->
    [lobby] Start a round first: { CMD("round") } N N ….
    [break] The round is over: the next round is { CMD("round") }, the end of the game { CMD("endgame") }.
    [judging] Judge the answers to the last question first: { CMD("accept") } N or { CMD("reject") } N.
   *[other] A question is being played: the next one is asked once its answers are judged.
}
sync-organisers-round = This is a round of the organisers' questions: the next one is { CMD("ask") } with no number.
sync-name-asking-team = Name the team that asks the question: { CMD("ask") } TEAM N.
sync-team-asked-enough = { $count ->
    [one] “{ $team }” has asked its { $count } question in this round.
   *[other] “{ $team }” has asked its { $count } questions in this round.
}
sync-not-in-break = The game can be ended only in the break after a round.
sync-too-few-rounds = { $count ->
    [one] A game has at least { $count } round.
   *[other] A game has at least { $count } rounds.
}
sync-no-question-to-repeat = There is no question to repeat now.
sync-not-in-shootout = “{ $team }” does not play in the shoot-out.
sync-not-judging = No answers are being judged now.
sync-clarify-not-now = An explanation may be asked for once the answers are in.
sync-clarify-not-member = { $name } does not play for “{ $team }”.
sync-clarify-no-answer = “{ $team }” handed in no answer to this question.
sync-clarify-once = “{ $team }” has been asked to explain its answer already: { $name } did.
sync-no-registration = The game has no registration yet: announce the game first ({ CMD("announce") }).
sync-per-team-short = { $count ->
    [one] “{ $team }” has no { $count } question for this round.
   *[other] “{ $team }” has no { $count } questions for this round.
}
sync-not-team-question = That is not a question of “{ $team }”.
sync-team-question-asked = Question { $number } of “{ $team }” has been asked already.
sync-appeals-waiting = { $count ->
    [one] { $count } appeal waits for the jury on the spot: decide or defer it.
   *[other] { $count } appeals wait for the jury on the spot: decide or defer them.
}
