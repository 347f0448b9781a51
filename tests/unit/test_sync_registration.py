"""SYNC before the game (rules/sync/registration.py): given events, when an action, then events
or a rejection, named by the clause they check (SYNC-1 team size and substitutions, SYNC-2
registration, deadline, reminder and team questions, SYNC-3 fee, SYNC-4 duty team)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.i18n import Translator
from rules.base import Event, Rejection, decode, encode
from rules.clock import TimerFired
from rules.roster import (
    CaptainChanged,
    HandOverCaptaincy,
    JoinTeam,
    PlayerJoined,
    PlayerLeft,
    RegisterTeam,
    Roster,
    TeamRegistered,
    evolve_roster,
)
from rules.sync import enrolment as e
from rules.sync import registration as r

CREATED = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
"""When every test's game was announced."""
STARTS = datetime(2026, 3, 10, 19, 0, tzinfo=UTC)
"""When every test's game is played."""
DEADLINE = STARTS - timedelta(days=3)
HOST = 1
CLUB = ("Совы", "Лисы", "Ёжики", "Бобры")


def opened(kind: e.GameKind = e.GameKind.TRAINING, last_duty: str | None = None
           ) -> e.RegistrationOpened:
    """The announcement of the test game."""
    events = r.open_registration(CREATED, STARTS, kind, club_teams=CLUB, last_duty=last_duty,
                                 fee=1200, currency="USD")
    assert not isinstance(events, Rejection), events
    (ev,) = events
    assert isinstance(ev, e.RegistrationOpened)
    return ev


def given(*events: Event, kind: e.GameKind = e.GameKind.TRAINING) -> e.Registration:
    """The registration after the announcement and ``events``."""
    reg = r.initial_registration(opened(kind))
    for ev in events:
        reg = r.evolve_registration(reg, ev)
    return reg


def when(reg: e.Registration, action: e.RegistrationAction, now: datetime = CREATED, *,
         started: bool = False, max_teams: int = 5000) -> list[Event] | Rejection:
    """Decide ``action`` at ``now``."""
    return r.decide_registration(reg, action, now, max_teams=max_teams, started=started)


def fold(reg: e.Registration, events: list[Event] | Rejection) -> e.Registration:
    """``reg`` after the decided ``events``; fails the test on a rejection."""
    assert not isinstance(events, Rejection), events
    for ev in events:
        reg = r.evolve_registration(reg, ev)
    return reg


def team(team_id: int, name: str, captain: int, *players: int) -> list[Event]:
    """A team registered by ``captain`` and joined by ``players``."""
    return [TeamRegistered(team_id, name, captain, f"p{captain}"),
            *(PlayerJoined(team_id, p, f"p{p}") for p in players)]


def question(text: str = "Какой город называют Северной Пальмирой?", **fields: object
             ) -> e.TeamQuestion:
    """A whole team question, with ``fields`` overriding the defaults."""
    values = {"text": text, "answer": "Петербург", "accepted": ("Санкт-Петербург",),
              "comment": "Прозвище XIX века.", "author": "Иван Петров",
              "source": "https://ru.wikipedia.org/wiki/Санкт-Петербург"}
    values.update(fields)
    return e.TeamQuestion(**values)  # type: ignore[arg-type]


OWLS = team(1, "Совы", 10, 11, 12, 13)
FOXES = team(2, "Лисы", 20, 21, 22, 23)


def submitted(reg: e.Registration, captain: int, count: int) -> e.Registration:
    """``reg`` after ``captain`` submitted ``count`` questions."""
    for i in range(count):
        reg = fold(reg, when(reg, e.SubmitQuestion(captain, question(f"Вопрос {i + 1}?"))))
    return reg


# --- SYNC-2: registration and its deadline ------------------------------------------------


def test_sync_2_registration_closes_three_days_before_the_game():
    ev = opened()
    assert ev.deadline == DEADLINE
    reg = given()
    assert r.is_open(reg, DEADLINE - timedelta(seconds=1), started=False)
    assert not r.is_open(reg, DEADLINE, started=False)
    assert not r.is_open(reg, CREATED, started=True)


