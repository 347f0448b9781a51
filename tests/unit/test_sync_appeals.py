"""SYNC appeals (rules/sync/appeals.py, RULES.md SYNC-9, SYNC-10, SYNC-11): given events,
when an action, then events or a rejection; each test names its clause."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.i18n import Translator
from rules.base import Event, Rejection, decode, encode
from rules.clock import TimerFired
from rules.judging import Verdict
from rules.sync import appeals as ap
from rules.sync.jury import ClubTeam
from rules.sync.scoring import Mark, Scored, marks, provisional, question_points, totals, winners

NOW = datetime(2026, 3, 1, 20, 30, tzinfo=UTC)
DAY = timedelta(days=1)
HOST, COHOST = 90, 91
A, B, C, D = 1, 2, 3, 4
# Captains 11..14; alphabetical order Альфа, Бета, Гамма, Дельта.
TEAMS = (ClubTeam(C, "Гамма", 13), ClubTeam(A, "Альфа", 11), ClubTeam(B, "Бета", 12),
         ClubTeam(D, "Дельта", 14))
CAPTAIN = {team.id: team.captain for team in TEAMS}
HOSTS = (HOST, COHOST)
DUTY = A
WRONG = ap.QuestionFacts(played=True, key="швейк", verdict=Verdict.REJECT)
RIGHT = ap.QuestionFacts(played=True, key="гашек", verdict=Verdict.ACCEPT)
SOURCE = Path(ap.__file__).read_text(encoding="utf-8")
LOCALES = Path(__file__).resolve().parents[2] / "locales"


def given(*events: Event) -> ap.Appeals:
    """The appeals after ``events``."""
    state = ap.Appeals()
    for ev in events:
        state = ap.evolve_appeals(state, ev)
    return state


def when(state: ap.Appeals, action: ap.AppealAction, *, at: datetime = NOW, over: bool = False,
         hosts: tuple[int, ...] = HOSTS, duty: int | None = DUTY,
         question: ap.QuestionFacts | None = WRONG) -> list[Event] | Rejection:
    """Decide ``action`` at ``at`` in the game's context."""
    return ap.decide_appeals(state, action, at, over=over, hosts=hosts, teams=TEAMS, duty=duty,
                             question=question)


def fold(state: ap.Appeals, events: list[Event] | Rejection) -> ap.Appeals:
    """``state`` after the decided ``events``; fails the test on a rejection."""
    assert not isinstance(events, Rejection), events
    for ev in events:
        state = ap.evolve_appeals(state, ev)
    return state


def filed(team: int = B, question: int = 3, kind: ap.AppealKind = ap.AppealKind.DOUBLE,
          key: str | None = "швейк", jurors: tuple[int, ...] = (HOST, COHOST, 11)
          ) -> ap.AppealFiled:
    """The event of team ``team``'s appeal on ``question`` filed at ``NOW``."""
    return ap.AppealFiled(team, question, kind, "Швейк не хуже", key, jurors, NOW)


def file(question: int = 3, kind: ap.AppealKind = ap.AppealKind.DOUBLE, team: int = B,
         text: str = "Швейк не хуже") -> ap.FileAppeal:
    """Team ``team``'s captain files an appeal."""
    return ap.FileAppeal(CAPTAIN[team], question, kind, text)


def deferred(team: int = B) -> ap.AppealDeferred:
    """The hosts deferred team ``team``'s appeal at ``NOW``."""
    return ap.AppealDeferred(team, HOST, NOW + 3 * DAY, NOW + DAY)


def rejected(events: list[Event] | Rejection) -> str:
    """The reason key of a rejection; fails the test on events."""
    assert isinstance(events, Rejection), events
    return events.reason


# --- SYNC-9: filing ---------------------------------------------------------------------------


def test_sync_9a_the_captain_files_a_double_answer_on_an_answer_judged_wrong():
    assert when(given(), file()) == [filed()]
    appeal = given(filed()).by_team[B]
    assert (appeal.question, appeal.kind, appeal.key, appeal.open) == (3, "double", "швейк", True)


def test_sync_9b_a_removal_may_be_filed_on_any_played_question_even_one_answered_right():
    events = when(given(), file(kind=ap.AppealKind.REMOVAL), question=RIGHT)
    assert events == [filed(kind=ap.AppealKind.REMOVAL, key=None)]
    unplayed = ap.QuestionFacts(played=False)
    assert rejected(when(given(), file(question=9), question=unplayed)) == \
        "sync-appeal-no-such-question"
    assert rejected(when(given(), file(question=99), question=None)) == \
        "sync-appeal-no-such-question"


