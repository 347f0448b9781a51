## Сервис и роли
no-game-here = Здесь сейчас нет игры. Ведущий может начать её командой { CMD("newgame", "duel") }.
no-game-for-you = Вы не участвуете ни в одной идущей игре: войдите в команду в чате игры ({ CMD("join") } НАЗВАНИЕ).
game-label = { $format ->
        [duel] Дуэль
        [sync] Синхрон
        [tv] Телеверсия
       *[other] { $format }
    } №{ NUMBER($id, useGrouping: 0) }{ $host ->
        [none] {""}
       *[other] , ведущий { $host }
    }:
private-which-game = Вы играете в { $count ->
        [one] { $count } игре
       *[other] { $count } играх
    }, и это сообщение подходит к нескольким. Для какой игры оно?
private-which-game-gone = Нет сообщения, ждущего выбора игры, или та игра уже закончилась: отправьте его ещё раз.
not-allowed-has-role = Вы уже участвуете в этой игре ({ $roles }), а «{ $command }» — для тех, у кого роли ещё нет.
game-over = Игра уже закончена.
not-allowed = Команду «{ $command }» может давать только: { $roles }.
roles-either = { $first } или { $last }
role-host = ведущий
role-keeper = хранитель традиций
role-captain = капитан
role-player = игрок
role-helper = помощь клуба
role-spectator = зритель
newgame-in-group = Новую игру начинают в общем чате игры, а не в личных сообщениях.
newgame-unknown-format = Такого формата нет. Доступны: { $formats }.
newgame-game-running = Здесь уже идёт игра. Ведущий может прервать её командой { CMD("abort") }.
help-no-game = Игры здесь нет. Начать: { CMD("newgame", "duel") } (вы станете ведущим).
help = Ваши роли: { $roles }.
    Команды:
    { $commands }
unknown-command = Не знаю команды «{ $command }». Список команд: { CMD("help") }
unknown-player = Не нашёл участника «{ $name }». Напишите имя так, как оно видно в игре, или упомяните человека; тот, кого бот ещё не видел, должен сначала отправить ему любую команду в этом чате.
unknown-username = Бот ещё не видел { $name }, а мессенджер не говорит ботам, чей это @username. Попросите этого человека отправить боту любую команду в этом чате и назовите его снова.
suggestion-none = Подсказки нет: вопрос не найден в пакете.

