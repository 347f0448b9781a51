"""The written-answer intake (rules/written.py): given events, when an action, then events or
a rejection, named by the clause they check (SYNC-5, SYNC-6, TV-5).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from rules import written as w
from rules.base import Event, Rejection, decode, encode
from rules.roster import Team

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
"""When the question of every test was delivered."""

OWLS = Team(1, "Совы", captain=10, members=(10, 11, 12))
FOXES = Team(2, "Лисы", captain=20, members=(20, 21))
ASKERS = Team(3, "Спрашивающие", captain=30, members=(30, 31))
TEAMS = {t.id: t for t in (OWLS, FOXES, ASKERS)}


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0``."""
    return T0 + timedelta(seconds=seconds)


def opened(window: timedelta = w.SYNC_WINDOW, excluded: tuple[int, ...] = ()) -> w.WindowOpened:
    """The window of question 1, delivered at ``T0``."""
    return w.WindowOpened(1, T0, T0 + window, excluded)


def given(*events: Event) -> w.Written:
    """The intake after ``events``."""
    state = w.Written()
    for ev in events:
        state = w.evolve_written(state, ev)
    return state


def team_of(player: int) -> Team | None:
    """The test teams' index of players."""
    return next((t for t in TEAMS.values() if player in t.members), None)


def when(state: w.Written, action: w.WrittenAction, now: datetime | None = None,
         by: w.HandInBy = w.HandInBy.CAPTAIN) -> list[Event] | Rejection:
    """Decide ``action`` at ``now`` (the hand-in's send time by default) as the player's team."""
    player = getattr(action, "by", None)
    if now is None:
        now = action.sent_at if isinstance(action, w.HandIn) else at(0)
    team = team_of(player) if player is not None else None
    return w.decide_written(state, action, now, team=team, by=by)


def fold(state: w.Written, events: list[Event] | Rejection) -> w.Written:
    """``state`` after the decided ``events``; fails the test on a rejection."""
    assert not isinstance(events, Rejection), events
    for ev in events:
        state = w.evolve_written(state, ev)
    return state


def test_sync_6_the_window_runs_a_minute_and_fifteen_seconds_from_delivery():
    events = when(w.Written(), w.OpenWindow(1, T0, T0 + w.SYNC_WINDOW))
    assert events == [w.WindowOpened(1, T0, at(75))]
    assert w.timers_written(fold(w.Written(), events)) == {w.CLOSE_TIMER: at(76)}


def test_tv_5_club_tables_answer_within_the_minute():
    state = given(opened(w.TV_WINDOW))
    assert state.deadline == at(60)
    assert when(state, w.HandIn(21, "Моцарт", at(61)), by=w.HandInBy.MEMBER) == [
        w.AnswerHandedIn(2, 21, "Моцарт", at(61))]
    assert when(state, w.HandIn(21, "Моцарт", at(62)), by=w.HandInBy.MEMBER) == Rejection(
        "answer-late", {"sent": "19:01:02", "deadline": "19:01:00", "seconds": 2})


def test_sync_6_an_answer_is_kept_with_its_text_who_handed_it_in_and_its_send_time():
    state = fold(given(opened()), when(given(opened()), w.HandIn(10, "  Гашек ", at(70))))
    assert dict(state.answers) == {1: w.WrittenAnswer(1, 10, "Гашек", at(70))}


def test_sync_6_a_team_may_change_its_answer_until_the_deadline_and_the_last_one_counts():
    state = given(opened(), w.AnswerHandedIn(1, 10, "Швейк", at(40)))
    events = when(state, w.HandIn(10, "Гашек", at(74)))
    assert events == [w.AnswerHandedIn(1, 10, "Гашек", at(74), replaces=True)]
    state = fold(state, events)
    assert state.answers[1].text == "Гашек"
    assert len(state.answers) == 1