def test_sync_2_a_captain_registers_a_team_before_the_deadline_as_a_roster_event():
    reg = given()
    events = when(reg, RegisterTeam(10, "Вера", 1, " Совы "), DEADLINE - timedelta(minutes=1))
    assert events == [TeamRegistered(1, "Совы", 10, "Вера")]
    reg = fold(reg, events)
    assert r.team_of(reg, 10).captain == 10
    assert r.team_named(reg, "СОВЫ").id == 1
    assert when(reg, JoinTeam(11, "Ира", 0, "совы")) == [PlayerJoined(1, 11, "Ира")]


def test_sync_2_a_late_registration_is_refused_with_the_deadline():
    refused = when(given(), RegisterTeam(10, "Вера", 1, "Совы"), DEADLINE)
    assert refused == Rejection("sync-registration-closed", {"deadline": DEADLINE})


def test_sync_2_a_late_join_is_refused_with_the_deadline():
    refused = when(given(*OWLS), JoinTeam(14, "Оля", 0, "Совы"), DEADLINE + timedelta(hours=1))
    assert refused == Rejection("sync-registration-closed", {"deadline": DEADLINE})


def test_sync_2_no_registration_once_the_game_has_started():
    refused = when(given(), RegisterTeam(10, "Вера", 1, "Совы"), started=True)
    assert isinstance(refused, Rejection) and refused.reason == "sync-registration-closed"


def test_sync_2_team_names_are_unique_ignoring_case_and_the_number_of_teams_is_bounded():
    reg = given(*OWLS)
    assert when(reg, RegisterTeam(30, "Оля", 3, "СОВЫ")).reason == "roster-team-exists"
    assert when(reg, RegisterTeam(11, "Ира", 3, "Ежи")).reason == "roster-already-in-team"
    assert when(reg, RegisterTeam(30, "Оля", 3, "Ежи"), max_teams=1) == Rejection(
        "roster-too-many-teams", {"count": 1})
    assert when(reg, JoinTeam(30, "Оля", 0, "Ежи")).reason == "roster-no-such-team"


def test_sync_2_moving_the_game_moves_the_deadline():
    later = STARTS + timedelta(days=7)
    events = when(given(), e.MoveGame(HOST, later))
    assert events == [e.GameMoved(later, later - timedelta(days=3), CREATED)]
    reg = fold(given(), events)
    # Past the old deadline, registration is still open until the new one.
    assert when(reg, RegisterTeam(10, "Вера", 1, "Совы"), DEADLINE + timedelta(days=1)) == [
        TeamRegistered(1, "Совы", 10, "Вера")]
    refused = when(reg, RegisterTeam(10, "Вера", 1, "Совы"), later - timedelta(days=3))
    assert refused == Rejection("sync-registration-closed",
                                {"deadline": DEADLINE + timedelta(days=7)})


def test_sync_2_a_game_is_not_moved_into_the_past_nor_once_started():
    past = CREATED - timedelta(hours=1)
    assert when(given(), e.MoveGame(HOST, past)) == Rejection("sync-date-past", {"date": past})
    assert when(given(), e.MoveGame(HOST, STARTS), started=True) == Rejection(
        "sync-already-started")


def test_sync_2_a_game_whose_deadline_has_passed_is_not_announced():
    refused = r.open_registration(CREATED, CREATED + timedelta(days=2), e.GameKind.TRAINING,
                                  club_teams=CLUB, last_duty=None, fee=1200, currency="USD")
    assert refused == Rejection("sync-date-too-soon", {
        "deadline": CREATED + timedelta(days=2) - timedelta(days=3), "days": 3})


# --- SYNC-2: the reminder and the closing ---------------------------------------------------


def test_sync_2_a_reminder_a_day_before_the_deadline_fires_from_the_stored_state():
    reg = given(*OWLS)
    # A restart rebuilds the state from the stored log: the timers come back with it.
    log = [opened(), *OWLS]
    rebuilt = r.initial_registration(decode(log[0].kind, encode(log[0])))
    for ev in log[1:]:
        rebuilt = r.evolve_registration(rebuilt, decode(ev.kind, encode(ev)))
    timers = r.registration_timers(rebuilt)
    assert timers == {r.REMINDER: DEADLINE - timedelta(hours=24), r.CLOSE: DEADLINE}
    fired = when(reg, TimerFired(r.REMINDER, timers[r.REMINDER]), timers[r.REMINDER])
    assert fired == [e.RegistrationReminded(DEADLINE)]
    assert r.registration_timers(fold(reg, fired)) == {r.CLOSE: DEADLINE}