## Как пользоваться командами
usage-team = { CMD("team") } НАЗВАНИЕ — зарегистрировать команду (вы станете капитаном)
usage-join = { CMD("join") } НАЗВАНИЕ — войти в команду
usage-captain = { CMD("captain") } ИМЯ — передать капитанство игроку своей команды
usage-keeper = { CMD("keeper") } ИМЯ — назначить хранителя традиций
usage-cohost = { CMD("cohost") } ИМЯ — назначить соведущего
usage-takeover = { CMD("takeover") } — администратор чата становится ведущим вместо ушедшего
usage-questions = { CMD("questions") } N N … — выбрать 12 вопросов пакета для игры (номера по порядку в пакете)
usage-start = { CMD("start") } — начать игру ({ CMD("start", "anyway") } — впятером, если ведущий и хранитель согласны, или если в наборе нет какого-то из особых вопросов; { CMD("start", "training") } — тренировка любым составом, вне сезона)
usage-mark = { CMD("mark") } ВИД N — отметить вопрос N набора: картинка, сектор (13-й сектор), блиц, суперблиц
usage-repay = { CMD("repay") } N — вернуть минуту в кредит: вопрос N без обсуждения
usage-sector = { CMD("sector", "all") } — в 13-м секторе остаются все, ответ сразу; { CMD("sector", "3") } ИМЯ ИМЯ ИМЯ — трое, 20 секунд; { CMD("sector", "1") } ИМЯ — один, минута
usage-early = { CMD("early") } — досрочный ответ (в первые секунды обсуждения)
usage-extra = { CMD("extra") } — взять заработанную дополнительную минуту
usage-hint = { CMD("hint", "minute") } — подсказка: дополнительная минута; { CMD("hint", "club") } — помощь клуба (если команда проигрывает, один раз за игру)
usage-helpers = { CMD("helpers", by: "host") } ИМЯ ИМЯ … — ведущий выбирает помощников из клуба (до трёх); капитан предлагает их командой { CMD("helpers", by: "captain") } ИМЯ …, хранитель соглашается; { CMD("helpers", "none", by: "host") } — помочь некому, подсказка возвращается
usage-agree = { CMD("agree") } — хранитель согласен с помощниками, которых предложил капитан
usage-disagree = { CMD("disagree") } — хранитель против: помощников выберет ведущий
usage-credit = { CMD("credit") } — минута в кредит (когда у ведущего 5 очков, после окончания времени)
usage-decisive = { CMD("decisive") } ИМЯ — решающий раунд: играет один игрок, вопрос стоит 6 очков
usage-pick = { CMD("pick") } N или просто N — выбрать вопрос (1–12)
usage-pause = { CMD("pause") } — остановить время
usage-resume = { CMD("resume") } — продолжить остановленное время или запустить время вопроса, который не дошёл до чата
usage-answerer = { CMD("answerer") } ИМЯ — назвать отвечающего игрока
usage-answer = { CMD("answer") } ТЕКСТ — дать ответ (или просто напишите его боту в личные сообщения)
usage-accept = { CMD("accept") } — засчитать ответ
usage-reject = { CMD("reject") } — не засчитать ответ
usage-appeal = { CMD("appeal") } — подать апелляцию хранителю на последнее решение, если оно против команды
usage-uphold = { CMD("uphold") } — хранитель отклоняет апелляцию капитана: решение ведущего остаётся в силе
usage-overturn = { CMD("overturn") } — хранитель удовлетворяет апелляцию капитана: решение изменено
usage-challenge = { CMD("challenge") } — хранитель сам, без апелляции, изменяет последнее решение ведущего, в чью бы пользу оно ни было (до выбора следующего вопроса)
usage-best = { CMD("best", "question") } N — лучший вопрос; { CMD("best", "player") } ИМЯ — лучший игрок
usage-closevote = { CMD("closevote") } — ведущий закрывает послеигровое голосование команды с тем, что уже выбрано
usage-abort = { CMD("abort") } — прервать игру без результата
usage-score = { CMD("score") } — счёт
usage-season = { CMD("season") } — сезон: таблица; { CMD("season", "register") } КОМАНДА — записать команду в сезон; { CMD("season", "vote") } … — голосование о честной игре
usage-timezone = { CMD("timezone") } [ПОЯС] — часовой пояс клуба: показать или задать (например, Europe/Moscow)
timezone-current = Часовой пояс этого чата: { $zone } ({ $offset }), здесь сейчас { $now }. Все даты бот читает и показывает в нём. Сменить его может администратор чата или ведущий: { CMD("timezone") } { $example }
timezone-set = Часовой пояс этого чата теперь { $zone } ({ $offset }), здесь сейчас { $now }. Даты игр, игровые дни лиги и объявления теперь в этом поясе.
timezone-unknown = Часового пояса «{ $name }» нет. Напишите его название из базы часовых поясов, например: { CMD("timezone") } { $example }. Ничего не изменено.
timezone-not-allowed = Часовой пояс чата меняет администратор чата или ведущий его игры. Посмотреть текущий: { CMD("timezone") }
time-missing = Времени { $time } по поясу { $zone } не бывает: в эту ночь часы переводят вперёд. Укажите время на час позже или раньше.
time-twice = Время { $time } по поясу { $zone } бывает дважды: в эту ночь часы переводят назад (сначала по { $first }, потом по { $second }). Укажите время на час позже или раньше, чтобы не ошибиться.
usage-help = { CMD("help") } — что вы можете сделать

