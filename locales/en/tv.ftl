# TV: the club league, the central table against the viewers, club tables, the spinning top (TV-1..TV-11).

tv-already-started = The game has already started.
tv-too-few-teams = A game needs at least { $count ->
    [one] { $count } team
   *[other] { $count } teams
}: one at the central table, the others at club tables. Teams register with { CMD("team") } NAME.
tv-too-few-questions = The package has { $count ->
    [one] { $count } ordinary question
   *[other] { $count } ordinary questions
} for the envelopes (TV asks no blitz, superblitz, sector 13 or duplet); a game to six may need { $need }.
tv-no-such-team = There is no such team in this game.
tv-team-size = A team sits at the central table with { $max ->
    [0] at least { $min } players
   *[other] { $min } to { $max } players ({ $max } where possible)
}, and "{ $team }" has { $count ->
    [one] { $count } player
   *[other] { $count } players
}. A missing player joins the team with { CMD("join") } { $team }.
tv-no-team-fits = The top has no team to draw for the central table: a team sits there with { $max ->
    [0] at least { $min } players
   *[other] { $min } to { $max } players
}, and the teams have these many players: { $teams }. A missing player joins a team with { CMD("join") } NAME.
tv-no-spin-now = { $phase ->
    [lobby] The game has not started: { CMD("start") } seats the first team at the central table.
    [best-player] The experts have won: name the central table's best player ({ CMD("best") } NAME).
   *[other] An envelope is being played: the top spins again once the central table's answer is judged ({ CMD("judge") } yes|no).
}
tv-seating-waits = A team that answered question { $number } correctly takes the central table: judge the club tables' answers first ({ CMD("clubs") } { $number }) or seat a team yourself ({ CMD("seat") } TEAM).
tv-table-taken = The central table is taken.
tv-seat-just-left = Team “{ $team }” has just left the central table: a team from a club table takes its place.
tv-not-answering = It is not the central table's time to answer.
tv-not-central-captain = The captain of team “{ $team }” at the central table names the answerer.
tv-answerer-not-central = { $name } does not sit at the central table with team “{ $team }”.
tv-not-answerer = The player the captain named types the answer.
tv-club-window-open = The club tables' answers to question { $number } are still being taken.
tv-no-club-answers = There are no club tables' answers to question { $number }.
tv-best-player-not-now = The best player of the central table is named after the experts win.
tv-best-player-not-central = { $name } did not play at the central table in this game.
