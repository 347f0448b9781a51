# TV в чате: сообщения игры, подсказки команд (TV-1..TV-6, TV-9..TV-11).

tv-created = Игра «Что? Где? Когда?» (клуб против телезрителей) открыта. Ведущий — { $host }, пакет «{ $package }»: { $count ->
    [one] { $count } конверт
    [few] { $count } конверта
   *[other] { $count } конвертов
}. Игра до { $target ->
    [one] { $target } очка
   *[other] { $target } очков
}. Команды: { CMD("team") } НАЗВАНИЕ, { CMD("join") } НАЗВАНИЕ; ведущий начинает: { CMD("start") } или { CMD("start") } КОМАНДА.
tv-left-out = В конверты не попали { $count ->
    [one] { $count } вопрос пакета
    [few] { $count } вопроса пакета
   *[other] { $count } вопросов пакета
}: конверт телеверсии — один вопрос, минута обсуждения и один устный ответ, а особые вопросы дуэли играются иначе.
tv-left-out-kind = { $kind ->
    [blitz] блиц
    [superblitz] суперблиц
    [sector13] 13-й сектор
   *[duplet] дуплет
} — { $count }
tv-created-no-package = Игра «Что? Где? Когда?» (клуб против телезрителей) открыта. Ведущий — { $host }. Игра до { $target ->
    [one] { $target } очка
   *[other] { $target } очков
}. Команды: { CMD("team") } НАЗВАНИЕ, { CMD("join") } НАЗВАНИЕ; ведущий начинает: { CMD("start") } или { CMD("start") } КОМАНДА.
tv-started = Игра началась: { $count ->
    [one] { $count } команда
    [few] { $count } команды
   *[other] { $count } команд
}, до { $target ->
    [one] { $target } очка
   *[other] { $target } очков
}.
tv-lost-earlier = { $count ->
    [one] Команда { $teams } уже проиграла свой раунд за центральным столом в сегодняшней игре: снова сесть за него она сможет, только когда у знатоков будет { $five ->
        [one] { $five } очко
        [few] { $five } очка
       *[other] { $five } очков
    } или когда все столы клуба проиграют свой раунд.
   *[other] Команды { $teams } уже проиграли свой раунд за центральным столом в сегодняшней игре: снова сесть за него они смогут, только когда у знатоков будет { $five ->
        [one] { $five } очко
        [few] { $five } очка
       *[other] { $five } очков
    } или когда все столы клуба проиграют свой раунд.
}
tv-teams-unfit = { $count ->
    [one] Команда не садится
   *[other] Команды не садятся
} за центральный стол, пока в { $count ->
    [one] ней
   *[other] каждой
} не будет { $max ->
    [0] хотя бы { $min } игроков
   *[other] от { $min } до { $max } игроков
} (игроков сейчас: { $teams }); за столом клуба { $count ->
    [one] она играет
   *[other] они играют
}. Недостающие игроки входят в команду так: { CMD("join") } НАЗВАНИЕ.
tv-seated = { $reason ->
    [host] За центральный стол ведущий посадил команду «{ $team }».
    [first-draw] Волчок выбрал первую команду за центральным столом: «{ $team }» (из: { $among }).
    [correct] { $count ->
        [one] За центральный стол садится «{ $team }»: единственная верно ответила на вопрос телезрителей.
       *[other] За центральный стол садится «{ $team }»: волчок выбрал её среди верно ответивших на вопрос телезрителей: { $among }.
    }
    [return] За центральный стол возвращается «{ $team }», хотя уже проиграла свой раунд ({ $why ->
        [five] у знатоков 5 очков, и за стол снова может сесть любая команда
        [all-lost] все столы клуба уже проиграли свой раунд, и за стол снова может сесть любая команда
       *[other] снова можно
    }; { $answered ->
        [yes] она ответила верно
       *[other] волчок выбрал среди { $among }
    }).
   *[top] Верно никто не ответил: волчок выбрал команду «{ $team }» (из всех, кто может сесть за центральный стол: { $among }).
}
tv-spin-prompt = Ведущий, крутите волчок: { CMD("spin") }
tv-top-sector = Волчок остановился на секторе { $number }. { $left ->
    [one] Остался { $left } конверт.
    [few] Осталось { $left } конверта.
   *[other] Осталось { $left } конвертов.
}
tv-question = Вопрос { $number }.
    { $text }