## Состав
roster-closed = Игра уже началась: новые команды не регистрируются.
roster-already-in-team = Вы уже в команде «{ $team }».
roster-team-exists = Команда «{ $team }» уже зарегистрирована в этой игре: войдите в неё командой { CMD("join") } { $team }.
roster-too-many-teams = В этой игре может играть { $count ->
    [1] только одна команда
    [one] не больше { $count } команды
   *[other] не больше { $count } команд
}.
roster-no-such-team = Команды «{ $team }» в этой игре нет.
roster-not-a-member = { $name } не играет ни в одной команде этой игры.
roster-not-your-team = Капитанство передаёт капитан этой команды или ведущий.
roster-keeper-plays = { $name } играет в команде и не может быть хранителем.
roster-keeper-hosts = { $name } не может быть одновременно ведущим и хранителем: хранитель разбирает апелляции на решения ведущего.
roster-cohost-plays = { $name } играет в команде и не может вести игру.
roster-takeover-admins-only = Взять игру на себя может только администратор чата.
roster-already-host = Вы уже ведущий.
roster-cohost-named = Соведущий — { $name }.
roster-host-taken-over = Теперь игру ведёт { $name }.
roster-team-registered = Команда «{ $team }» зарегистрирована, капитан — { $captain }.
roster-player-joined = { $name } в команде «{ $team }» ({ $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}).
roster-captain-changed = Новый капитан — { $name }.
roster-keeper-named = Хранитель традиций — { $name }.
name-too-long = Название слишком длинное: { $count ->
    [one] { $count } знак
    [few] { $count } знака
   *[many] { $count } знаков
}, а можно не больше { $max ->
    [one] { $max } знака
   *[other] { $max } знаков
}.
name-invisible = В названии нет ни одного видимого знака (только невидимые: метки направления, пробелы нулевой ширины). Напишите его буквами или цифрами.

## DUEL: отказы
duel-not-naming = Отвечающего называют после сигнала об окончании обсуждения.
duel-answerer-not-in-team = { $name } не играет за команду.
duel-not-answering = Сейчас ответ не принимается.
duel-not-the-answerer = Отвечает { $name }: ответ принимается только от него.
duel-answer-too-long = Ответ слишком длинный: { $count ->
    [one] { $count } знак
    [few] { $count } знака
   *[many] { $count } знаков
}, а можно не больше { $max ->
    [one] { $max } знака
   *[other] { $max } знаков
}.
duel-answer-invisible = В ответе нет ни одного видимого знака (только невидимые: метки направления, пробелы нулевой ширины). Напишите ответ буквами или цифрами.
duel-empty-answer = Ответ пустой.
duel-nothing-to-judge = Сейчас нет ответа, который нужно оценить.
duel-already-started = Игра уже началась.
duel-select-out-of-range = В пакете нет вопроса { $number }: номера от 1 до { $count }.
duel-select-count = Нужно ровно { $count ->
    [one] { $count } номер
    [few] { $count } разных номера
   *[other] { $count } разных номеров
}.
duel-no-team = Сначала команда должна зарегистрироваться: { CMD("team") } НАЗВАНИЕ.
duel-too-few-players = В команде { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}, а по правилам нужно не меньше { $min ->
    [one] { $min } игрока
   *[other] { $min } игроков
}. Если хранитель согласен, начните командой { CMD("start", "anyway") }.
duel-package-too-small = В пакете { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}, а для игры { $need ->
    [one] нужен { $need }
   *[other] нужно { $need }
}. Сыграть его можно тренировкой: { CMD("start", "training") }.
duel-package-no-questions = В пакете нет ни одного вопроса, который можно сыграть на очки (только разминочные).
duel-package-fixed = Пакет дуэли выбирается до начала игры: этот пакет сохранён для следующей игры этого чата ({ CMD("newgame", "duel") }).
duel-not-choosing = Сейчас вопрос не выбирают.
duel-appeal-pending = Сначала хранитель решает апелляцию.
duel-number-out-of-range = Номер вопроса — от 1 до { $count }.
duel-number-played = Вопрос { $number } уже сыгран.
duel-clock-not-running = Время сейчас не идёт.
duel-clock-already-paused = Время уже остановлено.
duel-clock-not-paused = Время не остановлено.
duel-appeal-after-game = Послеигровое голосование уже началось: апелляции после игры не принимаются.
duel-no-verdict-to-appeal = Апеллировать можно только последнее решение ведущего, до выбора следующего вопроса.
duel-already-appealed = Решение по вопросу { $number } уже пересматривалось.
duel-keeper-no-appeal = Апелляции, которую вам нужно решить, нет. Чтобы самому изменить последнее решение ведущего, используйте { CMD("challenge") }.
duel-challenge-appeal-pending = Вас ждёт апелляция капитана по вопросу { $number }: решите её командой { CMD("uphold") } или { CMD("overturn") }.
duel-no-verdict-to-challenge = Оспаривать нечего: хранитель может оспорить последнее решение ведущего до выбора следующего вопроса.
duel-appeal-not-against = Решение по вопросу { $number } в пользу команды: капитан подаёт апелляцию только на решение против команды (хранитель может оспорить его сам).
duel-no-keeper = Хранитель традиций не назначен: апелляцию некому рассмотреть.
duel-not-voting = Голосование начинается после окончания игры.
duel-vote-closed = Голосование за лучший вопрос и лучшего игрока закрыто.
duel-no-vote-open = Послеигрового голосования сейчас нет.
duel-best-question-invalid = Лучший вопрос выбирают из тех, что команда не взяла: { $numbers }.

