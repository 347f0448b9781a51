"""Every real package judged by its own answers: what the editor accepts is ACCEPTed.

For each question of ../shared/packages (imported by bot.packages), the author's answer and
every Зачёт alternative must be accepted by the question's own Matcher, a blitz/duplet given
as its parts one per line too, and no Незачёт item may be accepted (formats.md 6.4).
"""

from __future__ import annotations

import pytest

from bot.answers import Matcher, VerdictKind
from bot.packages import load_package
from tests.conftest import shared_package

PREFIXES = ["01", "02", "03", "06", "07", "08", "10", "13"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_package_answers_judge_themselves(prefix):
    package = load_package(shared_package(prefix)).package
    assert package is not None and package.questions
    wrong = []
    for question in package.questions:
        matcher = Matcher.for_question(question)
        if question.parts:
            whole = "\n".join(part.answer for part in question.parts)
            if matcher.judge(whole).kind is not VerdictKind.ACCEPT:
                wrong.append((question.number, whole))
            continue
        for given in (question.answer, *question.accepted):
            if matcher.judge(given).kind is not VerdictKind.ACCEPT:
                wrong.append((question.number, given))
        for given in question.rejected:
            if matcher.judge(given).kind is VerdictKind.ACCEPT:
                wrong.append((question.number, f"rejected {given}"))
    assert wrong == []


def test_a_real_near_miss_is_not_accepted():
    package = load_package(shared_package("08")).package
    assert package is not None
    eclipse = next(q for q in package.questions if q.answer.startswith("Полное солнечное"))
    matcher = Matcher.for_question(eclipse)
    assert matcher.judge("лунное затмение").kind is VerdictKind.REJECT
    assert matcher.judge("солнечные затмения").kind is VerdictKind.ACCEPT
