# Question-package import and "chgk-bot package check"

## The file cannot be read as a package
package-error-missing = File { $file } not found.
package-error-unreadable = Cannot read { $file }: { $reason ->
    [denied] no permission to read the file
    [directory] it is a folder, not a file
   *[other] a disk read error
}.
package-error-empty = The file is empty.
package-error-binary = This is a binary file, not a question package.
package-error-undecodable = Cannot tell the text encoding (expected UTF-8, KOI8-R or cp1251).
package-error-unknown-format = Unknown format. The bot reads: db.chgk.info text ("Вопрос 1:", "Ответ:"), free-form package text ("Вопрос 1. … Ответ: …"), 4s (chgksuite), db.chgk.info XML and gotquestions.online JSON.
package-error-malformed = The file looks like { $format } but is not built as that format requires.
package-error-bad-xml = Malformed XML at line { $line }, column { $column }.
package-error-bad-json = Malformed JSON at line { $line }, column { $column }.
package-error-too-big = The file is { $size } MB, and a package may be at most { $limit } MB: split it into parts.
package-error-too-many-questions = The package has { $count ->
    [one] { $count } question
   *[other] { $count } questions
}, and at most { $limit } are allowed: split it into parts.
package-error-worker = Reading the package was cut short (out of memory?). Try again or send a smaller file.
package-error-fetch-bad-link = “{ $link }” is neither a link nor a package id: send a db.chgk.info tour or package (a link or its id), a gotquestions.online pack link, or a link to a package file.
package-error-fetch-failed = Could not fetch a package from { $url }: it does not lead to a package the bot can read (the site did not answer, the page is missing, or the address is not one the bot goes to). Check the link or send the package file.
package-link-cooldown = Wait { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} and send the link again: the bot takes at most one package link from a person every few seconds.

## Problems in the package content
package-problem-no-answer = question { $number }: no answer.
package-problem-no-text = question { $number }: no question text.
package-problem-merged-question = question { $number }: the label "{ $label }" appears inside a field; the next question seems to have merged into this one.
package-problem-stray-label = question { $number }: the label "{ $label }" appears inside a field's text; check for a missing blank line.
package-problem-quoted-answer-label = question { $number }: an indented "{ $label }:" inside a field after the answer is read as that field's text (the question has its own answer); check that no other question ran into it.
package-problem-answer-has-question = question { $number }: a line of the answer ends with a question mark; another question may have slipped into the answer.
package-problem-unknown-label = unknown label "{ $label }"; the block was skipped.
package-problem-orphan-text = unlabelled text after a blank line; it was added to the previous field.
package-problem-text-skipped = unlabelled text outside any field; it was skipped.
package-problem-field-outside-question = the field "{ $label }" is outside any question and was skipped.
package-problem-duplicate-number = question number { $number } appears twice in the tour "{ $tour }".
package-problem-no-questions = the package has no questions.
package-problem-parts-mismatch = question { $number }: { $parts } parts in the question but { $answers } part answers.
package-problem-unclosed-bracket = question { $number }: a square bracket of a handout or note is never closed.
package-problem-withdrawn = question { $number } was withdrawn from the tournament.
package-problem-hidden-question = question { $number }: the text is a placeholder (the question is not published yet).
package-problem-xml-tour-list = the XML only lists tours ({ $count }) without questions: load each tour's XML.
package-problem-bad-entry = an item of the question list is not a question and was skipped.
package-problem-media-not-public = question { $number }: the picture or sound { $url } is on a local or private network address, which the bot downloads nothing from; the link was left out of the question.

## chgk-bot package check
package-check-title = Package: { $title } (format: { $format })
package-check-untitled-tour = Tour { $number }
package-check-tour = { $title }: { $count ->
    [one] { $count } question
   *[other] { $count } questions
}
package-check-total = Total: { $count ->
    [one] { $count } question
   *[other] { $count } questions
}, zero questions among them: { $zero }
package-check-problem = { $file }:{ $line }: { $severity }: { $message }
package-check-error = error
package-check-warning = warning
package-check-clean = No problems found.
package-check-unreadable = { $file }: { $message }

# uxfix: raw system texts replaced
package-error-xml-doctype = XML declaring a DOCTYPE or ENTITY is refused: remove the declaration.