def test_sync_6_an_answer_sent_after_the_deadline_is_refused_with_the_time_it_came():
    assert when(given(opened()), w.HandIn(10, "Гашек", at(80))) == Rejection(
        "answer-late", {"sent": "19:01:20", "deadline": "19:01:15", "seconds": 5})


def test_sync_6_one_second_of_grace_for_whole_second_send_times():
    state = given(opened())
    assert when(state, w.HandIn(10, "Гашек", at(76))) == [
        w.AnswerHandedIn(1, 10, "Гашек", at(76))]
    assert isinstance(when(state, w.HandIn(10, "Гашек", at(76.5))), Rejection)
    # The question came at 19:00:00.6; Telegram dates a message sent just after it 19:00:00.
    late_delivery = given(w.WindowOpened(1, at(0.6), at(75.6)))
    assert not isinstance(when(late_delivery, w.HandIn(10, "Гашек", at(0))), Rejection)


def test_sync_6_answers_are_taken_only_from_the_moment_the_question_is_delivered():
    assert when(given(opened()), w.HandIn(10, "Гашек", at(-5))) == Rejection(
        "answer-before-question", {"sent": "18:59:55"})
    assert when(w.Written(), w.HandIn(10, "Гашек", at(5))) == Rejection("answer-window-not-open")


def test_sync_6_the_close_timer_closes_the_window_and_later_answers_are_refused():
    state = given(opened(), w.AnswerHandedIn(1, 10, "Гашек", at(70)))
    events = when(state, w.CloseWindow(), at(76))
    assert events == [w.WindowClosed(1, at(76), None, answers=1)]
    closed = fold(state, events)
    assert not closed.open and w.timers_written(closed) == {}
    assert when(closed, w.HandIn(20, "Швейк", at(74)), at(77)) == Rejection(
        "answer-window-closed", {"number": 1})
    assert when(closed, w.CloseWindow(), at(78)) == Rejection("answer-window-not-open")


def test_sync_6_the_host_may_close_the_window_before_the_deadline():
    events = when(given(opened()), w.CloseWindow(by=99), at(30))
    assert events == [w.WindowClosed(1, at(30), 99, answers=0)]


def test_sync_6_a_paused_clock_moves_the_deadline_and_the_close_timer():
    state = given(opened())
    state = fold(state, when(state, w.MoveDeadline(at(95))))
    assert w.timers_written(state) == {w.CLOSE_TIMER: at(96)}
    assert when(state, w.HandIn(10, "Гашек", at(90))) == [
        w.AnswerHandedIn(1, 10, "Гашек", at(90))]


def test_sync_5_the_asking_team_does_not_answer_its_own_question():
    state = given(opened(excluded=(3,)))
    assert when(state, w.HandIn(30, "Гашек", at(10))) == Rejection(
        "answer-team-sits-out", {"team": "Спрашивающие"})


def test_tv_5_the_central_table_answers_aloud_not_in_writing():
    state = given(opened(w.TV_WINDOW, excluded=(1,)))
    assert when(state, w.HandIn(11, "Гашек", at(10)), by=w.HandInBy.MEMBER) == Rejection(
        "answer-team-sits-out", {"team": "Совы"})


def test_sync_6_the_captain_hands_in_and_no_other_player_unless_named():
    state = given(opened())
    assert when(state, w.HandIn(11, "Гашек", at(10))) == Rejection(
        "answer-not-answerer", {"team": "Совы"})
    assert when(state, w.HandIn(10, "Гашек", at(10))) == [
        w.AnswerHandedIn(1, 10, "Гашек", at(10))]


def test_sync_6_a_player_the_captain_names_hands_in_for_the_team():
    named = when(w.Written(), w.NameAnswerer(10, 12))
    assert named == [w.AnswererNamed(1, 12)]
    state = fold(fold(w.Written(), named), [opened()])
    assert when(state, w.HandIn(12, "Гашек", at(10))) == [
        w.AnswerHandedIn(1, 12, "Гашек", at(10))]
    assert when(state, w.HandIn(10, "Гашек", at(11)), at(11)) == [
        w.AnswerHandedIn(1, 10, "Гашек", at(11))]
    assert isinstance(when(state, w.HandIn(11, "Гашек", at(10))), Rejection)


