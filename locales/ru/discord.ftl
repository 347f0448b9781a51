# Discord: команды, кнопки и сообщения адаптера (adapters/discord).
# Имена команд и параметров: строчные, без пробелов, до 32 символов (правила Discord);
# описания: до 100 символов.

## Группы команд
discord-cmd-chgk = chgk
discord-cmd-chgk-desc = «Что? Где? Когда?»: игра на этом сервере
discord-cmd-duel = дуэль
discord-cmd-duel-desc = Дуэль: команды капитана, ведущего и хранителя
discord-cmd-captain = капитан
discord-cmd-captain-desc = Команды капитана
discord-cmd-host = ведущий
discord-cmd-host-desc = Команды ведущего
discord-cmd-keeper = хранитель
discord-cmd-keeper-desc = Решения хранителя традиций по апелляциям
discord-cmd-season = сезон
discord-cmd-season-desc = Сезоны: таблица, команды, порядок игр, голосования о честной игре

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
discord-cmd-captain-sector = сектор
discord-cmd-captain-sector-desc = 13-й сектор: кто остаётся за столом
discord-cmd-captain-early = досрочно
discord-cmd-captain-early-desc = Досрочный ответ: закончить обсуждение в первые 5 секунд
discord-cmd-captain-extra = доп-минута
discord-cmd-captain-extra-desc = Взять заработанную дополнительную минуту
discord-cmd-captain-hint = подсказка
discord-cmd-captain-hint-desc = Взять подсказку: дополнительную минуту или помощь клуба (и игрок суперблица)
discord-cmd-captain-helpers = помощники
discord-cmd-captain-helpers-desc = Помощь клуба: предложить до трёх помощников (хранитель соглашается) или никого
discord-cmd-captain-credit = кредит
discord-cmd-captain-credit-desc = Минута в кредит (у ведущего 5 очков, после окончания времени)
discord-cmd-captain-repay = вернуть
discord-cmd-captain-repay-desc = Вернуть минуту в кредит: ответить на вопрос без обсуждения
discord-cmd-captain-decisive = решающий
discord-cmd-captain-decisive-desc = Решающий раунд: играет один игрок, вопрос стоит 6 очков

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
discord-cmd-host-closevote = итоги
discord-cmd-host-closevote-desc = Закрыть послеигровое голосование команды
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
discord-cmd-host-mark = отметить
discord-cmd-host-mark-desc = Отметить особый вопрос набора: картинка, 13-й сектор, блиц, суперблиц
discord-cmd-host-extra = доп-минута
discord-cmd-host-extra-desc = Взять заработанную командой дополнительную минуту
discord-cmd-host-helpers = помощники
discord-cmd-host-helpers-desc = Помощь клуба: выбрать до трёх помощников или никого (подсказка возвращается)

## Хранитель
discord-cmd-keeper-uphold = оставить
discord-cmd-keeper-uphold-desc = Отклонить апелляцию капитана: решение в силе
discord-cmd-keeper-overturn = отменить
discord-cmd-keeper-overturn-desc = Удовлетворить апелляцию капитана: решение изменено
discord-cmd-keeper-challenge = оспорить
discord-cmd-keeper-challenge-desc = Самому изменить последнее решение ведущего
discord-cmd-keeper-agree = согласен
discord-cmd-keeper-agree-desc = Согласиться с помощниками, которых предложил капитан
discord-cmd-keeper-disagree = несогласен
discord-cmd-keeper-disagree-desc = Не соглашаться: помощников выберет ведущий

## Сезон
discord-cmd-season-standings = таблица
discord-cmd-season-standings-desc = Таблица сезона и его финалист
discord-cmd-season-create = создать
discord-cmd-season-create-desc = Создать сезон (вы станете его ведущим)
discord-cmd-season-keeper = хранитель
discord-cmd-season-keeper-desc = Назначить хранителя традиций сезона
discord-cmd-season-register = регистрация
discord-cmd-season-register-desc = Зарегистрировать свою команду в сезоне (капитан)
discord-cmd-season-approve = одобрить
discord-cmd-season-approve-desc = Ведущий или хранитель сезона согласен на команду капитана из расформированной команды
discord-cmd-season-order = порядок
discord-cmd-season-order-desc = Определить порядок игр сезона
discord-cmd-season-record = записать
discord-cmd-season-record-desc = Засчитать в сезоне последнюю законченную игру этого канала
discord-cmd-season-vote = голосование
discord-cmd-season-vote-desc = Начать голосование о честной игре команды: голосуют ведущий, хранитель и названные капитаны
discord-cmd-season-ballot = голос
discord-cmd-season-ballot-desc = Ваш голос в открытом голосовании о честной игре

