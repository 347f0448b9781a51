## Живые страницы с таблицей и команда /board
board-link = Живая таблица этой игры: { $url }
board-link-season = Живая таблица сезона «{ $season }»: { $url }
board-off = Страницы с таблицей выключены: их включает владелец бота настройкой CHGK_BOARD_PORT.
board-no-game = В этом чате ещё нет игры: таблица показывает игру группового чата.
usage-board = { CMD("board") } — ссылка на таблицу этой игры; { CMD("board", "season") } [НАЗВАНИЕ] — таблица сезона.
board-not-found = Такой страницы нет.
board-too-many-feeds = С вашего адреса открыто слишком много страниц табло. Закройте лишние и обновите страницу через минуту.
board-offline = Связь потеряна: переподключаемся…
board-clock = Осталось:
board-clock-paused = Время остановлено: { $seconds ->
        [one] осталась { $seconds } секунда
        [few] осталось { $seconds } секунды
       *[other] осталось { $seconds } секунд
    }.
board-lobby = Игра ещё не началась.
board-aborted = Игра остановлена.
board-none-played = Ещё не сыграно ни одного вопроса.
board-no-teams = Ещё не зарегистрировалась ни одна команда.
board-col-number = №
board-col-answerer = Отвечал
board-col-answer = Ответ
board-col-verdict = Вердикт
board-col-appeal = Апелляция
board-col-place = Место
board-col-team = Команда
board-col-total = Сумма
board-col-points = Очки
board-col-player = Игрок
board-col-sector = Сектор
board-verdict-right = верно
board-verdict-wrong = неверно
board-appeal-pending = у хранителя
board-appeal-upheld = вердикт оставлен
board-appeal-overturned = вердикт изменён
board-appeal-waiting = Апелляция ждёт решения хранителя.
board-answer-given = Ответ дал(а) { $name }; ведущий выносит вердикт.
board-duel-title = ДУЭЛЬ: «{ $team }» против ведущего
board-duel-score = { $team_score } : { $host_score }
board-duel-played = Сыгранные вопросы
board-duel-question = Вопрос { $number }: { $phase ->
        [reading] читается
        [discussion] обсуждение
        [naming] кто отвечает?
        [answering] ответ
        [judging] ведущий выносит вердикт
       *[other] в игре
    }
board-duel-winner = { $side ->
        [team] Победа знатоков!
        [host] Победа ведущего.
       *[other] Игра окончена.
    }
board-tv-title = Что? Где? Когда? — клубная игра
board-tv-score = Знатоки { $experts } : { $viewers } телезрители
board-tv-central = За центральным столом: { $team ->
        [none] пока никого
       *[other] «{ $team }»
    }
board-tv-before = Сидели раньше: { $teams }
board-tv-top = Волчок указал: сектор { $sector }
board-tv-rounds = Сыгранные конверты
board-tv-clubs = Столы клуба
board-tv-ratings = Рейтинг игроков
board-tv-winner = { $side ->
        [experts] Победа знатоков!
        [viewers] Победа телезрителей.
       *[other] Игра окончена.
    }
board-sync-title = Синхрон: { $teams ->
        [one] { $teams } команда
        [few] { $teams } команды
       *[other] { $teams } команд
    }
board-sync-question = Играется вопрос { $number }.
board-sync-tour = Т{ $number }
board-sync-provisional = Предварительно: ещё открыты вердикты или апелляции.
board-sync-legend = 1 верно, 0 неверно, ? ждёт решения, X снят, - свой вопрос команды; Т — очки за тур.
board-sync-winner = Итоговая таблица. Победитель: { $teams }.
board-season-title = Сезон «{ $season }»: таблица
board-serving = Страницы с таблицей доступны по адресу { $url } (ссылка на страницу игры: { CMD("board") } в чате игры).
startup-board-port = Страницы с таблицей не могут занять { $host }:{ $port } ({ $error }). Освободите этот порт или укажите в CHGK_BOARD_PORT другой и запустите снова.
