## Сезон (DUEL-6, 7): /season в чате и chgk-bot season в терминале
season-usage = Команды сезона: { CMD("season") } — таблица; { CMD("season", "create") } НАЗВАНИЕ [after ПРОШЛЫЙ]; { CMD("season", "keeper") } ИМЯ; { CMD("season", "register") } КОМАНДА; { CMD("season", "approve") } КОМАНДА; { CMD("season", "order") }; { CMD("season", "record") }; { CMD("season", "vote") } КОМАНДА: КАПИТАН, КАПИТАН, КАПИТАН; { CMD("season", "vote", "yes") } или { CMD("season", "vote", "no") }.
season-record-usage = Укажите игру (--game ID) или команду, счёт и дату сыгранной вне бота игры (--team КОМАНДА --score 6:3 --date ГГГГ-ММ-ДД).
season-none = Сезонов ещё нет. Создать: { CMD("season", "create") } НАЗВАНИЕ.
season-unknown = Сезона «{ $name }» нет.
season-exists = Сезон «{ $name }» уже есть.
season-created = Сезон «{ $name }» создан. { $format ->
        [sync] В нём складываются очки сыгранных игр синхрона клуба: после каждой игры — { CMD("season", "record") }; тренировки в сезоне не учитываются.
       *[other] { $has_after ->
            [no] Прошлого сезона нет: порядок игр решит жребий.
           *[other] Порядок игр — по таблице сезона «{ $after }».
        }
    }
season-keeper-named = Хранитель традиций сезона «{ $season }» — { $name }.
season-not-host = Это может сделать только ведущий сезона.
season-not-official = Согласие дают ведущий и хранитель сезона.
season-unknown-person = Не знаю никого по имени «{ $name }»: человек должен хоть раз написать боту.
season-ambiguous-person = Людей по имени «{ $name }» несколько ({ $count }): уточните имя.
season-team-disbanded = Команда «{ $team }» расформирована по итогам голосования о честной игре и в играх не участвует.
season-captain-disbanded = Капитан расформированной команды не может возглавить новую: команду «{ $team }» должен вести другой капитан.
season-already-registered = Команда «{ $team }» уже зарегистрирована в сезоне.
season-registered = Команда «{ $team }» зарегистрирована в сезоне «{ $season }».
season-needs-approval = Команда «{ $team }» записана в сезон «{ $season }», но её капитан играл в расформированной команде: играть она сможет, когда согласятся и ведущий, и хранитель ({ CMD("season", "approve") } { $team }).
season-approved = { $who ->
        [host] Ведущий
       *[keeper] Хранитель
    } согласен: команда «{ $team }» может играть в сезоне, когда согласны оба.
season-team-not-registered = Команды «{ $team }» нет в сезоне «{ $season }».
season-no-teams = В сезоне «{ $season }» ещё нет команд, которые могут играть.
season-order = Порядок игр сезона «{ $season }» (жребий: { $seed }):
season-order-line = { $slot }. { $team } — { $place ->
        [0] новая команда, место по жребию
       *[other] { $place }-е место в прошлом сезоне
    }
season-no-game = Игры №{ NUMBER($id, useGrouping: 0) } нет.
season-game-not-finished = Игра №{ NUMBER($id, useGrouping: 0) } ещё не закончена.
season-no-finished-game = В этом чате нет законченной игры дуэли или синхрона: сезон учитывает игру, когда она закончена.
season-game-recorded = Игра №{ NUMBER($id, useGrouping: 0) } уже учтена в сезоне «{ $season }».
season-game-counted = В сезоне «{ $season }» учтена игра команды «{ $team }»: { $team_score }:{ $host_score }{ $decisive ->
        [yes] {" "}(решающий раунд)
       *[no] {""}
    }{ $has_best ->
        [yes] , лучший игрок — { $best }
       *[no] {""}
    }.
season-bad-score = Счёт законченной игры — { $target ->
    [one] { $target } очко
    [few] { $target } очка
   *[other] { $target } очков
} у одной стороны и меньше у другой, например 6:3.
season-bad-decisive-score = Решающий раунд заканчивается со счётом { $target }:0 или 0:{ $target }.
season-standings-title = Сезон «{ $season }»: турнирная таблица
season-standings-empty = Игр ещё не было.
season-col-place = №
season-col-team = Команда
season-col-score = Счёт
season-col-result = Итог
season-col-date = Дата
season-col-best = Лучший игрок
season-result = { $won ->
        [yes] победа
       *[no] поражение
    }{ $decisive ->
        [yes] {" "}в решающем раунде
       *[no] {""}
    }{ $games ->
        [1] {""}
       *[other] {" "}(игр: { $games })
    }{ $disbanded ->
        [yes] , расформирована
       *[no] {""}
    }
