# Common strings
error-internal = Something went wrong. The host can go on with the game; the error has been logged.
cli-bad-database = I cannot use the database URL “{ $url }”. Example: sqlite+aiosqlite:///./data/chgk.sqlite3
cli-bad-settings = The CHGK_* settings cannot work: { $problems }