## Параметры
discord-param-format = формат
discord-param-format-desc = Формат игры
discord-param-file = файл
discord-param-file-desc = Файл пакета: текст db.chgk.info, 4s, XML или JSON
discord-param-link = ссылка
discord-param-link-desc = Ссылка на пакет (db.chgk.info, gotquestions.online, файл) или его id в db.chgk.info
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
discord-param-training = тренировка
discord-param-training-desc = Тренировочная игра любым составом, вне сезона
discord-param-numbers = номера
discord-param-numbers-desc = Номера вопросов пакета через пробел
discord-param-channel = канал
discord-param-channel-desc = Голосовой канал (по умолчанию тот, где вы сейчас)
discord-param-off = выключить
discord-param-off-desc = Отключить сигналы в голосовом канале
discord-format-duel = Дуэль
discord-param-kind = вид
discord-param-kind-desc = Вид особого вопроса
discord-choice-kind-picture = Картинка
discord-choice-kind-sector = 13-й сектор
discord-choice-kind-blitz = Блиц
discord-choice-kind-superblitz = Суперблиц
discord-param-who = кто
discord-param-who-desc = Кто остаётся за столом
discord-choice-who-all = Все
discord-choice-who-3 = Трое
discord-choice-who-1 = Один
discord-param-what = что
discord-param-what-desc = Какая подсказка
discord-choice-what-minute = Дополнительная минута
discord-choice-what-club = Помощь клуба
discord-param-player2 = игрок2
discord-param-player2-desc = Второй участник сервера
discord-param-player3 = игрок3
discord-param-player3-desc = Третий участник сервера
discord-param-nobody = никого
discord-param-nobody-desc = Помочь некому: подсказка возвращается
discord-param-season = сезон
discord-param-season-desc = Название сезона (по умолчанию последний)
discord-param-name = название
discord-param-name-desc = Название нового сезона
discord-param-after = после
discord-param-after-desc = Прошлый сезон: по его местам определяется порядок игр
discord-param-captain1 = капитан1
discord-param-captain1-desc = Капитан, который голосует
discord-param-captain2 = капитан2
discord-param-captain2-desc = Второй капитан, который голосует
discord-param-captain3 = капитан3
discord-param-captain3-desc = Третий капитан, который голосует
discord-param-captain4 = капитан4
discord-param-captain4-desc = Ещё один капитан (всего голосующих должно быть нечётное число)
discord-param-captain5 = капитан5
discord-param-captain5-desc = Ещё один капитан, который голосует
discord-param-captain6 = капитан6
discord-param-captain6-desc = Ещё один капитан, который голосует
discord-param-captain7 = капитан7
discord-param-captain7-desc = Ещё один капитан, который голосует
discord-param-captain8 = капитан8
discord-param-captain8-desc = Ещё один капитан, который голосует
discord-param-captain9 = капитан9
discord-param-captain9-desc = Ещё один капитан, который голосует
discord-param-verdict = решение
discord-param-verdict-desc = Нарушила ли команда честную игру?
discord-choice-verdict-yes = Да, нарушена
discord-choice-verdict-no = Нет

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
    [1] Канал команды готов
   *[other] Каналы команд готовы
}: { $channels }.
discord-team-channels-none = В игре ещё нет команд.
discord-team-channels-failed = Discord не дал создать каналы команд. Попробуйте ещё раз позже.
discord-members-left = Нет на сервере: { $names }.

## Неполадки
discord-guild-only = Эта команда работает в канале сервера, а не в личных сообщениях.
discord-package-too-big = Файл { $file } больше { $megabytes } МБ: это не похоже на пакет вопросов.
discord-missing-permissions = Боту не хватает прав в { $channel }: { $what }.
discord-fault-dm = { $user }, бот не может написать вам в личные сообщения: разрешите их от участников сервера или отвечайте командой { CMD("answer") }.
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