## DUEL: ход игры
duel-created = Игра «Дуэль» открыта. Ведущий — { $host }. Пакет: { $package } ({ $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}; в игре { $need }).
    Капитан регистрирует команду: { CMD("team") } НАЗВАНИЕ; игроки входят: { CMD("join") } НАЗВАНИЕ (нужно не меньше { $min ->
        [one] { $min } игрока
       *[other] { $min } игроков
    }). Ведущий начинает: { CMD("start") }.
duel-created-no-package = Игра «Дуэль» открыта. Ведущий — { $host }.
    Капитан регистрирует команду: { CMD("team") } НАЗВАНИЕ; игроки входят: { CMD("join") } НАЗВАНИЕ (нужно не меньше { $min ->
        [one] { $min } игрока
       *[other] { $min } игроков
    }). Ведущий начинает: { CMD("start") }.
duel-training-only = В пакете { $count ->
    [one] только { $count } вопрос
    [few] только { $count } вопроса
   *[many] только { $count } вопросов
}, меньше { $need }, нужных для игры: его можно сыграть тренировкой ({ CMD("start", "training") }).
duel-package-attached = Пакет для игры выбран: { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}.
duel-questions-selected = Ведущий выбрал для игры { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}.
duel-started = Игра началась! Команда «{ $team }» против ведущего, до { $target ->
    [one] { $target } очка
   *[other] { $target } очков
}.{ $keeper ->
    [none] {" "}Хранитель традиций не назначен, поэтому апелляций не будет ({ CMD("keeper") } ИМЯ).
   *[other] {""}
}
duel-choose = { $captain }, выберите вопрос: { $numbers }.
duel-question = Вопрос { $number }.
    { $text }
question-handout = Раздаточный материал: { $text }
question-picture = Картинка: { $url }
question-audio = Звук: { $url }
question-audio-untimed = В вопросе звучит запись неизвестной длины, поэтому минута ещё не началась: когда запись прослушают, запустите время: { CMD("resume") }.
duel-discussion = Время пошло: на обсуждение { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}.
signal-warning = { $seconds ->
    [one] Осталась { $seconds } секунда!
    [few] Осталось { $seconds } секунды!
   *[other] Осталось { $seconds } секунд!
}
signal-time = Время!
duel-name-answerer = { $captain }, кто отвечает? { CMD("answerer") } ИМЯ
duel-paused = Время остановлено, { $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
   *[other] осталось { $seconds } секунд
}. Продолжить: { CMD("resume") }
duel-paused-downtime = Бот был недоступен, и время истекло без него. Игра на паузе, { $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
   *[other] осталось { $seconds } секунд
}. Ведущий продолжит её командой { CMD("resume") }.
duel-question-undelivered = Вопрос { $number } не дошёл до чата игры, поэтому время не пошло. Проверьте, что бот может писать в чат; когда вопрос у команды (прочитайте его вслух или пришлите), запустите время: { CMD("resume") }.
duel-paused-downtime-host = Бот перезапускался во время обсуждения. Игра на паузе ({ $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
   *[other] осталось { $seconds } секунд
}). Когда команда готова — { CMD("resume") }.
duel-resumed = Время снова идёт: { $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
   *[other] осталось { $seconds } секунд
}.
duel-answerer-named = Отвечает { $name }.
duel-your-turn = Ваш ответ, пожалуйста: напишите его сюда.
duel-answerer-changed = Капитан сменил отвечающего: вместо { $before } отвечает { $name }.
duel-not-your-turn = Капитан назвал отвечающим { $name } вместо вас: ваш ответ больше не ждут.
answer-received = Ответ принят: «{ $text }».
duel-answer-given = Отвечает { $name }: ответ у ведущего.
duel-team-answer = Ответ команды: «{ $text }» ({ $name }).
duel-suggestion = Ответ: «{ $text }». Авторский ответ: { $answer }
    Подсказка бота: { $verdict ->
        [accept] засчитать
        [reject] не засчитывать
       *[unsure] решите сами
    }.
