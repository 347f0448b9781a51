"""Зачёт lines that used to leave the judge unsure, each kind read as a rule (formats.md 6.1:
the package's own Зачёт lines override the defaults; 6.2: Зачёт is often prose).

Kinds: prose that names what is credited ("засчитывается любое упоминание X", "ответы,
содержащие X", "принимается с любым уточнением", "Принимается также X, Y"); "по фамилии" when
the author's answer is a full name written surname first; "можно без артиклей" and other "можно
без …" permissions. For each, the answer the editor credits is ACCEPT and a wrong answer is
REJECT, not the host's call (DUEL-3.7 leaves the host the last word on what stays UNSURE), and
nothing wrong is accepted.
"""

from __future__ import annotations

import pytest

from bench.judging import line_judging
from bot.answers import Matcher, VerdictKind
from bot.packages import parse_package
from bot.packages.criteria import read_criteria, split_alternatives

A, R, U = VerdictKind.ACCEPT, VerdictKind.REJECT, VerdictKind.UNSURE


def judged(given: str, answer: str, zachet: str) -> tuple[VerdictKind, str]:
    """(kind, reason without its prefix) for ``given``, the Зачёт split and kept for its rules
    as an importer does."""
    matcher = Matcher(answer, split_alternatives(zachet, answer), (), zachet)
    verdict = matcher.judge(given)
    return verdict.kind, verdict.reason.removeprefix("judge-reason-")


def verdicts(answer: str, zachet: str, credited: tuple[str, ...],
             not_credited: dict[str, VerdictKind]) -> dict[str, VerdictKind]:
    """The verdict on each answer of ``credited`` and ``not_credited``."""
    return {given: judged(given, answer, zachet)[0] for given in (*credited, *not_credited)}


def expected(credited: tuple[str, ...],
             not_credited: dict[str, VerdictKind]) -> dict[str, VerdictKind]:
    """ACCEPT for each of ``credited``, the verdict given for each of ``not_credited``."""
    return {**dict.fromkeys(credited, A), **not_credited}


# (what it checks, author's answer, Зачёт, answers it credits, other answers and their verdict)
PROSE = [
    ("any mention, in another form", "Евро.", "Засчитывается любое упоминание евро.",
     ("монета в два евро", "евро"), {"доллар": R, "не евро": R, "евро или доллар": R}),
    ("any mention of names written inflected", "Швейк.",
     "Принимается любое упоминание Швейка или Гашека.", ("бравый солдат Швейк", "роман Гашека"),
     {"Кафка": R}),
    ("any mention, a word grown longer is the host's", "Мост.", "Любое упоминание моста.",
     ("мосты", "по мосту"), {"мостик": U, "кафе": R}),
    ("answers containing the word", "Развод.", "Ответы, содержащие слово «развод».",
     ("разводы", "развод супругов"), {"бракоразводный процесс": U, "свадьба": R}),
    ("answers with a mention", "Евро.", "Засчитываются ответы с упоминанием евро.",
     ("монета евро",), {"доллар": R, "ответы": R}),
    ("any detail added", "Тьюринг.", "Принимается с любым уточнением.",
     ("Алан Тьюринг, британский математик",),
     {"Эйлер": R, "Тьюринг или Эйлер": R, "не Тьюринг": R}),
    ("an answer with any detail", "Алан Тьюринг.", "Тьюринг с любыми уточнениями.",
     ("Тьюринг", "математик Тьюринг"), {"Эйлер": R}),
    ("Принимается также X, Y", "Свитер.", "Принимается также джемпер, пуловер.",
     ("джемпер", "пуловер"), {"кофта": R}),
    ("Также принимаются: X; Y", "Свитер.", "Также принимаются: джемпер; пуловер.",
     ("джемпер", "пуловер"), {"кофта": R}),
]


@pytest.mark.parametrize(("what", "answer", "zachet", "credited", "not_credited"), PROSE,
                         ids=[c[0] for c in PROSE])
def test_6_2_prose_zachet_naming_what_is_credited_is_a_rule(what, answer, zachet, credited,
                                                              not_credited):
    # Given a Зачёт written as prose; when teams' answers are judged; then what it credits is
    # ACCEPT and a wrong answer is REJECT, not the host's call.
    assert verdicts(answer, zachet, credited, not_credited) == expected(credited, not_credited)


def test_6_2_prose_lead_in_and_rule_words_are_never_answers():
    # Given Зачёт texts whose words are rules or lead-ins, not answers
    texts = {"Засчитываются ответы с упоминанием евро.": ("ответы",),
             "Принимается также джемпер.": ("принимается", "принимается также джемпер"),
             "Без артикля.": ("без артикля",), "Артикль не обязателен.": ("артикль",)}
    for zachet, words in texts.items():
        # when read as an importer reads them, then none of those words is an alternative
        assert not set(words) & set(split_alternatives(zachet, "The Beatles."))
        # and a team that types them is not credited
        for given in words:
            assert judged(given, "The Beatles.", zachet)[0] is not A, (zachet, given)


SURNAMES = [
    ("surname first, name after", "Моцарт Вольфганг Амадей.", "По фамилии.", ("Моцарт",),
     {"Вольфганг": U, "Сальери": R}),
    ("surname, name and patronymic", "Чайковский Пётр Ильич.", "По фамилии.",
     ("Чайковский",), {"Пётр": U, "Ильич": U, "Глинка": R}),
    ("surname and initials", "Пушкин А. С.", "По фамилии.", ("Пушкин",), {"Лермонтов": R}),
    ("given name of a surname-first name", "Чайковский Пётр Ильич.", "По имени.", ("Пётр",),
     {"Чайковский": U}),
    ("no surname a reader can be sure of", "Бор Нильс.", "По фамилии.", (), {"Нильс": U}),
]


