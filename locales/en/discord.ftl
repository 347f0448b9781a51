# Discord: the adapter's commands, buttons and messages (adapters/discord).
# Command and option names: lower case, no spaces, up to 32 characters (Discord's rules);
# descriptions: up to 100 characters.

## Command groups
discord-cmd-chgk = chgk
discord-cmd-chgk-desc = "What? Where? When?": a game on this server
discord-cmd-duel = duel
discord-cmd-duel-desc = Duel: the captain's, the host's and the keeper's commands
discord-cmd-captain = captain
discord-cmd-captain-desc = The captain's commands
discord-cmd-host = host
discord-cmd-host-desc = The host's commands
discord-cmd-keeper = keeper
discord-cmd-keeper-desc = The keeper of traditions decides appeals
discord-cmd-season = season
discord-cmd-season-desc = Seasons: standings, teams, order of games, fair-play votes

## Commands for everyone
discord-cmd-new = new
discord-cmd-new-desc = Open a new game in this channel (you become the host)
discord-cmd-package = package
discord-cmd-package-desc = Upload a question package for this channel's game
discord-cmd-team = team
discord-cmd-team-desc = Register a team (you become its captain)
discord-cmd-join = join
discord-cmd-join-desc = Join a team
discord-cmd-answer = answer
discord-cmd-answer-desc = Hand in a written answer (only you and the host see it)
discord-cmd-score = score
discord-cmd-score-desc = The score
discord-cmd-help = help
discord-cmd-help-desc = What you can do in this game

## Captain
discord-cmd-captain-pick = pick
discord-cmd-captain-pick-desc = Choose a question by number
discord-cmd-captain-answerer = answerer
discord-cmd-captain-answerer-desc = Name the answering player
discord-cmd-captain-handover = handover
discord-cmd-captain-handover-desc = Hand the captaincy to a player of your team
discord-cmd-captain-appeal = appeal
discord-cmd-captain-appeal-desc = Appeal the host's last verdict
discord-cmd-captain-best = best
discord-cmd-captain-best-desc = After the game: the best question or the best player
discord-cmd-captain-sector = sector
discord-cmd-captain-sector-desc = Sector 13: who stays at the table
discord-cmd-captain-early = early
discord-cmd-captain-early-desc = Early answer: end the discussion within its first 5 seconds
discord-cmd-captain-extra = extra
discord-cmd-captain-extra-desc = Spend an extra minute the team earned
discord-cmd-captain-hint = hint
discord-cmd-captain-hint-desc = Take a hint: an extra minute or club help (also the superblitz player)
discord-cmd-captain-helpers = helpers
discord-cmd-captain-helpers-desc = Club help: propose up to three helpers (the keeper agrees), or nobody
discord-cmd-captain-credit = credit
discord-cmd-captain-credit-desc = The credit minute (the host has 5 points, after the time is up)
discord-cmd-captain-repay = repay
discord-cmd-captain-repay-desc = Repay the credit minute: answer a question with no discussion
discord-cmd-captain-decisive = decisive
discord-cmd-captain-decisive-desc = The decisive round: one player, one question worth 6 points

