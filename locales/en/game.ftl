## Service and roles
no-game-here = There is no game here. The host can start one with { CMD("newgame", "duel") }.
no-game-for-you = You are in no running game: join a team in the game's chat ({ CMD("join") } NAME).
game-label = { $format ->
        [duel] DUEL
        [sync] SYNC
        [tv] TV
       *[other] { $format }
    } game #{ NUMBER($id, useGrouping: 0) }{ $host ->
        [none] {""}
       *[other] , hosted by { $host }
    }:
private-which-game = You play in { $count ->
        [one] { $count } game
       *[other] { $count } games
    } that could take this message. Which game is it for?
private-which-game-gone = There is no message waiting for a game, or that game is over: send it again.
not-allowed-has-role = You already take part in this game ({ $roles }); “{ $command }” is for those with no role yet.
game-over = The game is over.
not-allowed = Only { $roles } may use “{ $command }”.
roles-either = { $first } or { $last }
role-host = the host
role-keeper = the keeper
role-captain = the captain
role-player = a player
role-helper = a club helper
role-spectator = a spectator
newgame-in-group = Start a new game in the game's group chat, not in private messages.
newgame-unknown-format = There is no such format. Available: { $formats }.
newgame-game-running = A game is already running here. The host can stop it with { CMD("abort") }.
help-no-game = No game here. Start one: { CMD("newgame", "duel") } (you become the host).
help = Your roles: { $roles }.
    Commands:
    { $commands }
unknown-command = I don't know the command “{ $command }”. The list: { CMD("help") }
unknown-player = Nobody called “{ $name }” is in this game. Write the name as the game shows it, or mention the person; someone the bot has not seen yet must first send it any command in this chat.
unknown-username = The bot has not seen { $name } yet, and a messenger does not tell a bot who is behind an @username. Ask them to send the bot any command in this chat, then name them again.
suggestion-none = No suggestion: the question is not in the package.

