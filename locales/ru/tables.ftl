# Таблица текстом и картинкой: /table, после раунда синхрона, в конце игры.
usage-table = { CMD("table") } — таблица (картинкой, где мессенджер показывает картинки)
table-round = Раунд { $number }
table-round-short = Раунд
table-number = { $number }
table-place = Место
table-team = Команда
table-subtotal = Σ
table-total = Итого
table-question = №
table-answer = Ответ
table-answerer = Отвечал
table-verdict = ±
table-score = Счёт
table-sector = Сектор
sync-table-now = Таблица { $phase ->
    [finished] игры
   *[other] на сейчас
}{ $provisional ->
    [yes] {" "}(предварительная: не все ответы оценены или есть апелляции)
   *[no] {""}
}:
duel-table = { $team ->
    [none] Команда ещё не зарегистрирована: { CMD("team") } НАЗВАНИЕ.
   *[other] Счёт: команда «{ $team }» { $team_score } — ведущий { $host_score }.
}
duel-table-row = { $number }. { $answer } — { $verdict ->
    [right] зачёт
   *[wrong] незачёт
} ({ $team_score }:{ $host_score })
tv-table = Счёт: знатоки { $experts } — телезрители { $viewers }.
    Рейтинг игроков: { $ratings }
tv-table-row = { $number }. Сектор { $sector }, «{ $team }», { $answerer }: { $verdict ->
    [right] зачёт
    [wrong] незачёт
   *[other] ещё не судили
} ({ $experts }:{ $viewers })
