"""A SYNC question (RULES.md SYNC-6; DESIGN.md, Time): read on delivery, a minute with
the warning after 50 s, 15 s to hand in, the written window from delivery to the end of the
15 s with a second of grace, the last answer counting, repeat on request, the host's pause,
deadlines missed while the bot was down, the judging queue filled in one step, and the one
player asked to explain. Given/when/then on ``rules.sync``."""

from __future__ import annotations

from datetime import timedelta

from rules import sync as s
from rules.base import decode, encode
from rules.judging import AnswerQueued, GroupAutoDecided, Suggestion, Verdict
from rules.roster import NameCoHost, RegisterTeam
from rules.sync.scoring import Mark
from rules.written import (
    AnswererNamed,
    AnswerHandedIn,
    DeadlineMoved,
    WindowClosed,
    WindowOpened,
)
from tests.unit.story import at
from tests.unit.sync_steps import (
    CREATED,
    FOXES,
    GAME,
    HEDGEHOGS,
    HOST,
    OPENED,
    OWLS,
    given,
    hand_in,
    registered,
)

ROUND = GAME.round_one(0, 1, 2)
"""Round 1 of three organisers' questions, none asked yet."""
ASKED = ROUND.when(s.AskQuestion(HOST)).then_accepted()
"""Question 1 posted at 0 s, not yet delivered."""
PLAYING = ASKED.does(s.QuestionDelivered(1, at(2)), at(2))
"""Question 1 delivered at 2 s: its minute runs to 62 s, the hand-in time to 77 s."""


def test_sync_6_the_minute_starts_when_the_question_reached_the_chat():
    assert ASKED.timers == {}
    ASKED.when(s.QuestionDelivered(1, at(2)), at(2)).then(
        s.DiscussionStarted(at(62), at(52), None, 60.0), WindowOpened(1, at(2), at(77)))
    assert PLAYING.timers == {"end": at(62), "warning": at(52)}


def test_sync_6_an_undelivered_question_waits_for_the_host_to_start_its_clock():
    story = ASKED.when(s.QuestionNotDelivered(1), at(3)).then(s.QuestionUndelivered(1))
    assert story.timers == {}
    story.when(s.ResumeClock(HOST), at(9)).then(
        s.DiscussionStarted(at(69), at(59), None, 60.0), WindowOpened(1, at(9), at(84)))
    PLAYING.when(s.QuestionDelivered(1, at(5)), at(5)).then()
    ASKED.when(s.QuestionDelivered(7, at(5)), at(5)).then()


def test_sync_6_the_warning_after_50_s_then_15_s_to_hand_in_then_the_close():
    story = PLAYING.when(s.TimerFired("warning", at(52)), at(52)).then(s.WarningSignalled())
    story = story.when(s.TimerFired("end", at(62)), at(62.3)).then(
        s.DiscussionEnded(), s.HandInStarted(at(77), 15.0))
    assert story.timers == {"end": at(77)}
    story = story.when(s.TimerFired("end", at(77)), at(77)).then(s.DiscussionEnded())
    assert story.timers == {s.CLOSE_TIMER: at(78)}
    story.when(s.TimerFired(s.CLOSE_TIMER, at(78)), at(78)).then(
        WindowClosed(1, at(78), None, 0), s.QuestionScored(1))


def test_sync_6_answers_count_from_delivery_to_the_end_of_the_15_s_with_a_second_of_grace():
    PLAYING.when(hand_in(OWLS, "Пушкин", at(78)), at(78)).then(
        AnswerHandedIn(OWLS, 10, "Пушкин", at(78)),
        s.AnswerPrepared(OWLS, "пушкин", Suggestion.UNSURE, "judge-reason-test"))
    PLAYING.when(hand_in(OWLS, "Пушкин", at(79)), at(79)).then_rejected(
        "answer-late", sent="19:01:19", deadline="19:01:17", seconds=2)
    PLAYING.when(hand_in(OWLS, "Пушкин", at(0.5)), at(2)).then_rejected(
        "answer-before-question", sent="19:00:00")
    ASKED.when(hand_in(OWLS, "Пушкин", at(1)), at(1)).then_rejected("answer-window-not-open")


def test_sync_6_a_team_may_change_its_answer_and_the_last_one_counts():
    story = PLAYING.does(hand_in(OWLS, "Пушкин", at(10)), at(10))
    story.when(hand_in(OWLS, "Лермонтов", at(70)), at(70)).then_includes(
        AnswerHandedIn(OWLS, 10, "Лермонтов", at(70), replaces=True))
    story = story.does(hand_in(OWLS, "Лермонтов", at(70)), at(70)).closed()
    queued = [ev for ev in story.events if isinstance(ev, AnswerQueued)]
    assert [(q.team_id, q.text) for q in queued] == [(OWLS, "Лермонтов")]


