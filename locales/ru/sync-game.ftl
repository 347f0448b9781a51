# SYNC: отказы ведущему и командам во время игры (RULES.md SYNC-5..SYNC-8).

sync-no-keeper = В синхронной игре нет хранителя: апелляции решает жюри.
sync-round-running = Раунд ещё идёт: следующий его вопрос — { CMD("ask") }; следующий раунд начинается после последнего вопроса этого.
sync-no-more-rounds = { $count ->
    [one] В игре не больше { $count } раунда.
   *[other] В игре не больше { $count } раундов.
}
sync-no-teams = Ни одна команда не зарегистрирована.
sync-round-kind = Укажите либо вопросы организаторов: { CMD("round") } N N …, либо сколько вопросов задаёт каждая команда: { CMD("round", "teams") } K.
sync-round-one-organisers = { $count ->
    [one] Первый раунд — не больше { $count } вопроса организаторов
   *[other] Первый раунд — не больше { $count } вопросов организаторов
}: { CMD("round") } N N ….
sync-round-two-teams = Второй раунд — вопросы команд: { CMD("round", "teams") } K (K вопросов от каждой команды).
sync-per-team = { $count ->
    [one] Каждая команда задаёт от одного до { $count } вопроса
   *[other] Каждая команда задаёт от одного до { $count } вопросов
}: { CMD("round", "teams") } K.
sync-not-in-package = Вопроса { $number } нет в пакете.
sync-question-reused = Вопрос { $number } уже задан в этой игре.
sync-shootout-hosts-questions = В перестрелке задаются вопросы ведущих: укажите номер вопроса пакета ({ CMD("ask") } N).
sync-not-between-questions = { $phase ->
    [lobby] Сначала начните раунд: { CMD("round") } N N ….
    [break] Раунд окончен: следующий раунд — { CMD("round") }, конец игры — { CMD("endgame") }.
    [judging] Сначала оцените ответы на прошлый вопрос: { CMD("accept") } N или { CMD("reject") } N.
   *[other] Вопрос ещё идёт: следующий задаётся, когда ответы на этот оценены.
}
sync-organisers-round = Это раунд вопросов организаторов: следующий задаётся командой { CMD("ask") } без номера.
sync-name-asking-team = Укажите команду, которая задаёт вопрос: { CMD("ask") } КОМАНДА N.
sync-team-asked-enough = { $count ->
    [one] Команда «{ $team }» уже задала свой { $count } вопрос в этом раунде.
    [few] Команда «{ $team }» уже задала свои { $count } вопроса в этом раунде.
   *[other] Команда «{ $team }» уже задала свои { $count } вопросов в этом раунде.
}
sync-not-in-break = Игру можно закончить только в перерыве после раунда.
sync-too-few-rounds = { $count ->
    [one] В игре должен быть хотя бы { $count } раунд.
    [few] В игре должно быть хотя бы { $count } раунда.
   *[other] В игре должно быть хотя бы { $count } раундов.
}
sync-no-question-to-repeat = Сейчас нет вопроса, который можно повторить.
sync-not-in-shootout = Команда «{ $team }» не участвует в перестрелке.
sync-not-judging = Сейчас ответы не судятся.
sync-clarify-not-now = Пояснение можно попросить после того, как ответы собраны.
sync-clarify-not-member = { $name } не играет за команду «{ $team }».
sync-clarify-no-answer = Команда «{ $team }» не сдала ответ на этот вопрос.
sync-clarify-once = Команду «{ $team }» уже просили пояснить ответ: объяснял { $name }.
sync-no-registration = У игры ещё нет регистрации: сначала объявите игру ({ CMD("announce") }).
sync-per-team-short = { $count ->
    [one] У команды «{ $team }» нет { $count } вопроса для этого раунда.
   *[other] У команды «{ $team }» нет { $count } вопросов для этого раунда.
}
sync-not-team-question = Это не вопрос команды «{ $team }».
sync-team-question-asked = Вопрос { $number } команды «{ $team }» уже задан.
sync-appeals-waiting = { $count ->
    [one] { $count } апелляция ждёт решения жюри на месте: решите или отложите её.
    [few] { $count } апелляции ждут решения жюри на месте: решите или отложите их.
   *[other] { $count } апелляций ждут решения жюри на месте: решите или отложите их.
}
