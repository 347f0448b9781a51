"""The judging queue (rules/judging.py): given events, when an action, then events or a
rejection, named by what they check: SYNC-6 / SYNC-7 (grouped judging, one tap per group),
TV-5 (club tables' written answers) and the verdicts remembered for the same answer.
"""

from __future__ import annotations

from datetime import UTC, datetime

from rules import judging as j
from rules.base import Event, Rejection, decode, encode

NOW = datetime(2026, 3, 1, 19, 2, tzinfo=UTC)
HOST, COHOST = 99, 98
A, R, U = j.Suggestion.ACCEPT, j.Suggestion.REJECT, j.Suggestion.UNSURE
YES, NO = j.Verdict.ACCEPT, j.Verdict.REJECT


def answer(team: int, text: str, suggestion: j.Suggestion = U,
           reason: str = "judge-reason-near-miss") -> j.QueuedAnswer:
    """Team ``team``'s answer ``text``, keyed by its lower-case text."""
    return j.QueuedAnswer(team, text, text.lower(), suggestion, reason)


def queued(team: int, text: str, suggestion: j.Suggestion = U,
           remembered: j.Verdict | None = None, decided_for: int | None = None
           ) -> j.AnswerQueued:
    """The event of ``answer(team, text, suggestion)`` joining its group."""
    a = answer(team, text, suggestion)
    return j.AnswerQueued(team, text, a.key, suggestion, a.reason, {}, remembered,
                          decided_for)


def given(*events: Event, auto: frozenset[j.Suggestion] = frozenset()) -> j.Judging:
    """The queue after ``events``."""
    state = j.Judging(auto=auto)
    for ev in events:
        state = j.evolve_judging(state, ev)
    return state


def when(state: j.Judging, action: j.JudgingAction) -> list[Event] | Rejection:
    """Decide ``action`` now."""
    return j.decide_judging(state, action, NOW)


def fold(state: j.Judging, events: list[Event] | Rejection) -> j.Judging:
    """``state`` after the decided ``events``; fails the test on a rejection."""
    assert not isinstance(events, Rejection), events
    for ev in events:
        state = j.evolve_judging(state, ev)
    return state


def test_sync_6_answers_are_grouped_by_normalised_text_with_their_teams():
    events = when(j.Judging(), j.QueueAnswers((answer(1, "Гашек"), answer(2, "ГАШЕК"),
                                               answer(3, "Швейк", R))))
    assert events == [queued(1, "Гашек"), queued(2, "ГАШЕК"), queued(3, "Швейк", R)]
    state = fold(j.Judging(), events)
    gashek = state.groups["гашек"]
    assert (gashek.text, list(gashek.teams), gashek.suggestion) == ("Гашек", [1, 2], U)
    assert (gashek.reason, state.answers[2]) == ("judge-reason-near-miss",
                                                 j.TeamAnswer(2, "ГАШЕК", "гашек"))
    assert list(state.groups["швейк"].teams) == [3]


def test_sync_6_pending_groups_come_largest_first_then_in_order_of_arrival():
    state = given(queued(1, "Швейк"), queued(2, "Гашек"), queued(3, "Гашек"),
                  queued(4, "Верди"), queued(5, "Моцарт"), queued(6, "Моцарт"))
    assert [g.key for g in j.pending(state)] == ["гашек", "моцарт", "швейк", "верди"]


def test_sync_7_the_host_judges_a_group_with_one_tap_and_every_team_in_it_gets_the_verdict():
    state = given(queued(1, "Гашек"), queued(2, "гашек"), queued(3, "Швейк"))
    events = when(state, j.DecideGroup(HOST, "гашек", YES))
    assert events == [j.GroupDecided("гашек", YES, HOST, decided_for=1)]
    state = fold(state, events)
    assert [state.verdict_of(t) for t in (1, 2, 3)] == [YES, YES, None]
    assert [g.key for g in j.pending(state)] == ["швейк"] and not state.done
    state = fold(state, when(state, j.DecideGroup(HOST, "швейк", NO)))
    assert state.done and state.verdict_of(3) is NO