def test_sync_6_the_captain_or_the_player_the_captain_named_hands_in():
    PLAYING.when(hand_in(OWLS, "Пушкин", at(10), by=11), at(10)).then_rejected(
        "answer-not-answerer", team="Совы")
    named = PLAYING.when(s.NameAnswerer(10, 11), at(5)).then(AnswererNamed(OWLS, 11))
    named.when(hand_in(OWLS, "Пушкин", at(10), by=11), at(10)).then_includes(
        AnswerHandedIn(OWLS, 11, "Пушкин", at(10)))
    PLAYING.when(s.NameAnswerer(11, 12), at(5)).then_rejected("answer-answerer-by-captain")
    # A player of another team cannot hand in for the Owls by naming them.
    PLAYING.when(hand_in(OWLS, "Пушкин", at(10), by=20), at(10)).then_rejected(
        "answer-not-playing")


def test_sync_6_the_question_is_repeated_on_request_and_the_clock_runs_on():
    story = PLAYING.when(s.RepeatQuestion(HOST), at(20)).then(s.QuestionRepeated(1))
    assert story.timers == PLAYING.timers
    ROUND.when(s.RepeatQuestion(HOST)).then_rejected("sync-no-question-to-repeat")


def test_sync_6_the_hosts_pause_stops_the_time_and_moves_the_deadline():
    paused = PLAYING.when(s.PauseClock(HOST), at(22)).then(s.ClockPaused(40.0, "host"))
    assert paused.timers == {}
    # No time runs while stopped: an answer handed in meanwhile is not late.
    paused.when(hand_in(FOXES, "Гоголь", at(300)), at(300)).then_includes(
        AnswerHandedIn(FOXES, 20, "Гоголь", at(300)))
    paused.when(s.ResumeClock(HOST), at(400)).then(
        s.ClockResumed(at(440), at(430)), DeadlineMoved(at(455)))
    story = paused.does(s.ResumeClock(HOST), at(400))
    story.when(hand_in(FOXES, "Гоголь", at(456)), at(456)).then_accepted()
    story.when(hand_in(FOXES, "Гоголь", at(457)), at(457)).then_rejected("answer-late")


def test_sync_6_a_deadline_missed_while_down_stops_the_clock_until_the_host_resumes():
    down = PLAYING.when(s.MissedDeadlines(), at(70)).then(s.ClockPaused(0.0, "downtime"))
    assert down.timers == {}
    # An answer sent in time and delivered after the restart counts.
    down.when(hand_in(OWLS, "Пушкин", at(68)), at(71)).then_accepted()
    down.when(s.ResumeClock(HOST), at(90)).then(
        s.DiscussionEnded(), s.HandInStarted(at(105), 15.0), DeadlineMoved(at(105)))
    PLAYING.when(s.MissedDeadlines(), at(30)).then()


def test_sync_6_a_close_missed_while_down_waits_for_the_host():
    story = PLAYING.fire("warning").fire("end").fire("end")
    held = story.when(s.MissedDeadlines(), at(120)).then(s.ClosingHeld())
    assert held.timers == {}
    held.when(hand_in(OWLS, "Пушкин", at(76)), at(121)).then_accepted()
    held.when(s.ResumeClock(HOST), at(130)).then_includes(WindowClosed(1, at(130), HOST, 0))
    story.when(s.MissedDeadlines(), at(77.5)).then()


def test_sync_6_no_answer_is_taken_once_the_window_closed():
    story = PLAYING.closed()
    story.when(hand_in(OWLS, "Пушкин", at(70)), at(79)).then_rejected(
        "answer-window-closed", number=1)


def test_sync_6_all_answers_go_to_judging_in_one_step_grouped_by_key():
    story = PLAYING
    for team, text in ((OWLS, "Пушкин"), (FOXES, "пушкин "), (HEDGEHOGS, "Гоголь")):
        story = story.does(hand_in(team, text, at(30)), at(30))
    closed = story.closed()
    queued = [ev for ev in closed.events if isinstance(ev, AnswerQueued)]
    assert [(q.team_id, q.key) for q in queued] == [
        (OWLS, "пушкин"), (FOXES, "пушкин"), (HEDGEHOGS, "гоголь")]
    assert [m[OWLS] for m in closed.marks] == [Mark.PENDING]
    # The host's one tap decides the group for both teams.
    judged = closed.does(s.JudgeGroup(HOST, "пушкин", Verdict.ACCEPT), at(90))
    assert judged.marks[0] == {OWLS: Mark.RIGHT, FOXES: Mark.RIGHT, HEDGEHOGS: Mark.PENDING}


def test_sync_6_a_game_may_take_the_bots_sure_suggestions_as_verdicts():
    created = s.GameCreated(HOST, "Ведущий", 7, CREATED.scored, auto=("accept", "reject"))
    story = given(created, *registered().events[1:]).round_one(0, 1).asked()
    start = story.state.written.opened_at
    story = story.does(hand_in(OWLS, "Пушкин", start, suggestion=Suggestion.ACCEPT), start)
    closed = story.closed()
    assert GroupAutoDecided("пушкин", Verdict.ACCEPT, OWLS) in closed.events
    assert closed.events[-1] == s.QuestionScored(1)
    assert closed.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}