duel-verdict = { $correct ->
    [true] Ответ засчитан!
   *[false] Ответ не засчитан.
} Счёт { $team_score }:{ $host_score } (команда «{ $team }» : ведущий).
reveal-answer = Правильный ответ: { $text }
reveal-accepted = Зачёт: { $text }
reveal-rejected = Незачёт: { $text }
reveal-comment = Комментарий: { $text }
reveal-sources = Источники: { $text }
reveal-authors = Автор: { $text }
duel-appeal-filed = Капитан подал апелляцию на решение по вопросу { $number }. Слово хранителю ({ $keeper }): { CMD("uphold") } или { CMD("overturn") }.
duel-appeal-upheld = Хранитель оставил решение по вопросу { $number } в силе. Счёт { $team_score }:{ $host_score }.
duel-appeal-overturned = { $own ->
    [true] Хранитель сам пересмотрел решение по вопросу { $number }.
   *[false] Апелляция удовлетворена: решение по вопросу { $number } изменено.
} Счёт { $team_score }:{ $host_score }.
duel-won = { $winner ->
    [team] Победа знатоков! Команда «{ $team }» выиграла со счётом { $team_score }:{ $host_score }.
   *[host] Победил ведущий: { $team_score }:{ $host_score } (команда «{ $team }» : ведущий).
}
duel-vote = Игра окончена: в чате можно начинать следующую. { $has_questions ->
    [yes] После игры команда выбирает лучший вопрос (из невзятых: { $numbers }) — { CMD("best", "question") } N — и лучшего игрока — { CMD("best", "player") } ИМЯ.
   *[no] После игры команда выбирает лучшего игрока: { CMD("best", "player") } ИМЯ.
} Ведущий может закрыть голосование: { CMD("closevote") }.
duel-reopened = Решение изменено: игра продолжается. Счёт { $team_score }:{ $host_score }.
duel-best-question = Лучший вопрос игры — { $number }.
duel-best-player = Лучший игрок — { $name }.
duel-finished = Голосование окончено. { $winner ->
    [team] Победили знатоки
   *[host] Победил ведущий
}, { $team_score }:{ $host_score }. Лучший вопрос — { $best_question ->
    [none] не выбирался: команда взяла все сыгранные
   *[other] { $best_question }
}, лучший игрок — { $best_player ->
    [none] не выбран
   *[other] { $best_player }
}. Апелляции после игры не принимаются.
duel-aborted = Ведущий прервал игру. Счёт на момент остановки { $team_score }:{ $host_score }.
duel-score = { $team ->
    [none] Команда ещё не зарегистрирована: { CMD("team") } НАЗВАНИЕ.
   *[other] Счёт: команда «{ $team }» { $team_score } — ведущий { $host_score }.
}

## DUEL: особые вопросы, подсказки, кредит, решающий раунд
duel-set-missing = Игру нельзя начать: в наборе должны быть вопрос-картинка, вопрос 13-го сектора, блиц и суперблиц. Сейчас: картинка — { $picture ->
        [none] нет
       *[other] № { $picture }
    }, 13-й сектор — { $sector13 ->
        [none] нет
       *[other] № { $sector13 }
    }, блиц — { $blitz ->
        [none] нет
       *[other] № { $blitz }
    }, суперблиц — { $superblitz ->
        [none] нет
       *[other] № { $superblitz }
    }. Отметьте недостающие: { CMD("mark") } ВИД N; или начните без них: { CMD("start", "anyway") }.