## Command usage
usage-team = { CMD("team") } NAME — register a team (you become its captain)
usage-join = { CMD("join") } NAME — join a team
usage-captain = { CMD("captain") } NAME — hand the captaincy to a player of your team
usage-keeper = { CMD("keeper") } NAME — name the keeper of traditions
usage-cohost = { CMD("cohost") } NAME — name a co-host
usage-takeover = { CMD("takeover") } — a chat administrator becomes the host in place of one who is gone
usage-questions = { CMD("questions") } N N … — pick the 12 questions of the package for this game (numbers in package order)
usage-start = { CMD("start") } — start the game ({ CMD("start", "anyway") } — with five players, when the host and the keeper agree, or without one of the special questions; { CMD("start", "training") } — a training game of any size, outside seasons)
usage-mark = { CMD("mark") } KIND N — mark question N of the set: picture, sector (sector 13), blitz, superblitz
usage-repay = { CMD("repay") } N — repay the credit minute: question N with no discussion
usage-sector = { CMD("sector", "all") } — everyone stays for sector 13 and answers at once; { CMD("sector", "3") } NAME NAME NAME — three stay, 20 seconds; { CMD("sector", "1") } NAME — one stays, a minute
usage-early = { CMD("early") } — early answer (in the first seconds of discussion)
usage-extra = { CMD("extra") } — use an extra minute the team earned
usage-hint = { CMD("hint", "minute") } — hint: an extra minute; { CMD("hint", "club") } — club help (while the team is behind, once a game)
usage-helpers = { CMD("helpers", by: "host") } NAME NAME … — the host chooses club helpers (up to three); the captain proposes them with { CMD("helpers", by: "captain") } NAME …, the keeper agrees; { CMD("helpers", "none", by: "host") } — nobody can help, the hint is given back
usage-agree = { CMD("agree") } — the keeper agrees to the captain's helpers
usage-disagree = { CMD("disagree") } — the keeper does not: the host chooses the helpers
usage-credit = { CMD("credit") } — the credit minute (when the host has 5 points, after the time is up)
usage-decisive = { CMD("decisive") } NAME — the decisive round: one player, one question worth 6 points
usage-pick = { CMD("pick") } N or just N — choose a question (1–12)
usage-pause = { CMD("pause") } — stop the clock
usage-resume = { CMD("resume") } — restart the stopped clock, or start the clock of a question that did not reach the chat
usage-answerer = { CMD("answerer") } NAME — name the answering player
usage-answer = { CMD("answer") } TEXT — give the answer (or just send it to the bot privately)
usage-accept = { CMD("accept") } — accept the answer
usage-reject = { CMD("reject") } — reject the answer
usage-appeal = { CMD("appeal") } — appeal the last verdict to the keeper, when it went against the team
usage-uphold = { CMD("uphold") } — the keeper turns down the captain's appeal: the host's verdict stands
usage-overturn = { CMD("overturn") } — the keeper grants the captain's appeal: the verdict is overturned
usage-challenge = { CMD("challenge") } — the keeper, unasked, overturns the host's last verdict, whichever way it went (before the next question is chosen)
usage-best = { CMD("best", "question") } N — best question; { CMD("best", "player") } NAME — best player
usage-closevote = { CMD("closevote") } — the host closes the team's after-game vote with what has been voted
usage-abort = { CMD("abort") } — stop the game without a result
usage-score = { CMD("score") } — the score
usage-season = { CMD("season") } — the season: standings; { CMD("season", "register") } TEAM — enter a team in the season; { CMD("season", "vote") } … — a fair-play vote
usage-timezone = { CMD("timezone") } [ZONE] — the club's time zone: show it or set it (e.g. Europe/London)
timezone-current = This chat's time zone: { $zone } ({ $offset }); the time here is { $now }. The bot reads and shows every date in it. A chat administrator or the host can change it: { CMD("timezone") } { $example }
timezone-set = This chat's time zone is now { $zone } ({ $offset }); the time here is { $now }. Game dates, league game days and announcements are now in this zone.
timezone-unknown = There is no time zone “{ $name }”. Write its name from the time zone database, for example: { CMD("timezone") } { $example }. Nothing was changed.
timezone-not-allowed = A chat administrator or the host of its game changes the chat's time zone. To see the current one: { CMD("timezone") }
time-missing = There is no { $time } in { $zone }: the clocks go forward that night. Give a time an hour later or earlier.
time-twice = { $time } happens twice in { $zone }: the clocks go back that night (first at { $first }, then at { $second }). Give a time an hour later or earlier to be sure.
usage-help = { CMD("help") } — what you can do

## Roster
roster-closed = The game has started: no new teams.
roster-already-in-team = You are already in “{ $team }”.
roster-team-exists = “{ $team }” is already in this game: join it with { CMD("join") } { $team }.
roster-too-many-teams = { $count ->
    [one] Only { $count } team plays
   *[other] At most { $count } teams play
} in this game.
roster-no-such-team = There is no team “{ $team }” in this game.
roster-not-a-member = { $name } plays in no team of this game.
roster-not-your-team = The captaincy is handed over by the team's captain or the host.
roster-keeper-plays = { $name } plays in a team and cannot be the keeper.
roster-keeper-hosts = { $name } cannot both host and keep: the keeper hears appeals against the host's verdicts.
roster-cohost-plays = { $name } plays in a team and cannot host.
roster-takeover-admins-only = Only an administrator of this chat can take the game over.
roster-already-host = You are the host already.
roster-cohost-named = { $name } is a co-host.
roster-host-taken-over = { $name } hosts the game now.
roster-team-registered = Team “{ $team }” registered; { $captain } is the captain.
roster-player-joined = { $name } joined “{ $team }” ({ $count ->
    [one] { $count } player
   *[other] { $count } players
}).
roster-captain-changed = { $name } is the new captain.
roster-keeper-named = { $name } is the keeper of traditions.
name-too-long = The name is too long: { $count ->
    [one] { $count } character
   *[other] { $count } characters
}, at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
} allowed.
name-invisible = The name has no visible character in it (only invisible ones: direction marks, zero-width spaces). Write it in letters or digits.