def test_sync_6_the_host_asks_one_player_of_a_team_to_explain_once_per_question():
    story = PLAYING.does(hand_in(FOXES, "Гоголь?", at(30)), at(30))
    story.when(s.AskClarification(HOST, FOXES, 21), at(40)).then_rejected(
        "sync-clarify-not-now")
    closed = story.closed()
    asked = closed.when(s.AskClarification(HOST, FOXES, 21), at(80)).then(
        s.ClarificationAsked(1, FOXES, 21))
    asked.when(s.AskClarification(HOST, FOXES, 20), at(81)).then_rejected(
        "sync-clarify-once", team="Лисы", name="p21")
    closed.when(s.AskClarification(HOST, FOXES, 11), at(80)).then_rejected(
        "sync-clarify-not-member", name="p11", team="Лисы")
    closed.when(s.AskClarification(HOST, OWLS, 11), at(80)).then_rejected(
        "sync-clarify-no-answer", team="Совы")
    # The next question: the Foxes may be asked again.
    next_one = asked.judged(set()).asked()
    start = next_one.state.written.opened_at
    next_one = next_one.does(hand_in(FOXES, "Гоголь?", start), start).closed()
    next_one.when(s.AskClarification(HOST, FOXES, 20), next_one.now).then(
        s.ClarificationAsked(2, FOXES, 20))


def test_sync_6_an_explanation_never_becomes_the_answer_the_hosts_judge():
    """Given Совы and Ежи hand in «Гашек», Лисы «Швейк», and the host accepts «Гашек»; when
    Лисы' player, asked to explain, writes «Гашек», then only the explanation is recorded:
    Лисы' answer is still «Швейк» in its own group, waiting for the hosts' verdict."""
    story = PLAYING
    for team, text in ((OWLS, "Гашек"), (HEDGEHOGS, "Гашек"), (FOXES, "Швейк")):
        story = story.does(hand_in(team, text, at(30)), at(30))
    story = story.closed()
    story = story.does(s.JudgeGroup(HOST, "гашек", Verdict.ACCEPT), at(80))
    story = story.does(s.AskClarification(HOST, FOXES, 20), at(81))
    explained = story.when(s.ExplainAnswer(20, FOXES, "Гашек"), at(82)).then(
        s.AnswerExplained(1, FOXES, 20, "Гашек"))
    judging = explained.state.current.judging
    assert judging.answers[FOXES].text == "Швейк" and judging.verdict_of(FOXES) is None
    assert [(g.order + 1, g.text, list(g.teams)) for g in judging.groups.values()] == [
        (1, "Гашек", [OWLS, HEDGEHOGS]), (2, "Швейк", [FOXES])]
    assert explained.state.current.explained[FOXES] == "Гашек"
    assert not explained.state.current.scored


def test_sync_6_300_teams_hand_in_and_every_answer_is_stored_and_scored():
    story = given(CREATED, OPENED)
    teams = range(1000, 1300)
    for team in teams:
        story = story.does(RegisterTeam(team * 10, f"c{team}", team, f"Команда {team}"))
    story = story.round_one(0, 1).asked()
    start = story.state.written.opened_at
    for n, team in enumerate(teams):
        text = ("Пушкин", "Гоголь", "Лермонтов")[n % 3]
        sent = start + timedelta(seconds=70 + n / 100)
        story = story.does(hand_in(team, text, sent, by=team * 10), sent)
    assert len(story.state.written.answers) == 300
    closed = story.closed()
    queued = [ev for ev in closed.events if isinstance(ev, AnswerQueued)]
    assert sorted(q.team_id for q in queued) == list(teams)
    judged = closed.judged({"пушкин"})
    assert judged.events[-1] == s.QuestionScored(1)
    totals = judged.totals
    assert len(totals) == 300 and sum(totals.values()) == 100
    assert all(totals[t] == (1 if n % 3 == 0 else 0) for n, t in enumerate(teams))


def test_sync_6_several_hosts_judge_at_once_and_do_not_overturn_each_other_unawares():
    story = PLAYING.does(NameCoHost(HOST, 2, "Соведущий"), at(3))
    for team, text in ((OWLS, "Пушкин"), (FOXES, "Гоголь")):
        story = story.does(hand_in(team, text, at(30)), at(30))
    story = story.closed()
    story = story.does(s.JudgeGroup(2, "гоголь", Verdict.REJECT), at(80))
    # The host had looked at the pending group: the co-host's verdict stands.
    story.when(s.JudgeGroup(HOST, "гоголь", Verdict.ACCEPT), at(81)).then_rejected(
        "judge-decided-meanwhile", verdict="reject")
    story.when(s.JudgeGroup(HOST, "пушкин", Verdict.ACCEPT), at(81)).then_includes(
        s.QuestionScored(1))


def test_sync_events_replay_from_the_stored_codec():
    story = PLAYING.does(hand_in(OWLS, "Пушкин", at(30)), at(30)).closed().judged({"пушкин"})
    replayed = given(*(decode(ev.kind, encode(ev)) for ev in story.events))
    assert replayed.events == story.events
    assert replayed.totals == story.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}
