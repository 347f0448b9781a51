# The table as text and as a picture: /table, after a SYNC round, at a game's end.
usage-table = { CMD("table") } — the table (a picture where the messenger shows pictures)
table-round = Round { $number }
table-round-short = Round
table-number = { $number }
table-place = Place
table-team = Team
table-subtotal = Σ
table-total = Total
table-question = No.
table-answer = Answer
table-answerer = Answered
table-verdict = ±
table-score = Score
table-sector = Sector
sync-table-now = The table { $phase ->
    [finished] of the game
   *[other] so far
}{ $provisional ->
    [yes] {" "}(provisional: verdicts or appeals pending)
   *[no] {""}
}:
duel-table = { $team ->
    [none] No team has registered yet: { CMD("team") } NAME.
   *[other] Score: team “{ $team }” { $team_score } — host { $host_score }.
}
duel-table-row = { $number }. { $answer } — { $verdict ->
    [right] right
   *[wrong] wrong
} ({ $team_score }:{ $host_score })
tv-table = Score: experts { $experts } — viewers { $viewers }.
    Players' ratings: { $ratings }
tv-table-row = { $number }. Sector { $sector }, “{ $team }”, { $answerer }: { $verdict ->
    [right] right
    [wrong] wrong
   *[other] not judged yet
} ({ $experts }:{ $viewers })
