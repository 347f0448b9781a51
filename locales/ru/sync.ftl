# SYNC before the game: registration, team questions, fee, duty team, substitutions (SYNC-1..SYNC-4).

sync-date-too-soon = Регистрация на эту игру закрылась бы { $deadline }, то есть уже закрыта: она закрывается за { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
} до игры. Назначьте игру позже.
sync-date-past = { $date } уже прошло: назначьте игру на будущее ({ CMD("announce") } ГГГГ-ММ-ДД ЧЧ:ММ).
sync-already-started = Игра уже началась: её дату не перенести.
sync-registration-closed = Регистрация закрылась { $deadline }. Состав теперь меняется только заменой с разрешения ведущего.
sync-questions-closed = Вопросы от команд принимались до { $deadline }.
sync-no-such-team = Такой команды в этой игре нет.
sync-duty-empty = Назовите дежурную команду.
sync-team-full = В команде «{ $team }» уже { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}: больше не бывает.
sync-not-captain = Это делает капитан команды.
sync-question-missing = В вопросе не хватает { $field ->
    [text] текста
    [answer] ответа
    [author] автора
   *[source] источника
}: текст, ответ, автор и источник обязательны — ведущие проверяют источник каждого вопроса команды, и «-» их не заменяет.
sync-questions-full = От команды принимается не больше { $count ->
    [one] { $count } вопроса
   *[other] { $count } вопросов
}: замените отклонённый.
sync-question-no-such = У команды нет вопроса № { $number }.
sync-question-approved = Вопрос № { $number } уже одобрен ведущими: его не заменить.
sync-question-unknown = Такого вопроса нет.
sync-question-replaced = Капитан уже заменил вопрос № { $number }: посмотрите новый.
sync-question-reason = Напишите, почему вопрос отклонён: { CMD("refuse") } КОМАНДА N | ПРИЧИНА — капитан это увидит.
sync-team-sizes = Не все команды подходят по составу: в команде должно быть { $min ->
    [1] не больше
   *[other] от { $min } до
} { $max ->
    [one] { $max } игрока
   *[other] { $max } игроков
}, а { $count ->
    [one] у команды
   *[other] у команд
} { $teams }.
sync-sub-empty = Замена: укажите, кто выходит, кто входит, или и то и другое (разных игроков).
sync-sub-not-in-team = { $name } не играет в команде «{ $team }».
sync-sub-captain-out = Капитан не выходит на замену: сначала передайте капитанство.
sync-sub-already-coming = Этот игрок уже входит в игру по одобренной замене.
sync-sub-size = После замены в команде было бы { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}, а нужно { $min ->
    [1] не больше
   *[other] от { $min } до
} { $max ->
    [one] { $max } игрока
   *[other] { $max } игроков
}.
sync-sub-unknown = Такой просьбы о замене нет.
sync-sub-decided = По этой замене уже решено.