## DUEL: refusals
duel-not-naming = The answering player is named after the end-of-discussion signal.
duel-answerer-not-in-team = { $name } does not play for the team.
duel-not-answering = No answer is expected now.
duel-not-the-answerer = { $name } answers: only their answer is taken.
duel-answer-too-long = The answer is too long: { $count ->
    [one] { $count } character
   *[other] { $count } characters
}, at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
} allowed.
duel-answer-invisible = The answer has no visible character in it (only invisible ones: direction marks, zero-width spaces). Write it in letters or digits.
duel-empty-answer = The answer is empty.
duel-nothing-to-judge = There is no answer to judge now.
duel-already-started = The game has already started.
duel-select-out-of-range = The package has no question { $number }: numbers go from 1 to { $count }.
duel-select-count = Give exactly { $count ->
    [one] { $count } number
   *[other] { $count } different numbers
}.
duel-no-team = A team must register first: { CMD("team") } NAME.
duel-too-few-players = The team has { $count ->
    [one] { $count } player
   *[other] { $count } players
}, and the rules ask for at least { $min ->
    [one] { $min } player
   *[other] { $min } players
}. If the keeper agrees, start with { CMD("start", "anyway") }.
duel-package-too-small = The package has { $count ->
    [one] { $count } question
   *[other] { $count } questions
}; a game needs { $need }. It can be played as a training game: { CMD("start", "training") }.
duel-package-no-questions = The package has no question to play for points (only warm-up ones).
duel-package-fixed = A DUEL game's package is chosen before it starts: this package is kept for the chat's next game ({ CMD("newgame", "duel") }).
duel-not-choosing = No question is being chosen now.
duel-appeal-pending = The keeper must decide the appeal first.
duel-number-out-of-range = Question numbers go from 1 to { $count }.
duel-number-played = Question { $number } has been played.
duel-clock-not-running = The clock is not running.
duel-clock-already-paused = The clock is already stopped.
duel-clock-not-paused = The clock is not stopped.
duel-appeal-after-game = The after-game vote has begun: no appeals after the game.
duel-no-verdict-to-appeal = Only the host's last verdict can be appealed, before the next question is chosen.
duel-already-appealed = The verdict on question { $number } has already been reviewed.
duel-keeper-no-appeal = No appeal is waiting for your decision. To overturn the host's last verdict on your own, use { CMD("challenge") }.
duel-challenge-appeal-pending = The captain's appeal on question { $number } is waiting for you: decide it with { CMD("uphold") } or { CMD("overturn") }.
duel-no-verdict-to-challenge = There is no verdict to challenge: the keeper may challenge the host's last verdict until the next question is chosen.
duel-appeal-not-against = The verdict on question { $number } went the team's way: the captain appeals only a verdict against the team (the keeper may still challenge it on their own).
duel-no-keeper = No keeper of traditions has been named: nobody can hear an appeal.
duel-not-voting = The vote comes after the game.
duel-vote-closed = The vote for the best question and the best player is closed.
duel-no-vote-open = No after-game vote is open.
duel-best-question-invalid = The best question is one the team did not answer: { $numbers }.

## DUEL: the game
duel-created = A DUEL game is open. Host: { $host }. Package: { $package } ({ $count ->
    [one] { $count } question
   *[other] { $count } questions
}; { $need } in play).
    The captain registers the team: { CMD("team") } NAME; players join: { CMD("join") } NAME (at least { $min ->
        [one] { $min } player
       *[other] { $min } players
    }). The host starts: { CMD("start") }.
duel-created-no-package = A DUEL game is open. Host: { $host }.
    The captain registers the team: { CMD("team") } NAME; players join: { CMD("join") } NAME (at least { $min ->
        [one] { $min } player
       *[other] { $min } players
    }). The host starts: { CMD("start") }.
duel-training-only = { $count ->
    [one] There is only { $count } question
   *[other] There are only { $count } questions
} to play, fewer than the { $need } of a game: it can be played as a training game ({ CMD("start", "training") }).
duel-package-attached = The game's package is set: { $count ->
    [one] { $count } question
   *[other] { $count } questions
}.
duel-questions-selected = The host picked { $count ->
    [one] { $count } question
   *[other] { $count } questions
} for this game.
duel-started = The game is on! Team “{ $team }” against the host, to { $target ->
    [one] { $target } point
   *[other] { $target } points
}.{ $keeper ->
    [none] {" "}No keeper of traditions has been named, so there will be no appeals ({ CMD("keeper") } NAME).
   *[other] {""}
}
duel-choose = { $captain }, choose a question: { $numbers }.
duel-question = Question { $number }.
    { $text }