## Host
discord-cmd-host-start = start
discord-cmd-host-start-desc = Start the game
discord-cmd-host-pause = pause
discord-cmd-host-pause-desc = Stop the clock
discord-cmd-host-resume = resume
discord-cmd-host-resume-desc = Restart the clock
discord-cmd-host-accept = accept
discord-cmd-host-accept-desc = Accept the answer
discord-cmd-host-reject = reject
discord-cmd-host-reject-desc = Reject the answer
discord-cmd-host-abort = abort
discord-cmd-host-abort-desc = Stop the game without a result
discord-cmd-host-closevote = closevote
discord-cmd-host-closevote-desc = Close the team's after-game vote
discord-cmd-host-takeover = takeover
discord-cmd-host-takeover-desc = A server administrator becomes the host in place of one who is gone
discord-cmd-host-keeper = keeper
discord-cmd-host-keeper-desc = Name the keeper of traditions
discord-cmd-host-cohost = cohost
discord-cmd-host-cohost-desc = Name a co-host
discord-cmd-host-questions = questions
discord-cmd-host-questions-desc = Pick the package's questions for this game
discord-cmd-host-panel = panel
discord-cmd-host-panel-desc = The host's buttons: pause, resume, accept, reject, score
discord-cmd-host-teams = teams
discord-cmd-host-teams-desc = Private text channels for the teams (run again after roster changes)
discord-cmd-host-voice = voice
discord-cmd-host-voice-desc = Signals in a voice channel: link or unlink
discord-cmd-host-mark = mark
discord-cmd-host-mark-desc = Mark a special question of the set: picture, sector 13, blitz, superblitz
discord-cmd-host-extra = extra
discord-cmd-host-extra-desc = Spend an extra minute the team earned
discord-cmd-host-helpers = helpers
discord-cmd-host-helpers-desc = Club help: choose up to three helpers, or nobody (the hint is given back)

## Keeper
discord-cmd-keeper-uphold = uphold
discord-cmd-keeper-uphold-desc = Turn down the captain's appeal: the verdict stands
discord-cmd-keeper-overturn = overturn
discord-cmd-keeper-overturn-desc = Grant the captain's appeal: the verdict is overturned
discord-cmd-keeper-challenge = challenge
discord-cmd-keeper-challenge-desc = Overturn the host's last verdict on your own
discord-cmd-keeper-agree = agree
discord-cmd-keeper-agree-desc = Agree to the club helpers the captain proposed
discord-cmd-keeper-disagree = disagree
discord-cmd-keeper-disagree-desc = Do not agree: the host chooses the helpers

## Season
discord-cmd-season-standings = standings
discord-cmd-season-standings-desc = The season's standings and its finalist
discord-cmd-season-create = create
discord-cmd-season-create-desc = Create a season (you become its host)
discord-cmd-season-keeper = keeper
discord-cmd-season-keeper-desc = Name the season's keeper of traditions
discord-cmd-season-register = register
discord-cmd-season-register-desc = Register your team in the season (its captain)
discord-cmd-season-approve = approve
discord-cmd-season-approve-desc = The season's host or keeper agrees to a team whose captain played in a disbanded team
discord-cmd-season-order = order
discord-cmd-season-order-desc = Draw the order of the season's games
discord-cmd-season-record = record
discord-cmd-season-record-desc = Count this channel's last finished game in the season
discord-cmd-season-vote = vote
discord-cmd-season-vote-desc = Open a fair-play vote about a team: the host, the keeper and the captains you name vote
discord-cmd-season-ballot = ballot
discord-cmd-season-ballot-desc = Your vote in the open fair-play vote

