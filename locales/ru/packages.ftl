# Импорт пакетов вопросов и «chgk-bot package check»

## Файл не читается как пакет
package-error-missing = Файл { $file } не найден.
package-error-unreadable = Не удалось прочитать { $file }: { $reason ->
    [denied] нет прав на чтение файла
    [directory] это папка, а не файл
   *[other] ошибка чтения с диска
}.
package-error-empty = Файл пуст.
package-error-binary = Это не текстовый файл (двоичные данные), а не пакет вопросов.
package-error-undecodable = Не удалось определить кодировку текста (ожидаются UTF-8, KOI8-R или cp1251).
package-error-unknown-format = Формат не распознан. Бот читает: текст базы db.chgk.info («Вопрос 1:», «Ответ:»), свободный текст пакета («Вопрос 1. … Ответ: …»), 4s (chgksuite), XML базы db.chgk.info и JSON gotquestions.online.
package-error-malformed = Файл похож на формат { $format }, но устроен не так, как этот формат требует.
package-error-bad-xml = Ошибка в XML: строка { $line }, позиция { $column }.
package-error-bad-json = Ошибка в JSON: строка { $line }, позиция { $column }.
package-error-too-big = Файл весит { $size } МБ, а пакет может весить не больше { $limit } МБ: разделите его на части.
package-error-too-many-questions = { $count ->
    [one] В пакете { $count } вопрос
    [few] В пакете { $count } вопроса
   *[many] В пакете { $count } вопросов
}, а можно не больше { $limit }: разделите его на части.
package-error-worker = Разбор пакета прервался (не хватило памяти?). Попробуйте ещё раз или пришлите файл поменьше.
package-error-fetch-bad-link = «{ $link }» — не ссылка и не номер пакета: пришлите тур или пакет db.chgk.info (ссылку или его id), ссылку на пакет gotquestions.online или ссылку на файл пакета.
package-error-fetch-failed = Не удалось скачать пакет по ссылке { $url }: по ней нет пакета, который бот может прочитать (сайт не ответил, страницы нет или адрес не из тех, куда бот ходит). Проверьте ссылку или пришлите файл пакета.
package-link-cooldown = Подождите { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
} и пришлите ссылку снова: бот принимает от одного человека не больше одной ссылки на пакет за несколько секунд.

## Проблемы в содержимом пакета
package-problem-no-answer = вопрос { $number }: нет ответа.
package-problem-no-text = вопрос { $number }: нет текста вопроса.
package-problem-merged-question = вопрос { $number }: внутри поля встретилась метка «{ $label }» — похоже, сюда слился следующий вопрос.
package-problem-stray-label = вопрос { $number }: метка «{ $label }» внутри текста поля — проверьте, не пропущена ли пустая строка.
package-problem-quoted-answer-label = вопрос { $number }: «{ $label }:» с отступом внутри поля после ответа прочитан как текст этого поля (у вопроса свой ответ есть); проверьте, не слился ли с ним другой вопрос.
package-problem-answer-has-question = вопрос { $number }: в ответе есть строка с вопросительным знаком — похоже, в ответ попал другой вопрос.
package-problem-unknown-label = неизвестная метка «{ $label }»; блок пропущен.
package-problem-orphan-text = текст без метки после пустой строки; он добавлен к предыдущему полю.
package-problem-text-skipped = текст без метки вне какого-либо поля; он пропущен.
package-problem-field-outside-question = поле «{ $label }» стоит вне вопроса и пропущено.
package-problem-duplicate-number = номер вопроса { $number } повторяется в туре «{ $tour }».
package-problem-no-questions = в пакете нет ни одного вопроса.
package-problem-parts-mismatch = вопрос { $number }: частей в вопросе — { $parts }, ответов на части — { $answers }.
package-problem-unclosed-bracket = вопрос { $number }: не закрыта квадратная скобка раздатки или примечания.
package-problem-withdrawn = вопрос { $number } снят с турнира.
package-problem-hidden-question = вопрос { $number }: текст скрыт заглушкой (вопрос ещё не опубликован).
package-problem-xml-tour-list = XML содержит только список туров ({ $count }) без вопросов: загрузите XML каждого тура.
package-problem-bad-entry = элемент списка вопросов не похож на вопрос и пропущен.
package-problem-media-not-public = вопрос { $number }: картинка или звук { $url } лежит по адресу локальной или частной сети, откуда бот ничего не скачивает; ссылка убрана из вопроса.

## chgk-bot package check
package-check-title = Пакет: { $title } (формат: { $format })
package-check-untitled-tour = Тур { $number }
package-check-tour = { $title }: { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}
package-check-total = Всего: { $count ->
    [one] { $count } вопрос
    [few] { $count } вопроса
   *[many] { $count } вопросов
}, из них нулевых: { $zero }
package-check-problem = { $file }:{ $line }: { $severity }: { $message }
package-check-error = ошибка
package-check-warning = предупреждение
package-check-clean = Проблем не найдено.
package-check-unreadable = { $file }: { $message }

# uxfix: raw system texts replaced
package-error-xml-doctype = XML с объявлением DOCTYPE или ENTITY не принимается: уберите его.