season-finalist = В финале сезона играет команда «{ $team }»: она выиграла свою игру с лучшим счётом.
season-finalist-best-players = Ни одна команда не выиграла свою игру: в финале играет сборная лучших игроков сезона — { $names }.
season-list-line = { NUMBER($id, useGrouping: 0) }. { $name }
season-vote-needs-officials = У сезона должны быть ведущий и хранитель: они голосуют о честной игре.
season-vote-few-captains = В голосовании участвуют не меньше { $count ->
    [one] { $count } капитана
   *[other] { $count } капитанов
}.
season-vote-duplicate = Каждый участник голосования — один раз; ведущий и хранитель не голосуют как капитаны.
season-vote-even = { $count ->
    [one] В голосовании { $count } участник
    [few] В голосовании { $count } участника
   *[other] В голосовании { $count } участников
} — нужно нечётное число: добавьте или уберите капитана.
season-vote-not-captain = { $name } не капитан команды этого сезона.
season-vote-open-already = О команде «{ $team }» уже идёт голосование.
season-vote-opened = Голосование №{ NUMBER($id, useGrouping: 0) }: была ли нарушена честная игра командой «{ $team }»? Голосуют открыто: { $voters }. Ответ: { CMD("season", "vote", "yes") } (нарушена) или { CMD("season", "vote", "no") } (нет).
season-no-vote = Для вас нет открытого голосования.
season-vote-already = Вы уже проголосовали.
season-ballot = { $name } голосует: { $violated ->
        [yes] честная игра нарушена
       *[no] нарушения не было
    } (команда «{ $team }»).
season-vote-result = Итог голосования о команде «{ $team }»: { $against } — нарушение, { $cleared } — нет. { $violated ->
        [yes] Команда «{ $team }» расформирована: голосование признало, что честная игра нарушена. Её игроки могут играть в других командах; новая команда из них под руководством другого капитана — только с согласия ведущего и хранителя.
       *[no] Нарушения нет: команда продолжает играть.
    }

## Только в терминале (chgk-bot season)
season-none-terminal = Сезонов ещё нет. Создать: chgk-bot season create НАЗВАНИЕ.
season-needs-approval-terminal = Команда «{ $team }» записана в сезон «{ $season }», но её капитан играл в расформированной команде: играть она сможет, когда согласятся и ведущий, и хранитель (chgk-bot season approve "{ $season }" "{ $team }" --as host, затем --as keeper).
season-vote-opened-terminal = Голосование №{ NUMBER($id, useGrouping: 0) }: была ли нарушена честная игра командой «{ $team }»? Голосуют открыто: { $voters }. Голос каждого: chgk-bot season vote cast { NUMBER($id, useGrouping: 0) } ИМЯ yes (нарушена) или no.
season-unknown-person-terminal = Не знаю никого по имени «{ $name }».
season-person-created = «{ $name }» — новый человек: записан по имени.
season-member-added = { $name } записан(а) игроком команды «{ $team }».
season-record-needs-date = Укажите дату игры: --date ГГГГ-ММ-ДД. Из двух равных побед в финал выходит более поздняя.
season-date-future = Дата { $date } ещё не наступила.
season-same-game = Игра команды «{ $team }» со счётом { $team_score }:{ $host_score } от { $date } уже учтена в сезоне «{ $season }». Если это вторая такая игра, добавьте --again.
season-same-moment = «{ $team }» выиграла { $team_score }:{ $host_score } в тот же момент ({ $when } UTC). Из двух равных побед в финал идёт более поздняя: укажите, когда закончилась эта игра, например --date { $date }T21:40.
season-training-game = Игра №{ NUMBER($id, useGrouping: 0) } — тренировочная ({ $format ->
    [sync] { CMD("announce") } … training
   *[other] { CMD("start", "training") }
}): в сезоне она не учитывается.
season-no-approval-needed = Команде «{ $team }» согласие ведущего и хранителя не нужно: она может играть.
season-name-too-long = Имя человека — не длиннее { $max ->
    [one] { $max } символа
   *[other] { $max } символов
}.
season-format-not-counted = Игра №{ NUMBER($id, useGrouping: 0) } — формата { $format }: сезоны учитывают игры «Дуэли» и синхрона.
season-other-format = Игра №{ NUMBER($id, useGrouping: 0) } — формата { $format }, а сезон «{ $season }» учитывает игры формата { $season_format }: в одном сезоне игры одного формата.
season-game-not-counted = У игры №{ NUMBER($id, useGrouping: 0) } нет результата, который мог бы учесть сезон.
season-points-game-counted = В сезоне «{ $season }» учтена игра №{ NUMBER($id, useGrouping: 0) }: { $teams ->
    [one] { $teams } команда
    [few] { $teams } команды
   *[many] { $teams } команд
}, победитель — { $winners }.
season-record-needs-game = Сезон «{ $season }» учитывает игры, сыгранные в боте: укажите игру (--game ID).
season-points-title = Сезон «{ $season }»: таблица очков после { $games ->
    [one] { $games } игры
   *[other] { $games } игр
}
season-col-points = Очки
season-col-games = Игры
season-col-answered = Ответы
season-col-unpaid = Долг по взносам
season-next-duty = { $has_duty ->
    [yes] Дежурит на следующей игре: { $team }.
   *[no] Дежурной команды пока нет.
}
season-next-fee = Взнос на следующую игру: { $fee } с команды.
season-rating-written = Файлы рейтинга сезона «{ $season }»: { $games ->
    [0] игр синхрона нет.
    [one] { $games } игра записана в { $folder }.
    [few] { $games } игры записаны в { $folder }.
   *[many] { $games } игр записано в { $folder }.
}
season-rating-game = Игра №{ NUMBER($id, useGrouping: 0) }: { $file }, { $roster }.
