# SYNC в чате: что видят ведущие, команды и игроки (RULES.md SYNC-1..SYNC-11; bot/formats/sync).

## Команды

usage-announce = { CMD("announce") } [ГГГГ-ММ-ДД ЧЧ:ММ] [training|qualifying|championship] — объявить игру (время клуба, см. { CMD("timezone") }; без даты — игра сейчас). Вид игры: training — тренировка, в сезоне не учитывается (так, если вид не назван); qualifying — отборочная и championship — чемпионат, обе учитываются в сезоне
usage-question = { CMD("question") } — написать вопрос команды с ботом по шагам (в личке; { CMD("question") } N заменяет вопрос N); { CMD("question") } ТЕКСТ | ОТВЕТ | АВТОР | ИСТОЧНИК [| КОММЕНТАРИЙ] — одной строкой, тоже в личке, чтобы другие команды не увидели вопрос; или пришлите боту в личку файл пакета
usage-approve = { CMD("approve") } КОМАНДА N — одобрить вопрос N команды
usage-refuse = { CMD("refuse") } КОМАНДА N | ПРИЧИНА — отклонить вопрос N команды
usage-fee = { CMD("fee") } КОМАНДА paid|unpaid — взнос команды оплачен или нет
usage-unpaid = { CMD("unpaid") } — команды, не оплатившие взнос
usage-duty = { CMD("duty") } КОМАНДА — назначить дежурную команду (её капитан — в жюри апелляций)
usage-round = { CMD("round") } — следующий раунд; { CMD("round") } N N … — раунд на этих вопросах пакета; { CMD("round", "teams") } K — по K вопросов от каждой команды
usage-ask = { CMD("ask") } — следующий вопрос раунда; { CMD("ask") } N — вопрос пакета N (перестрелка); { CMD("ask") } КОМАНДА N — вопрос N этой команды
usage-repeat = { CMD("repeat") } — прочитать вопрос ещё раз
usage-sync-accept = { CMD("accept") } N — засчитать группу ответов N
usage-sync-reject = { CMD("reject") } N — не засчитывать группу ответов N
usage-clarify = { CMD("clarify") } КОМАНДА — попросить команду пояснить ответ
usage-sync-appeal = { CMD("appeal") } double|removal N ТЕКСТ — апелляция на вопрос N: двойной ответ или снятие вопроса
usage-vote = { CMD("vote") } КОМАНДА yes|no — голос жюри по апелляции команды
usage-endgame = { CMD("endgame") } — закончить игру после раунда (при равенстве за первое место — перестрелка)
usage-sync-season = { CMD("season") } — сезон клуба: таблица очков, дежурная команда и взнос следующей игры; { CMD("season", "create") } НАЗВАНИЕ — создать сезон; { CMD("season", "record") } — учесть в сезоне последнюю законченную игру

## Отказы и ответы на запросы

sync-already-announced = Игра уже объявлена.
sync-not-in-team = { $name } не играет за команду «{ $team }».
sync-no-such-group = Группы ответов { $number } нет.
sync-unpaid-hosts-only = Список должников видят только ведущие.
sync-unpaid = { $count ->
    [0] Все команды оплатили взнос.
    [one] Не оплатила взнос { $count } команда: { $teams }.
    [few] Не оплатили взнос { $count } команды: { $teams }.
   *[other] Не оплатили взнос { $count } команд: { $teams }.
}{ $fee ->
    [none] {""}
   *[other] {" "}Взнос — { $fee } с команды.
}
sync-answer-empty = В ответе нет видимого текста.
sync-package-fixed = Пакет синхронной игры выбирается до первого раунда: этот пакет сохранён для следующей игры этого чата ({ CMD("newgame", "sync") }).
sync-package-no-questions = В пакете нет вопросов для игры.
sync-status = Синхрон: { $teams ->
    [one] { $teams } команда
    [few] { $teams } команды
   *[other] { $teams } команд
}, раундов начато: { $rounds }, вопросов задано: { $questions }.