def test_sync_2_the_closing_is_announced_at_the_deadline_with_the_number_of_teams():
    reg = given(*OWLS, *FOXES, e.RegistrationReminded(DEADLINE),
                e.DutyChanged("Совы", HOST))
    fired = when(reg, TimerFired(r.CLOSE, DEADLINE), DEADLINE)
    assert fired == [e.RegistrationClosed(DEADLINE, 2)]
    assert r.registration_timers(fold(reg, fired)) == {}


def test_sync_4_a_clubs_first_game_puts_the_first_team_alphabetically_on_duty_at_the_close():
    """Given a club's first game (no duty team announced) with Совы and Лисы registered; when
    registration closes, then Лисы, first alphabetically, are on duty, so an appeal's jury
    has the duty team's captain (SYNC-10)."""
    reg = r.initial_registration(r.open_registration(
        CREATED, STARTS, e.GameKind.TRAINING, club_teams=(), last_duty=None, fee=0,
        currency="")[0])
    assert reg.duty is None
    for ev in (*OWLS, *FOXES):
        reg = r.evolve_registration(reg, ev)
    fired = when(reg, TimerFired(r.CLOSE, DEADLINE), DEADLINE)
    assert fired == [e.RegistrationClosed(DEADLINE, 2), e.DutyChanged("Лисы", None)]
    assert r.duty_team(fold(reg, fired)).name == "Лисы"


def test_sync_4_a_duty_team_that_did_not_register_passes_duty_on_at_the_close():
    """Given the rotation named Бобры, who did not register, and Совы and Лисы did; when
    registration closes, then the next registered team after Бобры in the rotation, Лисы,
    is on duty."""
    reg = given(*OWLS, *FOXES)
    assert reg.duty == "Бобры"
    fired = when(reg, TimerFired(r.CLOSE, DEADLINE), DEADLINE)
    assert fired[1:] == [e.DutyChanged("Лисы", None)]


def test_sync_2_the_reminder_is_due_again_when_the_game_moves_and_a_stale_one_does_nothing():
    old = DEADLINE - timedelta(hours=24)
    later = STARTS + timedelta(days=7)
    reg = given(e.RegistrationReminded(DEADLINE), e.GameMoved(later, later - timedelta(days=3),
                                                              CREATED))
    assert r.registration_timers(reg)[r.REMINDER] == later - timedelta(days=4)
    assert when(reg, TimerFired(r.REMINDER, old), old) == []


def test_sync_2_a_reminder_too_late_to_help_is_not_sent():
    # Moved to a date whose reminder moment has passed: none armed.
    soon = CREATED + timedelta(days=3, hours=12)
    reg = given(e.GameMoved(soon, soon - timedelta(days=3), CREATED))
    assert set(r.registration_timers(reg)) == {r.CLOSE}
    # Fired after the deadline (the bot was down): nothing to remind of.
    reg = given()
    at = DEADLINE - timedelta(hours=24)
    assert when(reg, TimerFired(r.REMINDER, at), DEADLINE + timedelta(hours=1)) == []


# --- SYNC-2: the team's questions -------------------------------------------------------------


def test_sync_2_the_captain_submits_a_whole_question_kept_in_the_event():
    events = when(given(*OWLS), e.SubmitQuestion(10, question()))
    assert events == [e.QuestionSubmitted(
        1, 1, 1, "Какой город называют Северной Пальмирой?", "Петербург",
        ("Санкт-Петербург",), "Прозвище XIX века.", "Иван Петров",
        "https://ru.wikipedia.org/wiki/Санкт-Петербург", no_cyrillic=False)]
    (ev,) = events
    assert decode(ev.kind, encode(ev)) == ev
    reg = fold(given(*OWLS), events)
    (kept,) = r.questions_of(reg, 1)
    assert kept.question == question() and kept.review is e.Review.PENDING


