# Судейство ответов (bot/answers.py). $matched — ответ из пакета, с которым сравнили.
judge-reason-empty = пустой ответ
judge-reason-exact = совпадает с ответом «{ $matched }»
judge-reason-order = совпадает с ответом «{ $matched }», слова в другом порядке
judge-reason-typo = опечатка: отличается от ответа «{ $matched }» на { $distance } { $distance ->
        [one] букву
        [few] буквы
       *[many] букв
    }
judge-reason-near-miss = похоже на ответ «{ $matched }» ({ $distance } { $distance ->
        [one] буква
        [few] буквы
       *[many] букв
    } не так) — решает ведущий
judge-reason-rejected = совпадает с незачётным ответом «{ $matched }»
judge-reason-near-rejected = ближе всего к незачётному ответу «{ $matched }»
judge-reason-ambiguous = одинаково похоже на ответ «{ $matched }» и на незачётный «{ $rejected }» — решает ведущий
judge-reason-expanded = содержит ответ «{ $matched }» и другие слова — решает ведущий
judge-reason-partial = только часть ответа «{ $matched }» — решает ведущий
judge-reason-prose = зачёт по критерию «{ $criteria }» — решает ведущий
judge-reason-letter-exact = нужен добуквенно точный ответ «{ $matched }»
judge-reason-far = не похоже ни на один засчитываемый ответ
judge-reason-two-versions = две версии в одном ответе не засчитываются, даже если одна верна
judge-reason-negation = ответ с отрицанием («не …») не засчитывается
judge-reason-inflected = совпадает с ответом «{ $matched }» в другой форме (зачёт в любом числе и падеже)
judge-reason-mention = упоминает ответ «{ $matched }» (зачёт за любое упоминание или с любым уточнением)
judge-reason-title-quotes = совпадает с ответом «{ $matched }», но без кавычек названия — решает ведущий
judge-reason-other-script = похоже на ответ «{ $matched }», написанный другим алфавитом — решает ведущий
judge-reason-parts-all = { $count ->
        [one] верна { $count } часть
        [few] верны все { $count } части
       *[many] верны все { $count } частей
    }
judge-reason-parts-wrong = часть { $number } неверна
judge-reason-parts-unsure = часть { $number } — решает ведущий
judge-reason-parts-count = { $expected ->
        [one] нужна { $expected } часть
        [few] нужно { $expected } части
       *[many] нужно { $expected } частей
    }, а в ответе { $given } — решает ведущий
judge-error-empty-answer = Ответ автора (--answer) пуст: в нём нет ни букв, ни цифр.
judge-error-no-question = В пакете { $file } нет вопроса номер { $number }.
judge-error-usage = Укажите либо --answer (и при желании --zachet, --nezachet), либо --package вместе с --question.

## Письменные ответы команд (rules/written.py, SYNC-6, TV-5). Время — UTC.
answer-window-already-open = Ответы на вопрос { $number } ещё принимаются.
answer-window-not-open = Сейчас ответы не принимаются.
answer-window-closed = Приём ответов на вопрос { $number } закончен.
answer-not-playing = Вы не играете ни в одной команде этой игры.
answer-team-sits-out = Команда «{ $team }» на этот вопрос не отвечает.
answer-not-answerer = За команду «{ $team }» ответ сдаёт капитан или игрок, которого он назвал.
answer-before-question = Ответ отправлен в { $sent } UTC, до того как прозвучал вопрос.
answer-late = Ответ отправлен в { $sent } UTC, на { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
} позже срока ({ $deadline } UTC), и не принят.
answer-empty = В ответе нет ни одного видимого знака.
answer-answerer-by-captain = Сдающего ответы называет капитан команды.
answer-answerer-not-member = Сдавать ответы может только игрок команды «{ $team }».

## Очередь судейства (rules/judging.py): ответы сгруппированы по нормализованному тексту.
judge-no-such-group = Такой группы ответов на этот вопрос нет.
judge-already-decided = Эта группа уже { $verdict ->
    [accept] засчитана
   *[reject] не засчитана
}.
judge-decided-meanwhile = Пока вы смотрели, эту группу уже решили: { $verdict ->
    [accept] зачёт
    [reject] незачёт
   *[none] снова на решении
}. Посмотрите ещё раз.
judge-queued-twice = Ответ команды уже стоит в очереди на судейство.
