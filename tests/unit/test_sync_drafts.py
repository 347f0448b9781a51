"""SYNC-2, team questions written step by step and several at once (rules/sync/drafts.py):
given a registration and the open drafts, when a draft action, then the events or the
refusal; a draft is its events, so it folds back after a restart."""

from __future__ import annotations

from datetime import timedelta

from rules.base import Event, Rejection
from rules.sync import drafts as d
from rules.sync import enrolment as e
from tests.unit.test_sync_registration import CREATED, DEADLINE, OWLS, given, question, submitted

CAPTAIN, PLAYER = 10, 11
STEPS = ["Кто ухает?", "Сова", "Филин; сыч", "-", "Анна", "Энциклопедия"]


def when(reg: e.Registration, drafts, action: d.DraftAction, now=CREATED
         ) -> list[Event] | Rejection:
    return d.decide_drafts(reg, drafts, action, now, max_teams=5000, started=False)


def fold(drafts, events: list[Event]):
    for ev in events:
        drafts = d.evolve_drafts(drafts, ev)
    return drafts


def written(reg: e.Registration, texts: list[str]) -> tuple[dict, list[Event]]:
    """The drafts after the captain started one and sent ``texts``, and all their events."""
    log = when(reg, {}, d.StartDraft(CAPTAIN))
    drafts = fold({}, log)
    for text in texts:
        events = when(reg, drafts, d.FillDraft(CAPTAIN, text))
        assert not isinstance(events, Rejection), events
        log += events
        drafts = fold(drafts, events)
    return drafts, log


def test_sync_2_the_dialogue_submits_the_question_after_its_last_step():
    reg = given(*OWLS)
    drafts, log = written(reg, STEPS[:-1])
    assert drafts[CAPTAIN].step == "source"
    # A restart folds the stored events back to the same draft.
    assert fold({}, log) == drafts
    events = when(reg, drafts, d.FillDraft(CAPTAIN, "Энциклопедия"))
    assert isinstance(events[1], e.QuestionSubmitted) and events[-1] == d.DraftClosed(CAPTAIN,
                                                                                      True)
    sub = events[1]
    assert (sub.text, sub.answer, sub.accepted, sub.comment, sub.author, sub.source) == (
        "Кто ухает?", "Сова", ("Филин", "сыч"), "", "Анна", "Энциклопедия")
    assert fold(drafts, events) == {}


def test_sync_2_a_draft_starts_only_when_a_question_could_be_submitted_now():
    assert when(given(*OWLS), {}, d.StartDraft(PLAYER)) == Rejection("sync-not-captain")
    full = submitted(given(*OWLS), CAPTAIN, 3)
    assert when(full, {}, d.StartDraft(CAPTAIN)).reason == "sync-questions-full"
    late = when(given(*OWLS), {}, d.StartDraft(CAPTAIN), DEADLINE + timedelta(minutes=1))
    assert late.reason == "sync-questions-closed"
    drafts, _ = written(given(*OWLS), [])
    assert when(given(*OWLS), drafts, d.StartDraft(CAPTAIN)) == Rejection(
        "sync-draft-open", {"step": "text"})


def test_sync_2_a_draft_is_cancelled_and_an_empty_step_refused():
    reg = given(*OWLS)
    drafts, _ = written(reg, STEPS[:2])
    assert when(reg, drafts, d.FillDraft(CAPTAIN, "  ")) == Rejection("sync-draft-empty")
    assert when(reg, drafts, d.CancelDraft(CAPTAIN)) == [d.DraftClosed(CAPTAIN, False)]
    assert when(reg, {}, d.CancelDraft(CAPTAIN)) == Rejection("sync-draft-none")
    assert when(reg, {}, d.FillDraft(CAPTAIN, "Сова")) == Rejection("sync-draft-none")


def test_sync_2_a_file_of_questions_is_submitted_all_or_none():
    reg = given(*OWLS)
    two = when(reg, {}, d.SubmitQuestions(CAPTAIN, (question("Первый?"), question("Second?"))))
    assert [(ev.number, ev.no_cyrillic) for ev in two] == [(1, False), (2, True)]
    four = tuple(question(f"Вопрос {i}?") for i in range(4))
    assert when(reg, {}, d.SubmitQuestions(CAPTAIN, four)).reason == "sync-questions-full"
    no_source = (question("Первый?"), question("Второй?", source=""))
    assert when(reg, {}, d.SubmitQuestions(CAPTAIN, no_source)) == Rejection(
        "sync-question-missing", {"field": "source"})
    assert when(reg, {}, d.SubmitQuestions(PLAYER, four[:1])) == Rejection(
        "sync-package-fixed")