def test_sync_2_only_the_team_captain_submits_questions():
    assert when(given(*OWLS), e.SubmitQuestion(11, question())) == Rejection("sync-not-captain")


def test_sync_2_at_most_three_questions_per_team():
    reg = submitted(given(*OWLS), 10, 3)
    assert [q.number for q in r.questions_of(reg, 1)] == [1, 2, 3]
    assert when(reg, e.SubmitQuestion(10, question())) == Rejection("sync-questions-full",
                                                                   {"count": 3})


def test_sync_2_a_question_without_cyrillic_is_flagged_for_the_captain():
    (ev,) = when(given(*OWLS), e.SubmitQuestion(10, question("Which city is the Venice of "
                                                            "the North?", answer="Petersburg")))
    assert ev.no_cyrillic
    (ev,) = when(given(*OWLS), e.SubmitQuestion(10, question(answer="Google")))
    assert not ev.no_cyrillic


def test_sync_2_a_question_needs_its_text_answer_author_and_source():
    reg = given(*OWLS)
    for name in ("text", "answer", "author", "source"):
        refused = when(reg, e.SubmitQuestion(10, question(**{name: "  "})))
        assert refused == Rejection("sync-question-missing", {"field": name})


def test_sync_2_questions_after_the_deadline_are_refused_with_it():
    refused = when(given(*OWLS), e.SubmitQuestion(10, question()), DEADLINE)
    assert refused == Rejection("sync-questions-closed", {"deadline": DEADLINE})


def test_sync_2_the_hosts_approve_or_reject_each_question_with_a_reason():
    reg = submitted(given(*OWLS), 10, 2)
    approved = when(reg, e.ReviewQuestion(HOST, 1, True))
    assert approved == [e.QuestionReviewed(1, 1, 1, True, "", HOST)]
    rejected = when(reg, e.ReviewQuestion(HOST, 2, False, "Источник не найден"))
    assert rejected == [e.QuestionReviewed(2, 1, 2, False, "Источник не найден", HOST)]
    reg = fold(fold(reg, approved), rejected)
    assert [(q.review, q.reason) for q in r.questions_of(reg, 1)] == [
        (e.Review.APPROVED, ""), (e.Review.REJECTED, "Источник не найден")]
    assert when(reg, e.ReviewQuestion(HOST, 2, False, " ")) == Rejection("sync-question-reason")
    assert when(reg, e.ReviewQuestion(HOST, 9, True)) == Rejection("sync-question-unknown")


def test_sync_2_the_captain_replaces_a_rejected_question_before_the_deadline():
    reg = submitted(given(*OWLS), 10, 3)
    reg = fold(reg, when(reg, e.ReviewQuestion(HOST, 2, False, "Баян")))
    events = when(reg, e.SubmitQuestion(10, question("Новый вопрос?"), replaces=2))
    assert isinstance(events, list) and events[0].replaces == 2 and events[0].number == 2
    reg = fold(reg, events)
    assert [q.question.text for q in r.questions_of(reg, 1)] == ["Вопрос 1?", "Новый вопрос?",
                                                                 "Вопрос 3?"]
    assert r.questions_of(reg, 1)[1].review is e.Review.PENDING
    # The hosts' tap on the question since replaced is refused.
    assert when(reg, e.ReviewQuestion(HOST, 2, True)) == Rejection("sync-question-replaced",
                                                                  {"number": 2})
    assert when(reg, e.SubmitQuestion(10, question(), replaces=2), DEADLINE).reason == \
        "sync-questions-closed"


def test_sync_2_an_approved_question_is_not_replaced():
    reg = submitted(given(*OWLS), 10, 1)
    reg = fold(reg, when(reg, e.ReviewQuestion(HOST, 1, True)))
    assert when(reg, e.SubmitQuestion(10, question(), replaces=1)) == Rejection(
        "sync-question-approved", {"number": 1})
    assert when(reg, e.SubmitQuestion(10, question(), replaces=3)) == Rejection(
        "sync-question-no-such", {"number": 3})