duel-mark-no-picture = В вопросе { $number } нет картинки.
duel-mark-not-three-parts = Вопрос { $number } не состоит из трёх частей: блицем или суперблицем он быть не может.
duel-mark-sector13-parts = Вопрос { $number } состоит из частей: для 13-го сектора нужен обычный вопрос.
duel-decisive-not-blitz = В решающем раунде играют один вопрос, не блиц и не суперблиц: { $numbers }.
duel-no-debt = Минута в кредит не брали — возвращать нечего.
duel-repay-not-here = Минуту в кредит возвращают на любом вопросе, кроме блица и суперблица. Можно: { $numbers }.
duel-must-repay = У команды 5 очков и долг — минута в кредит. Сначала верните её: { CMD("repay") } N (можно: { $numbers }).
duel-not-sector13 = Сейчас не выбирают, кто остаётся в 13-м секторе.
duel-sector13-count = Назовите { $count ->
    [1] одного игрока
    [one] { $count } игрока
   *[other] { $count } игроков
}.
duel-early-not-here = Досрочный ответ здесь не объявляют: только в первые секунды обсуждения обычного вопроса.
duel-early-too-late = Досрочный ответ объявляют в первые { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
} обсуждения.
duel-helpers-pending = Сначала нужно выбрать помощников из клуба.
duel-no-time-now = Время можно добавить только во время обсуждения или сразу после него, пока не назван отвечающий.
duel-no-discussion-here = На этот вопрос отвечают без обсуждения.
duel-no-minutes = У команды нет заработанных дополнительных минут.
duel-no-minutes-decisive = В решающем раунде можно использовать только минуты, заработанные досрочными ответами.
duel-hint-used = Подсказку за игру можно взять только один раз.
duel-hint-superblitz-player = В суперблице о подсказке решает играющий игрок — { $name }.
duel-hint-captain = Подсказку берёт капитан.
duel-hint-not-behind = Подсказку можно взять, только когда команда проигрывает.
duel-no-club-help = Помощь клуба сейчас не взята.
duel-helpers-count = Помощников — от одного до { $count }, разные люди.
duel-helper-invalid = { $name } не может помогать: помощники — игроки других команд, не ведущий и не хранитель.
duel-helpers-who = Помощников выбирает ведущий или капитан (с согласия хранителя).
duel-no-helpers-proposed = Капитан не предлагал помощников.
duel-credit-used = Минуту в кредит можно взять только один раз за игру.
duel-credit-not-now = Минуту в кредит берут, когда у ведущего { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}.
duel-credit-after-time = Минуту в кредит берут после окончания основного времени или подсказки.
duel-decisive-once = Решающий раунд уже идёт.
duel-decisive-not-now = Решающий раунд берёт команда, которая ведёт в счёте и набрала { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}.
duel-decisive-debt = Сначала верните минуту в кредит.
duel-player-benched = { $name } пропускает этот вопрос после ошибки в 13-м секторе.
duel-answerer-benched = { $name } не участвовал в обсуждении этого вопроса после ошибки в 13-м секторе и не может на него отвечать: назовите одного из обсуждавших.
duel-decisive-no-question = Для решающего раунда не осталось обычных вопросов.
duel-answerer-not-stayed = Отвечает один из тех, кто остался за столом: { $names }.
duel-answerer-already-named = { $name } уже отвечает.
duel-repay-last = За командой минута в кредит, а вопрос { $number } — последний, на котором её можно вернуть: { CMD("repay") } { $number }.
duel-credit-game-point = У команды { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}: этот вопрос решает игру, и вернуть минуту в кредит было бы уже не на чем.
duel-credit-no-repay = Минуту в кредит возвращают на одном из следующих обычных вопросов, а таких не осталось.
duel-too-few-players-anyway = В команде { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}, а по правилам нужно не меньше { $min ->
    [one] { $min } игрока
   *[other] { $min } игроков
}, в исключительном случае — { $floor }. Тренировочная игра (вне сезона): { CMD("start", "training") }.
duel-anyway-needs-keeper = В команде { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}, а правила требуют { $min ->
    [one] { $min } игрока
   *[other] { $min } игроков
}. Игра без одного игрока требует согласия не только ведущего, но и хранителя: сначала назовите хранителя ({ CMD("keeper") } ИМЯ) или сыграйте тренировочную игру: { CMD("start", "training") }.
duel-answerer-from = Отвечает один из тех, кто остался за столом: { $names }.
duel-set-summary = Набор на игру — { $count ->
        [one] { $count } вопрос
        [few] { $count } вопроса
       *[many] { $count } вопросов
    }. Картинка: { $picture ->
        [none] нет
       *[other] № { $picture }
    }; 13-й сектор: { $sector13 ->
        [none] нет
       *[other] № { $sector13 }
    }; блиц: { $blitz ->
        [none] нет
       *[other] № { $blitz }
    }; суперблиц: { $superblitz ->
        [none] нет
       *[other] № { $superblitz }
    }. Отметить: { CMD("mark") } картинка|сектор|блиц|суперблиц N.
