## Seasons (DUEL-6, 7): /season in a chat and chgk-bot season in the terminal
season-usage = Season commands: { CMD("season") } — the standings; { CMD("season", "create") } NAME [after PREVIOUS]; { CMD("season", "keeper") } NAME; { CMD("season", "register") } TEAM; { CMD("season", "approve") } TEAM; { CMD("season", "order") }; { CMD("season", "record") }; { CMD("season", "vote") } TEAM: CAPTAIN, CAPTAIN, CAPTAIN; { CMD("season", "vote", "yes") } or { CMD("season", "vote", "no") }.
season-record-usage = Give the game (--game ID), or the team, score and date of a game played elsewhere (--team TEAM --score 6:3 --date YYYY-MM-DD).
season-none = There are no seasons yet. To create one: { CMD("season", "create") } NAME.
season-unknown = There is no season “{ $name }”.
season-exists = The season “{ $name }” exists already.
season-created = The season “{ $name }” is created. { $format ->
        [sync] It adds up the points of the club's synchronous games played: after each game, { CMD("season", "record") }; training games count in no season.
       *[other] { $has_after ->
            [no] There is no previous season: the order of games will be drawn by lot.
           *[other] The order of games follows the standings of “{ $after }”.
        }
    }
season-keeper-named = The keeper of traditions of “{ $season }” is { $name }.
season-not-host = Only the season's host may do that.
season-not-official = The season's host and keeper give their agreement.
season-unknown-person = I know nobody called “{ $name }”: the person must have written to the bot at least once.
season-ambiguous-person = Several people are called “{ $name }” ({ $count }): be more precise.
season-team-disbanded = The team “{ $team }” was disbanded by a fair-play vote and plays no more.
season-captain-disbanded = The captain of a disbanded team cannot lead a new one: “{ $team }” needs another captain.
season-already-registered = The team “{ $team }” is registered in the season already.
season-registered = The team “{ $team }” is registered in “{ $season }”.
season-needs-approval = The team “{ $team }” is entered in “{ $season }”, but its captain played in a disbanded team: it may play once both the host and the keeper agree ({ CMD("season", "approve") } { $team }).
season-approved = The { $who ->
        [host] host
       *[keeper] keeper
    } agrees: “{ $team }” may play in the season once both agree.
season-team-not-registered = The team “{ $team }” is not in “{ $season }”.
season-no-teams = “{ $season }” has no teams that may play yet.
season-order = The order of games of “{ $season }” (lot: { $seed }):
season-order-line = { $slot }. { $team } — { $place ->
        [0] a new team, placed by lot
       *[other] place { $place } last season
    }
season-no-game = There is no game #{ NUMBER($id, useGrouping: 0) }.
season-game-not-finished = Game #{ NUMBER($id, useGrouping: 0) } is not finished yet.
season-no-finished-game = This chat has no finished DUEL or SYNC game: a season counts a game once it has ended.
season-game-recorded = Game #{ NUMBER($id, useGrouping: 0) } is counted in “{ $season }” already.
season-game-counted = Counted in “{ $season }”: the game of “{ $team }”, { $team_score }:{ $host_score }{ $decisive ->
        [yes] {" "}(decisive round)
       *[no] {""}
    }{ $has_best ->
        [yes] , best player { $best }
       *[no] {""}
    }.
season-bad-score = A finished game's score is { $target ->
    [one] { $target } point
   *[other] { $target } points
} for one side and fewer for the other, e.g. 6:3.
season-bad-decisive-score = A decisive round ends { $target }:0 or 0:{ $target }.
season-standings-title = “{ $season }”: standings
season-standings-empty = No games yet.
season-col-place = #
season-col-team = Team
season-col-score = Score
season-col-result = Result
season-col-date = Date
season-col-best = Best player
season-result = { $won ->
        [yes] won
       *[no] lost
    }{ $decisive ->
        [yes] {" "}in the decisive round
       *[no] {""}
    }{ $games ->
        [1] {""}
       *[other] {" "}({ $games } games)
    }{ $disbanded ->
        [yes] , disbanded
       *[no] {""}
    }
