"""Answer judging (bot/answers/, formats.md section 6) on answers from the real packages.

Each row of ``CASES`` names the package its answer comes from (01/02 balt09, 03 ingush16,
06 borromeo, 08 Shkolny Chemp Estonii, 10 WWW-flutter, 13 gotquestions) and what it checks.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bot.answers import (
    Matcher,
    Verdict,
    VerdictKind,
    expand_variants,
    judge,
    judge_part,
    judge_question,
    normalize,
)
from bot.packages import parse_package
from bot.packages.criteria import (
    Criteria,
    is_letter_exact,
    is_prose_criteria,
    read_alternative,
    read_criteria,
    split_alternatives,
)
from bot.packages.model import Part, Question, QuestionKind

A, R, U = VerdictKind.ACCEPT, VerdictKind.REJECT, VerdictKind.UNSURE

BORROMEO_RAW = "только добуквенно верные ответы"
SOLAR_ACCEPTED = ("Солнечные затмения", "затмения")
# Зачёт texts and the alternatives the importer puts in Question.accepted for them.
PASS_LAST_RAW = "Последний пришедший, последний прибежавший и т.д. по смыслу."
PASS_LAST = split_alternatives(PASS_LAST_RAW, "Пришедший последним.")
EURO_RAW = "&euro;; принимается также любая купюра или монета евро."
EURO = split_alternatives(EURO_RAW, "Евро.")
TURING_RAW = "по фамилии Тьюринг без неверных уточнений."
TURING = split_alternatives(TURING_RAW, "Алан ТьЮринг.")

# (what it checks, given, answer, accepted, rejected, accepted_raw, verdict, reason)
CASES = [
    # optional parts: old-style parentheses (01), brackets (03), brackets inside a word (03)
    ("01 leading (...) left out", "Гашек", "(Ярослав) Гашек.", (), (), None, A, "exact"),
    ("01 leading (...) kept", "Ярослав Гашек", "(Ярослав) Гашек.", (), (), None, A, "exact"),
    ("01 word order", "Гашек Ярослав", "(Ярослав) Гашек.", (), (), None, A, "order"),
    ("02 (...) as the adjective", "крана", "(Подъемного) крана.", (), (), None, A, "exact"),
    ("02 (...) with ё", "Подъёмного крана", "(Подъемного) крана.", (), (), None, A, "exact"),
    ("03 [...] left out", "Верди", "[Джузеппе] Верди.", (), (), None, A, "exact"),
    ("03 [...] at the end", "Страшила", "Страшила [Мудрый].", (), (), None, A, "exact"),
    ("03 [...] inside a word, short", "Столб термометра", "Столб[ик] термометра.",
     ("Ртутный столб[ик].",), (), None, A, "exact"),
    ("03 [...] inside a word, in Зачет", "ртутный столбик", "Столб[ик] термометра.",
     ("Ртутный столб[ик].",), (), None, A, "exact"),
    ("08 (...) inside an accepted item", "кукурузы", "Кукурузные початки.",
     ("Кукурузины", "початки кукурузы", "(во имя добра) кукурузы"), (), None, A, "exact"),
    # typos scale with length: accepted from 8 letters, asked below, none under 5
    ("01 one slip in 9 letters", "Хеменгуэй", "(Эрнест) Хемингуэй.", (), (), None, A, "typo"),
    ("02 swapped letters count once", "Аквалнаг", "Акваланг.", (), (), None, A, "typo"),
    ("02 one slip in a long word", "Двухядерным", "Двухъядерным.", (), (), None, A, "typo"),
    ("01 slip in a 2-word answer", "Однояйцевые близнецы", "Однояйцовые близнецы.",
     (), (), None, A, "typo"),
    ("13 slip in the surname", "Алан Тюринг", "Алан ТьЮринг.", (), (), None, A, "typo"),
    ("13 slip in a 4-letter word of a long answer", "Алон Тьюринг", "Алан ТьЮринг.", (), (),
     None, U, "near-miss"),
    ("01 6 letters, one slip: host", "Голиав", "Голиаф.", (), (), None, U, "near-miss"),
    ("02 7 letters, one slip: host", "Версачи", "Версаче.", (), (), None, U, "near-miss"),
    ("01 4 letters: no tolerance", "Вит", "Витт.", (), (), None, R, "far"),
    ("03 short: no tolerance", "Анк", "Анх.", ("Анкх.",), (), None, R, "far"),
    ("02 one other slip in 6 letters", "Люмьир", "Люмьер.", (), (), None, U, "near-miss"),
    ("02 two slips in 6 letters", "Лимиер", "Люмьер.", (), (), None, R, "far"),
    ("02 one wrong word in a long answer",
     "Траурная диагональная полоса в верхнем правом углу",
     "Траурная диагональная полоса в нижнем правом углу.",
     ("Траурная диагональная полоса в нижнем левом углу.",), (), None, R, "far"),
    # ё/е, й/и, stress marks, quotes, hyphens
    ("10 ё/е", "Лёд", "Лед.", (), (), None, A, "exact"),
    ("03 й/и", "Чаиная церемония", "Чайная церемония.", (), (), None, A, "typo"),
    ("03 stress as a capital vowel", "капризный капри", "Капризный КАпри.",
     (), (), None, A, "exact"),
    ("03 stress as U+0301", "Финля\u0301ндия", "Финляндия.", (), (), None, A, "exact"),
    ("01 quotes and hyphen", "человек паук", "\"Человек-паук\".", (), (), None, A, "exact"),
    ("02 numbered sequel in Зачет", "Человек-паук 2", "«Человек-паук».",
     ("«Человек-паук — 2»", "«Человек-паук — 3»"), (), None, A, "exact"),
    ("08 hyphen vs one word", "Тяни-толкай", "Тянитолкай.", ("Тяни-толкай.",),
     (), None, A, "exact"),
    ("08 without the hyphen", "тяни толкай", "Тянитолкай.", (), (), None, A, "exact"),
    # rejected answers are checked first
    ("03 inline Незачет", "Игнобелевская премия",
     "Шнобелевская премия. Незачет: Игнобелевская премия.", (), (), None, R, "rejected"),
    ("03 inline Незачет, the answer", "Шнобелевская премия",
     "Шнобелевская премия. Незачет: Игнобелевская премия.", (), (), None, A, "exact"),
    ("сталагмит is rejected, not a typo", "Сталагмит", "Сталактит.", (), ("Сталагмит.",),
     None, R, "rejected"),
    ("typo of the rejected one", "Сталагмид", "Сталактит.", (), ("Сталагмит.",),
     None, R, "near-rejected"),
    ("as near to both: host", "Сталакмит", "Сталактит.", (), ("Сталагмит.",),
     None, U, "ambiguous"),
    ("typo of the accepted one", "Сталактид", "Сталактит.", (), ("Сталагмит.",),
     None, A, "typo"),
    ("08 != near miss", "лунное затмение", "Полное солнечное затмение.", SOLAR_ACCEPTED,
     ("Лунные затмения.",), None, R, "near-rejected"),
    ("08 rejected inside a longer answer", "полные лунные затмения",
     "Полное солнечное затмение.", SOLAR_ACCEPTED, ("Лунные затмения.",), None, R, "rejected"),
    ("08 = after a comma split", "затмения", "Полное солнечное затмение.", SOLAR_ACCEPTED,
     ("Лунные затмения.",), None, A, "exact"),
    # alternatives from Зачет, Latin script only where listed
    ("01 Зачет alternative", "Иоанн", "Иоанн Богослов.", ("Иоанн.",), (), None, A, "exact"),
    ("01 part of the answer: host", "Богослов", "Иоанн Богослов.", ("Иоанн.",), (),
     None, U, "partial"),
    ("02 the main word alone: host", "шахматах", "В шахматах.", (), (), None, U, "partial"),
    ("02 a preposition alone", "в", "В шахматах.", (), (), None, R, "far"),
    ("03 Latin answer, Cyrillic Зачет", "тур де франс", "Tour de France.",
     ("Тур де Франс.",), (), None, A, "exact"),
    ("03 Latin answer itself", "TOUR DE FRANCE", "Tour de France.", ("Тур де Франс.",),
     (), None, A, "exact"),
    ("03 Latin Зачет", "Frost", "Фрост.", ("Frost.",), (), None, A, "exact"),
    ("03 the other script: host", "Frost", "Фрост.", (), (), None, U, "other-script"),
    ("03 Latin answer, Cyrillic given: host", "фи", "fi.", (), (), None, U, "other-script"),
    ("03 the other script, far", "Frosting", "Фрост.", (), (), None, R, "far"),
    ("03 apostrophes", "gangstas paradise", "Рай для гангстеров.",
     ("Гангстерский рай", "Gangsta's paradise", "Gangster's paradise."), (), None, A, "exact"),
    ("08 Latin answer with a comma, order", "Nike, Adidas", "Adidas, Nike.", (), (),
     None, A, "order"),
    ("08 prose tail cut off", "Найк, Адидас", "Adidas, Nike.",
     ("Адидас, Найк, в любом порядке.",), (), None, A, "order"),
    ("02 two-part answer in any order", "Плутос Плутон", "Плутон, Плутос.", (), (),
     "В любом порядке.", A, "order"),
    ("08 comma-split Latin alternative", "there is no spoon", "Нет никакой ложки.",
     ("Нет ложки", "there is no spoon"), (), None, A, "exact"),
    ("10 prose tail of an alternative", "последний прибежавший", "Пришедший последним.",
     PASS_LAST, (), PASS_LAST_RAW, A, "exact"),
    # numbers must match exactly (03 duplet answers are years)
    ("03 year in Зачет", "1917", "1914.", ("1915", "1916", "1917", "1918"), (), None,
     A, "exact"),
    ("03 wrong year", "1919", "1914.", ("1915", "1916", "1917", "1918"), (), None, R, "far"),
    ("03 one digit off", "1941", "1914.", (), (), None, R, "far"),
    ("digits: no typo allowance in a long number", "12345679", "12345678.", (), (), None,
     R, "far"),
    # prose criteria and letter-exact
    ("01 Синонимичные ответы: exact", "Есть ли жизнь после смерти", "Есть ли жизнь после смерти?",
     (), (), "Синонимичные ответы.", A, "exact"),
    ("01 Синонимичные ответы: host", "Есть ли жизнь на том свете",
     "Есть ли жизнь после смерти?", (), (), "Синонимичные ответы.", U, "prose"),
    ("02 По смыслу: host", "Трудные фамилии", "Сложностью произношения российских фамилий.",
     (), (), "По смыслу.", U, "prose"),
    ("10 prose in parentheses", "доклад",
     'Выступление (или любой другой синоним слова "доклад").', (), (), None, U, "prose"),
    ("10 prose in parentheses, the answer", "выступление",
     'Выступление (или любой другой синоним слова "доклад").', (), (), None, A, "exact"),
    ("03 принимается также любая", "монета евро", "Евро.", EURO, (), EURO_RAW, U, "expanded"),
    ("03 entity alternative", "€", "Евро.", EURO, (), EURO_RAW, A, "exact"),
    ("13 по фамилии: surname alone", "Тьюринг", "Алан ТьЮринг.", TURING, (), TURING_RAW,
     A, "exact"),
    ("13 по фамилии: other first name", "Джон Тьюринг", "Алан ТьЮринг.", TURING, (),
     TURING_RAW, U, "expanded"),
    ("13 по фамилии: wrong person", "Тьюрин", "Алан ТьЮринг.", TURING, (), TURING_RAW,
     U, "near-miss"),
    ("13 по фамилии is not loose", "Нейман", "Алан ТьЮринг.", TURING, (), TURING_RAW,
     R, "far"),
    ("06 letter-exact, right", "ребро", "ребро", (), (), BORROMEO_RAW, A, "exact"),
    ("06 letter-exact, one slip", "ребра", "ребро", (), (), BORROMEO_RAW, R, "letter-exact"),
    ("без letter-exact the same slip asks", "ребра", "ребро", (), (), None, U, "near-miss"),
    ("точный ответ, long word", "Абстракционизьм", "Абстракционизм.", (), (),
     "Точный ответ.", R, "letter-exact"),
    # whole words only; expanded answers go to the host
    ("03 substring of a word", "Евровидение", "Евро.", (), (), None, R, "far"),
    ("01 answer inside a longer word", "Инкассатор", "Инка.", (), (), None, R, "far"),
    ("02 answer inside a longer word", "Амальгама", "Ныряльщица.", ("Ама.",), (), None,
     R, "far"),
    ("03 expanded answer", "город Гаага", "Гаага.", (), (), None, U, "expanded"),
    ("02 expanded answer", "Уильям Шекспир", "Шекспир.", (), (), None, U, "expanded"),
    ("03 wrong first name", "Теодор Рузвельт", "Франклин Рузвельт.",
     ("Франклин Делано Рузвельт.",), (), None, R, "far"),
    ("03 Зачет with the middle name", "Франклин Делано Рузвельт", "Франклин Рузвельт.",
     ("Франклин Делано Рузвельт.",), (), None, A, "exact"),
    ("03 Зачет plus order and slip", "Зубы драконов", "Зубы дракона.",
     ("Драконовы зубы", "драконьи зубы."), (), None, A, "typo"),
    # empty answers
    ("empty", "", "Инка.", (), (), None, R, "empty"),
    ("punctuation only", " ... ", "Инка.", (), (), None, R, "empty"),
]


@pytest.mark.parametrize(
    ("given", "answer", "accepted", "rejected", "accepted_raw", "kind", "reason"),
    [pytest.param(*row[1:], id=row[0]) for row in CASES],
)
def test_judge_table(given, answer, accepted, rejected, accepted_raw, kind, reason):
    verdict = judge(given, answer, accepted, rejected, accepted_raw=accepted_raw)
    assert (verdict.kind, verdict.reason) == (kind, f"judge-reason-{reason}")


def test_verdict_names_the_variant_it_matched():
    verdict = judge("Гашек", "(Ярослав) Гашек.")
    assert verdict.matched == "Гашек"
    assert verdict.args == {"matched": "Гашек"}
    typo = judge("Хеменгуэй", "(Эрнест) Хемингуэй.")
    assert typo.args == {"matched": "Хемингуэй", "distance": 1}


def test_prose_verdict_shows_the_criteria():
    verdict = judge("Есть ли жизнь на том свете", "Есть ли жизнь после смерти?",
                    accepted_raw="Синонимичные ответы.")
    assert verdict.args["criteria"] == "Синонимичные ответы"


def test_order_rule_in_zachet_does_not_make_far_answers_unsure():
    verdict = judge("Марс", "Плутон, Плутос.", accepted_raw="В любом порядке.")
    assert verdict.kind is R


# --- normalize ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(Ярослав) Гашек.", "ярослав гашек"),
        ("«Человек-паук — 2»", "человек паук 2"),
        ("Алан ТьЮринг.", "алан тьюринг"),
        ("Мандельшта\u0301м", "мандельштам"),
        ("ЁЛКА", "елка"),
        ("Чайка", "чайка"),
        ("Gangsta's  paradise!", "gangstas paradise"),
        ("Café „Tour de France“", "cafe tour de france"),
        ("Есть ли жизнь после смерти?", "есть ли жизнь после смерти"),
        ("€", "€"),
        ("Bucureşti, Brăila", "bucuresti braila"),
    ],
)
def test_normalize(text, expected):
    assert normalize(text) == expected


@given(st.text())
def test_normalize_is_idempotent(text):
    once = normalize(text)
    assert normalize(once) == once


# --- variants of one answer --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "variants"),
    [
        ("[Джузеппе] Верди.", ["Джузеппе Верди", "Верди"]),
        ("[князя] Святослава [Игоревича]",
         ["князя Святослава Игоревича", "князя Святослава", "Святослава Игоревича",
          "Святослава"]),
        ("Столб[ик] термометра.", ["Столбик термометра", "Столб термометра"]),
        ("(Ярослав) Гашек.", ["Ярослав Гашек", "Гашек"]),
        ("[самый] темный час/часы",
         ["самый темный час", "самый темный часы", "темный час", "темный часы"]),
        ("AC/DC", ["AC/DC"]),
        ("1/2", ["1/2"]),
        ("Оксбридж (или Кэмфорд).", ["Оксбридж", "Кэмфорд"]),
        ('Выступление (или любой другой синоним слова "доклад").', ["Выступление"]),
        ("Оксбридж / Кэмфорд", ["Оксбридж", "Кэмфорд"]),
        ("[...]", []),
        ("на [концерт/спектакль] «Гамлет»",
         ["на концерт «Гамлет»", "на спектакль «Гамлет»", "на «Гамлет»", "«Гамлет»"]),
        ("в [нижнем] правом углу", ["в нижнем правом углу", "в правом углу", "правом углу"]),
        ("Ивовый прут/лозоходная рамка", ["Ивовый прут", "лозоходная рамка"]),
        ("Ёж [чтецу: ударение на е]", ["Ёж"]),
    ],
)
def test_expand_variants(answer, variants):
    assert expand_variants(answer) == variants


def test_expand_variants_is_bounded():
    assert len(expand_variants(" ".join(f"[w{i}]" for i in range(20)) + " end")) == 256


# --- Зачёт text (bot.packages.criteria, shared with the importers) -----------------------------


@pytest.mark.parametrize(
    ("text", "author", "alternatives"),
    [
        ("Драконовы зубы; драконьи зубы.", "Зубы дракона.", ("Драконовы зубы", "драконьи зубы")),
        ("Солнечные затмения, затмения.", "Полное солнечное затмение.",
         ("Солнечные затмения", "затмения")),
        ("1915, 1916, 1917, 1918.", "1914.", ("1915", "1916", "1917", "1918")),
        ("Адидас, Найк, в любом порядке.", "Adidas, Nike.", ("Адидас, Найк",)),
        ("Гангстерский рай; Gangsta's paradise, Gangster's paradise.", "Рай для гангстеров.",
         ("Гангстерский рай", "Gangsta's paradise", "Gangster's paradise")),
        # A line break that reaches the Зачёт is a paragraph (the importer unwraps hard wraps).
        ("Доллар КША; доллар Юга\nюжный доллар.", "Доллар Конфедеративных Штатов Америки.",
         ("Доллар КША", "доллар Юга", "южный доллар")),
        ("&euro;; принимается также любая купюра или монета евро.", "Евро.", ("€",)),
        ("Синонимичные ответы.", "Есть ли жизнь после смерти?", ()),
        ("В любом порядке.", "Плутон, Плутос.", ()),
        ("по фамилии Тьюринг без неверных уточнений.", "Алан ТьЮринг.", ("Тьюринг",)),
        ("По слову «вино».", "[Грузинское] вино.", ("вино",)),
        ("По фамилии без неверных уточнений.", "Алан ТьЮринг.", ()),
        ("по фамилии и имени", "Алан ТьЮринг.", ()),
        ("Ртутный столб[ик], [самый] темный час/часы", "x", ("Ртутный столб[ик]",
                                                          "[самый] темный час/часы")),
        ("Оксбридж / Кэмфорд", "x", ("Оксбридж", "Кэмфорд")),
        ("Оксбридж / Кэмфорд", "a, b", ("Оксбридж / Кэмфорд",)),
        ("Драконовы зубы. Незачет: тигриные зубы; зубы дракона", "Зубы.", ("Драконовы зубы",)),
        ("Последний пришедший, последний прибежавший и т.д. по смыслу.", "Пришедший последним.",
         ("Последний пришедший", "последний прибежавший")),
        # where the importer's and the matcher's splitting used to differ
        ("[самый] темный час/часы", "Час.", ("[самый] темный час/часы",)),
        ("Время, часы/часики.", "Час.", ("Время", "часы/часики")),
        ("http://example.org/a/b, сайт", "x", ("http://example.org/a/b", "сайт")),
        ("50/50; 1 / 2", "x", ("50/50", "1 / 2")),
        ("AC/DC", "x", ("AC/DC",)),
        ("«Война, мир», Анна Каренина", "x", ("«Война, мир»", "Анна Каренина")),
        ("Только вперёд; Any Given Sunday", "x", ("Только вперёд", "Any Given Sunday")),
        ("Тьюринг без неверных уточнений", "x", ("Тьюринг",)),
        ("Минута и т.п. по смыслу.", "Час.", ("Минута",)),
        ('Выступление (или любой другой синоним слова "доклад")', "x",
         ('Выступление (или любой другой синоним слова "доклад")',)),
        ("с упоминанием слова «ботокс»; (по смыслу)", "x", ()),
        ("в любой капитализации, с восклицательным знаком или без него", "x", ()),
        ("Витамин С по смыслу", "x", ("Витамин С",)),
    ],
)
def test_split_alternatives(text, author, alternatives):
    assert split_alternatives(text, author) == alternatives


def test_read_criteria_gives_rules_and_inline_nezachet():
    criteria = read_criteria(PASS_LAST_RAW + " Незачет: первый; любой другой", "x")
    assert criteria.accepted == ("Последний пришедший", "последний прибежавший")
    assert criteria.rejected == ("первый",)
    assert criteria.rules == ("последний прибежавший и т.д. по смыслу",)
    assert not criteria.letter_exact
    assert read_criteria(BORROMEO_RAW, "x") == Criteria(letter_exact=True)
    assert read_criteria("В любом порядке.", "a, b").rules == ()  # asks for nothing more


zachet_text = st.lists(
    st.one_of(
        st.sampled_from(["по смыслу", "по фамилии ", "по слову «", "»", "Незачет: ", " и т.д.",
                         "любой", " / ", "В ", "только", "с ", "или без", "(", ")", "Тьюринг",
                         " ", ",", ";", ".", "\n", "/", "час"]),
        st.text(max_size=3),
    ),
    max_size=12,
).map("".join)


@given(zachet_text, st.sampled_from(["Час.", "Плутон, Плутос."]))
@example(PASS_LAST_RAW, "x")
@example(TURING_RAW, "x")
@example("Адидас, Найк, в любом порядке.", "Adidas, Nike.")
@example("любойпо смыслу", "x")
def test_an_imported_alternative_reads_as_itself(raw, answer):
    # The matcher takes Question.accepted as given: reading an item again changes nothing.
    criteria = read_criteria(raw, answer)
    for alternative in criteria.accepted + criteria.rejected:
        assert read_alternative(alternative).accepted == (alternative,)


@pytest.mark.parametrize(
    ("text", "prose", "exact"),
    [
        ("Синонимичные ответы.", True, False),
        ("По смыслу.", True, False),
        ("В любом порядке.", True, False),
        ("по фамилии Тьюринг без неверных уточнений.", True, False),
        ("принимается также любая купюра или монета евро", True, False),
        ("любой другой синоним слова «доклад»", True, False),
        ("и т.п. по смыслу с упоминанием слова «ботокс»", True, False),
        ("только добуквенно верные ответы", True, True),
        ("Точный ответ.", True, True),
        ("Драконовы зубы", False, False),
        ("Окно в Европу", False, False),
        ("Доллар Конфедерации", False, False),
        ("Gangsta's paradise", False, False),
        # "только" and "any" alone are words of answers
        ("Только вперёд", False, False),
        ("Any Given Sunday", False, False),
        ("in any order", True, False),
    ],
)
def test_prose_and_letter_exact(text, prose, exact):
    assert (is_prose_criteria(text), is_letter_exact(text)) == (prose, exact)


# --- questions, parts, the Matcher -------------------------------------------------------------


def imported(answer: str, zachet: str) -> Question:
    """The question the db-text importer makes of ``answer`` and ``zachet``."""
    text = f"Вопрос 1:\nЧто?\n\nОтвет:\n{answer}\n\nЗачет:\n{zachet}\n"
    package = parse_package(text.encode()).package
    assert package is not None
    (question,) = package.questions
    return question


def test_judge_question_uses_accepted_and_the_rules_of_accepted_raw():
    q = imported("Алан ТьЮринг.", TURING_RAW)
    assert q.accepted == ("Тьюринг",)
    assert judge_question("Тьюринг", q).kind is A
    assert judge_question("Тьюринг-младший", q).kind is U
    loose = imported("Пришедший последним.", PASS_LAST_RAW)
    assert judge_question("последний", loose).kind is U
    assert judge_question("опоздавший", loose).reason == "judge-reason-prose"


def test_accepted_raw_is_not_split_again():
    # The importer fills Question.accepted; accepted_raw only adds its rules.
    q = Question(number=7, text="…", answer="Алан ТьЮринг.", accepted_raw=TURING_RAW)
    assert judge_question("Тьюринг", q).reason == "judge-reason-partial"


def test_inline_nezachet_in_the_zachet_is_rejected():
    q = imported("Зубы дракона.", "Драконовы зубы; драконьи зубы. Незачет: Тигриные зубы.")
    assert judge_question("драконьи зубы", q).kind is A
    assert judge_question("тигриные зубы", q).reason == "judge-reason-rejected"


def test_a_word_choice_in_the_zachet_is_expanded_not_split():
    q = imported("Полночь.", "[Самый] темный час/часы")
    assert q.accepted == ("[Самый] темный час/часы",)
    for given_text in ("самый темный час", "темный часы", "Самый темный часы"):
        assert judge_question(given_text, q).kind is A, given_text
    assert judge_question("часы", q).reason == "judge-reason-partial"


def test_judge_question_uses_rejected():
    q = Question(number=28, text="…", answer="Шнобелевская премия.",
                 rejected=("Игнобелевская премия.",))
    assert judge_question("Игнобелевская премия", q).reason == "judge-reason-rejected"


BLITZ = Question(
    number=1, text="Блиц.", answer="1. ребро; 2. мо; 3. о", kind=QuestionKind.BLITZ,
    accepted_raw=BORROMEO_RAW,
    parts=(Part("1", "ребро"), Part("2", "мо"), Part("3", "о")),
)
DUPLET = Question(
    number=10, text="Дуплет.", answer="1. 1914. 2. 1939.", kind=QuestionKind.DUPLET,
    parts=(Part("1", "1914.", accepted=("1915", "1916", "1917", "1918")),
           Part("2", "1939.", accepted=("1940", "1941", "1942", "1943", "1944", "1945"))),
)


@pytest.mark.parametrize(
    ("question", "given", "kind", "reason"),
    [
        (BLITZ, "ребро, мо, о", A, "parts-all"),
        (BLITZ, "1. ребро 2. мо 3. о", A, "parts-all"),
        (BLITZ, "ребро\nмо\nо", A, "parts-all"),
        (BLITZ, "ребро мо о", A, "parts-all"),
        (BLITZ, "ребра; мо; о", R, "parts-wrong"),
        (BLITZ, "ребро; мо", U, "parts-count"),
        (DUPLET, "1. 1916 2. 1941", A, "parts-all"),
        (DUPLET, "1914; 1940", A, "parts-all"),
        (DUPLET, "1914; 1946", R, "parts-wrong"),
        (DUPLET, "1914 год; 1939", U, "parts-unsure"),
    ],
)
def test_blitz_and_duplet_are_judged_as_a_whole(question, given, kind, reason):
    verdict = judge_question(given, question)
    assert (verdict.kind, verdict.reason) == (kind, f"judge-reason-{reason}")


def test_wrong_part_is_named():
    assert judge_question("ребро; мо; у", BLITZ).args == {"number": 3}


def test_judge_part_takes_rules_but_not_alternatives_from_the_question():
    part = Part("1", "Пол овина.")
    raw = "   2. Пол-Риги."
    assert judge_part("Пол риги", part, accepted_raw=raw).kind is R
    assert judge_part("Пол овина", part, accepted_raw=raw).kind is A
    assert judge_part("ребра", Part("1", "ребро"), accepted_raw=BORROMEO_RAW).kind is R


def test_matcher_judges_many_answers_like_judge():
    q = Question(number=24, text="…", answer="Полное солнечное затмение.",
                 accepted=SOLAR_ACCEPTED, rejected=("Лунные затмения.",))
    matcher = Matcher.for_question(q)
    for row in ("затмения", "лунное затмение", "солнечное затмение", "буря", ""):
        assert matcher.judge(row) == judge(row, q.answer, q.accepted, q.rejected)


# --- properties --------------------------------------------------------------------------------

# Texts with a letter left after normalising and no inline "Зачет:"/"Незачет:" label.
has_letter = st.text(min_size=1).filter(
    lambda s: any(c.isalpha() for c in normalize(s)) and "зач" not in s.casefold()
)


@given(has_letter)
@example("[самый] темный час/часы")
@example('Выступление (или любой другой синоним слова "доклад")')
def test_the_answer_itself_is_accepted(text):
    assert judge(text, text).kind is A


@given(has_letter, has_letter)
@example("Сталагмит", "Сталактит")
@example("и[др", "идр")
def test_a_rejected_answer_is_never_accepted(rejected, answer):
    assert judge(rejected, answer, (answer,), (rejected,)).kind is not A


@given(st.integers(0, 10**9), st.integers(0, 10**9))
def test_different_numbers_are_never_accepted(given_number, answer_number):
    verdict = judge(str(given_number), f"{answer_number}.")
    assert (verdict.kind is A) == (given_number == answer_number)


cyrillic_word = st.text(alphabet="абвгдежзклмнопрстуфхцчшщыэюя", min_size=2, max_size=4)


@given(cyrillic_word, st.data())
def test_no_typo_is_accepted_in_a_short_answer(word, data):
    position = data.draw(st.integers(0, len(word) - 1))
    letter = data.draw(st.sampled_from("абвгдежзклмнопрстуфхцчшщыэюя"))
    typo = word[:position] + letter + word[position + 1 :]
    verdict = judge(typo, word)
    assert (verdict.kind is A) == (typo == word)


@given(st.text(), st.lists(st.text(), max_size=3), st.lists(st.text(), max_size=3))
def test_judge_never_raises(given_text, accepted, rejected):
    verdict = judge(given_text, "Ответ", accepted, rejected, accepted_raw=given_text)
    assert isinstance(verdict, Verdict)
    assert verdict.reason.startswith("judge-reason-")


def test_an_answer_that_is_the_word_nezachet_is_an_answer_not_a_label():
    # "Незачёт" with no colon after it is the author's answer itself (a question may well be
    # about the word); only "Незачёт:" starts the list of answers not credited.
    assert judge("незачет", "Незачёт").kind is VerdictKind.ACCEPT
    assert judge("незаче", "незачет").kind is judge("незаче", "незачёт").kind
    assert judge("сова", "Филин. Незачёт: сова").kind is VerdictKind.REJECT