def test_sync_5_round_two_asks_the_approved_questions_of_each_team():
    reg = submitted(submitted(given(*OWLS, *FOXES), 10, 3), 20, 2)
    for question_id, ok in ((1, True), (2, False), (3, True), (4, True)):
        reg = fold(reg, when(reg, e.ReviewQuestion(HOST, question_id, ok, "" if ok else "нет")))
    assert [q.question.text for q in r.approved_questions(reg, 1)] == ["Вопрос 1?", "Вопрос 3?"]
    assert [q.id for q in r.approved_questions(reg, 2)] == [4]
    assert r.approved_counts(reg) == {1: 2, 2: 1}
    # The rejected one stays readable: the game may ask it (SYNC-7 scores it differently).
    assert r.questions_of(reg, 1)[1].review is e.Review.REJECTED


# --- SYNC-3: the fee --------------------------------------------------------------------------


def test_sync_3_the_host_records_fees_and_the_unpaid_teams_are_listed():
    reg = given(*OWLS, *FOXES, *team(3, "Бобры", 30))
    events = when(reg, e.RecordFee(HOST, 2, True))
    assert events == [e.FeeRecorded(2, True, 1200, "USD", HOST)]
    reg = fold(reg, events)
    assert [t.name for t in r.unpaid(reg)] == ["Бобры", "Совы"]
    reg = fold(reg, when(reg, e.RecordFee(HOST, 2, False)))
    assert [t.name for t in r.unpaid(reg)] == ["Бобры", "Лисы", "Совы"]
    assert when(reg, e.RecordFee(HOST, 9, True)) == Rejection("sync-no-such-team")


# --- SYNC-4: the duty team ----------------------------------------------------------------------


def test_sync_4_the_duty_team_is_the_next_in_alphabetical_order_announced_with_the_game():
    assert opened().duty == "Бобры"
    assert opened(last_duty="Бобры").duty == "Ёжики"  # ё after е, before ж
    assert opened(last_duty="Совы").duty == "Бобры"  # round the list


def test_sync_4_the_host_changes_the_duty_team_and_the_jury_finds_it_registered():
    reg = given(*OWLS)
    assert r.duty_team(reg) is None  # Бобры did not register
    events = when(reg, e.ChangeDuty(HOST, "совы"))
    assert events == [e.DutyChanged("Совы", HOST)]
    assert r.duty_team(fold(reg, events)).id == 1
    assert when(reg, e.ChangeDuty(HOST, " ")) == Rejection("sync-duty-empty")


# --- SYNC-1: team size --------------------------------------------------------------------------


def test_sync_1_no_team_has_more_than_eight_players():
    reg = given(*team(1, "Совы", 10, *range(11, 18)))
    assert when(reg, JoinTeam(18, "p18", 0, "Совы")) == Rejection("sync-team-full",
                                                                 {"team": "Совы", "count": 8})


def test_sync_1_a_qualifying_game_starts_only_with_teams_of_four_to_six():
    short = team(3, "Бобры", 30, 31, 32)
    long = team(4, "Ёжики", 40, *range(41, 47))
    reg = given(*OWLS, *short, *long, kind=e.GameKind.QUALIFYING)
    assert r.size_problems(reg) == Rejection("sync-team-sizes", {
        "teams": "Бобры (3), Ёжики (7)", "min": 4, "max": 6, "count": 2})
    assert r.size_problems(given(*OWLS, *FOXES, kind=e.GameKind.CHAMPIONSHIP)) is None


def test_sync_1_a_training_game_takes_any_team_up_to_eight():
    assert r.size_problems(given(*team(1, "Совы", 10), *team(2, "Лисы", 20, *range(21, 28)))) \
        is None


# --- SYNC-1: substitutions ------------------------------------------------------------------------


