# TV in the chat: the game's messages, the commands' usage (TV-1..TV-6, TV-9..TV-11).

tv-created = "What? Where? When?" (the club against the viewers) is open. Host: { $host }, package "{ $package }": { $count ->
    [one] { $count } envelope
   *[other] { $count } envelopes
}. The game goes to { $target ->
    [one] { $target } point
   *[other] { $target } points
}. Teams: { CMD("team") } NAME, { CMD("join") } NAME; the host starts: { CMD("start") } or { CMD("start") } TEAM.
tv-left-out = { $count ->
    [one] { $count } question of the package is
   *[other] { $count } questions of the package are
} not in the envelopes: a TV envelope is one question, one minute of discussion and one oral answer, and DUEL's special questions are played otherwise.
tv-left-out-kind = { $kind ->
    [blitz] blitz
    [superblitz] superblitz
    [sector13] sector 13
   *[duplet] duplet
} — { $count }
tv-created-no-package = "What? Where? When?" (the club against the viewers) is open. Host: { $host }. The game goes to { $target ->
    [one] { $target } point
   *[other] { $target } points
}. Teams: { CMD("team") } NAME, { CMD("join") } NAME; the host starts: { CMD("start") } or { CMD("start") } TEAM.
tv-started = The game has started: { $count ->
    [one] { $count } team
   *[other] { $count } teams
}, to { $target ->
    [one] { $target } point
   *[other] { $target } points
}.
tv-lost-earlier = { $count ->
    [one] Team { $teams } already lost its round at the central table in today's earlier game: it may sit there again only when the experts have { $five ->
        [one] { $five } point
       *[other] { $five } points
    } or every club table has lost its round.
   *[other] Teams { $teams } already lost their round at the central table in today's earlier game: they may sit there again only when the experts have { $five ->
        [one] { $five } point
       *[other] { $five } points
    } or every club table has lost its round.
}
tv-teams-unfit = { $count ->
    [one] A team does not sit
   *[other] Teams do not sit
} at the central table until { $count ->
    [one] it has
   *[other] each has
} { $max ->
    [0] at least { $min } players
   *[other] { $min } to { $max } players
} (players now: { $teams }); { $count ->
    [one] it plays
   *[other] they play
} at a club table. A missing player joins a team with { CMD("join") } NAME.
tv-seated = { $reason ->
    [host] The host seated "{ $team }" at the central table.
    [first-draw] The top drew the first team at the central table: "{ $team }" (among { $among }).
    [correct] { $count ->
        [one] "{ $team }" takes the central table: the only team that answered the viewers' question correctly.
       *[other] "{ $team }" takes the central table: the top drew it among those that answered the viewers' question correctly: { $among }.
    }
    [return] "{ $team }" returns to the central table, though it already lost its round ({ $why ->
        [five] the experts have 5 points, and any team may sit there again
        [all-lost] every club table has lost its round, and any team may sit there again
       *[other] allowed again
    }; { $answered ->
        [yes] it answered correctly
       *[other] the top drew it among { $among }
    }).
   *[top] Nobody answered correctly: the top picked "{ $team }" (among every team that may sit there: { $among }).
}
tv-spin-prompt = Host, spin the top: { CMD("spin") }
tv-top-sector = The top stopped at sector { $number }. { $left ->
    [one] { $left } envelope left.
   *[other] { $left } envelopes left.
}
tv-question = Question { $number }.
    { $text }