## Options
discord-param-format = format
discord-param-format-desc = The game format
discord-param-file = file
discord-param-file-desc = The package file: db.chgk.info text, 4s, XML or JSON
discord-param-link = link
discord-param-link-desc = A link to the package (db.chgk.info, gotquestions.online, a file) or its db.chgk.info id
discord-param-team = team
discord-param-team-desc = The team's name
discord-param-text = text
discord-param-text-desc = Your answer
discord-param-number = number
discord-param-number-desc = The question number
discord-param-player = player
discord-param-player-desc = A member of the server
discord-param-question = question
discord-param-question-desc = The best question's number
discord-param-anyway = anyway
discord-param-anyway-desc = Start even with fewer players than the rules ask for
discord-param-training = training
discord-param-training-desc = A training game with any number of players, outside seasons
discord-param-numbers = numbers
discord-param-numbers-desc = Question numbers of the package, separated by spaces
discord-param-channel = channel
discord-param-channel-desc = A voice channel (by default the one you are in)
discord-param-off = off
discord-param-off-desc = Unlink the voice channel
discord-format-duel = Duel
discord-param-kind = kind
discord-param-kind-desc = The special question's kind
discord-choice-kind-picture = Picture
discord-choice-kind-sector = Sector 13
discord-choice-kind-blitz = Blitz
discord-choice-kind-superblitz = Superblitz
discord-param-who = who
discord-param-who-desc = Who stays at the table
discord-choice-who-all = Everyone
discord-choice-who-3 = Three
discord-choice-who-1 = One
discord-param-what = what
discord-param-what-desc = Which hint
discord-choice-what-minute = Extra minute
discord-choice-what-club = Club help
discord-param-player2 = player2
discord-param-player2-desc = A second member of the server
discord-param-player3 = player3
discord-param-player3-desc = A third member of the server
discord-param-nobody = nobody
discord-param-nobody-desc = Nobody can help: the hint is given back
discord-param-season = season
discord-param-season-desc = The season's name (by default the newest)
discord-param-name = name
discord-param-name-desc = The new season's name
discord-param-after = after
discord-param-after-desc = The previous season: its places set the order of games
discord-param-captain1 = captain1
discord-param-captain1-desc = A captain who votes
discord-param-captain2 = captain2
discord-param-captain2-desc = A second captain who votes
discord-param-captain3 = captain3
discord-param-captain3-desc = A third captain who votes
discord-param-captain4 = captain4
discord-param-captain4-desc = Another captain who votes (the voters must be an odd number)
discord-param-captain5 = captain5
discord-param-captain5-desc = Another captain who votes
discord-param-captain6 = captain6
discord-param-captain6-desc = Another captain who votes
discord-param-captain7 = captain7
discord-param-captain7-desc = Another captain who votes
discord-param-captain8 = captain8
discord-param-captain8-desc = Another captain who votes
discord-param-captain9 = captain9
discord-param-captain9-desc = Another captain who votes
discord-param-verdict = verdict
discord-param-verdict-desc = Did the team break fair play?
discord-choice-verdict-yes = Yes, broken
discord-choice-verdict-no = No

## Buttons
discord-button-pause = Pause
discord-button-score = Score
discord-panel = The host's panel. The buttons act on this channel's game.

## Voice
discord-voice-off = Sound signals in the voice channel are off: { $reason } Signals come as text.
discord-voice-no-extra = the bot has no voice support installed (pip install '.[voice]').
discord-voice-no-opus = the system has no libopus (apt-get install libopus0).
discord-voice-connect-failed = Could not connect to { $channel }. Signals come as text.
discord-voice-which = Join a voice channel or name one in the command.
discord-voice-linked = The game's signals will sound in { $channel }.
discord-voice-unlinked = Signals in the voice channel are off.

## Team channels
discord-team-topic = Private channel of team “{ $team }”: during the answer, the answering player's message here is the team's answer.
discord-team-channels-ready = { $count ->
    [1] The team channel is ready
   *[other] The team channels are ready
}: { $channels }.
discord-team-channels-none = No team has registered yet.
discord-team-channels-failed = Discord did not let the bot make the team channels. Try again later.
discord-members-left = No longer on the server: { $names }.

## Faults
discord-guild-only = This command works in a server channel, not in private messages.
discord-package-too-big = The file { $file } is larger than { $megabytes } MB: that is not a question package.
discord-missing-permissions = The bot lacks permissions in { $channel }: { $what }.
discord-fault-dm = { $user }, the bot cannot send you private messages: allow them from server members, or answer with { CMD("answer") }.
discord-fault-channel-gone = The game channel { $channel } was deleted or the bot cannot see it; the game goes on, but messages do not reach it.
discord-fault-permissions = The bot lacks permissions in the game channel { $channel }: { $what }. The game goes on, but messages do not reach it.
discord-fault-send = Discord did not accept a message for the game channel { $channel }.
discord-permission-view-channel = View Channel
discord-permission-send-messages = Send Messages
discord-permission-embed-links = Embed Links
discord-permission-read-message-history = Read Message History
discord-permission-manage-channels = Manage Channels
discord-permission-manage-roles = Manage Roles
discord-permission-connect = Connect
discord-permission-speak = Speak
