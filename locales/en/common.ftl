# Common strings
error-internal = Something went wrong. The host can go on with the game; the error has been logged.
cli-bad-database = I cannot use the database URL “{ $url }”. Example: sqlite+aiosqlite:///./data/chgk.sqlite3
cli-bad-settings = The CHGK_* settings cannot work: { $problems }
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
export-done = { $games ->
    [one] { $games } game
   *[other] { $games } games
} of the season “{ $season }” written to { $file }.
