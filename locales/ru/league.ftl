## Клубная лига ТВ (TV-7, TV-8, TV-12..TV-14): /league в чате и chgk-bot league в терминале
league-when = { $day ->
        [6] финал
       *[other] день { $day }, { $session ->
            [0] воскресенье
           *[other] среда
        }
    }
league-usage = Команды лиги (ДЕНЬ — 1..5, СЕССИЯ — вс или ср, время — по часовому поясу клуба): { CMD("league") } — таблица; { CMD("league", "create") } НАЗВАНИЕ; { CMD("league", "admin") } ИМЯ; { CMD("league", "join") }; { CMD("league", "approve") } ИМЯ; { CMD("league", "refuse") } ИМЯ; { CMD("league", "end") } ИМЯ; { CMD("league", "members") }; { CMD("league", "plan") } ГГГГ-ММ-ДД ЧЧ:ММ [СТОЛОВ]; { CMD("league", "days") }; { CMD("league", "register") } ДЕНЬ СЕССИЯ [ИМЯ]; { CMD("league", "withdraw") } ДЕНЬ СЕССИЯ [ИМЯ]; { CMD("league", "team") } ДЕНЬ СЕССИЯ КОМАНДА: ИМЯ, ИМЯ, …; { CMD("league", "fee") } ДЕНЬ СЕССИЯ ИМЯ|КОМАНДА да|нет; { CMD("league", "teams") } ДЕНЬ СЕССИЯ; { CMD("league", "move") } ДЕНЬ СЕССИЯ ИМЯ N; { CMD("league", "record") } ДЕНЬ СЕССИЯ|финал; { CMD("league", "final") } [ИМЯ, … / ИМЯ, …]; { CMD("league", "decline") } ИМЯ; { CMD("league", "select") } ИМЯ, …; { CMD("league", "add") } ИМЯ, …; { CMD("league", "best") } ИМЯ.
usage-league = { CMD("league") } — клубная лига: таблица сезона; { CMD("league", "join") } — попросить принять в члены клуба; { CMD("league", "register") } ДЕНЬ СЕССИЯ — записаться на игровой день
league-none = Лиг пока нет. Создать: { CMD("league", "create") } НАЗВАНИЕ.
league-none-terminal = Лиг пока нет. Создать: chgk-bot league create НАЗВАНИЕ.
league-unknown = Лиги «{ $name }» нет.
league-exists = Лига «{ $name }» уже есть.
league-created = Лига «{ $name }» создана; вы — её администрация.
league-not-admin = Это делает только администрация клуба.
league-unknown-person = Не знаю никого по имени «{ $name }»: человек должен хотя бы раз написать боту.
league-ambiguous-person = Людей с именем «{ $name }» несколько ({ $count }): уточните.
league-admin-added = { $name } теперь в администрации клуба.
league-applied = { $name } просит принять в члены клуба; решает администрация.
league-already-applied = Ваша заявка уже ждёт решения администрации.
league-already-member = Уже член клуба.
league-approved = { $name } — член клуба: бесплатно и бессрочно.
league-refused = Заявка { $name } отклонена.
league-not-applicant = Этот человек не подавал заявку.
league-ended = Членство { $name } прекращено.
league-not-member = Этот человек не член клуба.
league-members = { $count ->
        [one] { $count } член клуба
        [few] { $count } члена клуба
       *[other] { $count } членов клуба
    }: { $names }. { $waiting ->
        [0] Заявок нет.
        [one] { $waiting } заявка: { $applicants }.
        [few] { $waiting } заявки: { $applicants }.
       *[other] { $waiting } заявок: { $applicants }.
    }
league-not-planned = Игровые дни сезона ещё не назначены: { CMD("league", "plan") } ГГГГ-ММ-ДД ЧЧ:ММ.
league-plan-not-sunday = Первый игровой день — воскресенье: укажите дату воскресенья.
league-plan-played = Игры уже записаны: план менять поздно.
league-schedule = Игровые дни лиги «{ $league }» (время клуба):
league-session-line = { $when }: { $start }
league-no-day = Игрового дня { $day } нет.
league-no-session = Сессии «{ $when }» нет.
league-package-set = Игровой день { $day } играет одни и те же вопросы в обеих сессиях.
league-package-played = Игровой день { $day } уже сыгран на других вопросах: они остаются.
league-wrong-package = Эта игра сыграна не на вопросах игрового дня { $day }: обе сессии дня играют одни и те же вопросы.
league-registration-closed = Запись на «{ $when }» закрыта: игра началась.
league-final-no-registration = На финал не записываются: его команды составляются по итогам сезона.
league-registered = { $name } записан(а) на «{ $when }».
league-withdrawn = { $name } больше не записан(а) на «{ $when }».
league-not-registered = Этот человек туда не записан.
league-day-registered = Уже записан(а) на игровой день { $day }: две его сессии играют разные команды.
league-team-size = В сложившейся команде от 1 до { $count } игроков, капитан среди них.
league-team-exists = Команда «{ $team }» туда уже записана.
league-team-not-members = Все игроки сложившейся команды должны быть членами клуба.
league-team-registered = Сложившаяся команда «{ $team }» записана на «{ $when }» ({ $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[other] { $count } игроков
    }: { $names }); командный взнос — на месте.