def test_a_later_answer_with_a_decided_key_gets_the_verdict_as_decided_for_that_team():
    state = given(queued(1, "Гашек"), j.GroupDecided("гашек", YES, HOST, 1))
    events = when(state, j.QueueAnswers((answer(7, "ГАШЕК"),)))
    assert events == [queued(7, "ГАШЕК", remembered=YES, decided_for=1)]
    state = fold(state, events)
    assert state.verdict_of(7) is YES and state.group_of(7).decided_for == 1
    assert j.pending(state) == []


def test_a_rejected_answer_is_remembered_too():
    state = given(queued(1, "Швейк"), j.GroupDecided("швейк", NO, HOST, 1))
    assert when(state, j.QueueAnswers((answer(2, "швейк"),))) == [
        queued(2, "швейк", remembered=NO, decided_for=1)]


def test_the_host_changes_a_decided_group_for_all_its_teams_at_once():
    state = given(queued(1, "Гашек"), queued(2, "Гашек"), j.GroupDecided("гашек", NO, HOST, 1),
                  queued(3, "гашек", remembered=NO, decided_for=1))
    events = when(state, j.DecideGroup(HOST, "гашек", YES, seen=NO))
    assert events == [j.VerdictChanged("гашек", YES, HOST, previous=NO)]
    state = fold(state, events)
    assert [state.verdict_of(t) for t in (1, 2, 3)] == [YES, YES, YES]
    assert state.group_of(3).decided_for == 1
    assert when(state, j.QueueAnswers((answer(4, "ГАШЕК"),))) == [
        queued(4, "ГАШЕК", remembered=YES, decided_for=1)]


def test_sync_6_two_hosts_judging_at_once_do_not_overturn_each_other_unawares():
    state = given(queued(1, "Гашек"), j.GroupDecided("гашек", YES, HOST, 1))
    assert when(state, j.DecideGroup(COHOST, "гашек", NO)) == Rejection(
        "judge-decided-meanwhile", {"verdict": "accept"})
    assert when(state, j.DecideGroup(COHOST, "гашек", YES)) == Rejection(
        "judge-already-decided", {"verdict": "accept"})
    assert when(state, j.DecideGroup(HOST, "верди", YES)) == Rejection("judge-no-such-group")


def test_sync_6_sure_suggestions_become_verdicts_at_once_where_the_format_allows():
    state = j.Judging(auto=frozenset({A, R}))
    events = when(state, j.QueueAnswers((answer(1, "Гашек", A), answer(2, "Швейк", R),
                                         answer(3, "гашек", A), answer(4, "Ярослав", U))))
    assert events == [queued(1, "Гашек", A), j.GroupAutoDecided("гашек", YES, 1),
                      queued(2, "Швейк", R), j.GroupAutoDecided("швейк", NO, 2),
                      queued(3, "гашек", A, remembered=YES, decided_for=1),
                      queued(4, "Ярослав", U)]
    state = fold(state, events)
    assert state.groups["гашек"].automatic and [g.key for g in j.pending(state)] == ["ярослав"]
    # The host still has the last word over an automatic verdict.
    assert when(state, j.DecideGroup(HOST, "швейк", YES, seen=NO)) == [
        j.VerdictChanged("швейк", YES, HOST, previous=NO)]


def test_tv_5_without_automatic_verdicts_the_host_decides_every_group():
    state = fold(j.Judging(), when(j.Judging(), j.QueueAnswers((answer(1, "Гашек", A),))))
    assert [g.key for g in j.pending(state)] == ["гашек"]
    only_accepts = j.Judging(auto=frozenset({A}))
    state = fold(only_accepts, when(only_accepts, j.QueueAnswers((answer(1, "Швейк", R),))))
    assert [g.key for g in j.pending(state)] == ["швейк"]


def test_sync_6_a_team_is_queued_once_per_question():
    state = given(queued(1, "Гашек"))
    assert when(state, j.QueueAnswers((answer(1, "Швейк"),))) == Rejection("judge-queued-twice")
    assert when(j.Judging(), j.QueueAnswers((answer(2, "a"), answer(2, "b")))) == Rejection(
        "judge-queued-twice")


