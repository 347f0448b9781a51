# Общие строки
error-internal = Что-то пошло не так. Ведущий уже может продолжать игру; об ошибке записано в журнал.
cli-bad-database = Не понимаю адрес базы данных «{ $url }». Пример: sqlite+aiosqlite:///./data/chgk.sqlite3
cli-bad-settings = Настройки CHGK_* не годятся: { $problems }