league-fee = Взнос { $payer }: { $paid ->
        [yes] оплачен
       *[no] не оплачен
    }.
league-fee-unknown = Такого имени среди записавшихся нет.
league-teams-title = Команды на «{ $when }»:
league-team-line = { $number }. { $preformed ->
        [no] сборная из записавшихся поодиночке
       *[other] «{ $team }» (сложившаяся, взнос { $paid ->
            [yes] оплачен
            [no] не оплачен
           *[other] не отмечен
        })
    } — { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[other] { $count } игроков
    }: { $names }
league-waiting = Ждут ({ $count }): { $names }
league-no-proposal = Команды ещё не предложены: { CMD("league", "teams") } ДЕНЬ СЕССИЯ.
league-no-team-number = Укажите номер команды от 1 до { $count } или 0 — в список ожидания.
league-preformed-player = Игрок сложившейся команды не играет за другие команды.
league-team-full = В этой команде уже { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[other] { $count } игроков
    }.
league-no-game = Игры №{ NUMBER($id, useGrouping: 0) } нет.
league-not-tv = Игра №{ NUMBER($id, useGrouping: 0) } — не игра ТВ.
league-game-not-finished = Игра №{ NUMBER($id, useGrouping: 0) } ещё не окончена.
league-training-game = Игра №{ NUMBER($id, useGrouping: 0) } была тренировочной и никуда не засчитывается.
league-no-finished-game = В этом чате нет оконченной игры ТВ.
league-game-recorded = Игра №{ NUMBER($id, useGrouping: 0) } уже засчитана.
league-session-full = В этой сессии уже { $count ->
        [one] { $count } игра
        [few] { $count } игры
       *[other] { $count } игр
    }.
league-game-counted = Игра №{ NUMBER($id, useGrouping: 0) } засчитана: «{ $when }», знатоки { $experts } — телезрители { $viewers }, лучший игрок { $best }{ $team ->
        [club] {" "}(команда клуба)
        [central] {" "}(команда центрального стола)
       *[other] {""}
    }.
league-standings-title = «{ $league }»: таблица сезона ({ $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[other] { $games } игр
    })
league-standings-empty = Ни одна игра ещё не засчитана.
league-col-place = место
league-col-player = игрок
league-col-points = очки
league-best-players = Лучшие игроки центрального стола ({ $count }): { $names }
league-final-not-formed = Команды финала ещё не составлены: { CMD("league", "final") } ИМЯ, … (команда центрального стола) [/ ИМЯ, … (до 3 остальных лучших игроков — в команду клуба)].
league-final-formed = Команды финала уже составлены.
league-final-teams = Команда центрального стола: { $central }. Команда клуба: { $club }.
league-final-central-six = В команде центрального стола 6 игроков: { $count ->
        [one] лучший игрок центрального стола — { $count }
        [few] лучших игрока центрального стола — { $count }
       *[other] лучших игроков центрального стола — { $count }
    }, назовите шестерых{ $count ->
        [6] {""} (или никого: это они)
       *[other] {""}
    }.
league-final-central-not-best = Если лучших игроков центрального стола больше шести, команда — шестеро из них.
league-final-central-all-best = Если лучших игроков центрального стола меньше шести, в команде все они, и она дополняется до шести.
league-final-extras-too-many = В команду клуба могут войти до 3 остальных лучших игроков.
league-final-extras-not-best = Так в команду клуба входят только лучшие игроки центрального стола, не попавшие в его команду.
league-final-not-member = Все финалисты должны быть членами клуба.
league-not-finalist = Этого человека нет ни в одной команде финала.
league-declined = { $name } отказывается от места в команде финала.
league-selection = Отборочная игра за { $count ->
        [one] { $count } место
        [few] { $count } места
       *[other] { $count } мест
    } в команде клуба, играют: { $names }. Запишите победителей: { CMD("league", "select") } ИМЯ, …
league-final-free = { $count ->
        [0] В этой команде мест нет.
        [one] В этой команде { $count } свободное место.
        [few] В этой команде { $count } свободных места.
       *[other] В этой команде { $count } свободных мест.
    }
league-final-not-candidate = Эти игроки не могут занять это место: в команду клуба — участники отборочной игры, в команду центрального стола — члены клуба вне команд финала.
league-final-winner = { $team ->
        [club] Финал выиграла команда клуба.
        [central] Финал выиграла команда центрального стола.
       *[none] Ни одна команда не обыграла телезрителей: победителя финала нет.
    }
league-season-best = Лучший игрок сезона («Хрустальный сфинкс»): { $name }.
league-reminder = «{ $league }»: «{ $when }» начинается { $start }. Записаны ({ $count }): { $names }.