duel-set-candidates = Вопросы из трёх частей (для блица и суперблица): { $triples }; с картинкой: { $pictures }.
duel-set-outside = В пакете вне набора есть вопросы из трёх частей — позиции { $positions } (взять их: { CMD("questions") }).
duel-choose-decisive = Решающий раунд: играет { $name }. { $captain }, выберите вопрос: { $numbers }.
duel-repay-offer = Долг: минута в кредит. Вернуть — ответить без обсуждения: { CMD("repay") } N (можно: { $numbers }).
duel-minutes-left = В запасе { $count ->
    [one] { $count } дополнительная минута
    [few] { $count } дополнительные минуты
   *[other] { $count } дополнительных минут
} ({ CMD("extra") }).
duel-decisive-offer = У команды 5 очков и она ведёт: капитан может взять решающий раунд — { CMD("decisive") } ИМЯ.
duel-part = Мини-вопрос { $part } из { $count }: { $text }
duel-time-options = Можно добавить время:{ $extra ->
        [yes] {" "}{ CMD("extra") } — дополнительная минута;
       *[no] {""}
    }{ $hint ->
        [yes] {" "}{ CMD("hint", "minute") } или { CMD("hint", "club") } — подсказка;
       *[no] {""}
    }{ $credit ->
        [yes] {" "}{ CMD("credit") } — минута в кредит;
       *[no] {""}
    }
duel-sector13-stay = За столом: { $mode ->
        [all] вся команда, ответ без обсуждения
        [three] трое — { $names }, 20 секунд
       *[one] один — { $names }, минута
    }.
duel-solo-named = Суперблиц играет { $name }; остальные в обсуждении не участвуют.
duel-early-possible = Досрочный ответ — { CMD("early") } в первые { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}.
duel-early-declared = Досрочный ответ! Обсуждение закончено.
duel-time-added = { $reason ->
        [extra] Дополнительная минута
        [hint] Подсказка — дополнительная минута
        [club] Помощь клуба
       *[credit] Минута в кредит
    }: + { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
       *[other] { $seconds } секунд
    } обсуждения.{ $reason ->
        [extra] {" "}В запасе { $left ->
            [one] { $left } дополнительная минута
            [few] { $left } дополнительные минуты
           *[other] { $left } дополнительных минут
        }.
       *[other] {""}
    }
duel-time-added-paused = { $reason ->
        [extra] Дополнительная минута добавлена
        [hint] Подсказка — дополнительная минута добавлена
        [club] Помощь клуба добавлена
       *[credit] Минута в кредит добавлена
    }: время стоит, { $seconds ->
        [one] осталась { $seconds } секунда
        [few] осталось { $seconds } секунды
       *[other] осталось { $seconds } секунд
    }.
duel-club-help = Подсказка — помощь клуба. Время остановлено. Ведущий выбирает до трёх помощников: { CMD("helpers", by: "host") } ИМЯ …{ $keeper ->
        [yes] ; или капитан предлагает их ({ CMD("helpers", by: "captain") } ИМЯ …), если хранитель согласен.
       *[no] .
    }
duel-hint-minute = Подсказка: дополнительная минута обсуждения.
duel-helpers-proposed = Капитан предлагает помощников: { $names }. { $keeper }, согласны? { CMD("agree") } или { CMD("disagree") }
duel-club-help-withdrawn = Помочь некому: помощь клуба отменена, подсказка за командой.
duel-helpers-refused = Хранитель против: помощников выберет ведущий — { CMD("helpers", by: "host") } ИМЯ …
duel-helpers-named = Помощь клуба: { $names } обсуждают вместе с командой { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}.
signal-helpers-done = Время помощи клуба вышло: { $names } больше не участвуют в обсуждении.
duel-credit-taken = Минута в кредит! До конца игры её нужно вернуть: ответить на один из вопросов без обсуждения (не блиц и не суперблиц).
duel-decisive-started = Решающий раунд! Счёт 0:0. Играет { $name }, вопрос стоит { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}.
duel-part-verdict = Мини-вопрос { $part }: { $correct ->
        [true] верно
       *[false] неверно
    }. Ответ: { $answer }
duel-minute-earned = { $source ->
        [early] Досрочный ответ верен
       *[sector13] Верный ответ в 13-м секторе
    }: команда получает дополнительную минуту (в запасе { $count ->
        [one] { $count } минута
        [few] { $count } минуты
       *[other] { $count } минут
    }; взять — { CMD("extra") }).
