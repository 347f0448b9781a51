# Общие строки
error-internal = Что-то пошло не так. Ведущий уже может продолжать игру; об ошибке записано в журнал.
cli-bad-database = Не понимаю адрес базы данных «{ $url }» (CHGK_DATABASE_URL). Примеры: sqlite+aiosqlite:////var/lib/chgk-bot/chgk.sqlite3, postgresql://user:password@host/chgk
cli-bad-settings = Настройки не годятся: { $problems }. Исправьте их в окружении или в файле .env и запустите снова.
cli-database-unsupported = В CHGK_DATABASE_URL указана база { $database }: бот хранит игры только в SQLite или PostgreSQL. Укажите sqlite+aiosqlite:////путь/к/chgk.sqlite3 или postgresql://user:password@host/chgk.
# Одна ошибка настроек, для строки выше: переменная, найденное значение, что годится.
settings-whole-number = { $variable }: нужно целое число, а не «{ $value }»
settings-number = { $variable }: нужно число, а не «{ $value }»
settings-yes-no = { $variable }: нужно true или false, а не «{ $value }»
settings-above = { $variable }: нужно число больше { $limit }, а не { $value }
settings-at-least = { $variable }: нужно число не меньше { $limit }, а не { $value }
settings-below = { $variable }: нужно число меньше { $limit }, а не { $value }
settings-at-most = { $variable }: нужно число не больше { $limit }, а не { $value }
settings-one-of = { $variable }: нужно одно из значений { $choices }, а не «{ $value }»
settings-fee = CHGK_SYNC_FEE — это сумма и код валюты, например 300 RUB или 12.50 USD, а не «{ $value }»
settings-network = CHGK_FETCH_ALLOW: { $value } — не сеть (сеть выглядит как 10.1.0.0/16)
settings-timezone = CHGK_TIMEZONE — это название часового пояса, например Europe/Moscow или Asia/Vladivostok, а не «{ $value }»
settings-warning-needed = при обсуждении в { $seconds } с или короче ({ $discussion }) задайте { $variable }: секунду, когда звучит сигнал
settings-warning-late = { $variable }: сигнал должен звучать раньше конца обсуждения ({ $discussion })
settings-other = { $variable }: { $message }
# База данных не сохранила то, что сделало сообщение: ничего из этого не записано.
error-not-stored-locked = Не сохранено: база данных занята, её держит другая программа. Ничего из этого не записано: отправьте ещё раз через несколько секунд.
error-not-stored-readonly = Не сохранено: игру нельзя сохранить, база данных открыта только для чтения. Ничего из этого не записано. Попросите того, кто запустил бота, разрешить запись в файл базы и его папку, и отправьте ещё раз.
error-not-stored-full = Не сохранено: игру нельзя сохранить, диск с базой данных заполнен. Ничего из этого не записано. Попросите того, кто запустил бота, освободить место на диске, и отправьте ещё раз.
error-not-stored-unavailable = Не сохранено: база данных недоступна. Ничего из этого не записано: отправьте ещё раз через минуту; если не пройдёт, скажите тому, кто запустил бота.
# Ведущему, лично: сигнал пора дать, но его нельзя сохранить; бот пробует снова.
storage-down-locked = Игру сейчас нельзя сохранить: база данных занята, её держит другая программа. Часы ждут: следующий сигнал прозвучит, как только он сохранится, ничего не пропадёт. Если это затянется, тот, кто запустил бота, должен остановить программу, которая держит базу.
storage-down-readonly = Игру нельзя сохранить: база данных открыта только для чтения. Часы ждут: следующий сигнал прозвучит, как только он сохранится, ничего не пропадёт. Тот, кто запустил бота, должен разрешить запись в файл базы и его папку.
storage-down-full = Игру нельзя сохранить: диск с базой данных заполнен. Часы ждут: следующий сигнал прозвучит, как только он сохранится, ничего не пропадёт. Тот, кто запустил бота, должен освободить место на диске.
storage-down-unavailable = Игру нельзя сохранить: база данных недоступна. Часы ждут: следующий сигнал прозвучит, как только он сохранится, ничего не пропадёт. Тот, кто запустил бота, должен проверить базу.
storage-back = Игра снова сохраняется; часы идут дальше.
# Ошибки запуска: что не так и что делать, одной строкой.
startup-db-locked = База данных { $url } занята другой программой (второй копией бота, резервным копированием, «chgk-bot season»). Остановите ту программу или укажите в CHGK_DATABASE_URL другую базу и запустите снова.
startup-db-not-a-database = { $url } — не база SQLite, или файл повреждён. Восстановите его из резервной копии или укажите в CHGK_DATABASE_URL другой файл и запустите снова.
startup-db-readonly = База данных { $url } открыта только для чтения. Разрешите боту запись в файл и его папку и запустите снова.
startup-db-full = Диск с базой данных { $url } заполнен. Освободите место и запустите снова.
startup-db-unavailable = Базу данных { $url } не открыть ({ $error }). Проверьте, что она есть и что боту можно ею пользоваться, и запустите снова.
startup-db-unreachable = Сервер базы данных { $url } недоступен ({ $error }). Проверьте, что PostgreSQL запущен и что адрес и порт в CHGK_DATABASE_URL верны, и запустите снова.
startup-db-legacy = База данных теперь хранится в { $folder }, там её ещё нет, но есть старая в { $old }. Перенесите её туда (mkdir -p { $folder } && mv { $old } { $folder }/) или укажите CHGK_DATABASE_URL=sqlite+aiosqlite:///{ $old }, чтобы оставить её на месте, и запустите снова.
startup-telegram-token = Telegram не принял токен (401 Unauthorized). Проверьте CHGK_TELEGRAM_TOKEN: это должен быть токен, который дал боту @BotFather.
startup-discord-token = Discord не принял токен. Проверьте CHGK_DISCORD_TOKEN: это должен быть токен бота со страницы Bot приложения на discord.com/developers.
startup-discord-unreachable = До Discord не достучаться ({ $error }). Проверьте подключение к сети и запустите снова.
ops-serving = Служебные адреса для мониторинга: { $health }, { $ready } и { $metrics }.
startup-ops-port = Служебный адрес для мониторинга не может занять { $host }:{ $port } ({ $error }). Освободите этот порт или укажите в CHGK_OPS_PORT другой и запустите снова.
startup-telegram-token-malformed = CHGK_TELEGRAM_TOKEN — не токен Telegram (он выглядит как 123456789:AAE…). Скопируйте токен, который дал боту @BotFather.
startup-webhook-without-token = CHGK_TELEGRAM_WEBHOOK_URL задан, а CHGK_TELEGRAM_TOKEN — нет: Telegram туда ничего не пришлёт. Задайте токен бота или уберите CHGK_TELEGRAM_WEBHOOK_URL и запустите снова.
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
db-restore-done = В { $path } теперь копия { $file }: { $games ->
    [one] { $games } игра.
    [few] { $games } игры.
   *[many] { $games } игр.
}
db-restore-postgresql = Базу PostgreSQL восстанавливает его собственная программа, пока бот остановлен: pg_restore --clean --if-exists --no-owner --dbname='{ $url }' { $file } (копию в виде SQL: psql '{ $url }' < { $file }).
db-restore-no-backup = Файла копии { $file } нет.
db-restore-not-ours = { $file } — не база chgk-bot: ничего не изменено. Укажите файл, сделанный chgk-bot db backup.
db-restore-failed = Не удалось восстановить { $file } в { $path }: { $error }. Ничего не изменено.
export-done = { $games ->
    [one] { $games } игра
    [few] { $games } игры
   *[many] { $games } игр
} сезона «{ $season }» записаны в { $file }.
export-needs-game = --format { $format } выгружает одну игру: укажите её через --game N.
export-league-format = Таблицу лиги можно выгрузить в csv или json, но не в { $format }.
export-no-game = Игры №{ NUMBER($id, useGrouping: 0) } нет.
export-game-not-finished = Игра №{ NUMBER($id, useGrouping: 0) } ещё не закончена: итоговая таблица будет в её конце.
export-game-unreadable = Журнал игры №{ NUMBER($id, useGrouping: 0) } эта версия бота прочитать не может.
export-write-failed = Не удалось записать { $file }: { $error }. Прежний файл остался как был.
export-game-done = Итоговая таблица игры №{ NUMBER($id, useGrouping: 0) } записана в { $file }.
export-rating-not-sync = Игра №{ NUMBER($id, useGrouping: 0) } — формата { $format }: результаты и составы для сайта рейтинга выгружаются только для синхрона.
export-roster-done = Составы игры №{ NUMBER($id, useGrouping: 0) } записаны в { $file }: { $added ->
    [0] новых строк нет.
    [one] { $added } новая строка (впишите её идентификаторы).
    [few] { $added } новые строки (впишите их идентификаторы).
   *[many] { $added } новых строк (впишите их идентификаторы).
}
export-rating-done = Результаты игры №{ NUMBER($id, useGrouping: 0) } для сайта рейтинга записаны в { $file }, составы — в { $roster }{ $missing ->
    [0] .
    [one] ; у { $missing } игрока ещё нет идентификатора рейтинга (впишите его в составы клуба: chgk-bot export --game { NUMBER($id, useGrouping: 0) } --format roster --roster ФАЙЛ).
   *[other] ; у { $missing } игроков ещё нет идентификатора рейтинга (впишите их в составы клуба: chgk-bot export --game { NUMBER($id, useGrouping: 0) } --format roster --roster ФАЙЛ).
}
rating-roster-bad-row = Строка { $line } файла составов { $file } — не строка состава (id команды, команда, город, флаг К/Б/Л, id игрока, фамилия, имя, отчество): { $detail }
rating-roster-unreadable = Файл составов { $file } не читается как текст UTF-8: { $detail }

