## Сервис и роли
no-game-here = Здесь сейчас нет игры. Ведущий может начать её командой /newgame duel.
game-over = Игра уже закончена.
not-allowed = Команду «{ $command }» может давать только: { $roles }.
role-host = ведущий
role-keeper = хранитель традиций
role-captain = капитан
role-player = игрок
role-helper = помощь клуба
role-spectator = зритель
newgame-in-group = Новую игру начинают в общем чате игры, а не в личных сообщениях.
newgame-unknown-format = Такого формата нет. Доступны: { $formats }.
newgame-game-running = Здесь уже идёт игра. Ведущий может прервать её командой /abort.
help-no-game = Игры здесь нет. Начать: /newgame duel (вы станете ведущим).
help = Ваши роли: { $roles }.
    Команды:
    { $commands }
unknown-command = Не знаю команды «{ $command }». Список команд: /help
unknown-player = Не нашёл участника «{ $name }». Имя пишется так, как оно видно в игре.
suggestion-none = Подсказки нет: вопрос не найден в пакете.

## Как пользоваться командами
usage-team = /team НАЗВАНИЕ — зарегистрировать команду (вы станете капитаном)
usage-join = /join НАЗВАНИЕ — войти в команду
usage-captain = /captain ИМЯ — передать капитанство игроку своей команды
usage-keeper = /keeper ИМЯ — назначить хранителя традиций
usage-cohost = /cohost ИМЯ — назначить соведущего
usage-takeover = /takeover — администратор чата становится ведущим вместо ушедшего
usage-questions = /questions N N … — выбрать 12 вопросов пакета для игры (номера по порядку в пакете)
usage-start = /start — начать игру (/start anyway — если игроков меньше шести)
usage-pick = /pick N или просто N — выбрать вопрос (1–12)
usage-pause = /pause — остановить время
usage-resume = /resume — продолжить время
usage-answerer = /answerer ИМЯ — назвать отвечающего игрока
usage-answer = /answer ТЕКСТ — дать ответ (или просто напишите его боту в личные сообщения)
usage-accept = /accept — засчитать ответ
usage-reject = /reject — не засчитать ответ
usage-appeal = /appeal — подать апелляцию хранителю на последнее решение
usage-uphold = /uphold — оставить решение ведущего в силе
usage-overturn = /overturn — изменить решение ведущего
usage-best = /best question N — лучший вопрос; /best player ИМЯ — лучший игрок
usage-abort = /abort — прервать игру без результата
usage-score = /score — счёт
usage-help = /help — что вы можете сделать

## Состав
roster-closed = Игра уже началась: новые команды не регистрируются.
roster-already-in-team = Вы уже в команде «{ $team }».
roster-team-exists = Команда «{ $team }» уже зарегистрирована в этой игре: войдите в неё командой /join { $team }.
roster-too-many-teams = В этой игре может играть { $count ->
    [one] только { $count } команда
   *[other] не больше { $count } команд
}.
roster-no-such-team = Команды «{ $team }» в этой игре нет.
roster-not-a-member = { $name } не играет ни в одной команде этой игры.
roster-not-your-team = Капитанство передаёт капитан этой команды или ведущий.
roster-keeper-plays = { $name } играет в команде и не может быть хранителем.
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

## DUEL: отказы
duel-not-naming = Отвечающего называют после сигнала об окончании обсуждения.
duel-answerer-not-in-team = { $name } не играет за команду.
duel-not-answering = Сейчас ответ не принимается.
duel-not-the-answerer = Отвечает { $name }: ответ принимается только от него.
duel-empty-answer = Ответ пустой.
duel-nothing-to-judge = Сейчас нет ответа, который нужно оценить.
duel-already-started = Игра уже началась.
duel-select-out-of-range = В пакете нет вопроса { $number }: номера от 1 до { $count }.
duel-select-count = Нужно ровно { $count } разных номеров.
duel-no-team = Сначала команда должна зарегистрироваться: /team НАЗВАНИЕ.
duel-too-few-players = В команде { $count }, а по правилам нужно не меньше { $min } игроков. Если хранитель согласен, начните командой /start anyway.
duel-no-package = Пакета ещё нет: пришлите файл пакета в этот чат.
duel-package-too-small = В пакете { $count } вопросов, а для игры нужно { $need }.
duel-not-choosing = Сейчас вопрос не выбирают.
duel-appeal-pending = Сначала хранитель решает апелляцию.
duel-number-out-of-range = Номер вопроса — от 1 до { $count }.
duel-number-played = Вопрос { $number } уже сыгран.
duel-clock-not-running = Время сейчас не идёт.
duel-clock-already-paused = Время уже остановлено.
duel-clock-not-paused = Время не остановлено.
duel-no-verdict-to-appeal = Апеллировать можно только последнее решение ведущего, до выбора следующего вопроса.
duel-already-appealed = Решение по вопросу { $number } уже пересматривалось.
duel-no-keeper = Хранитель традиций не назначен: апелляцию некому рассмотреть.
duel-no-appeal-pending = Апелляции нет.
duel-not-voting = Голосование начинается после окончания игры.
duel-best-question-invalid = Лучший вопрос выбирают из тех, что команда не взяла: { $numbers }.