duel-minute-revoked = Решение изменено: дополнительная минута за этот вопрос отменена (в запасе { $count ->
    [one] { $count } минута
    [few] { $count } минуты
   *[other] { $count } минут
}).
duel-benched = Ошибка в 13-м секторе: { $names } не участвуют в обсуждении следующего вопроса (если это не блиц и не суперблиц).
duel-unbenched = Решение изменено: все участвуют в обсуждении следующего вопроса.
duel-sector13 = Вопрос { $number } — 13-й сектор! { $captain }, кто остаётся за столом? { CMD("sector", "all") } — все, ответ сразу, без обсуждения; { CMD("sector", "3") } ИМЯ ИМЯ ИМЯ — трое, 20 секунд; { CMD("sector", "1") } ИМЯ — один, минута (верный ответ принесёт дополнительную минуту).
duel-superblitz = Вопрос { $number } — суперблиц: три мини-вопроса по 20 секунд, отвечает один игрок. { $captain }, кто играет? { CMD("answerer") } ИМЯ
duel-blitz = Вопрос { $number } — блиц: три мини-вопроса по 20 секунд; чтобы взять блиц, нужно ответить верно на все три.
duel-repaying = Возврат минуты в кредит: ответ без обсуждения.
duel-repaying-sector13 = 13-й сектор в счёт минуты в кредит: без обсуждения, за столом остаётся вся команда и отвечает сразу. Капитан, назовите отвечающего: { CMD("answerer") } ИМЯ.
duel-decisive-question = Решающий раунд: отвечает { $name }, вопрос стоит { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}.
duel-silent = В обсуждении не участвуют: { $names }.
duel-no-discussion = Ответ без обсуждения. { $captain }, кто отвечает? { CMD("answerer") } ИМЯ
duel-solo-time = Перед ответом ({ $name }) ещё можно добавить время.

## Пакеты, присланные в чат
package-loaded = Пакет «{ $title }» загружен: { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}.
    Замечания: { $problems }
package-unusable = Пакет { $file } нельзя использовать:
    { $problems }
package-not-host = Пакет сохранён, но выбрать его для идущей игры может только: { $roles }.
package-how = Пришлите сюда файл пакета или ссылку на него: { CMD("package") } ССЫЛКА (тур или пакет db.chgk.info, его id, пакет gotquestions.online, ссылка на файл).
game-package-wanted = Пакета пока нет: ведущий присылает файл пакета в этот чат или ссылку на него ({ CMD("package") } ССЫЛКА). Без пакета игра не начнётся.
game-no-package = У игры ещё нет пакета: пришлите файл пакета в этот чат или ссылку на него: { CMD("package") } ССЫЛКА.
game-package-attached = Пакет игры: «{ $title }» ({ $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}).

## Кнопки
button-accept = Засчитать
button-reject = Не засчитывать
button-resume = Продолжить
button-start-clock = Запустить время

## Консоль
console-bad-line = Не понял строку «{ $line }». Пишите «ИМЯ: текст», «ИМЯ (dm): текст» или «:sleep N».
console-name-too-long = Имя перед двоеточием — не длиннее { $max ->
    [one] { $max } символа
   *[other] { $max } символов
}.
console-package-unusable = Пакет { $file } нельзя использовать:
console-resumed = Продолжаем незаконченную игру №{ NUMBER($id, useGrouping: 0) }.
console-help = Строки вида «ИМЯ: команда» — сообщение в чат игры, «ИМЯ (dm): текст» — личное сообщение боту; «host» — ведущий. «host: { CMD("help") }» покажет команды. Конец ввода (Ctrl-D) — выход.
    Бот знает человека, когда тот написал хоть одну строку: прежде чем назвать кого-то в команде (например, «anna: { CMD("answerer") } boris»), пусть он напишет что-нибудь в чат игры («boris: привет»).
    Кнопка под сообщением показана как [надпись → команда]: чтобы нажать её, напишите эту команду целиком в том же чате (под «[dm host]»: «host (dm): { CMD("accept") } 1 pending»; слово pending значит, что кнопка решает, только если решения ещё нет).
    Сообщение, которое бот исправил, печатается только изменившимися строками, с пометкой ✎.
console-final = Конец ввода. { $score }
run-console = Токенов Telegram и Discord нет: запускаю игру в консоли на встроенном пакете.
console-stopped = Остановлено. Игра сохранена: запустите консоль снова с той же базой, чтобы продолжить.