season-finalist = The team “{ $team }” plays the season's final: it won its game with the best score.
season-finalist-best-players = No team won its game: the final is played by a team of the season's best players — { $names }.
season-list-line = { NUMBER($id, useGrouping: 0) }. { $name }
season-vote-needs-officials = The season needs a host and a keeper: they vote on fair play.
season-vote-few-captains = At least { $count ->
    [one] { $count } captain takes
   *[other] { $count } captains take
} part in the vote.
season-vote-duplicate = Each voter votes once; the host and the keeper do not vote as captains.
season-vote-even = { $count ->
    [one] { $count } voter
   *[other] { $count } voters
}: the number must be odd — add or remove a captain.
season-vote-not-captain = { $name } is not a captain of a team of this season.
season-vote-open-already = A vote about “{ $team }” is already open.
season-vote-opened = Vote #{ NUMBER($id, useGrouping: 0) }: did “{ $team }” break fair play? An open vote of { $voters }. Answer: { CMD("season", "vote", "yes") } (it did) or { CMD("season", "vote", "no") } (it did not).
season-no-vote = There is no open vote for you.
season-vote-already = You have voted already.
season-ballot = { $name } votes: { $violated ->
        [yes] fair play was broken
       *[no] no violation
    } (team “{ $team }”).
season-vote-result = The vote about “{ $team }”: { $against } found a violation, { $cleared } did not. { $violated ->
        [yes] The team “{ $team }” is disbanded: the vote found that fair play was broken. Its players may play in other teams; a new team of them under another captain needs both the host and the keeper to agree.
       *[no] No violation: the team plays on.
    }

## The terminal only (chgk-bot season)
season-none-terminal = There are no seasons yet. To create one: chgk-bot season create NAME.
season-needs-approval-terminal = The team “{ $team }” is entered in “{ $season }”, but its captain played in a disbanded team: it may play once both the host and the keeper agree (chgk-bot season approve "{ $season }" "{ $team }" --as host, then --as keeper).
season-vote-opened-terminal = Vote #{ NUMBER($id, useGrouping: 0) }: did “{ $team }” break fair play? An open vote of { $voters }. Each voter: chgk-bot season vote cast { NUMBER($id, useGrouping: 0) } NAME yes (it did) or no.
season-unknown-person-terminal = I know nobody called “{ $name }”.
season-person-created = “{ $name }” is new: entered by name.
season-member-added = { $name } is recorded as a player of “{ $team }”.
season-record-needs-date = Give the game's date: --date YYYY-MM-DD. Of two equal wins the later one goes to the final.
season-date-future = The date { $date } has not come yet.
season-same-game = A game of “{ $team }” { $team_score }:{ $host_score } on { $date } is counted in “{ $season }” already. If this is a second such game, add --again.
season-same-moment = “{ $team }” won { $team_score }:{ $host_score } at the same moment ({ $when } UTC). Of two equal wins the later one goes to the final: say when this game ended, e.g. --date { $date }T21:40.
season-training-game = Game #{ NUMBER($id, useGrouping: 0) } is a training game ({ $format ->
    [sync] { CMD("announce") } … training
   *[other] { CMD("start", "training") }
}): it does not count in a season.
season-no-approval-needed = “{ $team }” needs no agreement from the host and the keeper: it may play.
season-name-too-long = A person's name has at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
season-format-not-counted = Game #{ NUMBER($id, useGrouping: 0) } is a { $format } game: seasons count DUEL and SYNC games.
season-other-format = Game #{ NUMBER($id, useGrouping: 0) } is a { $format } game, and “{ $season }” counts { $season_format } games: a season holds games of one format.
season-game-not-counted = Game #{ NUMBER($id, useGrouping: 0) } has no result a season can count.
season-points-game-counted = Counted in “{ $season }”: game #{ NUMBER($id, useGrouping: 0) }, { $teams ->
    [one] { $teams } team
   *[other] { $teams } teams
}; won by { $winners }.
season-record-needs-game = “{ $season }” counts games played in the bot: give the game (--game ID).
season-points-title = “{ $season }”: table of points after { $games ->
    [one] { $games } game
   *[other] { $games } games
}
season-col-points = Points
season-col-games = Games
season-col-answered = Answered
season-col-unpaid = Fees unpaid
season-next-duty = { $has_duty ->
    [yes] On duty at the next game: { $team }.
   *[no] No duty team yet.
}
season-next-fee = The fee of the next game: { $fee } per team.
season-rating-written = Rating files of “{ $season }”: { $games ->
    [0] no SYNC games.
    [one] { $games } game written to { $folder }.
   *[other] { $games } games written to { $folder }.
}
season-rating-game = Game #{ NUMBER($id, useGrouping: 0) }: { $file }, { $roster }.
