## Календарь клуба: /schedule (даты и время — местные, в часовом поясе клуба)

usage-schedule = { CMD("schedule") } — расписание игр чата; { CMD("schedule", "add") } ФОРМАТ ГГГГ-ММ-ДД ЧЧ:ММ [еженедельно] [ВИД] — назначить игру (duel, sync или tv; «еженедельно» — каждую неделю в тот же день и час; ВИД — только для синхрона: отборочная или чемпионат, обе учитываются в сезоне; без вида — тренировка); { CMD("schedule", "move") } N ГГГГ-ММ-ДД ЧЧ:ММ — перенести игру N; { CMD("schedule", "cancel") } N — отменить игру N
calendar-not-host = Расписание меняет ведущий: администратор чата или ведущий его игры. Посмотреть расписание может каждый ({ CMD("schedule") }).
calendar-unknown-format = Формата «{ $format }» нет. Форматы: { $formats }. Пример: { CMD("schedule", "add") } sync 2026-12-11 19:00.
calendar-bad-date = «{ $date }» — не дата и время. Напишите так: ГГГГ-ММ-ДД ЧЧ:ММ, например { CMD("schedule", "add") } sync 2026-12-11 19:00.
calendar-zone-unknown = Часового пояса «{ $zone }» нет. Нужно имя из базы IANA, например Europe/Moscow.
calendar-time-skipped = В { $date } ({ $zone }) часы переводят вперёд: такого времени в этот день нет. Назначьте игру на другое время.
calendar-time-twice = В { $date } ({ $zone }) часы переводят назад: это время бывает дважды. Назначьте игру на другое время.
calendar-date-past = { $date } ({ $zone }) уже прошло: назначьте игру на будущее.
calendar-sync-too-soon = Регистрация и вопросы команд на синхрон закрываются за { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} до игры, а до { $date } ({ $zone }) меньше. Назначьте игру позже.
calendar-overlap = В это время в чате уже игра { $number }: { $date } ({ $zone }). Две игры одного чата начинаются не ближе чем через три часа друг от друга.
calendar-no-entry = Игры { $number } в расписании чата нет. Расписание — { CMD("schedule") }.
calendar-sync-announced = Синхрон { $number } уже объявлен, и его регистрация идёт: перенести его нельзя. Отмените его ({ CMD("schedule", "cancel") } { $number }) и назначьте заново.
calendar-league-move = Игра { $number } — игровой день лиги: его даты задаёт план лиги. Изменить их: { CMD("league", "plan") } ГГГГ-ММ-ДД ЧЧ:ММ.
calendar-scheduled = Игра { $number } в расписании: { calendar-game }, { $date } ({ $zone }){ $weekly ->
    [true] , каждую неделю
   *[other] {""}
}. Бот сам объявит её, напомнит о ней и откроет её ведущему в назначенное время.
calendar-moved = Игра { $number } перенесена: { calendar-game }, { $date } ({ $zone }).
calendar-cancelled = Игра { $number } ({ calendar-game }, { $date }) отменена.
calendar-empty = В расписании чата игр нет. Назначить: { CMD("schedule", "add") } ФОРМАТ ГГГГ-ММ-ДД ЧЧ:ММ.
calendar-game = { $format ->
    [duel] дуэль
    [sync] синхрон{ calendar-kind }
    [tv] телеверсия
    [league] игровой день лиги
   *[other] { $format }
}
calendar-kind = { $kind ->
    [qualifying] , отборочная
    [championship] , чемпионат
   *[other] {""}
}
calendar-list = Расписание ({ $zone }):
    { $games }
calendar-line = { $number }. { calendar-game }, { $date }{ $weekly ->
    [true] , каждую неделю
   *[other] {""}
}

## Что бот делает сам

calendar-announce = Игра: { calendar-game }, { $date } ({ $zone }){ $weekly ->
    [true] , и так каждую неделю
   *[other] {""}
}. В назначенное время бот откроет игру ведущему; команды записываются в игре: { CMD("team") } НАЗВАНИЕ.
calendar-questions = Капитаны: { $deadline } ({ $zone }) закрываются регистрация и вопросы команд, а три вопроса прислали ещё не все: { $teams }. Прислать вопрос: { CMD("question") }.
calendar-fee = Взнос за игру { $date } ({ $fee } с команды) ещё не отмечен { $count ->
    [one] у команды
   *[other] у команд
}: { $teams }. Капитаны платят его до игры.
calendar-day = Напоминание: игра ({ calendar-game }) — { $date } ({ $zone }).
calendar-hour = Через час, в { $date } ({ $zone }), игра: { calendar-game }.
calendar-open = Время игры ({ calendar-game }, { $date }): игра открыта. { $host }, начинайте, когда все на месте.
calendar-open-busy = Время игры ({ calendar-game }, { $date }), но в чате ещё идёт игра. { $host }, когда она закончится, откройте эту: { $format ->
    [duel] { CMD("newgame", "duel") }
    [sync] { CMD("newgame", "sync") }
   *[tv] { CMD("newgame", "tv") }
}.
calendar-league-day = Лига «{ $league }», { league-when }: завтра, { $date } ({ $zone }). Две игры: { $first }-я и { $second }-я игры сезона.
calendar-league-open = Лига «{ $league }», { league-when }: время игры, { $date } ({ $zone }). Играем { $first }-ю и { $second }-ю игры сезона.