def test_sync_1_a_substitution_approved_before_the_game_applies_at_once():
    reg = given(*OWLS)
    asked = when(reg, e.RequestSubstitution(10, 13, 50, "Гость"), DEADLINE + timedelta(hours=1))
    assert asked == [e.SubstitutionRequested(1, 1, 13, 50, "Гость")]
    reg = fold(reg, asked)
    approved = when(reg, e.DecideSubstitution(HOST, 1, True))
    assert approved == [e.SubstitutionDecided(1, 1, True, HOST), PlayerLeft(1, 13),
                        PlayerJoined(1, 50, "Гость"), e.SubstitutionApplied(1, 1)]
    reg = fold(reg, approved)
    assert r.team_of(reg, 50).id == 1 and r.team_of(reg, 13) is None
    assert r.due_substitutions(reg) == []


def test_sync_1_a_substitution_during_the_game_takes_effect_from_the_next_question():
    reg = given(*OWLS, kind=e.GameKind.QUALIFYING)
    reg = fold(reg, when(reg, e.RequestSubstitution(10, 13, 50, "Гость"), started=True))
    approved = when(reg, e.DecideSubstitution(HOST, 1, True), started=True)
    assert approved == [e.SubstitutionDecided(1, 1, True, HOST)]
    reg = fold(reg, approved)
    # Mid-question the player in is not on the team yet; the player out still is.
    assert r.team_of(reg, 50) is None and r.team_of(reg, 13).id == 1
    due = r.due_substitutions(reg)
    assert due == [PlayerLeft(1, 13), PlayerJoined(1, 50, "Гость"), e.SubstitutionApplied(1, 1)]
    reg = fold(reg, due)
    assert r.team_of(reg, 50).id == 1 and r.team_of(reg, 13) is None
    assert r.due_substitutions(reg) == []


def test_sync_1_the_host_refuses_a_substitution_in_one_tap_and_decides_it_once():
    reg = given(*OWLS)
    reg = fold(reg, when(reg, e.RequestSubstitution(10, 13, 50, "Гость")))
    refused = when(reg, e.DecideSubstitution(HOST, 1, False))
    assert refused == [e.SubstitutionDecided(1, 1, False, HOST)]
    reg = fold(reg, refused)
    assert r.team_of(reg, 50) is None and r.due_substitutions(reg) == []
    assert when(reg, e.DecideSubstitution(HOST, 1, True)) == Rejection("sync-sub-decided")
    assert when(reg, e.DecideSubstitution(HOST, 7, True)) == Rejection("sync-sub-unknown")


def test_sync_1_only_the_captain_asks_and_the_captain_is_not_substituted_out():
    reg = given(*OWLS, *FOXES)
    assert when(reg, e.RequestSubstitution(11, 13, 50, "Гость")) == Rejection("sync-not-captain")
    assert when(reg, e.RequestSubstitution(10, 10, 50, "Гость")) == Rejection(
        "sync-sub-captain-out")
    assert when(reg, e.RequestSubstitution(10, 21, 50, "Гость")) == Rejection(
        "sync-sub-not-in-team", {"name": "p21", "team": "Совы"})
    assert when(reg, e.RequestSubstitution(10, 13, 21, "p21")) == Rejection(
        "roster-already-in-team", {"team": "Лисы"})
    assert when(reg, e.RequestSubstitution(10, None, None)) == Rejection("sync-sub-empty")


def test_sync_1_a_player_comes_in_by_one_approved_substitution_only():
    reg = given(*OWLS, *FOXES, kind=e.GameKind.QUALIFYING)
    reg = fold(reg, when(reg, e.RequestSubstitution(10, 13, 50, "Гость"), started=True))
    reg = fold(reg, when(reg, e.RequestSubstitution(20, 23, 50, "Гость"), started=True))
    reg = fold(reg, when(reg, e.DecideSubstitution(HOST, 1, True), started=True))
    assert when(reg, e.DecideSubstitution(HOST, 2, True), started=True) == Rejection(
        "sync-sub-already-coming")


