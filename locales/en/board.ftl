## The live scoreboard pages and the /board command
board-link = The live scoreboard of this game: { $url }
board-link-season = The live standings of “{ $season }”: { $url }
board-off = The scoreboard pages are off: the bot's operator turns them on with CHGK_BOARD_PORT.
board-no-game = There is no game in this chat yet: the scoreboard shows a game of a group chat.
usage-board = { CMD("board") } — the link of this game's scoreboard; { CMD("board", "season") } [NAME] — a season's standings.
board-not-found = No such page.
board-too-many-feeds = Too many pages of this scoreboard are open from your address. Close some and reload in a minute.
board-offline = Connection lost: reconnecting…
board-clock = Time left:
board-clock-paused = The clock is stopped: { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } left.
board-lobby = The game has not started yet.
board-aborted = The game was stopped.
board-none-played = No question has been played yet.
board-no-teams = No team has registered yet.
board-col-number = No.
board-col-answerer = Answered
board-col-answer = Answer
board-col-verdict = Verdict
board-col-appeal = Appeal
board-col-place = Place
board-col-team = Team
board-col-total = Total
board-col-points = Points
board-col-player = Player
board-col-sector = Sector
board-verdict-right = right
board-verdict-wrong = wrong
board-appeal-pending = with the keeper
board-appeal-upheld = verdict upheld
board-appeal-overturned = verdict overturned
board-appeal-waiting = An appeal waits for the keeper's decision.
board-answer-given = { $name } has answered; the host is judging.
board-duel-title = DUEL: “{ $team }” against the host
board-duel-score = { $team_score } : { $host_score }
board-duel-played = Questions played
board-duel-question = Question { $number }: { $phase ->
        [reading] being read
        [discussion] discussion
        [naming] who answers?
        [answering] answering
        [judging] the host is judging
       *[other] in play
    }
board-duel-winner = { $side ->
        [team] The team has won!
        [host] The host has won.
       *[other] The game is over.
    }
board-tv-title = What? Where? When? — the club game
board-tv-score = Experts { $experts } : { $viewers } viewers
board-tv-central = At the central table: { $team ->
        [none] nobody yet
       *[other] “{ $team }”
    }
board-tv-before = Sat there before: { $teams }
board-tv-top = The top's last pick: sector { $sector }
board-tv-rounds = Envelopes played
board-tv-clubs = Club tables
board-tv-ratings = Players' ratings
board-tv-winner = { $side ->
        [experts] The experts have won!
        [viewers] The viewers have won.
       *[other] The game is over.
    }
board-sync-title = Synchronous game: { $teams ->
        [one] { $teams } team
       *[other] { $teams } teams
    }
board-sync-question = Question { $number } is being played.
board-sync-tour = T{ $number }
board-sync-provisional = Provisional: some verdicts or appeals are still open.
board-sync-legend = 1 right, 0 wrong, ? pending, X removed, - the team's own question; T — the tour's points.
board-sync-winner = Final table. Winner: { $teams }.
board-season-title = Season “{ $season }”: standings
board-serving = The scoreboard pages are served at { $url } (a page's link: { CMD("board") } in a game chat).
startup-board-port = The scoreboard pages cannot listen on { $host }:{ $port } ({ $error }). Free that port or set CHGK_BOARD_PORT to another one, and start again.
