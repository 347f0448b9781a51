# Общие строки
error-internal = Что-то пошло не так. Ведущий уже может продолжать игру; об ошибке записано в журнал.
cli-bad-database = Не понимаю адрес базы данных «{ $url }». Пример: sqlite+aiosqlite:///./data/chgk.sqlite3
cli-bad-settings = Настройки CHGK_* не годятся: { $problems }
cli-database-driver-missing = Драйвер базы данных { $driver } не установлен. Для PostgreSQL: pip install 'chgk-bot[postgres]' (в клоне репозитория: .venv/bin/pip install -e '.[postgres]').
cli-store-in-use = { $pid ->
    [none] Другой процесс chgk-bot
   *[other] Другой процесс chgk-bot (pid { $pid })
} уже ведёт игры этой базы данных ({ $where }). Сначала остановите его или дайте этому процессу свою базу (CHGK_DATABASE_URL): два процесса не должны вести одни и те же игры.
db-upgraded = { $before ->
    [none] База данных создана, версия схемы { $after }.
   *[other] База данных обновлена с версии схемы { $before } до { $after }.
}
db-up-to-date = База данных уже обновлена (версия схемы { $after }).
db-backup-done = Копия записана в { $file }: { $games ->
    [one] { $games } игра.
    [few] { $games } игры.
   *[many] { $games } игр.
}
db-backup-postgresql = Базу PostgreSQL копирует его собственная программа: pg_dump --format=custom --file={ $file } '{ $url }' (пароль — из PGPASSWORD или ~/.pgpass; восстановление — pg_restore).
db-backup-not-a-file = «{ $url }» — не файл базы данных: копировать нечего.
db-backup-no-database = Базы данных SQLite по пути { $path } нет.
db-backup-same-file = Копию нужно записать в другой файл, не в саму базу { $path }.
db-backup-failed = Не удалось скопировать { $path } в { $file }: { $error }
export-done = { $games ->
    [one] { $games } игра
    [few] { $games } игры
   *[many] { $games } игр
} сезона «{ $season }» записаны в { $file }.