## DUEL: ход игры
duel-created = Игра «Дуэль» открыта. Ведущий — { $host }. Пакет: { $package } ({ $count } вопр.; в игре { $need }).
    Капитан регистрирует команду: /team НАЗВАНИЕ; игроки входят: /join НАЗВАНИЕ (нужно не меньше { $min }). Ведущий начинает: /start.
duel-package-attached = Пакет для игры выбран: { $count } вопр.
duel-questions-selected = Ведущий выбрал { $count } вопросов для игры.
duel-started = Игра началась! Команда «{ $team }» против ведущего, до 6 очков.
duel-choose = { $captain }, выберите вопрос: { $numbers }.
duel-question = Вопрос { $number }.
    { $text }
question-handout = Раздаточный материал: { $text }
question-picture = Картинка: { $url }
question-audio = Звук: { $url }
duel-discussion = Время пошло: { $seconds } секунд обсуждения.
signal-warning = Осталось { $seconds } секунд!
signal-time = Время!
duel-name-answerer = { $captain }, кто отвечает? /answerer ИМЯ
duel-paused = Время остановлено, осталось { $seconds } с. Продолжить: /resume
duel-paused-downtime = Бот был недоступен, и время истекло без него. Игра на паузе, осталось { $seconds } с. Ведущий продолжит её командой /resume.
duel-paused-downtime-host = Бот перезапускался во время обсуждения. Игра на паузе (осталось { $seconds } с). Когда команда готова — /resume.
duel-resumed = Время снова идёт: осталось { $seconds } с.
duel-answerer-named = Отвечает { $name }.
duel-your-turn = Ваш ответ, пожалуйста: напишите его сюда.
answer-received = Ответ принят: «{ $text }».
duel-answer-given = { $name } отвечает: «{ $text }». Слово ведущему.
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
duel-appeal-filed = Капитан подал апелляцию на решение по вопросу { $number }. Слово хранителю ({ $keeper }): /uphold или /overturn.
duel-appeal-upheld = Хранитель оставил решение по вопросу { $number } в силе. Счёт { $team_score }:{ $host_score }.
duel-appeal-overturned = { $own ->
    [true] Хранитель сам пересмотрел решение по вопросу { $number }.
   *[false] Апелляция удовлетворена: решение по вопросу { $number } изменено.
} Счёт { $team_score }:{ $host_score }.
duel-won = { $winner ->
    [team] Победа знатоков! Команда «{ $team }» выиграла со счётом { $team_score }:{ $host_score }.
   *[host] Победил ведущий со счётом { $host_score }:{ $team_score }.
}
duel-vote = { $has_questions ->
    [yes] Команда выбирает лучший вопрос (из невзятых: { $numbers }) — /best question N — и лучшего игрока — /best player ИМЯ.
   *[no] Команда выбирает лучшего игрока: /best player ИМЯ.
}
duel-reopened = Решение изменено: игра продолжается. Счёт { $team_score }:{ $host_score }.
duel-best-question = Лучший вопрос игры — { $number }.
duel-best-player = Лучший игрок — { $name }.
duel-finished = Игра окончена: { $winner ->
    [team] победили знатоки
   *[host] победил ведущий
}, { $team_score }:{ $host_score }. Лучший вопрос — { $best_question }, лучший игрок — { $best_player }. Апелляции после игры не принимаются.
duel-aborted = Ведущий прервал игру. Счёт на момент остановки { $team_score }:{ $host_score }.
duel-score = Счёт: команда «{ $team }» { $team_score } — ведущий { $host_score }.

## Пакеты, присланные в чат
package-loaded = Пакет «{ $title }» загружен: { $count } вопр.
    Замечания: { $problems }
package-unusable = Пакет { $file } нельзя использовать:
    { $problems }
package-not-host = Пакет сохранён, но выбрать его для идущей игры может только ведущий.

## Кнопки
button-accept = Засчитать
button-reject = Не засчитывать
button-resume = Продолжить

## Консоль
console-bad-line = Не понял строку «{ $line }». Пишите «ИМЯ: текст», «ИМЯ (dm): текст» или «:sleep N».
console-package-unusable = Пакет { $file } нельзя использовать:
console-resumed = Продолжаем незаконченную игру №{ $id }.
console-help = Строки вида «ИМЯ: команда» — сообщение в чат игры, «ИМЯ (dm): текст» — личное сообщение боту; «host» — ведущий. «host: /help» покажет команды. Конец ввода (Ctrl-D) — выход.
console-final = Итог. { $score }
run-console = Токенов Telegram и Discord нет: запускаю игру в консоли на встроенном пакете.
