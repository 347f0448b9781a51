"""What a Зачёт / Незачёт text says: its alternatives and its rules (formats.md 1.3, 5.8, 6.1, 6.2).

The one reader of this text, for the importers and the answer matcher alike. Editors write
alternatives separated by ``;`` or a line break (always separators), ``,`` or `` / `` (separators
only when the author's answer itself has no comma), mixed with prose criteria ("по смыслу",
"в любом порядке") that are not answers at all. The importers put the alternatives in
``Question.accepted``/``rejected`` and keep the text as written in ``accepted_raw``, from which
the matcher (bot/answers/) takes only the rules: prose that loosens, letter-exactness.

Decisions beyond formats.md 6.2:

* ``a/b`` without spaces is not a separator: ``[самый] темный час/часы`` stays one alternative,
  a choice of one word that the matcher expands; URLs, ``AC/DC`` and ``50/50`` stay whole too.
  `` / `` with spaces separates, unless a side has no letter (``1 / 2``).
* Separators inside brackets or quotes do not count: ``«Война, мир»`` is one alternative.
* An alternative keeps the answer written before its prose: "Минута и т.п. по смыслу" gives
  "Минута", "Тьюринг без неверных уточнений" gives "Тьюринг"; "по фамилии X" / "по слову «X»"
  give X. Prose only inside parentheses is a note on an alternative that stays whole
  (``Выступление (или любой синоним)``; the matcher drops the note from its variants).
* "только" and "any" alone are not prose, so "Только вперёд" or "Any Given Sunday" are answers.
* A prose tail stays out of the answer before it: "тёплый свитер и другие синонимичные ответы"
  gives "тёплый свитер", "Колобок и все остальные герои сказок" gives "Колобок" and the rule;
  so do "и иные …", "или другие …" and "и аналоги"*.
* Once prose begins in a piece, the commas after it belong to the prose: "любой другой язык,
  использующий кириллицу" is one rule, not a rule and the answer "использующий кириллицу".
* Reader's notes in brackets ("[чтецу: …]", "[ведущему: …]") are neither answers nor rules.
* Rules about form ("в любом числе и падеже", "с любой капитализацией", "можно без кавычек",
  "можно без артиклей", "по фамилии" with no name) loosen nothing: they say how a right answer
  may be written (``Criteria.any_form``, ``by_surname``, ``by_given_name``, ``quotes_optional``).
  So do "без артикля", "артикль не обязателен", "можно без имени (и отчества)" / "без
  инициалов" (by surname), "можно без фамилии" (by given name) and "можно без слова «X»"
  (``optional``); "можно без уточнения", which names no words, stays a rule for the host.
* "Принимается также X, Y" / "Также засчитываются: X" is a lead-in before answers, cut off.
* Prose that names what is credited is read, not left to the host: "любое упоминание X",
  "ответы, содержащие (слово) X", "ответы с упоминанием X" (``mentioned``: X may be written in
  another case, as "упоминание Швейка" is); "принимается с любым уточнением" (``any_detail``)
  or "X с любыми уточнениями" (X is ``mentioned``). When the same piece also says "по смыслу"
  or "и т.п.", the mention is needed, not enough: the whole piece stays a rule for the host.
  "любая купюра или монета евро" names a class of things, not words: it stays a rule too.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.packages.markup import split_top

_NEZACHET = re.compile(r"(?:^|(?<=[\s.;,(]))Незач[её]т(?![а-яё])\s*[:.]\s*", re.IGNORECASE)
# Phrases that make a piece of Зачёт a rule rather than an answer.
_PROSE = re.compile(
    r"\bи(?:ли)?\s+(?:все\s+|вс[её]\s+)?(?:другие|иные|остальные|прочие|прочее|подобные"
    r"|аналоги)\b"
    r"|\bможно\s+(?:без|с|не|в|и|через)\b"
    r"|\bпо\s+смыслу|синоним|\bлюб(?:ой|ая|ое|ом|ые|ую|ого|ых)\b|принима(?:ет|ют)ся|засчитыва"
    r"|\bи[\s.]+т[\s.]+[дп]\b|\bи\s+(?:др|пр)\b|\bи\s+так\s+далее\b|\betc\b"
    r"|\bпо\s+(?:фамилии|имени|слову|словам|ключев\w*|сути)\b|упоминани|уточнени"
    r"|\bбез\s+неверных\b"
    r"|добуквенн|\bточн(?:ый|ое|ые|ого)\s+(?:ответ|совпадени|написани)"
    r"|(?:\bс\s+\w+\s+(?:\w+\s+)?)?\bили\s+без\b"
    r"|аналогичн|\bпри\s+наличии\b|\bответы?\s*,?\s+содержащ|\bin\s+any\s+order\b|\bsynonym",
    re.IGNORECASE,
)
_STRICT = re.compile(
    r"добуквенн|\bточн(?:ый|ое|ые|ого)\s+(?:ответ|совпадени|написани)", re.IGNORECASE
)
# Rules that ask for no more than the matcher does anyway (word order, capitals, letter-exact,
# "no wrong additions", which its expanded-answer check leaves to the host).
_HARMLESS = re.compile(
    r"\bв\s+любом\s+порядке\b|\bв\s+любой\s+(?:капитализации|последовательности|форме)\b"
    r"|\bв\s+любом\s+(?:числе|падеже|роде)(?:\s*(?:,|и)\s*(?:числе|падеже|роде))*\b"
    r"|\bс\s+любой\s+капитализацией\b"
    r"|\bможно\s+без\s+(?:кавычек|(?:неопредел\w+\s+|определ\w+\s+)?артикл\w*)"
    r"|\bпо\s+(?:имени\s+)?(?:или\s+(?:по\s+)?)?фамилии\b|\bпо\s+имени\b"
    r"|\bс\s+\w+\s+(?:\w+\s+)?или\s+без(?:\s+(?:него|нее|неё|них))?\b"
    r"|\bбез\s+неверных\s+уточнений\b|\bтолько\b|" + _STRICT.pattern,
    re.IGNORECASE,
)
# "по фамилии Тьюринг", "по слову «развод»": the named word is an accepted answer. It must be
# quoted or capitalised, so "по фамилии без неверных уточнений" names nothing.
_KEYWORD = re.compile(
    r"(?i:\bпо\s+(?:ключев\w+\s+)?(?:фамилии|имени|слову|словам))\s+"
    r"(?:[«\"„“']([^«»\"„“”']+)[»\"“”']|([A-ZА-ЯЁ][^\s,;.]*))"
)
# Punctuation, openers and joining words left in front of a rule: "Адидас, Найк, в …". Only
# lower-case words are cut off an answer ("Витамин С по смыслу" keeps its С).
_DANGLING_MARKS = frozenset(".…,;:—–([«„“\"-")
_DANGLING_WORDS = frozenset(
    ["и", "или", "либо", "а", "также", "только", "с", "со", "в", "во", "на", "по", "при", "без"]
)
_WORD_RUN = re.compile(r"\w+$")
_PARENTHESES = re.compile(r"\([^()]*\)")
_SPACED_SLASH = re.compile(r"\s+/\s+")
_SLASH = "\x1f"  # stands for a separating " / " while a piece is split
_WORDY = re.compile(r"[^\W_]")
_LETTER = re.compile(r"[^\W\d_]")
_READER_NOTE = re.compile(
    r"[\[(]\s*(?:чтецу|ведущему|для\s+ведущего|для\s+чтеца|реплика\s+чтеца|"
    r"примечание|комментарий\s+для)\b[^\[\]()]*[\])]",
    re.IGNORECASE,
)
_ANY_FORM = re.compile(
    r"\bв\s+любом\s+(?:числе|падеже|роде)\b|\bв\s+любой\s+(?:форме|грамматической)\b",
    re.IGNORECASE,
)
_BY_SURNAME = re.compile(r"\bпо\s+(?:имени\s+или\s+(?:по\s+)?)?фамилии\b", re.IGNORECASE)
_BY_GIVEN_NAME = re.compile(
    r"\bпо\s+имени\b|\bпо\s+фамилии\s+или\s+(?:по\s+)?имени\b", re.IGNORECASE
)
_QUOTES_OPTIONAL = re.compile(r"\bбез\s+кавычек\b", re.IGNORECASE)
_ARTICLES_OPTIONAL = re.compile(
    r"\bбез\s+(?:\w+\s+)?артикл\w*|\bартикл\w*\s+(?:не\s+обязател\w*|можно\s+(?:опустить|не\s+"
    r"(?:писать|указывать)))",
    re.IGNORECASE,
)
# "Принимается также X, Y": a lead-in before answers, not prose.
_LEAD_IN = re.compile(
    r"^(?:также\s+)?(?:принима|засчитыва)(?:ет|ют)ся(?:\s+также)?(?:\s*[:—–-])?\s+(?=\S)(?!также\b)",
    re.IGNORECASE,
)
# "любое упоминание X", "ответы, содержащие X": an answer that mentions X is right.
_MENTION = re.compile(
    r"(?:\b(?:люб\w+|все)\s+)?(?:\bответ\w*\s+(?:с|со)\s+)?(?:\bлюб\w+\s+)?\bупоминани\w*\s+"
    r"|(?:\b(?:люб\w+|все)\s+)?\bответ\w*\s*,?\s+содержащ\w*\s+",
    re.IGNORECASE,
)
_MENTION_HEAD = re.compile(r"^(?:слов[оа]\s+|термин\w*\s+)?", re.IGNORECASE)
# A mention of a thing, not of a statement: "любое упоминание о том, что …" stays the host's.
_MENTION_WORDS = 3
_NOT_A_NAME = frozenset(
    ["о", "об", "обо", "про", "того", "том", "тем", "что", "как", "чего", "чем", "его", "ее",
     "её", "их", "этого", "этом", "слов", "смысла"]
)
# "принимается с любым уточнением": the answer with anything added is right.
_ANY_DETAIL = re.compile(
    r"\bс\s+любы\w*\s+уточнени\w*|\bлюбые\s+уточнения\b|\bс\s+уточнени(?:ем|ями)\b",
    re.IGNORECASE,
)
# "можно без имени (и отчества)" / "без инициалов": the surname alone; "можно без фамилии":
# the given name alone.
_WITHOUT_GIVEN_NAME = re.compile(
    r"\bбез\s+(?:имени(?:\s+и\s+отчества)?|инициалов)\b", re.IGNORECASE
)
_WITHOUT_SURNAME = re.compile(r"\bбез\s+фамилии\b", re.IGNORECASE)
# "можно без слова «остров»", "можно без «Великий»": those words may be left out.
_WITHOUT_WORDS = re.compile(
    r"\bможно\s+без\s+(?:(?:слова|слов)\s+)?[«\"„“]([^«»\"„“”]+)[»\"“”]"
    r"|\bможно\s+без\s+(?:слова|слов)\s+([^\W\d_][\w-]*)",
    re.IGNORECASE,
)
# The words before "упоминание" / "уточнением" that belong to the rule: "ответы с", "с любыми".
_MENTION_LEAD = re.compile(
    r"(?:\b(?:(?:люб\w+|все)\s+)?ответ\w*(?:\s+со?)?|\bс\s+любы\w*)\s*$", re.IGNORECASE
)
_OR_SPLIT = re.compile(r"\s*,\s*|\s+или\s+|\s+либо\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Criteria:
    """What a Зачёт text says.

    ``accepted``: the alternatives as written (optional ``[...]`` parts and ``a/b`` choices
    left in place); ``rejected``: those of an inline "Незачёт: …"; ``rules``: the pieces whose
    prose lets in answers no list can hold ("последний прибежавший и т.д. по смыслу"), to show
    a judge; ``letter_exact``: "добуквенно" / "точный ответ" removes every typo allowance;
    ``any_form``: "в любом числе / падеже": inflected forms of the words count;
    ``by_surname`` / ``by_given_name``: "по фамилии" / "по имени или фамилии" with no name
    written, the author's surname (last word) or given name (first word) alone is right;
    ``quotes_optional``: "можно без кавычек", a title's quotes may be left out;
    ``articles_optional``: "можно без артиклей", a leading article may be left out;
    ``mentioned``: "любое упоминание X", "ответы, содержащие X" (and "X с любыми
    уточнениями"), an answer that mentions X, in any form, is right; ``any_detail``:
    "принимается с любым уточнением" with no answer before it, the author's answer with
    anything added is right; ``optional``: "можно без слова «X»", the words X (in any form) may
    be left out of an answer.
    """

    accepted: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    letter_exact: bool = False
    any_form: bool = False
    by_surname: bool = False
    by_given_name: bool = False
    quotes_optional: bool = False
    articles_optional: bool = False
    mentioned: tuple[str, ...] = ()
    any_detail: bool = False
    optional: tuple[str, ...] = ()


def _prose(text: str) -> re.Match[str] | None:
    """Where prose (``_PROSE``, or a rule about articles such as "без артикля") first begins in
    ``text``, or None."""
    found = _PROSE.search(text)
    if "ртикл" in text:  # the article rules are searched for only where they may stand
        article = _ARTICLES_OPTIONAL.search(text)
        if article and (found is None or article.start() < found.start()):
            return article
    return found


def is_prose_criteria(text: str) -> bool:
    """True when ``text`` states a rule, not an answer (formats.md 6.2).

    Detects "по смыслу", "синонимичные ответы", "в любом порядке", "любой …", "принимается
    также …", "и т.п.", "по фамилии … без неверных уточнений" and the letter-exact markers
    (see ``is_letter_exact``). A real answer that happens to contain such words ("Любой ценой")
    is misread as prose; the host still sees it as UNSURE, not as a wrong REJECT.
    """
    return bool(_prose(text))


def is_letter_exact(text: str) -> bool:
    """True when ``text`` demands letter-exact answers: "добуквенно", "точный ответ" (6.1)."""
    return bool(_STRICT.search(text))


def loosens(text: str) -> bool:
    """True when prose lets in answers no list can hold ("по смыслу"), unlike "в любом порядке"."""
    return bool(_PROSE.search(_HARMLESS.sub(" ", text)))


def strip_reader_notes(text: str) -> str:
    """``text`` without reader's notes such as "[чтецу: ударение на второй слог]"."""
    if "[" not in text and "(" not in text:  # every note opens with one of them
        return text
    return _READER_NOTE.sub(" ", text)


def split_nezachet(text: str) -> tuple[str, str | None]:
    """Cut an inline ``… Незачет: …`` off a Зачёт or Ответ text; return (before, after or None)."""
    # Every match holds "незач" in some case (each of its letters matches only its own two
    # cases): a substring test spares the regex, which tries every position, nearly always.
    if "незач" not in text.lower():
        return text, None
    m = _NEZACHET.search(text)
    if m is None:
        return text, None
    return text[: m.start()].strip(), text[m.end() :].strip()


def _trim(item: str) -> str:
    """``item`` without its final period, outer separators and extra spaces; idempotent."""
    item = " ".join(item.split()).strip(" ;,")
    while item.endswith(".") and not item.endswith(".."):
        item = item[:-1].rstrip(" ;,")
    return item


def _strip_dangling(text: str) -> str:
    """``text`` without its trailing marks, spaces and joining words (``_DANGLING_*``).

    Peeled from the end one mark or whole word at a time: the regex ``(?:…)*$`` it replaces
    retried from every position of a long run of commas.
    """
    end = len(text)
    while end:
        if text[end - 1].isspace() or text[end - 1] in _DANGLING_MARKS:
            end -= 1
            continue
        word = _WORD_RUN.search(text, max(0, end - 16), end)
        if word is None or word.group() not in _DANGLING_WORDS or (
            word.start() > 0 and _WORD_RUN.match(text[word.start() - 1])
        ):
            break
        end = word.start()
    return text[:end]


def _answer_and_rule(piece: str) -> tuple[str | None, str]:
    """The answer in one alternative (None when it is all prose) and the rule around it."""
    keyword = _KEYWORD.search(piece)
    named = _trim(keyword.group(1) or keyword.group(2)) if keyword else ""
    if keyword and named and not _prose(named):
        return named, piece[: keyword.start()] + piece[keyword.end() :]
    outside = _PARENTHESES.sub(lambda m: " " * len(m.group()), piece) if "(" in piece else piece
    prose = _prose(outside if _WORDY.search(outside) else piece)
    if prose is None:
        return piece, ""
    head = _strip_dangling(piece[: prose.start()])
    if prose.group()[:4].lower() in ("упом", "уточ"):  # "ответы с упоминанием", "с любыми …"
        head = _strip_dangling(_MENTION_LEAD.sub("", head))
    # Nothing but joining words ("В любом порядке"), or prose once cut off: no answer.
    if not _strip_dangling(head.lower()) or _prose(head):
        return None, piece
    return _trim(head), piece[len(head) :]


def _without_lead_in(piece: str) -> str:
    """``piece`` without a lead-in "Принимается также" before its answers."""
    # Every lead-in ends its verb in "ся": a substring test spares the regex nearly always.
    return _LEAD_IN.sub("", piece) if "ся" in piece else piece


def _mentions(rule: str) -> tuple[tuple[str, ...], str]:
    """The X of "любое упоминание X" / "ответы, содержащие X" in ``rule`` (several when
    joined by "или" or commas) and ``rule`` without that phrase; ((), rule) when it has none."""
    found = _MENTION.search(rule)
    if found is None:
        return (), rule
    tail = rule[found.end() :]
    stop = _prose(tail)
    named = _MENTION_HEAD.sub("", _strip_dangling(tail[: stop.start()] if stop else tail))
    mentioned = [_trim(item.strip(" «»\"„“”'")) for item in _OR_SPLIT.split(named)]
    mentioned = [m for m in mentioned if _LETTER.search(m)]
    if not mentioned or any(len(m.split()) > _MENTION_WORDS or m.split()[0].lower() in _NOT_A_NAME
                            for m in mentioned):
        return (), rule
    rest = rule[: found.start()] + (tail[stop.start() :] if stop else "")
    return tuple(mentioned), rest


def _read(piece: str) -> Criteria:
    answer, rule = _answer_and_rule(piece)
    if not rule:  # a plain alternative, the usual case: no rule can be in it
        return Criteria(accepted=(answer,) if answer else ())
    named = bool(_KEYWORD.search(piece))
    mentioned, rest = _mentions(rule)
    any_detail = bool(_ANY_DETAIL.search(rule))
    if any_detail and answer:  # "Тьюринг с любыми уточнениями": Тьюринг is to be mentioned
        mentioned += (answer,)
    optional = tuple(_trim(a or b) for a, b in _WITHOUT_WORDS.findall(rule))
    # Whatever these rules say is done by the matcher; only what is left may loosen.
    for understood in (_ANY_DETAIL, _ARTICLES_OPTIONAL, _WITHOUT_GIVEN_NAME, _WITHOUT_SURNAME,
                       _WITHOUT_WORDS):
        rest = understood.sub(" ", rest)
    loose = loosens(rest)
    if loose:
        # "по смыслу, с упоминанием X": the mention is needed, not enough; the host judges.
        mentioned, any_detail = (), False
    return Criteria(
        accepted=(answer,) if answer else (),
        rules=(piece,) if loose else (),
        letter_exact=is_letter_exact(rule),
        any_form=bool(_ANY_FORM.search(rule)),
        by_surname=not named and bool(_BY_SURNAME.search(rule)
                                      or _WITHOUT_GIVEN_NAME.search(rule)),
        by_given_name=not named and bool(_BY_GIVEN_NAME.search(rule)
                                         or _WITHOUT_SURNAME.search(rule)),
        quotes_optional=bool(_QUOTES_OPTIONAL.search(rule)),
        articles_optional=bool(_ARTICLES_OPTIONAL.search(rule)),
        mentioned=mentioned,
        any_detail=any_detail and not answer,
        optional=optional,
    )


def merge(items: Iterable[Criteria]) -> Criteria:
    """One ``Criteria`` of many: alternatives and rules in order, without repeats; a flag is
    set when any item sets it."""
    items = list(items)
    return Criteria(
        accepted=tuple(dict.fromkeys(a for c in items for a in c.accepted)),
        rejected=tuple(dict.fromkeys(a for c in items for a in c.rejected)),
        rules=tuple(dict.fromkeys(r for c in items for r in c.rules)),
        letter_exact=any(c.letter_exact for c in items),
        any_form=any(c.any_form for c in items),
        by_surname=any(c.by_surname for c in items),
        by_given_name=any(c.by_given_name for c in items),
        quotes_optional=any(c.quotes_optional for c in items),
        articles_optional=any(c.articles_optional for c in items),
        mentioned=tuple(dict.fromkeys(m for c in items for m in c.mentioned)),
        any_detail=any(c.any_detail for c in items),
        optional=tuple(dict.fromkeys(o for c in items for o in c.optional)),
    )


def read_alternative(text: str) -> Criteria:
    """Read ``text`` as ONE alternative, not split further: its answer, its rules (6.2).

    A prose tail is cut off ("Адидас, Найк, в любом порядке" gives "Адидас, Найк"); all prose
    gives no answer. Reading an alternative ``read_criteria`` gave changes nothing.
    """
    piece = _trim(_without_lead_in(strip_reader_notes(text).strip()))
    return _read(piece) if piece else Criteria()


def _split_safe(piece: str) -> list[str]:
    """``piece`` split at ``,`` and `` / `` outside brackets and quotes."""
    sides = _SPACED_SLASH.split(piece)
    if len(sides) > 1 and all(_LETTER.search(side) for side in sides):
        piece = _SLASH.join(sides)
    return [item.replace(_SLASH, " / ") for item in split_top(piece, "," + _SLASH)]


def read_criteria(text: str | None, answer: str) -> Criteria:
    """Read a Зачёт (or Незачёт) text: alternatives, inline Незачёт, rules (formats.md 6.2).

    ``;`` and line breaks always separate; ``,`` and `` / `` only when ``answer`` has no
    comma, since ``Плутон, Плутос`` is one answer. Splits never happen inside brackets or
    quotes. HTML entities are decoded. Each piece is read as by ``read_alternative``, and an
    inline "Незачёт: …" gives ``rejected``. Never raises.
    """
    if not text:
        return Criteria()
    text, nezachet = split_nezachet(strip_reader_notes(html.unescape(text)))
    found = merge(_pieces(text, answer))
    # The Незачёт part ends at a second "Незачёт" (what follows it is dropped); read in a loop,
    # not by recursion, so that a text of a thousand "Незачёт" is no RecursionError.
    if not nezachet:
        return found
    rejected = _pieces(split_nezachet(nezachet)[0], answer)
    return replace(found, rejected=tuple(dict.fromkeys(a for p in rejected for a in p.accepted)))


def split_item(piece: str, answer: str) -> list[str]:
    """One ``;``-free piece of Зачёт as its alternatives: split at ``,`` and `` / `` when
    ``answer`` has no comma, except that once prose begins, the rest of the piece is that
    prose ("любой другой язык, использующий кириллицу" stays one rule)."""
    if "," in answer or (("поминани" in piece or "одержащ" in piece) and _MENTION.search(piece)):
        return [piece]
    items: list[str] = []
    for item in _split_safe(piece):
        if items and _prose(items[-1]):
            items[-1] = f"{items[-1]}, {item}"
        else:
            items.append(item)
    return items


def _items(text: str, answer: str) -> list[str]:
    """Each alternative of ``text`` (no Незачёт in it), trimmed, empty ones left out."""
    return [
        item
        for piece in split_top(text, ";\n")
        for item in map(_trim, split_item(_without_lead_in(piece.strip()), answer))
        if item
    ]


def _pieces(text: str, answer: str) -> list[Criteria]:
    """Each alternative of ``text`` (no Незачёт in it) read by ``_read``."""
    return [_read(item) for item in _items(text, answer)]


def zachet_lines(text: str | None, answer: str) -> tuple[str, ...]:
    """Each alternative of a Зачёт text as the importer splits it (see ``read_criteria``),
    prose ones included ("По смыслу"), reader notes, a lead-in "Принимается также" and the
    inline Незачёт left out; what ``read_alternative`` reads one by one."""
    if not text:
        return ()
    return tuple(_items(split_nezachet(strip_reader_notes(html.unescape(text)))[0], answer))


def split_alternatives(text: str | None, answer: str) -> tuple[str, ...]:
    """The alternatives a Зачёт (or Незачёт) text accepts, prose left out; see ``read_criteria``.

    An inline "Незачёт: …" ends the list. Equal to ``read_criteria(text, answer).accepted``,
    without reading the rules and the Незачёт part it does not return (every import calls it
    for every question).
    """
    if not text:
        return ()
    text = split_nezachet(strip_reader_notes(html.unescape(text)))[0]
    named = (_answer_and_rule(item)[0] for item in _items(text, answer))
    return tuple(dict.fromkeys(a for a in named if a))
