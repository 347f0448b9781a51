# clihelp: chgk-bot --help (bot/cli.py, bot/cli_parser.py); имена параметров, метапеременные
# и варианты остаются как пишутся в командной строке.
cli-help-description = Бот-ведущий игр «Что? Где? Когда?»
cli-help-positionals = аргументы
cli-help-options = параметры
cli-help-help = показать эту справку и выйти
cli-help-locale = язык сообщений
cli-help-version = показать версию и выйти
cli-help-database = адрес базы данных для SQLAlchemy (по умолчанию — CHGK_DATABASE_URL)

cli-help-run = запустить бота (в терминале, если токен мессенджера не задан)
cli-help-console = сыграть игру в терминале
cli-help-console-package = пакет вопросов (по умолчанию — пример из комплекта)
cli-help-console-format = формат игры: duel — дуэль, sync — синхрон, tv — телеверсия (по умолчанию duel)
cli-help-console-clock = real — игра идёт в реальном времени; virtual — «:sleep N» сразу переводит часы, для игр по сценарию (по умолчанию real)

cli-help-package = пакеты вопросов
cli-help-package-check = разобрать пакет и сообщить, что в нём не так
cli-help-package-check-file = файл пакета, ссылка на него или номер пакета в db.chgk.info
cli-help-package-check-json = вывести разобранный пакет в JSON

cli-help-judge = как бот оценит ответ
cli-help-judge-given = ответ, который дала команда
cli-help-judge-answer = авторский ответ (не вместе с --package)
cli-help-judge-accepted = ответ, который засчитывается (можно указать несколько раз)
cli-help-judge-rejected = ответ, который не засчитывается (можно указать несколько раз)
cli-help-judge-zachet = текст «Зачёт» как он написан, вместе с правилами словами
cli-help-judge-nezachet = текст «Незачёт» как он написан
cli-help-judge-package = оценить ответ на вопрос из этого пакета
cli-help-judge-question = номер вопроса

cli-help-season = сезоны дуэлей и синхронов: порядок игр, финал, голосования о честной игре
cli-help-season-name = название сезона
cli-help-season-team = название команды
cli-help-season-create = создать сезон
cli-help-season-create-name = название нового сезона
cli-help-season-create-after = прошлый сезон: по его итогам определяется порядок игр
cli-help-season-create-host = ведущий сезона (если его ещё нет, создаётся по имени)
cli-help-season-create-keeper = хранитель традиций сезона (если его ещё нет, создаётся по имени)
cli-help-season-register = зарегистрировать команду и её капитана
cli-help-season-register-captain = капитан команды (если его ещё нет, создаётся по имени)
cli-help-season-approve = согласие ведущего или хранителя традиций (новая команда игроков расформированной команды)
cli-help-season-approve-as = чьё согласие: host — ведущего, keeper — хранителя традиций
cli-help-season-order = определить порядок игр сезона: по рейтингу прошлого сезона, первой играет команда с самым низким рейтингом или новая
cli-help-season-order-seed = число прежнего жребия, чтобы повторить его
cli-help-season-record = засчитать игру в сезоне
cli-help-season-record-game = номер завершённой игры, сыгранной в боте
cli-help-season-record-team = команда, если игра сыграна не в боте
cli-help-season-record-score = итоговый счёт, команда:ведущий, например 6:3
cli-help-season-record-decisive = игра закончилась решающим раундом
cli-help-season-record-best = лучший игрок игры (записывается игроком команды)
cli-help-season-record-date = когда сыграна игра, ГГГГ-ММ-ДД[TЧЧ:ММ] по UTC (нужно вместе с --team: при равном счёте в финал выходит команда, победившая позже)
cli-help-season-record-again = вторая игра команды с тем же счётом в тот же день
cli-help-season-standings = таблица сезона и финалист
cli-help-season-standings-season = название сезона (по умолчанию — последний)
cli-help-season-list = все сезоны
cli-help-season-vote = голосования о честной игре после игры
cli-help-season-open = открыть голосование о команде
cli-help-season-open-captains = имена капитанов через запятую
cli-help-season-cast = записать открытый голос одного участника
cli-help-season-cast-vote = номер голосования (его называют при открытии)
cli-help-season-cast-voter = кто голосует: ведущий, хранитель традиций или капитан, по имени
cli-help-season-cast-verdict = yes — честная игра нарушена, no — не нарушена

cli-help-league = клубная лига телеверсии: члены клуба, игровые дни, рейтинг игроков, команды финала и финал сезона
cli-help-league-name = название лиги (по умолчанию — последняя)
cli-help-league-create = создать лигу
cli-help-league-create-name = название новой лиги
cli-help-league-list = все лиги
cli-help-league-standings = таблица сезона, лучшие игроки центрального стола, финал
cli-help-league-standings-format = text — таблица, csv или json — для других программ (по умолчанию text)
cli-help-league-record = засчитать завершённую игру телеверсии
cli-help-league-record-day = игровой день: от 1 до 5 или final
cli-help-league-record-session = sun — игра в воскресенье, wed — в среду, final — финал (по умолчанию sun)
cli-help-league-record-game = номер игры

cli-help-db = база данных: миграции и резервные копии
cli-help-db-upgrade = применить все ещё не применённые миграции (Alembic upgrade head)
cli-help-db-backup = скопировать базу SQLite, в том числе пока бот работает
cli-help-db-backup-file = куда записать копию (существующий файл будет заменён)
cli-help-db-restore = вернуть на место базы SQLite копию, сделанную «db backup» (бот остановлен)
cli-help-db-restore-file = файл копии

cli-help-export = таблица и игры сезона или итоговая таблица одной игры
cli-help-export-season = название сезона (по умолчанию — последний)
cli-help-export-game = номер завершённой игры: вместо сезона выгрузить её итоговую таблицу
cli-help-export-league = название лиги телеверсии: вместо сезона выгрузить её таблицу (csv или json)
cli-help-export-format = json или csv — данные как есть (по умолчанию json); rating — результаты синхрона для сайта рейтинга (состав команд — рядом с файлом --out); roster — файл состава клуба с командами игры
cli-help-export-out = записать в этот файл, а не в стандартный вывод
cli-help-export-roster = файл состава клуба с номерами игроков на сайте рейтинга (его читает --format rating; --format roster добавляет в него команды игры)

cli-help-discord = бот в Discord: ссылка-приглашение на сервер
cli-help-discord-invite = напечатать ссылку, которая добавляет бота на сервер Discord с нужными ему правами
cli-help-discord-client-id = номер приложения (по умолчанию берётся из CHGK_DISCORD_TOKEN)

cli-help-worker = один процесс симуляции нескольких процессов бота на общей базе PostgreSQL: на входе строки «ЧАТ | ИМЯ: текст», на выходе «[ЧАТ] текст» (docs/scaling.md)
cli-help-worker-database = адрес общей базы, postgresql+asyncpg://
cli-help-worker-discussion = сколько секунд длится обсуждение в дуэли (по умолчанию 60)
cli-help-worker-warning = на какой секунде обсуждения в дуэли звучит «осталось 10 секунд» (по умолчанию 50)
cli-help-worker-target = до скольких очков идёт дуэль (по умолчанию 6)
cli-help-worker-min-players = сколько игроков нужно команде в дуэли (по умолчанию 6)
cli-help-worker-locale = язык сообщений игр (по умолчанию en)
