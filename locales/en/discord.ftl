# Discord: the adapter's commands, buttons and messages (adapters/discord).
# Command and option names: lower case, no spaces, up to 32 characters (Discord's rules);
# descriptions: up to 100 characters.

## Command groups
discord-cmd-chgk = chgk
discord-cmd-chgk-desc = "What? Where? When?": a game on this server
discord-cmd-captain = captain
discord-cmd-captain-desc = The captain's commands
discord-cmd-host = host
discord-cmd-host-desc = The host's commands
discord-cmd-keeper = keeper
discord-cmd-keeper-desc = The keeper of traditions decides appeals

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

## Keeper
discord-cmd-keeper-uphold = uphold
discord-cmd-keeper-uphold-desc = Keep the host's verdict
discord-cmd-keeper-overturn = overturn
discord-cmd-keeper-overturn-desc = Overturn the host's verdict

## Options
discord-param-format = format
discord-param-format-desc = The game format
discord-param-file = file
discord-param-file-desc = The package file: db.chgk.info text, 4s, XML or JSON
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
discord-param-numbers = numbers
discord-param-numbers-desc = Question numbers of the package, separated by spaces
discord-param-channel = channel
discord-param-channel-desc = A voice channel (by default the one you are in)
discord-param-off = off
discord-param-off-desc = Unlink the voice channel
discord-format-duel = Duel

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
    [one] The team channel is ready
   *[other] The team channels are ready
}: { $channels }.
discord-team-channels-none = No team has registered yet.
discord-team-channels-failed = Discord did not let the bot make the team channels. Try again later.
discord-members-left = No longer on the server: { $names }.

## Faults
discord-guild-only = This command works in a server channel, not in private messages.
discord-package-too-big = The file { $file } is larger than { $megabytes } MB: that is not a question package.
discord-missing-permissions = The bot lacks permissions in { $channel }: { $what }.
discord-fault-dm = { $user }, the bot cannot send you private messages: allow them from server members, or answer with /chgk answer.
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
