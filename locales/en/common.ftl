# Common strings
error-internal = Something went wrong. The host can go on with the game; the error has been logged.
cli-bad-database = I cannot use the database URL “{ $url }” (CHGK_DATABASE_URL). Examples: sqlite+aiosqlite:////var/lib/chgk-bot/chgk.sqlite3, postgresql://user:password@host/chgk
cli-bad-settings = Settings that cannot work: { $problems }. Correct them in the environment or the .env file and start again.
cli-database-unsupported = CHGK_DATABASE_URL names a { $database } database: the bot keeps its games in SQLite or PostgreSQL only. Set it to sqlite+aiosqlite:////path/to/chgk.sqlite3 or postgresql://user:password@host/chgk.
# One problem of the settings, in the line above: the variable, the value found, what works.
settings-whole-number = { $variable } must be a whole number, not “{ $value }”
settings-number = { $variable } must be a number, not “{ $value }”
settings-yes-no = { $variable } must be true or false, not “{ $value }”
settings-above = { $variable } must be more than { $limit }, not { $value }
settings-at-least = { $variable } must be { $limit } or more, not { $value }
settings-below = { $variable } must be less than { $limit }, not { $value }
settings-at-most = { $variable } must be { $limit } or less, not { $value }
settings-one-of = { $variable } must be one of { $choices }, not “{ $value }”
settings-fee = CHGK_SYNC_FEE is an amount and a currency code, such as 300 RUB or 12.50 USD, not “{ $value }”
settings-network = CHGK_FETCH_ALLOW: { $value } is not a network (one looks like 10.1.0.0/16)
settings-timezone = CHGK_TIMEZONE is a time zone name, such as Europe/Moscow or Asia/Vladivostok, not “{ $value }”
settings-warning-needed = a discussion of { $seconds } s or less ({ $discussion }) needs { $variable }, the second its warning sounds
settings-warning-late = { $variable } must be less than { $discussion }
settings-other = { $variable }: { $message }
# The database refused to store what a message did: nothing of it was recorded.
error-not-stored-locked = Not saved: the database is busy, another program is holding it. Nothing of this was recorded: send it again in a few seconds.
error-not-stored-readonly = Not saved: the game cannot be saved because the database is read-only. Nothing of this was recorded. Ask the bot's operator to make the database file and its folder writable, then send it again.
error-not-stored-full = Not saved: the game cannot be saved because the disk of the database is full. Nothing of this was recorded. Ask the bot's operator to free disk space, then send it again.
error-not-stored-unavailable = Not saved: the database cannot be reached. Nothing of this was recorded: send it again in a minute; if it goes on, tell the bot's operator.
# To the host, privately: a signal is due but cannot be saved; the bot keeps trying.
storage-down-locked = The game cannot be saved right now: the database is busy, another program is holding it. The clock waits: the next signal sounds as soon as it is saved, nothing is lost. If this lasts, the bot's operator should stop the program holding the database.
storage-down-readonly = The game cannot be saved: the database is read-only. The clock waits: the next signal sounds as soon as it is saved, nothing is lost. The bot's operator must make the database file and its folder writable.
storage-down-full = The game cannot be saved: the disk of the database is full. The clock waits: the next signal sounds as soon as it is saved, nothing is lost. The bot's operator must free disk space.
storage-down-unavailable = The game cannot be saved: the database cannot be reached. The clock waits: the next signal sounds as soon as it is saved, nothing is lost. The bot's operator should check the database.
storage-back = The game is saved again; the clock goes on.
# Start-up failures: what is wrong and what to do, in one line.
startup-db-locked = The database { $url } is locked by another program (another copy of the bot, a backup, “chgk-bot season”). Stop that program, or set CHGK_DATABASE_URL to another database, and start again.
startup-db-not-a-database = { $url } is not a SQLite database, or the file is damaged. Restore it from a backup, or set CHGK_DATABASE_URL to another file, and start again.
startup-db-readonly = The database { $url } is read-only. Make the file and its folder writable for the bot, and start again.
startup-db-full = The disk of the database { $url } is full. Free some space and start again.
startup-db-unavailable = The database { $url } cannot be opened ({ $error }). Check that it exists and that the bot may use it, and start again.
startup-db-unreachable = The database server of { $url } cannot be reached ({ $error }). Check that PostgreSQL runs and that the host and port in CHGK_DATABASE_URL are right, and start again.
startup-db-legacy = The database is now kept in { $folder }, and there is none there yet, but an older one lies in { $old }. Move it there (mkdir -p { $folder } && mv { $old } { $folder }/), or set CHGK_DATABASE_URL=sqlite+aiosqlite:///{ $old } to keep it where it is, and start again.
startup-telegram-token = Telegram refused the token (401 Unauthorized). Check CHGK_TELEGRAM_TOKEN: it must be the token @BotFather gave the bot.
startup-discord-token = Discord refused the token. Check CHGK_DISCORD_TOKEN: it must be the bot's token from the Bot page of the application on discord.com/developers.
startup-discord-unreachable = Discord cannot be reached ({ $error }). Check the network connection and start again.
ops-serving = The ops endpoint answers at { $health }, { $ready } and { $metrics }.
startup-ops-port = The ops endpoint cannot listen on { $host }:{ $port } ({ $error }). Free that port or set CHGK_OPS_PORT to another one, and start again.
startup-telegram-token-malformed = CHGK_TELEGRAM_TOKEN is not a Telegram token (one looks like 123456789:AAE…). Copy the token @BotFather gave the bot.
startup-webhook-without-token = CHGK_TELEGRAM_WEBHOOK_URL is set but CHGK_TELEGRAM_TOKEN is not: Telegram would never send updates there. Set the bot's token, or remove CHGK_TELEGRAM_WEBHOOK_URL, and start again.
cli-database-driver-missing = The database driver { $driver } is not installed. For PostgreSQL: pip install 'chgk-bot[postgres]' (in a clone: .venv/bin/pip install -e '.[postgres]').
cli-store-in-use = { $pid ->
    [none] Another chgk-bot process
   *[other] Another chgk-bot process (pid { $pid })
} already runs the games of this database ({ $where }). Stop it first, or give this one a database of its own (CHGK_DATABASE_URL): two processes must not run the same games.
db-upgraded = { $before ->
    [none] The database is created at revision { $after }.
   *[other] The database is migrated from revision { $before } to { $after }.
}
db-up-to-date = The database is up to date (revision { $after }).
db-backup-done = The backup is written to { $file }: { $games ->
    [one] { $games } game.
   *[other] { $games } games.
}
db-backup-postgresql = A PostgreSQL database is backed up with PostgreSQL's own tool: pg_dump --format=custom --file={ $file } '{ $url }' (the password from PGPASSWORD or ~/.pgpass; restore with pg_restore).
db-backup-not-a-file = “{ $url }” is not a database file: there is nothing to copy.
db-backup-no-database = There is no SQLite database at { $path }.
db-backup-same-file = The backup must go to another file than the database { $path } itself.
db-backup-failed = The backup of { $path } to { $file } failed: { $error }
db-restore-done = { $path } now holds the backup { $file }: { $games ->
    [one] { $games } game.
   *[other] { $games } games.
}
db-restore-postgresql = A PostgreSQL database is restored with PostgreSQL's own tool, the bot stopped: pg_restore --clean --if-exists --no-owner --dbname='{ $url }' { $file } (a plain SQL dump: psql '{ $url }' < { $file }).
db-restore-no-backup = There is no backup file { $file }.
db-restore-not-ours = { $file } is not a chgk-bot database: nothing was changed. Give a file made by chgk-bot db backup.
db-restore-failed = The restore of { $file } into { $path } failed: { $error }. Nothing was changed.
export-done = { $games ->
    [one] { $games } game
   *[other] { $games } games
} of the season “{ $season }” written to { $file }.
export-needs-game = --format { $format } exports one game: give it with --game N.
export-league-format = A league's standings are exported as csv or json, not { $format }.
export-no-game = There is no game #{ NUMBER($id, useGrouping: 0) }.
export-game-not-finished = Game #{ NUMBER($id, useGrouping: 0) } is not finished yet: its final table comes at its end.
export-game-unreadable = The log of game #{ NUMBER($id, useGrouping: 0) } cannot be read by this version of the bot.
export-write-failed = Could not write { $file }: { $error }. The file that was there is left as it was.
export-game-done = The final table of game #{ NUMBER($id, useGrouping: 0) } is written to { $file }.
export-rating-not-sync = Game #{ NUMBER($id, useGrouping: 0) } is a { $format } game: the rating site's results and roster are for SYNC games.
export-roster-done = The roster of game #{ NUMBER($id, useGrouping: 0) } is written to { $file }: { $added ->
    [0] no new rows.
    [one] { $added } new row (fill in its ids).
   *[other] { $added } new rows (fill in their ids).
}
export-rating-done = The rating results of game #{ NUMBER($id, useGrouping: 0) } are written to { $file }, its roster to { $roster }{ $missing ->
    [0] .
    [one] ; { $missing } player has no rating id yet (fill it in the club's roster: chgk-bot export --game { NUMBER($id, useGrouping: 0) } --format roster --roster FILE).
   *[other] ; { $missing } players have no rating id yet (fill them in the club's roster: chgk-bot export --game { NUMBER($id, useGrouping: 0) } --format roster --roster FILE).
}
rating-roster-bad-row = Line { $line } of the roster { $file } is not a roster row (team id, team, city, flag К/Б/Л, player id, surname, name, patronymic): { $detail }
rating-roster-unreadable = The roster { $file } cannot be read as UTF-8 text: { $detail }

# uxfix: the command line's argparse errors (bot/cli_parser.py)
cli-usage = usage:
cli-arg-error = { $prog }: error: { $message }
cli-arg-of = argument { $argument }: { $message }
cli-arg-invalid-choice = invalid choice: { $value } (choose from { $choices })
cli-arg-expects-one = expected one value
cli-arg-expects-some = expected at least one value
cli-arg-invalid-value = { $type ->
    [int] expected a whole number
    [fromisoformat] expected a date YYYY-MM-DD[THH:MM]
    [float] expected a number
   *[other] unsuitable value
}, not { $value }
cli-arg-not-a-number = expected a whole number (at most nine digits), not { $value }
cli-arg-not-an-id = expected an id (a whole number of at most twenty digits), not { $value }
cli-arg-not-allowed-with = not allowed with argument { $other }
cli-arg-ignored-value = the value { $value } is not wanted here
cli-arg-required = the following arguments are required: { $arguments }
cli-arg-one-required = one of these arguments is required: { $arguments }
cli-arg-unrecognised = unrecognised arguments: { $arguments }
cli-arg-ambiguous = { $option } is ambiguous, it could match { $matches }
cli-arg-other = the command line is not right; the list: chgk-bot --help
cli-arg-unknown-command = no such command: { $value } (there are: { $choices })