@pytest.mark.parametrize(("what", "answer", "zachet", "credited", "not_credited"), SURNAMES,
                         ids=[c[0] for c in SURNAMES])
def test_6_1_by_surname_finds_the_surname_of_a_full_name(what, answer, zachet, credited,
                                                          not_credited):
    # Given "по фамилии" and the author's answer a full name; when the surname alone and the
    # other words of the name are judged; then the surname is right, no other word is.
    assert verdicts(answer, zachet, credited, not_credited) == expected(credited, not_credited)


WITHOUT = [
    ("без артикля", "The Beatles.", "Без артикля.", ("Beatles",),
     {"без артикля": R, "Rolling Stones": R}),
    ("артикль не обязателен", "Les Misérables.", "Артикль не обязателен.", ("Misérables",),
     {"артикль": R, "Notre-Dame": R}),
    ("можно без слова «X»", "Остров Пасхи.", "Можно без слова «остров».", ("Пасхи",),
     {"остров": U, "Крит": R}),
    ("можно без «X»", "Пётр Великий.", "Можно без «Великий».", ("Пётр",), {"Павел": R}),
    ("можно без имени и отчества", "Фёдор Михайлович Достоевский.",
     "Можно без имени и отчества.", ("Достоевский",), {"Толстой": R}),
    ("можно без фамилии", "Леонардо да Винчи.", "Можно без фамилии.", ("Леонардо",),
     {"Рафаэль": R}),
]


@pytest.mark.parametrize(("what", "answer", "zachet", "credited", "not_credited"), WITHOUT,
                         ids=[c[0] for c in WITHOUT])
def test_6_1_mozhno_bez_lets_the_named_part_be_left_out(what, answer, zachet, credited,
                                                         not_credited):
    # Given a "можно без …" permission; when the answer without that part is judged; then it is
    # right, and an answer that is not the author's stays wrong.
    assert verdicts(answer, zachet, credited, not_credited) == expected(credited, not_credited)


PACKAGE = """Чемпионат:
Проверка зачёта

Вопрос 1:
Что надевают зимой?

Ответ:
Свитер.

Зачет:
Принимается также джемпер, пуловер.

Вопрос 2:
О ком роман?

Ответ:
Гашек Ярослав.

Зачет:
По фамилии.

Вопрос 3:
Какая валюта?

Ответ:
Евро.

Зачет:
Засчитывается любое упоминание евро.
"""


def test_6_2_an_imported_package_credits_what_its_zachet_lines_say():
    # Given a package whose Зачёт lines are prose, a surname rule and a mention rule
    questions = parse_package(PACKAGE.encode()).package.questions
    # when each question judges what its Зачёт credits and another question's answer
    verdicts = [(Matcher.for_question(q).judge(given).kind, Matcher.for_question(q).judge(
        wrong).kind) for q, given, wrong in zip(questions, ("джемпер", "Гашек", "монета евро"),
                                                ("Евро", "Свитер", "Гашек"), strict=True)]
    # then the credited answers are ACCEPT and the others REJECT, none left to the host
    assert verdicts == [(A, R)] * 3
    # and the bench's measure of accepted lines (джемпер, пуловер, по фамилии, the mention)
    # finds none it is unsure of and none wrongly accepted
    lines = line_judging(questions)
    assert (lines["lines"], lines["unsure"], lines["false_accepts"]) == (4, 0, 0)


def test_6_2_criteria_say_what_the_matcher_does():
    # Given the kinds read by bot.packages.criteria, then their fields say what they credit
    mention = read_criteria("Засчитывается любое упоминание Швейка или Гашека.", "Швейк.")
    assert (mention.accepted, mention.mentioned, mention.rules) == ((), ("Швейка", "Гашека"), ())
    detail = read_criteria("Принимается с любым уточнением.", "Тьюринг.")
    assert (detail.any_detail, detail.rules) == (True, ())
    without = read_criteria("Можно без слова «остров».", "Остров Пасхи.")
    assert (without.optional, without.rules) == (("остров",), ())
    name = read_criteria("Можно без имени и отчества.", "Фёдор Михайлович Достоевский.")
    assert (name.by_surname, name.rules) == (True, ())
    # and what only the host can judge stays a rule shown to the host: a mention that meaning
    # must back, a class of things, a detail left unnamed.
    backed = read_criteria("И т.п. по смыслу с упоминанием слова «ботокс».", "Ботокс.")
    assert (backed.mentioned, backed.rules) == ((), ("И т.п. по смыслу с упоминанием слова "
                                                     "«ботокс»",))
    kind = read_criteria("€; принимается также любая купюра или монета евро.", "Евро.")
    assert (kind.accepted, kind.rules) == (("€",), ("любая купюра или монета евро",))
    statement = read_criteria("Засчитывается любое упоминание о том, что он был левшой.",
                              "Левша.")
    assert (statement.mentioned, len(statement.rules)) == ((), 1)
    vague = read_criteria("Можно без уточнения.", "Полное солнечное затмение.")
    assert (vague.optional, vague.rules) == ((), ("Можно без уточнения",))