# uxfix: the command line's argparse errors (bot/cli_parser.py)
cli-usage = использование:
cli-arg-error = { $prog }: ошибка: { $message }
cli-arg-of = аргумент { $argument }: { $message }
cli-arg-invalid-choice = нет такого варианта: { $value } (можно: { $choices })
cli-arg-expects-one = нужно одно значение
cli-arg-expects-some = нужно хотя бы одно значение
cli-arg-invalid-value = { $type ->
    [int] нужно целое число
    [fromisoformat] нужна дата ГГГГ-ММ-ДД[TЧЧ:ММ]
    [float] нужно число
   *[other] неподходящее значение
}, а не { $value }
cli-arg-not-a-number = нужно целое число (не больше девяти цифр), а не { $value }
cli-arg-not-an-id = нужен номер (целое число, не больше двадцати цифр), а не { $value }
cli-arg-not-allowed-with = нельзя вместе с аргументом { $other }
cli-arg-ignored-value = значение { $value } здесь не нужно
cli-arg-required = не хватает аргументов: { $arguments }
cli-arg-one-required = нужен один из аргументов: { $arguments }
cli-arg-unrecognised = непонятные аргументы: { $arguments }
cli-arg-ambiguous = { $option } — неоднозначно, подходят: { $matches }
cli-arg-other = команда записана неправильно; список: chgk-bot --help
cli-arg-unknown-command = нет такой команды: { $value } (есть: { $choices })