question-handout = Handout: { $text }
question-picture = Picture: { $url }
question-audio = Sound: { $url }
question-audio-untimed = The question plays a sound of unknown length, so its minute has not started: when the sound has been played, start the clock: { CMD("resume") }.
duel-discussion = The clock is running: { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} of discussion.
signal-warning = { $seconds ->
    [one] { $seconds } second left!
   *[other] { $seconds } seconds left!
}
signal-time = Time!
duel-name-answerer = { $captain }, who answers? { CMD("answerer") } NAME
duel-paused = The clock is stopped with { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} left. Go on: { CMD("resume") }
duel-paused-downtime = The bot was down and the time ran out without it. The game is paused with { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} left; the host goes on with { CMD("resume") }.
duel-question-undelivered = Question { $number } did not reach the game chat, so its clock has not started. Check that the bot may post there; when the team has the question (read it out, or send it), start the clock: { CMD("resume") }.
duel-paused-downtime-host = The bot restarted during the discussion. The game is paused ({ $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} left). When the team is ready: { CMD("resume") }.
duel-resumed = The clock runs again: { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} left.
duel-answerer-named = { $name } answers.
duel-your-turn = Your answer, please: write it here.
duel-answerer-changed = The captain changed the answerer: { $name } answers instead of { $before }.
duel-not-your-turn = The captain named { $name } to answer instead of you: your answer is no longer expected.
answer-received = Answer received: “{ $text }”.
duel-answer-given = { $name } has answered; the answer is with the host.
duel-team-answer = The team's answer: “{ $text }” ({ $name }).
duel-suggestion = Answer: “{ $text }”. The author's answer: { $answer }
    The bot suggests: { $verdict ->
        [accept] accept
        [reject] reject
       *[unsure] your call
    }.
duel-verdict = { $correct ->
    [true] Correct!
   *[false] Not accepted.
} Score { $team_score }:{ $host_score } (team “{ $team }” : host).
reveal-answer = The answer: { $text }
reveal-accepted = Also accepted: { $text }
reveal-rejected = Not accepted: { $text }
reveal-comment = Comment: { $text }
reveal-sources = Sources: { $text }
reveal-authors = Author: { $text }
duel-appeal-filed = The captain appeals the verdict on question { $number }. Over to the keeper ({ $keeper }): { CMD("uphold") } or { CMD("overturn") }.
duel-appeal-upheld = The keeper upholds the verdict on question { $number }. Score { $team_score }:{ $host_score }.
duel-appeal-overturned = { $own ->
    [true] The keeper reviewed the verdict on question { $number } and overturned it.
   *[false] Appeal granted: the verdict on question { $number } is overturned.
} Score { $team_score }:{ $host_score }.
duel-won = { $winner ->
    [team] The experts win! Team “{ $team }” won { $team_score }:{ $host_score }.
   *[host] The host wins: { $team_score }:{ $host_score } (team “{ $team }” : host).
}
duel-vote = The game is over: the chat may start the next one. { $has_questions ->
    [yes] After the game the team picks the best question (of those not answered: { $numbers }) — { CMD("best", "question") } N — and the best player — { CMD("best", "player") } NAME.
   *[no] After the game the team picks the best player: { CMD("best", "player") } NAME.
} The host may close the vote: { CMD("closevote") }.
duel-reopened = The verdict changed: the game goes on. Score { $team_score }:{ $host_score }.
duel-best-question = Best question of the game: { $number }.
duel-best-player = Best player: { $name }.
duel-finished = The vote is over. { $winner ->
    [team] The experts won
   *[host] The host won
} { $team_score }:{ $host_score }. Best question: { $best_question ->
    [none] none, the team answered every question played
   *[other] { $best_question }
}; best player: { $best_player ->
    [none] not chosen
   *[other] { $best_player }
}. No appeals after the game.
duel-aborted = The host stopped the game. Score at the stop { $team_score }:{ $host_score }.
duel-score = { $team ->
    [none] No team has registered yet: { CMD("team") } NAME.
   *[other] Score: team “{ $team }” { $team_score } — host { $host_score }.
}