def test_sync_6_only_the_captain_names_the_answerer_and_only_a_team_member():
    assert when(w.Written(), w.NameAnswerer(11, 12)) == Rejection("answer-answerer-by-captain")
    assert when(w.Written(), w.NameAnswerer(10, 21)) == Rejection(
        "answer-answerer-not-member", {"team": "Совы"})


def test_tv_5_any_member_of_a_club_table_hands_in():
    state = given(opened(w.TV_WINDOW))
    assert when(state, w.HandIn(12, "Гашек", at(10)), by=w.HandInBy.MEMBER) == [
        w.AnswerHandedIn(1, 12, "Гашек", at(10))]


def test_sync_6_a_player_of_no_team_and_an_invisible_answer_are_refused():
    state = given(opened())
    assert when(state, w.HandIn(99, "Гашек", at(10))) == Rejection("answer-not-playing")
    assert when(state, w.HandIn(10, " \u200b\u200f ", at(10))) == Rejection("answer-empty")


def test_sync_6_a_new_question_starts_with_no_answers_and_keeps_the_named_answerers():
    state = given(w.AnswererNamed(1, 12), opened(), w.AnswerHandedIn(1, 12, "Гашек", at(10)),
                  w.WindowClosed(1, at(76), None, 1))
    assert when(state, w.OpenWindow(2, at(100), at(175))) == [
        w.WindowOpened(2, at(100), at(175))]
    state = fold(state, [w.WindowOpened(2, at(100), at(175))])
    assert len(state.answers) == 0 and state.open
    assert when(state, w.OpenWindow(3, at(100), at(175))) == Rejection(
        "answer-window-already-open", {"number": 2})
    assert not isinstance(when(state, w.HandIn(12, "Моцарт", at(110))), Rejection)


def test_sync_6_every_answer_of_three_hundred_teams_is_kept():
    teams = {n: Team(n, f"Team {n}", captain=1000 + n, members=(1000 + n,))
             for n in range(1, 301)}
    state = given(opened())
    for n, team in teams.items():
        events = w.decide_written(state, w.HandIn(1000 + n, f"ответ {n % 7}", at(74)), at(74),
                                  team=team)
        state = fold(state, events)
    assert len(state.answers) == 300
    assert [a.team_id for a in state.answers.values()] == list(teams)
    assert all(state.answers[n].text == f"ответ {n % 7}" for n in teams)


def test_an_earlier_state_is_not_changed_by_later_hand_ins():
    before = given(opened(), w.AnswerHandedIn(1, 10, "Швейк", at(10)))
    after = w.evolve_written(before, w.AnswerHandedIn(1, 10, "Гашек", at(20)))
    after = w.evolve_written(after, w.AnswerHandedIn(2, 20, "Моцарт", at(21)))
    assert dict(before.answers) == {1: w.WrittenAnswer(1, 10, "Швейк", at(10))}
    # Growing the earlier state again (a fork) sees neither of the later answers.
    other = w.evolve_written(before, w.AnswerHandedIn(3, 30, "Верди", at(22)))
    assert set(other.answers) == {1, 3} and other.answers[1].text == "Швейк"
    assert set(after.answers) == {1, 2} and after.answers[1].text == "Гашек"
    assert given(opened(), w.AnswerHandedIn(1, 10, "Швейк", at(10))) == before


def test_written_events_survive_the_event_codec():
    for ev in (opened(excluded=(3,)), w.AnswerHandedIn(1, 10, "Гашек", at(70), True),
               w.DeadlineMoved(at(90)), w.WindowClosed(1, at(76), None, 3),
               w.AnswererNamed(1, 12)):
        assert decode(ev.kind, encode(ev)) == ev