def test_sync_1_during_a_qualifying_game_a_substitution_keeps_the_team_within_four_to_six():
    reg = given(*OWLS, kind=e.GameKind.QUALIFYING)  # 4 players
    assert when(reg, e.RequestSubstitution(10, 13, None), started=True) == Rejection(
        "sync-sub-size", {"count": 3, "min": 4, "max": 6})
    # Before the game a squad may change freely within 8: the start checks 4..6.
    assert when(reg, e.RequestSubstitution(10, 13, None)) == [
        e.SubstitutionRequested(1, 1, 13, None, "")]
    for request_id, player in ((1, 50), (2, 51)):
        asked = when(reg, e.RequestSubstitution(10, None, player, "Гость"), started=True)
        reg = fold(reg, asked)
        reg = fold(reg, when(reg, e.DecideSubstitution(HOST, request_id, True), started=True))
    # The approved ones count before they take effect: 6 now, a seventh is refused.
    assert when(reg, e.RequestSubstitution(10, None, 52, "Ещё"), started=True) == Rejection(
        "sync-sub-size", {"count": 7, "min": 4, "max": 6})


# --- the roster by index ---------------------------------------------------------------------


def test_sync_1_the_captaincy_passes_within_the_team_by_its_captain_or_a_host():
    reg = given(*OWLS, *FOXES)
    assert when(reg, HandOverCaptaincy(10, 11)) == [CaptainChanged(1, 11)]
    assert when(reg, HandOverCaptaincy(HOST, 11)) == [CaptainChanged(1, 11)]
    assert when(reg, HandOverCaptaincy(20, 11)) == Rejection("roster-not-your-team")
    reg = fold(reg, [CaptainChanged(1, 11)])
    assert r.team_of(reg, 10).captain == 11
    assert when(reg, e.SubmitQuestion(10, question())) == Rejection("sync-not-captain")


def test_sync_2_thousands_of_teams_register_and_each_is_found_by_its_players():
    reg = given()
    for i in range(1, 3001):
        reg = fold(reg, when(reg, RegisterTeam(i * 10, f"c{i}", i, f"Команда {i}")))
        reg = fold(reg, when(reg, JoinTeam(i * 10 + 1, f"p{i}", 0, f"команда {i}")))
    assert len(reg.teams) == 3000
    assert r.team_of(reg, 25001).name == "Команда 2500"
    assert r.team_of(reg, 30000).captain == 30000


# --- the record and the messages -------------------------------------------------------------


def test_sync_2_every_registration_event_survives_the_stored_codec():
    events: list[Event] = [
        opened(e.GameKind.CHAMPIONSHIP), e.GameMoved(STARTS, DEADLINE, CREATED),
        e.RegistrationReminded(DEADLINE), e.RegistrationClosed(DEADLINE, 3),
        e.QuestionSubmitted(1, 1, 1, "т", "о", ("а", "б"), "", "автор", "и", True, None),
        e.QuestionReviewed(1, 1, 1, False, "нет", HOST), e.FeeRecorded(1, True, 1200, "USD", 1),
        e.DutyChanged("Совы", HOST), e.SubstitutionRequested(1, 1, None, 5, "x"),
        e.SubstitutionDecided(1, 1, True, HOST), e.SubstitutionApplied(1, 1), PlayerLeft(1, 2),
    ]
    for ev in events:
        assert decode(ev.kind, encode(ev)) == ev


def test_sync_every_refusal_of_registration_is_worded_in_russian_and_english(
        translator: Translator):
    source = Path(r.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r"\"(sync-[a-z-]+)\"", source))
    assert used
    for key in used:
        for lang in ("ru", "en"):
            assert translator(key, lang, deadline="2026-03-07 19:00", days=3, date="x",
                              team="Совы", count=3, field="author", number=2, teams="Бобры (3)",
                              min=4, max=6, name="Вера") != key
    assert translator("sync-sub-size", "ru", count=3, min=4, max=6).startswith(
        "После замены в команде было бы 3 игрока, а нужно от 4 до 6")
    assert "at most 8" in translator("sync-sub-size", "en", count=9, min=1, max=8)


def test_sync_1_the_shared_roster_applies_the_substitution_events_too():
    roster = Roster(host=HOST)
    reg = given(*OWLS)
    reg = fold(reg, when(reg, e.RequestSubstitution(10, 13, 50, "Гость")))
    for ev in [*OWLS, *when(reg, e.DecideSubstitution(HOST, 1, True))]:
        roster = evolve_roster(roster, ev)
    assert roster.team_of(13) is None and roster.team_of(50).members == (10, 11, 12, 50)
