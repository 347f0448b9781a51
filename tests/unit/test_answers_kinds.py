"""Judging that saves the host's time: each kind of answer that used to go to the
host or be misread, with our own examples and the Зачёт texts read as an importer reads them
(bot/answers/, bot/packages/criteria.py, formats.md section 6).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from bot.answers import Matcher, VerdictKind
from bot.answers.wordforms import numbers_as_digits
from bot.packages.criteria import read_criteria, split_alternatives

A, R, U = VerdictKind.ACCEPT, VerdictKind.REJECT, VerdictKind.UNSURE


def judged(given: str, answer: str, zachet: str | None = None, nezachet: str | None = None,
           accepted: tuple[str, ...] = ()) -> tuple[VerdictKind, str]:
    """(kind, reason without its prefix) for ``given``, the Зачёт/Незачёт split as the
    importer splits them and the Зачёт as written kept for its rules."""
    matcher = Matcher(answer, [*accepted, *split_alternatives(zachet, answer)],
                      split_alternatives(nezachet, answer), zachet)
    verdict = matcher.judge(given)
    return verdict.kind, verdict.reason.removeprefix("judge-reason-")


# (what it checks, given, answer, Зачёт, Незачёт, extra accepted items, verdict, reason)
CASES = [
    # 1. two versions and negations are not credited, even if one version is right
    ("1 X или Y", "Гашек или Швейк", "(Ярослав) Гашек.", None, None, (), R, "two-versions"),
    ("1 X, а может Y", "Гашек, а может Швейк", "(Ярослав) Гашек.", None, None, (), R,
     "two-versions"),
    ("1 X, возможно, Y", "Гашек, возможно, Швейк", "(Ярослав) Гашек.", None, None, (), R,
     "two-versions"),
    ("1 X/Y", "Полночь/полдень", "Полночь.", None, None, (), R, "two-versions"),
    ("1 X (или Y)", "Гашек (или Швейк)", "(Ярослав) Гашек.", None, None, (), R,
     "two-versions"),
    ("1 не X", "не Гашек", "(Ярослав) Гашек.", None, None, (), R, "negation"),
    ("1 или of the author's answer", "Быть или не быть", "Быть или не быть.", None, None, (),
     A, "exact"),
    ("1 или of an accepted answer", "Пан или пропал", "Всё или ничего.", "Пан или пропал",
     None, (), A, "exact"),
    ("1 не of the author's answer", "Не сидим сложа руки", "Не сидим сложа руки.", None,
     None, (), A, "exact"),
    ("1 Незачёт still wins", "Сталагмит или сталактит", "Сталактит.", None, "Сталагмит",
     (), R, "two-versions"),
    # 2. rules about form tighten nothing else: a far answer is REJECT, not the host's call
    ("2 Точный ответ, far", "Оксфорд", "Оксбридж.", "Точный ответ.", None, (), R, "far"),
    ("2 в любом числе и падеже, far", "Сталин", "Белые медведи.",
     "В любом числе и падеже.", None, (), R, "far"),
    ("2 с любой капитализацией, far", "Лондон", "Париж.", "С любой капитализацией.", None,
     (), R, "far"),
    ("2 можно без артиклей, far", "Rolling Stones", "The Beatles.", "Можно без артиклей.",
     None, (), R, "far"),
    ("2 можно без артиклей, right", "Beatles", "The Beatles.", "Можно без артиклей.", None,
     (), A, "exact"),
    ("2 по фамилии, far", "Сальери", "Вольфганг Амадей Моцарт.", "По фамилии.", None, (),
     R, "far"),
    # 3. inflected forms count under "в любом числе / падеже"
    ("3 в любом числе", "белый медведь", "Белые медведи.", "Точный ответ в любом числе.",
     None, (), A, "inflected"),
    ("3 в любом падеже", "тёмная ночь", "«Тёмную ночь».", "В любом падеже.", None, (), A,
     "inflected"),
    ("3 not without the rule", "белый медведь", "Белые медведи.", None, None, (), U,
     "near-miss"),
    ("3 other words inflected", "чёрный медведь", "Белые медведи.",
     "В любом числе и падеже.", None, (), R, "far"),
    ("3 Незачёт inflected", "бурый медведь", "Белые медведи.", "В любом числе.",
     "Бурые медведи", (), R, "rejected"),
    # 4. по фамилии / по имени или фамилии with no name written
    ("4 surname alone", "Моцарт", "Вольфганг Амадей Моцарт.", "По фамилии.", None, (), A,
     "exact"),
    ("4 given name alone", "Вольфганг", "Вольфганг Амадей Моцарт.", "По имени или фамилии.",
     None, (), A, "exact"),
    ("4 given name needs the rule", "Вольфганг", "Вольфганг Амадей Моцарт.", "По фамилии.",
     None, (), U, "partial"),
    # 5. по словам «X» / по ключевым словам «X» read like по слову «X»
    ("5 по словам", "развод", "Расторжение брака.", "По словам «развод».", None, (), A,
     "exact"),
    ("5 по ключевым словам", "развод", "Расторжение брака.", "По ключевым словам «развод».",
     None, (), A, "exact"),
    # 6. prose tails cut from an accepted answer
    ("6 и другие синонимичные ответы", "тёплый свитер", "Свитер.",
     "Тёплый свитер и другие синонимичные ответы.", None, (), A, "exact"),
    ("6 и все остальные", "Колобок", "Репка.", "Колобок и все остальные герои сказок.",
     None, (), A, "exact"),
    ("6 и иные синонимы", "тёплый свитер", "Свитер.", "Тёплый свитер и иные синонимы.", None,
     (), A, "exact"),
    ("6 или другие", "тёплый свитер", "Свитер.", "Тёплый свитер или другие синонимы.", None,
     (), A, "exact"),
    ("6 и аналоги", "Колобок", "Репка.", "Колобок и аналоги.", None, (), A, "exact"),
    ("6 the rule stays for the host", "Теремок", "Репка.",
     "Колобок и все остальные герои сказок.", None, (), U, "prose"),
    # 7. prose is never an accepted alternative
    ("7 можно без кавычек", "без кавычек", "«Гамлет».", "Можно без кавычек.", None, (), R,
     "far"),
    ("7 a rule across a comma", "использующий кириллицу", "Русский язык.",
     "Любой другой язык, использующий кириллицу.", None, (), U, "prose"),
    ("7 a reader's note", "ударение на е", "Ёж.", "Ежик [чтецу: ударение на е].", None, (),
     R, "far"),
    ("7 the answer before the note", "ежик", "Ёж.", "Ежик [чтецу: ударение на е].", None,
     (), A, "exact"),
    # 8. word choices inside optional parts
    ("8 one choice", "на спектакль «Гамлет»", "На [концерт/спектакль] «Гамлет».", None, None,
     (), A, "exact"),
    ("8 the other choice", "на концерт «Гамлет»", "На [концерт/спектакль] «Гамлет».", None,
     None, (), A, "exact"),
    ("8 the part left out", "«Гамлет»", "На [концерт/спектакль] «Гамлет».", None, None, (),
     A, "exact"),
    # 9. "/" alternatives, numbers in words, "&", the other script, comma-separated items
    ("9 phrase/phrase, first", "ивовый прут", "Ивовый прут/лозоходная рамка.", None, None,
     (), A, "exact"),
    ("9 phrase/phrase, second", "лозоходная рамка", "Ивовый прут/лозоходная рамка.", None,
     None, (), A, "exact"),
    ("9 1/2 is not split", "1", "1/2.", None, None, (), R, "far"),
    ("9 24/7 is not split", "24/7", "24/7.", None, None, (), A, "exact"),
    ("9 digits for words", "366", "Триста шестьдесят шесть.", None, None, (), A, "exact"),
    ("9 words for digits", "триста шестьдесят шесть", "366.", None, None, (), A, "exact"),
    ("9 another number in words", "триста шестьдесят семь", "366.", None, None, (), R,
     "far"),
    ("9 & for и", "Брокгауз & Ефрон", "Брокгауз и Ефрон.", None, None, (), A, "exact"),
    ("9 the other script", "Frost", "Фрост.", None, None, (), U, "other-script"),
    ("9 a surname in the other script", "Frost", "Роберт Фрост.", None, None, (), U,
     "other-script"),
    ("9 comma-separated accepted item", "Нет ложки", "Нет никакой ложки.", None, None,
     ("Нет ложки, there is no spoon",), A, "exact"),
    # 10. inner quotes that mark a title
    ("10 without the title's quotes", "Вершина Арарата", "Вершина «Арарата».", None, None,
     (), U, "title-quotes"),
    ("10 with them", "Вершина «Арарата»", "Вершина «Арарата».", None, None, (), A, "exact"),
    ("10 можно без кавычек", "Вершина Арарата", "Вершина «Арарата».", "Можно без кавычек.",
     None, (), A, "exact"),
    ("10 a wholly quoted answer", "Человек паук", "«Человек-паук».", None, None, (), A,
     "exact"),
]


@pytest.mark.parametrize(
    ("given", "answer", "zachet", "nezachet", "accepted", "kind", "reason"),
    [pytest.param(*row[1:], id=row[0]) for row in CASES],
)
def test_kinds(given, answer, zachet, nezachet, accepted, kind, reason):
    assert judged(given, answer, zachet, nezachet, accepted) == (kind, reason)


@pytest.mark.parametrize(
    ("zachet", "author", "alternatives", "flags"),
    [
        ("Тёплый свитер и другие синонимичные ответы.", "Свитер.", ("Тёплый свитер",), {}),
        ("Тёплый свитер и иные синонимы.", "Свитер.", ("Тёплый свитер",), {}),
        ("Можно без кавычек.", "«Гамлет».", (), {"quotes_optional": True}),
        ("Любой другой язык, использующий кириллицу.", "Русский.", (), {}),
        ("Ежик [чтецу: ударение на е]; ёжик.", "Ёж.", ("Ежик", "ёжик"), {}),
        ("По фамилии.", "Моцарт.", (), {"by_surname": True}),
        ("По имени или фамилии.", "Моцарт.", (), {"by_surname": True, "by_given_name": True}),
        ("По фамилии Тьюринг.", "Алан Тьюринг.", ("Тьюринг",), {}),
        ("Точный ответ в любом числе и падеже.", "Медведи.", (),
         {"any_form": True, "letter_exact": True}),
        ("Можно без артиклей.", "The Beatles.", (), {"articles_optional": True}),
    ],
)
def test_zachet_prose_is_read_as_rules(zachet, author, alternatives, flags):
    criteria = read_criteria(zachet, author)
    assert criteria.accepted == alternatives
    for flag in ("any_form", "by_surname", "by_given_name", "quotes_optional",
                 "articles_optional", "letter_exact"):
        assert getattr(criteria, flag) is flags.get(flag, False), flag
    # Form rules are not rules that loosen: nothing for the host to read on a far answer.
    if flags:
        assert criteria.rules == ()


@pytest.mark.parametrize(
    ("words", "digits"),
    [
        ("ноль", ("0",)),
        ("семь самураев", ("7", "самураев")),
        ("триста шестьдесят шесть", ("366",)),
        ("двадцать одиннадцать", ("20", "11")),
        ("две тысячи пять", ("2005",)),
        ("тысяча и одна ночь", ("1000", "и", "1", "ночь")),
        ("девять тысяч девятьсот девяносто девять", ("9999",)),
        ("сто один далматинец", ("101", "далматинец")),
        ("пятьсот", ("500",)),
    ],
)
def test_numbers_in_words(words, digits):
    assert numbers_as_digits(words.split()) == digits


def test_slips_keep_their_limits_under_the_new_rules():
    # No slip in a 5-7-letter answer accepted, none in an 8+-letter rejected,
    # also where the Зачёт has a rule about form.
    assert judged("Голиав", "Голиаф.", "В любом падеже.")[0] is U
    assert judged("Хеменгуэй", "(Эрнест) Хемингуэй.", "По фамилии.")[0] is A


# --- properties --------------------------------------------------------------------------------

word = st.text(alphabet="абвгдежзиклмнопрстуфхцчшщыэюя", min_size=3, max_size=9)


@given(word, word)
@example("гашек", "швейк")
def test_two_versions_are_never_accepted(right, other):
    # The right answer with a second version after "или", ", а может" or "/".
    assume(right not in ("или", "либо"))
    for given_text in (f"{right} или {other}", f"{right}, а может {other}", f"{right}/{other}",
                       f"не {right}"):
        assert judged(given_text, f"{right}.")[0] is R, given_text


_ONES = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
_TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
          "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"]
_TENS_WORDS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят",
               "семьдесят", "восемьдесят", "девяносто"]
_HUNDREDS_WORDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот",
                   "семьсот", "восемьсот", "девятьсот"]
_THOUSANDS_WORDS = ["", "тысяча", "две тысячи", "три тысячи", "четыре тысячи", "пять тысяч",
                    "шесть тысяч", "семь тысяч", "восемь тысяч", "девять тысяч"]


def spelled(number: int) -> str:
    """``number`` (1 to 9999) in Russian words, as a textbook writes it."""
    thousands, rest = divmod(number, 1000)
    hundreds, rest = divmod(rest, 100)
    tens, ones = divmod(rest, 10)
    low = [_TEENS[ones]] if tens == 1 else [_TENS_WORDS[tens], _ONES[ones]]
    return " ".join(w for w in [_THOUSANDS_WORDS[thousands], _HUNDREDS_WORDS[hundreds], *low]
                    if w)


@given(st.integers(1, 9999))
@example(366)
@example(2005)
def test_a_number_in_words_is_its_digits(number):
    assert numbers_as_digits(spelled(number).split()) == (str(number),)
    assert judged(spelled(number), f"{number}.")[0] is A
    assert judged(spelled(number), f"{number + 1}.")[0] is R