def test_sync_6_five_thousand_answers_in_one_queue_keep_every_team_and_verdict():
    answers = tuple(answer(t, f"ответ {t % 40}") for t in range(5000))
    state = fold(j.Judging(), when(j.Judging(), j.QueueAnswers(answers)))
    assert len(state.answers) == 5000 and len(state.groups) == 40
    assert all(len(g.teams) == 125 for g in state.groups.values())
    state = fold(state, when(state, j.DecideGroup(HOST, "ответ 7", YES)))
    assert sum(state.verdict_of(t) is YES for t in range(5000)) == 125


def test_an_earlier_queue_is_not_changed_by_later_events():
    before = given(queued(1, "Гашек"))
    after = fold(before, [queued(2, "Гашек"), j.GroupDecided("гашек", YES, HOST, 1)])
    assert list(before.groups["гашек"].teams) == [1] and before.verdict_of(1) is None
    fork = j.evolve_judging(before, queued(3, "Гашек"))
    assert list(fork.groups["гашек"].teams) == [1, 3]
    assert list(after.groups["гашек"].teams) == [1, 2] and after.verdict_of(2) is YES


def test_judging_events_survive_the_event_codec():
    for ev in (queued(1, "Гашек", A, remembered=YES, decided_for=4),
               queued(2, "Швейк"), j.GroupAutoDecided("гашек", YES, 1),
               j.GroupDecided("гашек", NO, HOST, 1), j.VerdictChanged("гашек", YES, HOST, NO)):
        assert decode(ev.kind, encode(ev)) == ev


def test_sync_6_a_stored_regrouped_answer_still_folds_into_its_decided_group():
    """Logs stored while an explanation still moved an answer hold ``AnswerRegrouped``: they
    replay as they were played."""
    state = given(queued(1, "Гашек"), queued(2, "Гшк"), j.GroupDecided("гашек", YES, HOST, 1),
                  j.AnswerRegrouped(2, "Гашек", "гашек", "гшк", U, "judge-reason-near-miss",
                                    {}, YES, 1))
    assert state.verdict_of(2) is YES and state.group_of(2).decided_for == 1
    assert state.groups["гшк"].empty and j.pending(state) == [] and state.done


def test_a_closing_queue_tells_whether_anything_is_left_to_judge_as_its_fold_does():
    decided = given(queued(1, "Гашек"), j.GroupDecided("гашек", YES, HOST, 1),
                    queued(2, "Швейк"), j.GroupDecided("швейк", NO, HOST, 2))
    emptied = given(queued(1, "Гашек"), j.GroupDecided("гашек", YES, HOST, 1),
                    queued(2, "Гшк"),
                    j.AnswerRegrouped(2, "Гашек", "гашек", "гшк", U, "r", {}, YES, 1))
    cases = [
        # Every new group decided at once where the format allows it.
        (j.Judging(auto=frozenset({A, R})), [answer(1, "Гашек", A), answer(2, "гашек", A),
                                             answer(3, "Швейк", R)]),
        # One new group left unsure.
        (j.Judging(auto=frozenset({A, R})), [answer(1, "Гашек", A), answer(2, "Гшк", U),
                                             answer(3, "гшк", U)]),
        # The host decides every group.
        (j.Judging(), [answer(1, "Гашек", A)]),
        # Later answers join groups already decided: remembered.
        (decided, [answer(3, "ГАШЕК"), answer(4, "швейк")]),
        # And one joins none of them.
        (decided, [answer(3, "ГАШЕК"), answer(4, "Чапек")]),
        # An empty group that was never decided waits again once an answer joins it.
        (emptied, [answer(3, "Гшк")]),
        (emptied, [answer(3, "Гашек")]),
    ]
    for state, answers in cases:
        events = when(state, j.QueueAnswers(tuple(answers)))
        assert j.done_after_queue(state, events) is fold(state, events).done, answers
