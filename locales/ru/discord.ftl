# Discord: команды, кнопки и сообщения адаптера (adapters/discord).
# Имена команд и параметров: строчные, без пробелов, до 32 символов (правила Discord);
# описания: до 100 символов.

## Группы команд
discord-cmd-chgk = chgk
discord-cmd-chgk-desc = «Что? Где? Когда?»: игра на этом сервере
discord-cmd-captain = капитан
discord-cmd-captain-desc = Команды капитана
discord-cmd-host = ведущий
discord-cmd-host-desc = Команды ведущего
discord-cmd-keeper = хранитель
discord-cmd-keeper-desc = Решения хранителя традиций по апелляциям

## Команды для всех
discord-cmd-new = новая
discord-cmd-new-desc = Открыть новую игру в этом канале (вы станете ведущим)
discord-cmd-package = пакет
discord-cmd-package-desc = Загрузить пакет вопросов для игры этого канала
discord-cmd-team = команда
discord-cmd-team-desc = Зарегистрировать команду (вы станете её капитаном)
discord-cmd-join = войти
discord-cmd-join-desc = Войти в команду
discord-cmd-answer = ответ
discord-cmd-answer-desc = Сдать письменный ответ (его увидите только вы и ведущий)
discord-cmd-score = счёт
discord-cmd-score-desc = Текущий счёт
discord-cmd-help = помощь
discord-cmd-help-desc = Что вы можете сделать в этой игре

## Капитан
discord-cmd-captain-pick = вопрос
discord-cmd-captain-pick-desc = Выбрать вопрос по номеру
discord-cmd-captain-answerer = отвечает
discord-cmd-captain-answerer-desc = Назвать отвечающего игрока
discord-cmd-captain-handover = передать
discord-cmd-captain-handover-desc = Передать капитанство игроку своей команды
discord-cmd-captain-appeal = апелляция
discord-cmd-captain-appeal-desc = Подать апелляцию на последнее решение ведущего
discord-cmd-captain-best = лучшие
discord-cmd-captain-best-desc = После игры: лучший вопрос или лучший игрок

## Ведущий
discord-cmd-host-start = старт
discord-cmd-host-start-desc = Начать игру
discord-cmd-host-pause = пауза
discord-cmd-host-pause-desc = Остановить время
discord-cmd-host-resume = дальше
discord-cmd-host-resume-desc = Запустить время снова
discord-cmd-host-accept = зачёт
discord-cmd-host-accept-desc = Засчитать ответ
discord-cmd-host-reject = незачёт
discord-cmd-host-reject-desc = Не засчитать ответ
discord-cmd-host-abort = стоп
discord-cmd-host-abort-desc = Прекратить игру без результата
discord-cmd-host-takeover = заменить
discord-cmd-host-takeover-desc = Администратор сервера становится ведущим вместо ушедшего
discord-cmd-host-keeper = хранитель
discord-cmd-host-keeper-desc = Назначить хранителя традиций
discord-cmd-host-cohost = соведущий
discord-cmd-host-cohost-desc = Назначить соведущего
discord-cmd-host-questions = вопросы
discord-cmd-host-questions-desc = Выбрать вопросы пакета для этой игры
discord-cmd-host-panel = пульт
discord-cmd-host-panel-desc = Кнопки ведущего: пауза, дальше, зачёт, незачёт, счёт
discord-cmd-host-teams = каналы
discord-cmd-host-teams-desc = Закрытые текстовые каналы для команд (повторите после изменений состава)
discord-cmd-host-voice = голос
discord-cmd-host-voice-desc = Сигналы в голосовом канале: подключить или отключить

## Хранитель
discord-cmd-keeper-uphold = оставить
discord-cmd-keeper-uphold-desc = Оставить решение ведущего в силе
discord-cmd-keeper-overturn = отменить
discord-cmd-keeper-overturn-desc = Отменить решение ведущего

## Параметры
discord-param-format = формат
discord-param-format-desc = Формат игры
discord-param-file = файл
discord-param-file-desc = Файл пакета: текст db.chgk.info, 4s, XML или JSON
discord-param-team = команда
discord-param-team-desc = Название команды
discord-param-text = текст
discord-param-text-desc = Ваш ответ
discord-param-number = номер
discord-param-number-desc = Номер вопроса
discord-param-player = игрок
discord-param-player-desc = Участник сервера
discord-param-question = вопрос
discord-param-question-desc = Номер лучшего вопроса
discord-param-anyway = неполным-составом
discord-param-anyway-desc = Начать, даже если игроков меньше, чем требуют правила
discord-param-numbers = номера
discord-param-numbers-desc = Номера вопросов пакета через пробел
discord-param-channel = канал
discord-param-channel-desc = Голосовой канал (по умолчанию тот, где вы сейчас)
discord-param-off = выключить
discord-param-off-desc = Отключить сигналы в голосовом канале
discord-format-duel = Дуэль

## Кнопки
discord-button-pause = Пауза
discord-button-score = Счёт
discord-panel = Пульт ведущего. Кнопки действуют в игре этого канала.

## Голос
discord-voice-off = Звуковые сигналы в голосовом канале выключены: { $reason } Сигналы будут приходить текстом.
discord-voice-no-extra = у бота не установлена поддержка голоса (pip install '.[voice]').
discord-voice-no-opus = в системе нет библиотеки libopus (apt-get install libopus0).
discord-voice-connect-failed = Не получилось подключиться к { $channel }. Сигналы будут приходить текстом.
discord-voice-which = Зайдите в голосовой канал или укажите его в команде.
discord-voice-linked = Сигналы игры будут звучать в { $channel }.
discord-voice-unlinked = Сигналы в голосовом канале отключены.

## Каналы команд
discord-team-topic = Закрытый канал команды «{ $team }»: во время ответа сообщение отвечающего здесь — ответ команды.
discord-team-channels-ready = { $count ->
    [one] Канал команды готов
   *[other] Каналы команд готовы
}: { $channels }.
discord-team-channels-none = В игре ещё нет команд.
discord-team-channels-failed = Discord не дал создать каналы команд. Попробуйте ещё раз позже.
discord-members-left = Нет на сервере: { $names }.

## Неполадки
discord-guild-only = Эта команда работает в канале сервера, а не в личных сообщениях.
discord-package-too-big = Файл { $file } больше { $megabytes } МБ: это не похоже на пакет вопросов.
discord-missing-permissions = Боту не хватает прав в { $channel }: { $what }.
discord-fault-dm = { $user }, бот не может написать вам в личные сообщения: разрешите их от участников сервера или отвечайте командой /chgk ответ.
discord-fault-channel-gone = Канал игры { $channel } удалён или недоступен боту; игра продолжается, но сообщения туда не доходят.
discord-fault-permissions = Боту не хватает прав в канале игры { $channel }: { $what }. Игра продолжается, но сообщения туда не доходят.
discord-fault-send = Discord не принял сообщение в канал игры { $channel }.
discord-permission-view-channel = просмотр канала
discord-permission-send-messages = отправка сообщений
discord-permission-embed-links = встраивание ссылок
discord-permission-read-message-history = чтение истории сообщений
discord-permission-manage-channels = управление каналами
discord-permission-manage-roles = управление ролями
discord-permission-connect = подключение
discord-permission-speak = говорить
