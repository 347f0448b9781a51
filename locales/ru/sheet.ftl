## Бланк ответов и стол жюри (мини-приложение Telegram или страница по личной ссылке)
sheet-title = Бланк ответов
sheet-js-title = Бланк ответов
sheet-js-field = Ответ вашей команды
sheet-js-send = Сдать
sheet-js-desk = Стол жюри
sheet-js-offline = Нет связи с ботом. Проверьте интернет и попробуйте ещё раз.
sheet-js-left = Осталось: { $time }
sheet-js-accept = Верно
sheet-js-reject = Неверно
sheet-js-auto = решил бот
sheet-js-suggest-accept = бот предлагает: верно
sheet-js-suggest-reject = бот предлагает: неверно
sheet-js-suggest-unsure = бот не уверен
sheet-js-verdict-accept = засчитано
sheet-js-verdict-reject = не засчитано
sheet-js-appeals = Апелляции
sheet-js-vote-yes = Принять апелляцию
sheet-js-vote-no = Отклонить апелляцию
sheet-js-defer = Отложить для проверки
sheet-js-queue = Открыть ответы столов клуба для проверки
sheet-role-host = Вы ведёте эту игру.
sheet-role-captain = Вы капитан команды «{ $team }».
sheet-role-answerer = Вы сдаёте ответы команды «{ $team }».
sheet-role-player = Вы играете за «{ $team }»: ответы сдаёт ваш капитан.
sheet-tv-role-member = Вы играете за «{ $team }»: ответ команды может сдать любой её игрок.
sheet-question-open = Вопрос { $number }: ответы принимаются.
sheet-question-reading = Вопрос { $number } отправляется в чат.
sheet-question-closed = Вопрос { $number }: приём ответов закрыт.
sheet-no-question = Вопросов ещё не было.
sheet-clock-paused = Время остановлено.
sheet-receipt = Принято: «{ $text }», в { $time } UTC. Засчитывается последний ответ до конца времени.
sheet-answer-given = Ответ вашей команды: «{ $text }», принят в { $time } UTC.
sheet-no-answer = Ваша команда не сдала ответ на этот вопрос.
sheet-team-sits-out = Ваша команда не отвечает на этот вопрос.
sheet-tv-central = Ваша команда за центральным столом: она отвечает вслух, письменный ответ не сдаёт.
sheet-verdict-pending = Ведущие ещё проверяют.
sheet-verdict-right = Засчитано.
sheet-verdict-wrong = Не засчитано.
sheet-line = Ваша команда: { $place } место из { $teams }, { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[other] { $points } очков
    }.
desk-window-open = Ответы на вопрос { $number } ещё принимаются: они появятся здесь после закрытия приёма.
desk-question = Вопрос { $number }, авторский ответ: { $answer }
desk-tv-queue = Столы клуба сдали { $count ->
        [one] { $count } ответ
        [few] { $count } ответа
       *[other] { $count } ответов
    } на вопрос { $number }: откройте их для проверки, и они появятся здесь по группам.
desk-accepted = Зачёт: { $lines }
desk-rejected = Незачёт: { $lines }
desk-appeal-heading = «{ $team }», вопрос { $number }: { sync-appeal-kind }
desk-appeal-answer = Ответ команды: «{ $answer }»
desk-appeal-evidence = Доказательства: { $text }
desk-appeal-deferred = Отложена для проверки: жюри решает до { $deadline } UTC.
desk-appeal-votes = Проголосовали: { $cast } из { $jurors }.
desk-appeal-accepted = Жюри приняло апелляцию; решение окончательно.
desk-appeal-rejected = Жюри отклонило апелляцию; решение окончательно.
desk-group-teams = { $count ->
        [one] { $count } команда
        [few] { $count } команды
       *[other] { $count } команд
    }
desk-left = { $count ->
        [0] Все группы проверены.
        [one] Осталось проверить { $count } группу.
        [few] Осталось проверить { $count } группы.
       *[other] Осталось проверить { $count } групп.
    }
sheet-link-group = Бланк ответов этой игры (капитаны сдают ответы, ведущие проверяют): { $url }
sheet-ask-privately = Личная ссылка на бланк ответов приходит в личном чате с ботом: отправьте ему там эту же команду. Никому её не давайте: по ней сдают ответы от вашего имени.
sheet-link-personal = Ваша личная ссылка на бланк ответов, действует 12 часов. Никому её не давайте: по ней сдают ответы от вашего имени. { $url }
sheet-no-game-of-yours = Вы не участвуете ни в одной идущей игре с бланком ответов: бланк — для команд и ведущих синхронной игры и игры по телевизионным правилам.
sheet-no-game = Ссылка не ведёт ни к одной игре. Откройте бланк заново по ссылке в чате вашей игры.
sheet-refused-signature = Подпись Telegram у этой страницы не сходится: откройте бланк заново по ссылке в чате вашей игры.
sheet-refused-stale = Страница открыта слишком давно: закройте её и откройте бланк заново по ссылке в чате вашей игры.
sheet-refused-link = Ссылка недействительна: попросите у бота новую в вашей игре.
sheet-refused-expired = Срок ссылки истёк: попросите у бота новую в вашей игре.
sheet-refused-replayed = Этот запрос уже был получен: повторно ничего не сделано.
sheet-format-unsupported = В этой игре нет бланка ответов: ответы дают в чате.
sheet-refused-stranger = Вы не участвуете в этой игре: этой страницей пользуются только её команды и ведущие.
sheet-not-allowed = Это может сделать только { $roles }.
sheet-bad-request = Страница прислала то, что бот не может прочесть: обновите страницу и попробуйте ещё раз.