tv-discussion = A minute of discussion for "{ $team }" ({ $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}). Club tables: send your answer to the bot privately within this minute.
tv-host-answer = Question { $number }, for the host alone: the answer is { $answer }
tv-name-answerer = { $captain }, who answers? { CMD("answerer") } NAME
tv-handed-in = { $replaces ->
    [yes] Your table's answer is replaced: "{ $text }".
   *[other] Your table's answer is taken: "{ $text }".
}
tv-club-closed = The club tables' answers to question { $number } are closed: { $count ->
    [one] { $count } answer
   *[other] { $count } answers
}.
tv-club-judge-offer = The club tables' answers to question { $number }: { $count ->
    [one] { $count } answer
   *[other] { $count } answers
}. Judge them: { CMD("clubs") } { $number }
tv-club-groups = Question { $number }: { $count ->
    [one] { $count } group of answers waits
   *[other] { $count } groups of answers wait
} ({ CMD("club") } { $number } GROUP yes|no):
tv-club-group = { $group }. "{ $text }" — { $count ->
    [one] { $count } table
   *[other] { $count } tables
}, the bot suggests: { $suggestion ->
    [accept] accept
    [reject] reject
   *[unsure] your call
}
tv-club-group-decided = Question { $number }, "{ $text }": { $verdict ->
    [accept] accepted
   *[reject] rejected
}.
tv-club-judged = The club tables' answers to question { $number } are judged: { $count ->
    [0] none correct.
    [one] { $count } table correct ({ $teams }).
   *[other] { $count } tables correct ({ $teams }).
}
tv-answerer-named = { $name } answers.
tv-your-turn = Answer aloud; you may type the answer here so the host sees the bot's suggestion.
tv-verdict = { $correct ->
    [true] Correct! A point to the experts.
   *[false] Wrong: a point to the viewers, "{ $leaving }" leaves the central table.
} Score: experts { $experts } — viewers { $viewers }.
tv-seating-next = The club tables' answers to question { $number } decide who sits at the central table next: the host judges them, then { CMD("spin") } (or { CMD("seat") } TEAM).
tv-seating-none-fits = No club team that may take the central table has a fitting number of players: the host seats one once its missing players have joined.
tv-seating-spin = { $answered ->
    [yes] Several tables answered correctly: the top picks among { $among }: { CMD("spin") }
   *[other] Nobody answered correctly: the top picks among { $among }: { CMD("spin") }
}
tv-won = { $winner ->
    [experts] The experts win { $experts }:{ $viewers }!
   *[viewers] The viewers win { $viewers }:{ $experts }.
}
tv-best-offer = Host, name the best player of the central table ({ $names }): { CMD("best") } NAME
tv-best-player = The best player of the central table: { $name }. The game is over.
tv-aborted = The game was aborted. Score: experts { $experts } — viewers { $viewers }.
tv-score = Score: experts { $experts } — viewers { $viewers }. { $team ->
    [none] The central table is empty.
   *[other] "{ $team }" sits at the central table.
}
    Players' ratings: { $ratings }
tv-no-club-group = The answers to question { $number } have no group { $group }.
tv-club-answers-not-listed = The groups of the club tables' answers to question { $number } are numbered once you list them: { CMD("clubs") } { $number }.
tv-package-fixed = A TV game's package is chosen before the first envelope: this package is kept for the chat's next game ({ CMD("newgame", "tv") }).
button-spin = Spin the top
button-judge-clubs = Judge the club answers
usage-spin = { CMD("spin") } — spin the top: the next envelope, or the team for the empty central table
usage-seat = { CMD("seat") } TEAM — seat a team at the empty central table
usage-judge = { CMD("judge") } yes|no — the central table's answer is right or wrong (or { CMD("accept") } / { CMD("reject") })
usage-close = { CMD("close") } — close the club tables' answers before the minute ends
usage-clubs = { CMD("clubs") } [N] — judge the club tables' answers to question N (without N: the last one asked)
usage-club = { CMD("club") } [N] GROUP yes|no — the verdict on a group of club answers to question N (without N: the last one asked)
usage-tv-start = { CMD("start") } — start the game, the spinning top seating the first team at the central table; { CMD("start") } TEAM — seat that team first
usage-tv-best = { CMD("best") } NAME — the best player of the central table (after the experts won)

# TV on Discord: the /tv command group.
discord-cmd-tv = tv
discord-cmd-tv-desc = What? Where? When? (the club against the viewers): the captain's and the host's commands
discord-format-tv = What? Where? When? (TV)
discord-cmd-host-spin = spin
discord-cmd-host-spin-desc = Spin the top: the next envelope, or the team for the central table
discord-cmd-host-seat = seat
discord-cmd-host-seat-desc = Seat a team at the empty central table
discord-cmd-host-judge = judge
discord-cmd-host-judge-desc = The central table's answer is right or wrong
discord-cmd-host-close = close
discord-cmd-host-close-desc = Close the club tables' answers before the minute ends
discord-cmd-host-clubs = clubs
discord-cmd-host-clubs-desc = Judge the club tables' answers to a question
discord-cmd-host-club = club
discord-cmd-host-club-desc = The verdict on a group of club answers
discord-cmd-host-best = best
discord-cmd-host-best-desc = The best player of the central table
discord-param-correct = correct
discord-param-correct-desc = Is the answer right?
discord-choice-correct-yes = Yes
discord-choice-correct-no = No
discord-param-index = group
discord-param-index-desc = The group's number in the host's list

# uxfix: the answerer named after the verdict (TV-2)
tv-answerer-unnamed = { $captain }, who answered? Record it: { CMD("answerer") } NAME
tv-answerer-recorded = Recorded: { $name } answered.
