# Апелляции SYNC (rules/sync/appeals.py, RULES.md SYNC-9..SYNC-11).
# $kind — "double" (двойной ответ) или "removal" (снятие); $number — номер вопроса;
# $deadline — время по часовому поясу клуба, как его показывает бот; $team — название команды.

## Почему действие с апелляцией отклонено
sync-appeal-captains-only = Апелляцию от команды подаёт её капитан.
sync-appeal-game-over = Игра окончена: апелляции подаются до её окончания.
sync-appeal-one-per-game = Ваша команда уже подала апелляцию в этой игре (вопрос { $number }): не более одной апелляции от команды за игру.
sync-appeal-no-such-question = Вопрос { $number } в этой игре не задавался.
sync-appeal-own-question = Вопрос { $number } — вопрос вашей команды: задавшая его команда апелляцию на него не подаёт.
sync-appeal-no-text = Напишите в апелляции, в чём дело: по этому тексту жюри её рассматривает.
sync-appeal-already-removed = Вопрос { $number } уже снят: очков за него никто не получает.
sync-appeal-double-no-answer = Ваша команда не сдала ответ на вопрос { $number }: апелляция на двойной ответ подаётся на ответ, не засчитанный ведущими.
sync-appeal-double-not-judged = Ваш ответ на вопрос { $number } ещё не проверен: подайте апелляцию после решения.
sync-appeal-double-was-right = Ваш ответ на вопрос { $number } засчитан: апеллировать нечего.
sync-appeal-double-already-credited = Ваш ответ на вопрос { $number } уже засчитан по принятой апелляции.
sync-appeal-hosts-only = Отложить апелляцию могут только ведущие.
sync-appeal-none = Такой апелляции нет.
sync-appeal-final = Жюри уже решило эту апелляцию: решение окончательно.
sync-appeal-already-deferred = Апелляция уже отложена: жюри решает до { $deadline }.
sync-appeal-evidence-not-deferred = Доказательства прикладываются к апелляции, отложенной для проверки; на месте доводы — это текст апелляции.
sync-appeal-deadline-passed = Срок жюри истёк { $deadline }.
sync-appeal-evidence-empty = Приложите текст или ссылку.
sync-appeal-not-juror = Вы не входите в жюри этой апелляции.
sync-appeal-already-voted = Вы уже проголосовали по этой апелляции: голос подаётся один раз.

## Что бот сообщает об апелляциях
sync-appeal-kind = { $kind ->
        [double] зачёт двойного ответа
       *[removal] снятие вопроса
    }
sync-appeal-filed = { $team } подаёт апелляцию на вопрос { $number }: { sync-appeal-kind }. Решает жюри ({ $jurors } { $jurors ->
        [one] член
        [few] члена
       *[many] членов
    }).
sync-appeal-juror-asked = Вы в жюри: { $team } подаёт апелляцию на вопрос { $number } ({ sync-appeal-kind }): «{ $text }». Принять или отклонить? Голос тайный и подаётся один раз.
sync-appeal-vote-recorded = Ваш голос учтён ({ $cast } из { $jurors }).
sync-appeal-deferred = Апелляция команды { $team } на вопрос { $number } отложена для проверки: жюри решает до { $deadline }. Бремя доказательства лежит на подавшей апелляцию команде: до этого срока она может приложить тексты и ссылки.
sync-appeal-reminder = Напоминание: апелляция команды { $team } на вопрос { $number } ждёт вашего голоса; жюри решает до { $deadline }, а без большинства к этому сроку апелляция отклоняется.
sync-appeal-evidence-added = Команда { $team } приложила доказательства к апелляции на вопрос { $number }.
sync-appeal-accepted-double = Жюри принимает апелляцию команды { $team } на вопрос { $number }: ответ «{ $answer }» засчитывается наряду с авторским. Решение окончательно.
sync-appeal-accepted-removal = Жюри принимает апелляцию команды { $team }: вопрос { $number } снимается, очков за него никто не получает. Решение окончательно.
sync-appeal-rejected = Жюри отклоняет апелляцию команды { $team } на вопрос { $number }. Решение окончательно.
sync-appeal-rejected-deadline = Срок жюри по апелляции команды { $team } на вопрос { $number } истёк без большинства: бремя доказательства лежало на команде, поэтому апелляция отклонена. Решение окончательно.
sync-appeal-provisional = { $count ->
        [one] Открыта { $count } апелляция
        [few] Открыты { $count } апелляции
       *[many] Открыто { $count } апелляций
    }: результат предварительный.