## Перед игрой

sync-created = { $host } открывает синхронную игру на пакете «{ $package }» ({ $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[other] { $count } вопросов
}). Ведущий объявляет её: { CMD("announce") }.
sync-announced = Игра { $date }. Регистрация до { $deadline }: { CMD("team") } НАЗВАНИЕ.
sync-announced-kind = { $kind ->
    [training] Это тренировка: в сезоне она не учитывается; в команде до { $max } игроков.
    [qualifying] Это отборочная игра: она учитывается в сезоне; в команде от { $min } до { $max } игроков.
   *[championship] Это игра чемпионата: она учитывается в сезоне; в команде от { $min } до { $max } игроков.
}
sync-announced-duty = { $duty ->
    [none] Дежурную команду бот назначит, когда закроется регистрация: первую по алфавиту; ведущий может назначить другую: { CMD("duty") } КОМАНДА.
   *[other] Дежурная команда: «{ $duty }».
}
sync-announced-fee = Взнос — { $fee } с команды, его платит капитан до игры.
sync-created-no-package = { $host } открывает синхронную игру. Ведущий объявляет её: { CMD("announce") }.
sync-question-submitted = Команда «{ $team }» сдала вопрос { $number }.
sync-question-to-review = Вопрос { $number } команды «{ $team }»: { $text }
    Ответ: { $answer }
button-approve = Одобрить
sync-question-details = Зачёт также: { $accepted }
    Комментарий: { $comment }
    Автор: { $author }
    Источник: { $source }
sync-question-refuse-how = Чтобы отклонить, напишите причину: { CMD("refuse") } { $team } { $number } | ПРИЧИНА
sync-question-reviewed = { $approved ->
    [true] Ведущие одобрили ваш вопрос { $number }.
   *[false] Ведущие отклонили ваш вопрос { $number }: { $reason }
}
sync-fee-recorded = Взнос команды «{ $team }»{ $fee ->
    [none] {""}
   *[other] {" "}({ $fee })
}: { $paid ->
    [true] оплачен.
   *[false] не оплачен.
}
sync-duty = Дежурная команда — «{ $team }»: её капитан входит в жюри апелляций вместе с ведущими.
sync-registration-reminder = Напоминание: регистрация и вопросы команд принимаются до { $deadline }.
sync-registration-closed-now = Регистрация закрыта: { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}.

## Игра