## DUEL: special questions, hints, credit, decisive round
duel-set-missing = The game cannot start: the set must have a picture question, a sector 13 question, a blitz and a superblitz. Now: picture — { $picture ->
        [none] none
       *[other] question { $picture }
    }, sector 13 — { $sector13 ->
        [none] none
       *[other] question { $sector13 }
    }, blitz — { $blitz ->
        [none] none
       *[other] question { $blitz }
    }, superblitz — { $superblitz ->
        [none] none
       *[other] question { $superblitz }
    }. Mark the missing ones: { CMD("mark") } KIND N; or start without them: { CMD("start", "anyway") }.
duel-mark-no-picture = Question { $number } has no picture.
duel-mark-not-three-parts = Question { $number } does not have three parts: it cannot be a blitz or a superblitz.
duel-mark-sector13-parts = Question { $number } has parts: sector 13 needs a single question.
duel-decisive-not-blitz = The decisive round plays one question, not a blitz or a superblitz: { $numbers }.
duel-no-debt = No credit minute was taken: there is nothing to repay.
duel-repay-not-here = The credit minute is repaid on a question that is not a blitz or a superblitz. Possible: { $numbers }.
duel-must-repay = The team has 5 points and owes the credit minute. Repay it first: { CMD("repay") } N (possible: { $numbers }).
duel-not-sector13 = Nobody is choosing who stays for sector 13 now.
duel-sector13-count = Name { $count ->
    [1] one player
   *[other] { $count } players
}.
duel-early-not-here = No early answer here: only in the first seconds of discussion of an ordinary question.
duel-early-too-late = An early answer is declared within the first { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} of discussion.
duel-helpers-pending = The club helpers must be chosen first.
duel-no-time-now = Time can be added only during the discussion or right after it, before the answering player is named.
duel-no-discussion-here = This question is answered with no discussion.
duel-no-minutes = The team has no extra minutes.
duel-no-minutes-decisive = In the decisive round only minutes earned by early answers can be used.
duel-hint-used = The hint can be taken only once a game.
duel-hint-superblitz-player = In a superblitz the playing player decides on the hint: { $name }.
duel-hint-captain = The captain takes the hint.
duel-hint-not-behind = The hint can be taken only while the team is behind.
duel-no-club-help = Club help has not been taken.
duel-helpers-count = One to { $count } helpers, all different people.
duel-helper-invalid = { $name } cannot help: helpers are players of other teams, not the host or the keeper.
duel-helpers-who = The host chooses the helpers, or the captain with the keeper's consent.
duel-no-helpers-proposed = The captain has not proposed any helpers.
duel-credit-used = The credit minute can be taken only once a game.
duel-credit-not-now = The credit minute is taken when the host has { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
duel-credit-after-time = The credit minute is taken after the main time or a hint's time is up.
duel-decisive-once = The decisive round is already on.
duel-decisive-not-now = The decisive round is for a team that leads with { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
duel-decisive-debt = Repay the credit minute first.
duel-player-benched = { $name } sits out this question after the wrong sector 13 answer.
duel-answerer-benched = { $name } sat out this question's discussion after the wrong sector 13 answer and cannot answer it: name one of those who discussed it.
duel-decisive-no-question = No ordinary question is left for the decisive round.
duel-answerer-not-stayed = One of those who stayed answers: { $names }.
duel-answerer-already-named = { $name } is already answering.
duel-repay-last = The team owes the credit minute, and question { $number } is the last one it can be repaid on: { CMD("repay") } { $number }.
duel-credit-game-point = The team has { $points ->
    [one] { $points } point
   *[other] { $points } points
}: this question decides the game, and no question would be left to repay the credit minute on.
duel-credit-no-repay = The credit minute is repaid on a later ordinary question, and none is left.
duel-too-few-players-anyway = The team has { $count ->
    [one] { $count } player
   *[other] { $count } players
}, and the rules ask for at least { $min ->
    [one] { $min } player
   *[other] { $min } players
}, { $floor } in exceptional cases. A training game (outside seasons): { CMD("start", "training") }.
duel-anyway-needs-keeper = The team has { $count ->
    [one] { $count } player
   *[other] { $count } players
} of the { $min ->
    [one] { $min } player
   *[other] { $min } players
} the rules ask for. A game one player short needs the keeper's agreement as well as the host's: name the keeper first ({ CMD("keeper") } NAME), or play a training game: { CMD("start", "training") }.
duel-answerer-from = One of those who stayed answers: { $names }.
duel-set-summary = The game's set: { $count ->
        [one] { $count } question
       *[other] { $count } questions
    }. Picture: { $picture ->
        [none] none
       *[other] question { $picture }
    }; sector 13: { $sector13 ->
        [none] none
       *[other] question { $sector13 }
    }; blitz: { $blitz ->
        [none] none
       *[other] question { $blitz }
    }; superblitz: { $superblitz ->
        [none] none
       *[other] question { $superblitz }
    }. Mark: { CMD("mark") } picture|sector|blitz|superblitz N.
duel-set-candidates = Three-part questions (for the blitz and superblitz): { $triples }; with a picture: { $pictures }.
duel-set-outside = The package has three-part questions outside the set at positions { $positions } (to take them: { CMD("questions") }).
duel-choose-decisive = Decisive round: { $name } plays. { $captain }, choose a question: { $numbers }.
duel-repay-offer = Debt: the credit minute. Repay it by answering with no discussion: { CMD("repay") } N (possible: { $numbers }).
duel-minutes-left = { $count ->
    [one] { $count } extra minute
   *[other] { $count } extra minutes
} in store ({ CMD("extra") }).
duel-decisive-offer = The team leads with 5 points: the captain may take the decisive round — { CMD("decisive") } NAME.
duel-part = Mini-question { $part } of { $count }: { $text }
duel-time-options = More time:{ $extra ->
        [yes] {" "}{ CMD("extra") } — an extra minute;
       *[no] {""}
    }{ $hint ->
        [yes] {" "}{ CMD("hint", "minute") } or { CMD("hint", "club") } — the hint;
       *[no] {""}
    }{ $credit ->
        [yes] {" "}{ CMD("credit") } — the credit minute;
       *[no] {""}
    }
duel-sector13-stay = At the table: { $mode ->
        [all] the whole team, answering with no discussion
        [three] three — { $names }, 20 seconds
       *[one] one — { $names }, a minute
    }.
duel-solo-named = { $name } plays the superblitz; the others do not take part.
duel-early-possible = Early answer: { CMD("early") } within the first { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
duel-early-declared = Early answer! The discussion is over.
duel-time-added = { $reason ->
        [extra] Extra minute
        [hint] Hint: an extra minute
        [club] Club help
       *[credit] Credit minute
    }: { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } of discussion added.{ $reason ->
        [extra] {" "}{ $left ->
            [one] { $left } extra minute
           *[other] { $left } extra minutes
        } left in store.
       *[other] {""}
    }
duel-time-added-paused = { $reason ->
        [extra] Extra minute added
        [hint] Hint: an extra minute added
        [club] Club help added
       *[credit] Credit minute added
    }: the clock is stopped, { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } left.
duel-club-help = Hint: club help. The clock is stopped. The host chooses up to three helpers: { CMD("helpers", by: "host") } NAME …{ $keeper ->
        [yes] ; or the captain proposes them ({ CMD("helpers", by: "captain") } NAME …) if the keeper agrees.
       *[no] .
    }
duel-hint-minute = Hint: an extra minute of discussion.
duel-helpers-proposed = The captain proposes these helpers: { $names }. { $keeper }, do you agree? { CMD("agree") } or { CMD("disagree") }
duel-club-help-withdrawn = Nobody can help: club help is called off, and the team keeps its hint.
duel-helpers-refused = The keeper does not agree: the host chooses the helpers — { CMD("helpers", by: "host") } NAME …
duel-helpers-named = Club help: { $names } discuss with the team for { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
signal-helpers-done = Club help is over: { $names } no longer take part in the discussion.
duel-credit-taken = Credit minute! It must be repaid before the game ends: one question answered with no discussion (not a blitz or a superblitz).
duel-decisive-started = Decisive round! The score is 0:0. { $name } plays; the question is worth { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
duel-part-verdict = Mini-question { $part }: { $correct ->
        [true] right
       *[false] wrong
    }. Answer: { $answer }
duel-minute-earned = { $source ->
        [early] The early answer is right
       *[sector13] A right answer in sector 13
    }: the team earns an extra minute ({ $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    } in store; to use one: { CMD("extra") }).
duel-minute-revoked = The verdict changed: the extra minute for this question is taken back ({ $count ->
    [one] { $count } minute
   *[other] { $count } minutes
} in store).
duel-benched = Wrong in sector 13: { $names } sit out the discussion of the next question (unless it is a blitz or a superblitz).
duel-unbenched = The verdict changed: everyone discusses the next question.
duel-sector13 = Question { $number } is sector 13! { $captain }, who stays at the table? { CMD("sector", "all") } — everyone, answering at once with no discussion; { CMD("sector", "3") } NAME NAME NAME — three, 20 seconds; { CMD("sector", "1") } NAME — one, a minute (a right answer earns an extra minute).
duel-superblitz = Question { $number } is a superblitz: three mini-questions, 20 seconds each, one player answers. { $captain }, who plays? { CMD("answerer") } NAME
duel-blitz = Question { $number } is a blitz: three mini-questions, 20 seconds each; all three must be right to win it.
duel-repaying = Repaying the credit minute: answer with no discussion.
duel-repaying-sector13 = Sector 13, repaying the credit minute: no discussion, the whole team stays and answers at once. Captain, name the answerer: { CMD("answerer") } NAME.
duel-decisive-question = Decisive round: { $name } answers; the question is worth { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
duel-silent = Not in the discussion: { $names }.
duel-no-discussion = Answer with no discussion. { $captain }, who answers? { CMD("answerer") } NAME
duel-solo-time = Before { $name } answers, more time can still be taken.

## Packages sent to a chat
package-loaded = Package “{ $title }” loaded: { $count ->
    [one] { $count } question
   *[other] { $count } questions
}.
    Notes: { $problems }
package-unusable = The package { $file } cannot be used:
    { $problems }
package-not-host = The package is saved, but only { $roles } can make it this game's package.
package-how = Send the package file here, or its link: { CMD("package") } LINK (a db.chgk.info tour or package, its id, a gotquestions.online pack, a link to a file).
game-package-wanted = No package yet: the host sends the package file to this chat, or its link ({ CMD("package") } LINK). The game cannot start without one.
game-no-package = The game has no package yet: send the package file to this chat, or its link: { CMD("package") } LINK.
game-package-attached = The game's package: “{ $title }” ({ $count ->
    [one] { $count } question
   *[other] { $count } questions
}).

## Buttons
button-accept = Accept
button-reject = Reject
button-resume = Resume
button-start-clock = Start the clock

## Console
console-bad-line = I did not understand “{ $line }”. Write “NAME: text”, “NAME (dm): text” or “:sleep N”.
console-name-too-long = A name before the colon has at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
console-package-unusable = The package { $file } cannot be used:
console-resumed = Going on with unfinished game #{ NUMBER($id, useGrouping: 0) }.
console-help = “NAME: command” is a message in the game chat, “NAME (dm): text” a private message to the bot; “host” is the host. “host: { CMD("help") }” lists the commands. End of input (Ctrl-D) quits.
    The bot knows a person once they have written a line: before naming someone in a command (say “anna: { CMD("answerer") } boris”), let them write something in the game chat (“boris: hello”).
    A button under a message shows as [label → command]: to press it, type that whole command in the same chat (under “[dm host]”: “host (dm): { CMD("accept") } 1 pending”; the word pending means the button decides only what is not decided yet).
    A message the bot has edited prints only its lines that changed, marked ✎.
console-final = End of input. { $score }
run-console = No Telegram or Discord token: starting a console game on the bundled package.
console-stopped = Stopped. The game is saved: start the console again with the same database to go on.
