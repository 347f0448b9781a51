"""The prepared per-question judge (bot/answers/prepared.py) judges exactly as bot/answers/ does, on
every question of ../shared/packages (the cases of bench/judging.py), and feeds the judging
queue groups whose one suggestion is right for each answer in them (SYNC-6).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bench.judging import generated_cases, given_answers
from bot.answers import judge_question
from bot.answers.prepared import QuestionJudge
from bot.packages import load_package
from bot.packages.model import Question
from rules import judging as j
from rules.written import WrittenAnswer
from tests.conftest import shared_package

PREFIXES = ["01", "02", "03", "06", "07", "08", "10", "13"]
T0 = datetime(2026, 3, 1, 19, 1, tzinfo=UTC)


def _questions(prefix: str) -> tuple[Question, ...]:
    package = load_package(shared_package(prefix)).package
    assert package is not None
    return package.questions


@pytest.mark.parametrize("prefix", PREFIXES)
def test_the_prepared_judge_gives_the_verdict_of_judge_question_on_every_case(prefix):
    questions = _questions(prefix)
    cases = [(q, g) for q, g, _, _ in generated_cases(questions)] + given_answers(questions)
    judges = {id(q): QuestionJudge(q) for q, _ in cases}
    differ = [(q.answer, g) for q, g in cases
              if judges[id(q)].judge(g).verdict != judge_question(g, q)]
    assert cases and differ == []


def _question(answer: str, accepted: tuple[str, ...] = ()) -> Question:
    return Question(number=1, text="?", answer=answer, accepted=accepted)


def test_sync_6_answers_written_alike_share_a_key_and_answers_judged_apart_do_not():
    judge = QuestionJudge(_question("Ярослав Гашек"))
    same = {judge.judge(t).key for t in ("Ярослав Гашек", "ярослав  гашек!", "«Ярослав Гашек»")}
    assert len(same) == 1
    # "Ярослав Гашек/Швейк" is two versions (REJECT); without the "/" an expanded answer for
    # the host. Both normalise to "ярослав гашек швейк".
    two, expanded = judge.judge("Ярослав Гашек/Швейк"), judge.judge("Ярослав Гашек Швейк")
    assert (two.suggestion, expanded.suggestion) == (j.Suggestion.REJECT, j.Suggestion.UNSURE)
    assert two.key != expanded.key


def test_a_window_queued_through_the_judge_is_decided_once_per_answer():
    judge = QuestionJudge(_question("Гашек"))
    window = [WrittenAnswer(1, 10, "Гашек", T0), WrittenAnswer(2, 20, "Швейк", T0),
              WrittenAnswer(3, 30, "гашек", T0), WrittenAnswer(4, 40, "Швейк", T0)]
    state = j.Judging(auto=frozenset({j.Suggestion.ACCEPT}))
    events = j.decide_judging(state, judge.queue(window), T0)
    for ev in events:
        state = j.evolve_judging(state, ev)
    assert state.verdict_of(1) is state.verdict_of(3) is j.Verdict.ACCEPT
    shvejk = j.pending(state)
    assert [list(g.teams) for g in shvejk] == [[2, 4]]
    assert shvejk[0].reason == "judge-reason-far"
    for ev in j.decide_judging(state, j.DecideGroup(99, shvejk[0].key, j.Verdict.REJECT), T0):
        state = j.evolve_judging(state, ev)
    late = j.decide_judging(state, judge.queue([WrittenAnswer(5, 50, "ШВЕЙК", T0)]), T0)
    assert [(ev.remembered, ev.decided_for) for ev in late] == [(j.Verdict.REJECT, 2)]