sync-round-started = Раунд { $number }: { $kind ->
    [teams] вопросы команд, по { $per_team } от каждой
   *[organisers] вопросы организаторов
} ({ $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[other] { $count } вопросов
}).
sync-timing = На каждый вопрос: { $discussion } { $discussion ->
    [one] секунда
    [few] секунды
   *[other] секунд
} обсуждения (сигнал — за { $warning } { $warning ->
    [one] секунду
    [few] секунды
   *[other] секунд
} до конца), затем { $hand_in } { $hand_in ->
    [one] секунда
    [few] секунды
   *[other] секунд
}, чтобы сдать ответ боту в личные сообщения. Ответ, отправленный позже чем через { $grace } { $grace ->
    [one] секунду
    [few] секунды
   *[other] секунд
} после конца сдачи, не принимается.
sync-question = Вопрос { $number }. { $text }
sync-asked-by = Задаёт команда «{ $team }»: она на этот вопрос не отвечает.
sync-asked-unapproved = Вопрос { $number } команды «{ $team }» задан, хотя ведущие его не одобряли: если на него ответят все команды, очко получат они, но не команда «{ $team }».
sync-shootout-question = Перестрелка: отвечают { $teams }.
sync-question-undelivered = Вопрос { $number } не дошёл до чата: время не идёт. Запустите его сами.
sync-discussion = Минута пошла: { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
} на обсуждение и { $hand_in ->
    [one] { $hand_in } секунда
    [few] { $hand_in } секунды
   *[other] { $hand_in } секунд
} на сдачу. Ответ — личным сообщением боту.
sync-hand-in = Время! Сдайте ответ: { $seconds ->
    [one] осталась { $seconds } секунда.
    [few] осталось { $seconds } секунды.
   *[other] осталось { $seconds } секунд.
}
sync-paused = Время остановлено, { $seconds ->
    [one] осталась { $seconds } секунда.
    [few] осталось { $seconds } секунды.
   *[other] осталось { $seconds } секунд.
}
sync-paused-host = Время стоит: продолжите, когда будете готовы.
sync-resumed = Время пошло дальше.
sync-closing-held = Бот был недоступен, когда истекло время сдачи: приём ответов открыт, пока вы его не закроете.
sync-receipt = { $replaces ->
    [true] Ответ заменён: «{ $text }», получен в { $time } UTC.
   *[false] Ответ принят: «{ $text }», получен в { $time } UTC.
}
sync-captain-hands-in = Вы капитан команды «{ $team }». Ответы команды сдаются здесь, в личном чате с ботом, и сюда приходят квитанции о них; сдавать их вместо вас может игрок, которого вы назовёте: { CMD("answerer") } ИМЯ.
sync-you-hand-in = Капитан поручил вам сдавать ответы команды: пишите их боту сюда.
sync-window-closed = Приём ответов на вопрос { $number } закрыт: { $count ->
    [one] { $count } ответ
    [few] { $count } ответа
   *[other] { $count } ответов
}.
sync-no-answers = На вопрос { $number } никто не ответил.
sync-groups = Вопрос { $number }, ответ автора: { $answer } — { $count ->
    [one] { $count } группа ответов
    [few] { $count } группы ответов
   *[other] { $count } групп ответов
}:
sync-group = { $number }. «{ $text }» — { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}, бот: { $suggestion ->
    [accept] верно
    [reject] неверно
   *[unsure] не уверен
}{ $verdict ->
    [accept] , засчитано
    [reject] , не засчитано
   *[pending] {""}
}
button-sync-accept = ✓ { $text }: { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}
button-sync-reject = ✗ { $text }: { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}
sync-group-judged = «{ $text }» ({ $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}): { $verdict ->
    [accept] засчитано.
   *[reject] не засчитано.
}
sync-scored = Вопрос { $number }: ответ — { $answer }; верно { $count ->
    [one] ответила { $count } команда
    [few] ответили { $count } команды
   *[other] ответили { $count } команд
} из { $total }: { $teams }.
sync-clarify-you = Ведущий просит вас пояснить ответ команды «{ $team }» на вопрос { $number }: напишите сюда, боту, что написано в ответе (один раз); ведущие это увидят.
sync-clarify-asked = { $name } (команда «{ $team }») поясняет ответ на вопрос { $number }.
sync-table-round = Таблица после раунда { $number }{ $provisional ->
    [yes] {" "}(предварительная: не все ответы оценены или есть апелляции)
   *[no] {""}
}:
sync-table-final = Итоговая таблица{ $provisional ->
    [yes] {" "}(предварительная: не все ответы оценены или есть апелляции)
   *[no] {""}
}. { $count ->
    [one] Победитель
   *[other] Победители
}: { $winners }.
sync-table-row = { $place }. { $team }: { $marks } — { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}
sync-shootout = Равенство за первое место: { $teams }. Перестрелка на вопросах ведущих: ошибившаяся команда выбывает.
sync-aborted = Игра прервана без результата.
button-appeal-yes = Принять
button-appeal-no = Отклонить

## Замены (SYNC-1) и отложенные апелляции (SYNC-10)

