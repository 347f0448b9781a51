# clihelp: chgk-bot --help (bot/cli.py, bot/cli_parser.py); option names, metavars and
# choices stay as typed.
cli-help-description = Что? Где? Когда? game host bot
cli-help-positionals = positional arguments
cli-help-options = options
cli-help-help = show this help message and exit
cli-help-locale = language of messages
cli-help-version = show the version and exit
cli-help-database = SQLAlchemy URL (default: CHGK_DATABASE_URL)

cli-help-run = start the bot (console when no messenger token is set)
cli-help-console = play a game in the terminal
cli-help-console-package = question package (default: the sample)
cli-help-console-format = the game's format: duel, sync or tv (default: duel)
cli-help-console-clock = real: the game waits in real time; virtual: ":sleep N" moves the clock at once, for scripted games (default: real)

cli-help-package = question packages
cli-help-package-check = parse a package and report problems
cli-help-package-check-file = a package file, or a link or db.chgk.info id to fetch
cli-help-package-check-json = print the parsed package as JSON

cli-help-judge = how the bot would judge an answer
cli-help-judge-given = the answer a team gave
cli-help-judge-answer = the author's answer (not with --package)
cli-help-judge-accepted = one accepted answer (may be repeated)
cli-help-judge-rejected = one rejected answer (may be repeated)
cli-help-judge-zachet = the Зачёт text as written, prose rules and all
cli-help-judge-nezachet = the Незачёт text as written
cli-help-judge-package = judge against a question of this package
cli-help-judge-question = the question's number

cli-help-season = seasons of DUEL and SYNC games: the order of games, the final, fair-play votes
cli-help-season-name = the season's name
cli-help-season-team = the team's name
cli-help-season-create = create a season
cli-help-season-create-name = the new season's name
cli-help-season-create-after = last season, whose standings order the games
cli-help-season-create-host = the season's host (created by name if new)
cli-help-season-create-keeper = the season's keeper of traditions (created if new)
cli-help-season-register = register a team with its captain
cli-help-season-register-captain = the team's captain (created by name if new)
cli-help-season-approve = the host's or the keeper's agreement (a new team of a disbanded team's players)
cli-help-season-approve-as = who agrees: host or keeper
cli-help-season-order = order the season's games: by last season's rating, the lowest-rated or a new team first
cli-help-season-order-seed = the number of a lot drawn before, to draw it again
cli-help-season-record = count a game in the season
cli-help-season-record-game = id of a finished game played in the bot
cli-help-season-record-team = team of a game played elsewhere
cli-help-season-record-score = its final score, team:host, e.g. 6:3
cli-help-season-record-decisive = it ended in a decisive round
cli-help-season-record-best = its best player (recorded as a player of the team)
cli-help-season-record-date = when it was played, YYYY-MM-DD[THH:MM] UTC (needed with --team: the later of equal wins goes to the final)
cli-help-season-record-again = a second game of the team with the same score on that date
cli-help-season-standings = the standings and the finalist
cli-help-season-standings-season = the season's name (default: the newest)
cli-help-season-list = every season
cli-help-season-vote = fair-play votes after a game
cli-help-season-open = open a vote about a team
cli-help-season-open-captains = comma-separated captains' names
cli-help-season-cast = record one voter's open vote
cli-help-season-cast-vote = the vote's number (told when it was opened)
cli-help-season-cast-voter = who votes: the host, the keeper or a captain, by name
cli-help-season-cast-verdict = yes: fair play was broken; no: it was not

cli-help-league = the TV club league: members, game days, the players' rating, the final's teams and the season's final
cli-help-league-name = the league's name (default: the newest)
cli-help-league-create = create a league
cli-help-league-create-name = the new league's name
cli-help-league-list = every league
cli-help-league-standings = the season table, best central players, the final
cli-help-league-standings-format = text: a table; csv or json: for other programs (default: text)
cli-help-league-record = count a finished TV game
cli-help-league-record-day = the game day: 1..5, or final
cli-help-league-record-session = sun: the Sunday session, wed: the Wednesday one, final: the Final (default: sun)
cli-help-league-record-game = the game's id

cli-help-db = the database: migrations and backups
cli-help-db-upgrade = apply every pending migration (Alembic upgrade head)
cli-help-db-backup = copy a SQLite database, also while the bot runs
cli-help-db-backup-file = where the copy goes (replaced if it exists)
cli-help-db-restore = put a backup made by "db backup" in place of the SQLite database (the bot stopped)
cli-help-db-restore-file = the backup file

cli-help-export = a season's standings and games, or a game's final table
cli-help-export-season = the season's name (default: the newest)
cli-help-export-game = a finished game's id: its final table instead of a season
cli-help-export-league = a TV league's name: its standings (csv or json) instead of a season
cli-help-export-format = json or csv: the data as they are (default: json); rating: the rating site's results of a SYNC game (its roster beside --out); roster: the club's roster file of its teams
cli-help-export-out = write to this file instead of stdout
cli-help-export-roster = the club's roster file with the rating site's ids (read by --format rating; --format roster adds the game's teams to it)

cli-help-discord = the bot in Discord: the link that invites it to a server
cli-help-discord-invite = print the link that adds the bot to a Discord server with the permissions it uses
cli-help-discord-client-id = the application id (default: read from CHGK_DISCORD_TOKEN)

cli-help-worker = one worker of the multi-worker simulation on a shared PostgreSQL database: lines "CHAT | NAME: text" in, "[CHAT] text" out (docs/scaling.md)
cli-help-worker-database = postgresql+asyncpg:// URL of the shared database
cli-help-worker-discussion = DUEL's discussion, in seconds (default: 60)
cli-help-worker-warning = the second of DUEL's discussion when "10 seconds left" is told (default: 50)
cli-help-worker-target = the score a DUEL game is played to (default: 6)
cli-help-worker-min-players = players a DUEL team needs (default: 6)
cli-help-worker-locale = language of the games' messages (default: en)