def test_sync_9_only_the_captain_files_the_teams_appeal():
    assert rejected(when(given(), ap.FileAppeal(22, 3, ap.AppealKind.DOUBLE, "x"))) == \
        "sync-appeal-captains-only"
    assert rejected(when(given(), ap.FileAppeal(HOST, 3, ap.AppealKind.DOUBLE, "x"))) == \
        "sync-appeal-captains-only"


def test_sync_9_at_most_one_appeal_per_team_per_game_even_after_a_rejected_one():
    state = given(filed(), ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", False))
    refused = when(state, file(question=5, kind=ap.AppealKind.REMOVAL))
    assert refused == Rejection("sync-appeal-one-per-game", {"number": 3})
    assert when(state, file(team=C)) != refused  # another team still has its own


def test_sync_9_appeals_are_filed_before_the_game_ends():
    assert rejected(when(given(), file(), over=True)) == "sync-appeal-game-over"


def test_sync_9a_no_double_answer_on_an_answer_judged_right_missing_or_not_judged_yet():
    assert rejected(when(given(), file(), question=RIGHT)) == "sync-appeal-double-was-right"
    none = ap.QuestionFacts(played=True)
    assert rejected(when(given(), file(), question=none)) == "sync-appeal-double-no-answer"
    waiting = ap.QuestionFacts(played=True, key="швейк")
    assert rejected(when(given(), file(), question=waiting)) == "sync-appeal-double-not-judged"


def test_sync_9_the_asking_team_appeals_neither_kind_on_its_own_question():
    own = ap.QuestionFacts(played=True, asking_team=B)
    for kind in ap.AppealKind:
        assert rejected(when(given(), file(kind=kind), question=own)) == \
            "sync-appeal-own-question"


def test_sync_9_an_appeal_says_why():
    assert rejected(when(given(), file(text="  "))) == "sync-appeal-no-text"


def test_sync_9_a_removed_question_or_a_credited_answer_takes_no_more_appeals():
    removal = filed(kind=ap.AppealKind.REMOVAL, key=None)
    gone = given(removal, ap.AppealDecided(B, 3, ap.AppealKind.REMOVAL, None, True))
    assert rejected(when(gone, file(team=C))) == "sync-appeal-already-removed"
    credited = given(filed(), ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", True))
    assert rejected(when(credited, file(team=C))) == "sync-appeal-double-already-credited"
    other = ap.QuestionFacts(played=True, key="кафка", verdict=Verdict.REJECT)
    assert not isinstance(when(credited, file(team=C), question=other), Rejection)


# --- SYNC-10: the jury --------------------------------------------------------------------------


def test_sync_10_the_jury_is_the_hosts_and_the_duty_captain_fixed_at_filing():
    state = given(filed())
    assert state.by_team[B].jurors == (HOST, COHOST, 11)
    # A co-host named after the filing is not on this jury.
    assert rejected(when(state, ap.VoteOnAppeal(92, B, True), hosts=(*HOSTS, 92))) == \
        "sync-appeal-not-juror"


def test_sync_10_when_the_duty_team_appeals_the_next_team_alphabetically_not_appealing_sits():
    [duty_filed] = when(given(), file(team=A))
    assert duty_filed.jurors == (HOST, COHOST, 12)  # Бета after Альфа
    # Бета appealed the same question too: Гамма's captain stands in for the duty team.
    state = given(filed(team=B, jurors=(HOST, COHOST, 11)))
    [after] = when(state, file(team=A))
    assert after.jurors == (HOST, COHOST, 13)


def test_sync_10_the_majority_decides_before_everyone_has_voted():
    state = fold(given(filed()), when(given(filed()), ap.VoteOnAppeal(HOST, B, True)))
    events = when(state, ap.VoteOnAppeal(11, B, True))
    assert events == [ap.AppealVoted(B, 11, True),
                      ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", True)]
    after = fold(state, events)
    assert after.by_team[B].accepted is True and ap.open_appeals(after) == ()


def test_sync_10_a_tied_jury_rejects_the_appeal():
    two = filed(jurors=(HOST, 11))
    state = given(two, ap.AppealVoted(B, HOST, True))
    assert when(state, ap.VoteOnAppeal(11, B, False))[-1] == \
        ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", False)


def test_sync_10_a_juror_votes_once_and_a_non_juror_is_refused():
    state = given(filed(), ap.AppealVoted(B, HOST, True))
    assert rejected(when(state, ap.VoteOnAppeal(HOST, B, False))) == "sync-appeal-already-voted"
    assert rejected(when(state, ap.VoteOnAppeal(12, B, True))) == "sync-appeal-not-juror"
    assert rejected(when(state, ap.VoteOnAppeal(11, C, True))) == "sync-appeal-none"
    assert when(state, ap.VoteOnAppeal(COHOST, B, False)) == [ap.AppealVoted(B, COHOST, False)]


# --- SYNC-11: final ---------------------------------------------------------------------------


def test_sync_11_a_decided_appeal_is_final():
    state = given(filed(), ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", False))
    assert rejected(when(state, ap.VoteOnAppeal(COHOST, B, True))) == "sync-appeal-final"
    assert rejected(when(state, ap.DeferAppeal(HOST, B))) == "sync-appeal-final"
    assert rejected(when(state, ap.AttachEvidence(12, "ещё"))) == "sync-appeal-final"


# --- SYNC-10: deferred ------------------------------------------------------------------------


def test_sync_10_a_host_defers_an_appeal_and_the_jury_has_three_days():
    state = given(filed())
    assert when(state, ap.DeferAppeal(COHOST, B)) == [
        ap.AppealDeferred(B, COHOST, NOW + 3 * DAY, NOW + DAY)]
    assert rejected(when(state, ap.DeferAppeal(11, B))) == "sync-appeal-hosts-only"
    assert rejected(when(state, ap.DeferAppeal(HOST, C))) == "sync-appeal-none"
    later = given(filed(), deferred())
    assert ap.appeal_timers(later) == {"appeal-deadline-2": NOW + 3 * DAY,
                                       "appeal-reminder-2": NOW + DAY}
    assert when(later, ap.DeferAppeal(HOST, B)) == Rejection(
        "sync-appeal-already-deferred", {"deadline": datetime(2026, 3, 4, 20, 30, tzinfo=UTC)})
    assert ap.appeal_timers(given(filed())) == {}  # on the spot: no deadline


def test_sync_10_the_jurors_who_have_not_voted_are_reminded_daily():
    state = given(filed(), deferred(), ap.AppealVoted(B, HOST, True))
    first = when(state, TimerFired("appeal-reminder-2", NOW + DAY), at=NOW + DAY)
    assert first == [ap.JurorsReminded(B, (COHOST, 11), NOW + 3 * DAY, NOW + 2 * DAY)]
    state = fold(state, first)
    second = when(state, TimerFired("appeal-reminder-2", NOW + 2 * DAY), at=NOW + 2 * DAY)
    assert second == [ap.JurorsReminded(B, (COHOST, 11), NOW + 3 * DAY, None)]
    state = fold(state, second)
    assert ap.appeal_timers(state) == {"appeal-deadline-2": NOW + 3 * DAY}
    # A timer that no longer matches (already fired) does nothing.
    assert when(state, TimerFired("appeal-reminder-2", NOW + DAY), at=NOW + 2 * DAY) == []


def test_sync_10_at_the_deadline_an_appeal_without_a_majority_is_rejected():
    state = given(filed(), deferred(), ap.AppealVoted(B, HOST, True))
    at = NOW + 3 * DAY
    assert rejected(when(state, ap.VoteOnAppeal(11, B, True), at=at)) == \
        "sync-appeal-deadline-passed"
    events = when(state, TimerFired("appeal-deadline-2", at), at=at)
    assert events == [ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", False,
                                       by_deadline=True)]
    after = fold(state, events)
    assert after.by_team[B].by_deadline and ap.appeal_timers(after) == {}
    # A reminder fired late, past the deadline, reminds no one.
    late = when(state, TimerFired("appeal-reminder-2", NOW + DAY), at=at)
    assert late == []


def test_sync_10_the_appealing_team_attaches_evidence_while_deferred():
    on_spot = given(filed())
    assert rejected(when(on_spot, ap.AttachEvidence(12, "см. ссылку"))) == \
        "sync-appeal-evidence-not-deferred"
    state = given(filed(), deferred())
    assert rejected(when(state, ap.AttachEvidence(12, " ", ("",)))) == \
        "sync-appeal-evidence-empty"
    assert rejected(when(state, ap.AttachEvidence(13, "чужое"))) == "sync-appeal-none"
    events = when(state, ap.AttachEvidence(12, "Словарь", ("https://example.org/a",)),
                  at=NOW + DAY)
    assert events == [ap.EvidenceAttached(B, 12, "Словарь", ("https://example.org/a",),
                                          NOW + DAY)]
    [evidence] = fold(state, events).by_team[B].evidence
    assert evidence.links == ("https://example.org/a",)
    assert rejected(when(state, ap.AttachEvidence(12, "поздно"), at=NOW + 3 * DAY)) == \
        "sync-appeal-deadline-passed"


def test_sync_10_a_deferred_appeal_is_decided_after_the_game_has_ended():
    state = given(filed(), deferred())
    assert ap.after_game_actions(state) == frozenset(ap.AFTER_GAME)
    state = fold(state, when(state, ap.VoteOnAppeal(HOST, B, True), at=NOW + DAY, over=True))
    state = fold(state, when(state, ap.VoteOnAppeal(11, B, True), at=NOW + DAY, over=True))
    assert ap.accepted_double(state) == {3: frozenset({"швейк"})}
    assert ap.after_game_actions(state) == frozenset()


def test_sync_10_while_an_appeal_is_open_the_result_is_provisional():
    state = given(filed(), filed(team=C, question=4, kind=ap.AppealKind.REMOVAL, key=None),
                  deferred(team=C))
    assert [a.team_id for a in ap.open_appeals(state)] == [B, C]
    assert [a.team_id for a in ap.on_the_spot(state)] == [B]
    scored = [Scored(3, correct=frozenset({A})), Scored(4, correct=frozenset({D}))]
    keys = {3: {A: "гашек", B: "швейк", C: "кафка", D: "швейк"}, 4: {A: "x", D: "y"}}
    table = ap.with_appeals(state, scored, keys)
    assert provisional(table)
    assert marks(table[0], (A, B, C, D)) == {A: Mark.RIGHT, B: Mark.PENDING, C: Mark.WRONG,
                                              D: Mark.PENDING}
    assert marks(table[1], (A, B, C, D)) == {A: Mark.PENDING, B: Mark.WRONG, C: Mark.WRONG,
                                              D: Mark.PENDING}
    assert not provisional(ap.with_appeals(ap.Appeals(), scored, keys))


# --- SYNC-9: outcomes ---------------------------------------------------------------------------


def test_sync_9a_an_accepted_double_answer_credits_every_team_with_that_answer_and_the_authors():
    state = given(filed(), ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", True))
    scored = [Scored(3, correct=frozenset({A}))]
    keys = {3: {A: "гашек", B: "швейк", C: "кафка", D: "швейк"}}
    [question] = ap.with_appeals(state, scored, keys)
    assert question_points(question, (A, B, C, D)) == {A: 1, B: 1, C: 0, D: 1}
    assert not provisional([question])


def test_sync_9b_an_accepted_removal_scores_no_one_the_asking_team_included():
    removal = filed(team=C, question=7, kind=ap.AppealKind.REMOVAL, key=None)
    state = given(removal, ap.AppealDecided(C, 7, ap.AppealKind.REMOVAL, None, True))
    assert ap.removed(state) == frozenset({7})
    scored = [Scored(7, round=2, asking_team=D, correct=frozenset({A, B}))]
    [question] = ap.with_appeals(state, scored, {7: {A: "k", B: "k", C: "z"}})
    assert question_points(question, (A, B, C, D)) == {A: 0, B: 0, C: 0, D: 0}
    assert set(marks(question, (A, B, C, D)).values()) == {Mark.REMOVED}


def test_sync_10_an_accepted_deferred_appeal_that_ties_the_winner_declares_a_winner_too():
    # A and D tied on 3 and A won the shoot-out; B's deferred appeal on question 3 brings B
    # to 3 too: B is declared a winner beside A, D stays beaten (SYNC-8, SYNC-10).
    scored = [Scored(1, correct=frozenset({A, B, D})), Scored(2, correct=frozenset({A, B, D})),
              Scored(3, correct=frozenset({A, D}))]
    keys = {3: {A: "гашек", B: "швейк", C: "кафка", D: "гашек"}}
    assert totals(scored, (A, B, C, D)) == {A: 3, B: 2, C: 0, D: 3}
    state = given(filed(), deferred(),
                  ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", True))
    table = totals(ap.with_appeals(state, scored, keys), (A, B, C, D))
    assert table == {A: 3, B: 3, C: 0, D: 3}
    assert winners(table, frozenset({A, D}), A) == frozenset({A, B})


def test_sync_10_appeal_events_replay_from_the_log():
    events = [filed(), deferred(), ap.AppealVoted(B, HOST, True),
              ap.EvidenceAttached(B, 12, "текст", ("https://example.org",), NOW),
              ap.JurorsReminded(B, (COHOST, 11), NOW + 3 * DAY, None),
              ap.AppealDecided(B, 3, ap.AppealKind.DOUBLE, "швейк", False, True)]
    for ev in events:
        assert decode(ev.kind, encode(ev)) == ev
        assert ev.kind.startswith("sync.appeal.")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_sync_9_every_appeal_message_is_in_both_languages(lang: str):
    used = set(re.findall(r'"(sync-appeal-[a-z-]+)"', SOURCE))
    text = (LOCALES / lang / "sync-appeals.ftl").read_text(encoding="utf-8")
    known = set(re.findall(r"^(sync-appeal-[a-z-]+) =", text, re.MULTILINE))
    assert used and used <= known
    translator = Translator()
    shown = translator("sync-appeal-filed", lang, team="Бета", number=3, kind="double",
                       jurors=3)
    assert "3" in shown and "Бета" in shown