usage-sub = { CMD("sub") } КТО-ВЫХОДИТ КТО-ВХОДИТ — попросить ведущего о замене (имена, или КТО | КОГО; - если с одной стороны никого)
usage-subok = { CMD("subok") } N — разрешить замену по просьбе N
usage-subno = { CMD("subno") } N — отказать в замене по просьбе N
usage-defer = { CMD("defer") } КОМАНДА — отложить апелляцию команды для жюри (3 дня на решение)
usage-evidence = { CMD("evidence") } ТЕКСТ — приложить текст и ссылки к отложенной апелляции своей команды
sync-evidence-too-long = В доказательствах { $count ->
    [one] { $count } знак
    [few] { $count } знака
   *[many] { $count } знаков
}, в одном сообщении не больше { $max ->
    [one] { $max } знака
   *[other] { $max } знаков
}: пришлите по частям.
sync-sub-requested = Просьба о замене { $number } от команды «{ $team }»: выходит { $out }, входит { $in }.
sync-sub-asked = Ваша просьба о замене { $number } (выходит { $out }, входит { $in }) отправлена ведущему.
button-sub-ok = Разрешить
button-sub-no = Отказать
sync-sub-decided-captain = { $approved ->
    [true] Ведущий разрешил замену (выходит { $out }, входит { $in }){ $started ->
        [yes] : она действует со следующего вопроса.
       *[no] .
    }
   *[false] Ведущий отказал в замене (выходит { $out }, входит { $in }).
}
sync-sub-decided-host = Замена { $number } команды «{ $team }»: { $approved ->
    [true] разрешена.
   *[false] отказано.
}
sync-sub-applied = Замена в команде «{ $team }»: выходит { $out }, входит { $in }.
sync-appeal-deferred-juror = Вы в жюри: апелляция команды { $team } на вопрос { $number } отложена; проголосуйте до { $deadline }. Без большинства к этому сроку она отклоняется.
sync-appeal-evidence-juror = Команда { $team } приложила доказательства к апелляции на вопрос { $number }: { $text }
    Ссылки: { $links }

## Вопрос команды, написанный с ботом (SYNC-2)

usage-cancel = { CMD("cancel") } — бросить вопрос команды, который вы пишете с ботом
sync-draft-started = { $replaces ->
    [0] Новый вопрос команды.
   *[other] Вопрос на замену вашего вопроса { $replaces }.
} Я спрошу каждую часть по очереди; { CMD("cancel") } — бросить.
sync-draft-step = { $step ->
    [text] Пришлите текст вопроса.
    [answer] Авторский ответ?
    [accepted] Другие засчитываемые ответы через «;» (- если нет)?
    [comment] Комментарий (- если нет)?
    [author] Автор вопроса?
   *[source] Источник?
}
sync-no-cyrillic = Обратите внимание: в тексте вопроса нет ни одной кириллической буквы, а клуб играет на русском.
sync-draft-cancelled = Вопрос брошен.
sync-draft-open = Вы уже пишете вопрос: бот ждёт { $step ->
    [text] его текст
    [answer] авторский ответ
    [accepted] другие засчитываемые ответы
    [comment] комментарий
    [author] автора
   *[source] источник
}. { CMD("cancel") } — бросить.
sync-draft-none = Вы не пишете вопрос с ботом: { CMD("question") } — начать.
sync-draft-empty = Пришлите текст или - , чтобы пропустить необязательную часть.
sync-file-empty = В файле нет вопросов.
sync-question-received = Ваш вопрос { $number } сдан: ведущие его проверят, их решение придёт сюда.

## Пояснение неясного ответа (SYNC-6)

sync-explained = { $name } (команда «{ $team }») поясняет ответ на вопрос { $number }: «{ $text }».
    Сдан ответ «{ $answer }» (группа { $group }{ $verdict ->
        [accept] , засчитано
        [reject] , не засчитано
       *[pending] {""}
    }). Судите сданный ответ: пояснение ответом не становится.
sync-explain-not-asked = Ведущий не просил вас пояснить ответ на этот вопрос.
sync-explain-once = Ответ вашей команды уже пояснён: он у ведущих.

# uxfix: a game announced without a date is played now
sync-announced-now = Игра начинается сейчас. Регистрация до первого раунда (не позже { $deadline }): { CMD("team") } НАЗВАНИЕ.