tv-discussion = Минута обсуждения у команды «{ $team }» ({ $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}). Столы клуба: ответ пишите боту в личные сообщения в течение этой минуты.
tv-host-answer = Вопрос { $number }, только для ведущего: правильный ответ — { $answer }
tv-name-answerer = { $captain }, кто отвечает? { CMD("answerer") } ИМЯ
tv-handed-in = { $replaces ->
    [yes] Ответ вашего стола заменён: «{ $text }».
   *[other] Ответ вашего стола принят: «{ $text }».
}
tv-club-closed = Приём ответов столов клуба на вопрос { $number } закрыт: { $count ->
    [one] { $count } ответ
    [few] { $count } ответа
   *[other] { $count } ответов
}.
tv-club-judge-offer = Ответы столов клуба на вопрос { $number }: { $count ->
    [one] { $count } ответ
    [few] { $count } ответа
   *[other] { $count } ответов
}. Оценить: { CMD("clubs") } { $number }
tv-club-groups = Вопрос { $number }: { $count ->
    [one] { $count } группа ответов ждёт оценки
    [few] { $count } группы ответов ждут оценки
   *[other] { $count } групп ответов ждут оценки
} ({ CMD("club") } { $number } ГРУППА да|нет):
tv-club-group = { $group }. «{ $text }» — { $count ->
    [one] { $count } стол
    [few] { $count } стола
   *[other] { $count } столов
}, подсказка бота: { $suggestion ->
    [accept] засчитать
    [reject] не засчитывать
   *[unsure] решите сами
}
tv-club-group-decided = Вопрос { $number }, «{ $text }»: { $verdict ->
    [accept] засчитано
   *[reject] не засчитано
}.
tv-club-judged = Ответы столов клуба на вопрос { $number } оценены: { $count ->
    [0] верных нет.
    [one] верно ответил { $count } стол ({ $teams }).
    [few] верно ответили { $count } стола ({ $teams }).
   *[other] верно ответили { $count } столов ({ $teams }).
}
tv-answerer-named = Отвечает { $name }.
tv-your-turn = Отвечайте вслух; можно набрать ответ здесь, чтобы ведущий увидел подсказку бота.
tv-verdict = { $correct ->
    [true] Ответ верный! Очко знатокам.
   *[false] Ответ неверный: очко телезрителям, команда «{ $leaving }» встаёт из-за центрального стола.
} Счёт: знатоки { $experts } — телезрители { $viewers }.
tv-seating-next = Следующую команду за центральный стол определят ответы столов клуба на вопрос { $number }: ведущий оценивает их, затем { CMD("spin") } (или { CMD("seat") } КОМАНДА).
tv-seating-none-fits = Ни одна команда столов клуба, которая может сесть за центральный стол, не подходит по числу игроков: ведущий посадит команду, когда в неё войдут недостающие игроки.
tv-seating-spin = { $answered ->
    [yes] Верно ответили несколько столов: волчок выберет среди команд { $among }: { CMD("spin") }
   *[other] Верно не ответил никто: волчок выберет среди команд { $among }: { CMD("spin") }
}
tv-won = { $winner ->
    [experts] Победа знатоков со счётом { $experts }:{ $viewers }!
   *[viewers] Победа телезрителей со счётом { $viewers }:{ $experts }.
}
tv-best-offer = Ведущий, назовите лучшего игрока центрального стола ({ $names }): { CMD("best") } ИМЯ
tv-best-player = Лучший игрок центрального стола — { $name }. Игра окончена.
tv-aborted = Игра прервана. Счёт: знатоки { $experts } — телезрители { $viewers }.
tv-score = Счёт: знатоки { $experts } — телезрители { $viewers }. { $team ->
    [none] Центральный стол свободен.
   *[other] За центральным столом «{ $team }».
}
    Рейтинг игроков: { $ratings }
tv-no-club-group = У ответов на вопрос { $number } нет группы { $group }.
tv-club-answers-not-listed = Группы ответов столов клуба на вопрос { $number } появятся, когда вы их откроете: { CMD("clubs") } { $number }.
tv-package-fixed = Пакет телеверсии выбирается до первого конверта: этот пакет сохранён для следующей игры этого чата ({ CMD("newgame", "tv") }).
button-spin = Крутить волчок
button-judge-clubs = Оценить ответы клуба
usage-spin = { CMD("spin") } — крутить волчок: следующий конверт или команда за пустой центральный стол
usage-seat = { CMD("seat") } КОМАНДА — посадить команду за пустой центральный стол
usage-judge = { CMD("judge") } да|нет — ответ центрального стола верен или нет (или { CMD("accept") } / { CMD("reject") })
usage-close = { CMD("close") } — закрыть приём ответов столов клуба раньше конца минуты
usage-clubs = { CMD("clubs") } [N] — оценить ответы столов клуба на вопрос N (без N — на последний заданный)
usage-club = { CMD("club") } [N] ГРУППА да|нет — оценка группы ответов столов клуба на вопрос N (без N — на последний заданный)
usage-tv-start = { CMD("start") } — начать игру: волчок сажает первую команду за центральный стол; { CMD("start") } КОМАНДА — посадить первой эту команду
usage-tv-best = { CMD("best") } ИМЯ — лучший игрок центрального стола (после победы знатоков)

# TV в Discord: группа команд /tv.
discord-cmd-tv = тв
discord-cmd-tv-desc = Что? Где? Когда? (клуб против телезрителей): команды капитана и ведущего
discord-format-tv = Что? Где? Когда? (ТВ)
discord-cmd-host-spin = волчок
discord-cmd-host-spin-desc = Крутить волчок: следующий конверт или команда за центральный стол
discord-cmd-host-seat = посадить
discord-cmd-host-seat-desc = Посадить команду за пустой центральный стол
discord-cmd-host-judge = оценка
discord-cmd-host-judge-desc = Ответ центрального стола верен или нет
discord-cmd-host-close = закрыть
discord-cmd-host-close-desc = Закрыть приём ответов столов клуба раньше конца минуты
discord-cmd-host-clubs = клубы
discord-cmd-host-clubs-desc = Оценить ответы столов клуба на вопрос
discord-cmd-host-club = клуб
discord-cmd-host-club-desc = Оценка группы ответов столов клуба
discord-cmd-host-best = лучший
discord-cmd-host-best-desc = Лучший игрок центрального стола
discord-param-correct = верно
discord-param-correct-desc = Ответ верен?
discord-choice-correct-yes = Да
discord-choice-correct-no = Нет
discord-param-index = группа
discord-param-index-desc = Номер группы ответов в списке ведущего

# uxfix: the answerer named after the verdict (TV-2)
tv-answerer-unnamed = { $captain }, кто отвечал? Запишите для протокола: { CMD("answerer") } ИМЯ
tv-answerer-recorded = Записано: отвечал { $name }.
