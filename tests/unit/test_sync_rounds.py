"""SYNC rounds (RULES.md SYNC-5): round 1 of at most 15 organisers' questions, round 2 of team
questions with every team asking the same number, an optional round 3, breaks between them;
the asking team does not answer its question. Given/when/then on ``rules.sync``."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from rules import sync as s
from rules.roster import PlayerJoined, PlayerLeft, RegisterTeam
from rules.sync.enrolment import (
    DecideSubstitution,
    GameKind,
    RequestSubstitution,
    SubstitutionApplied,
)
from rules.sync.scoring import Mark
from rules.written import AnswererNamed
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

SECOND = timedelta(seconds=1)


def test_sync_5_round_one_has_at_most_15_organisers_questions():
    GAME.when(s.StartRound(HOST, questions=tuple(range(16)))).then_rejected(
        "sync-round-one-organisers", count=15)
    GAME.when(s.StartRound(HOST, questions=tuple(range(15)))).then(
        s.RoundStarted(1, s.RoundKind.ORGANISERS, tuple(range(15))))


def test_sync_5_round_one_is_the_organisers_not_the_teams():
    GAME.when(s.StartRound(HOST, per_team=1)).then_rejected("sync-round-one-organisers")
    GAME.when(s.StartRound(HOST)).then_rejected("sync-round-kind")
    GAME.when(s.StartRound(HOST, questions=(0,), per_team=1)).then_rejected("sync-round-kind")


def test_sync_5_a_round_plays_package_questions_once_each():
    GAME.when(s.StartRound(HOST, questions=(0, 99))).then_rejected("sync-not-in-package",
                                                                   number=100)
    GAME.when(s.StartRound(HOST, questions=(3, 3))).then_rejected("sync-question-reused",
                                                                  number=4)


def test_sync_5_a_game_needs_teams_and_takes_none_once_round_one_started():
    GAME.round_one(0).when(RegisterTeam(40, "d", 104, "Волки")).then_rejected(
        "sync-registration-closed")
    given(CREATED).when(s.StartRound(HOST, questions=(0,))).then_rejected("sync-no-teams")


def test_sync_5_the_host_asks_round_one_in_the_planned_order():
    story = GAME.round_one(4, 7)
    story.when(s.AskQuestion(HOST)).then(s.QuestionAsked(1, 1, 4))
    story = story.question({OWLS: "а"})
    story.when(s.AskQuestion(HOST), at=story.now).then(s.QuestionAsked(2, 1, 7))
    story.when(s.AskQuestion(HOST, asking_team=OWLS), at=story.now).then_rejected(
        "sync-organisers-round")


def test_sync_5_a_break_follows_the_rounds_last_question():
    story = GAME.round_one(0, 1).question({OWLS: "а"})
    assert story.state.phase is s.Phase.ROUND
    story = story.question({OWLS: "а"}, right={"а"})
    assert story.events[-2:] == (s.QuestionScored(2), s.RoundEnded(1))
    story.when(s.AskQuestion(HOST)).then_rejected("sync-not-between-questions")
    story.when(s.StartRound(HOST, per_team=1)).then(
        s.RoundStarted(2, s.RoundKind.TEAMS, per_team=1))


def test_sync_5_round_two_every_team_asks_the_same_number():
    story = GAME.round_one(0).question({}).does(s.StartRound(HOST, per_team=1))
    story.when(s.AskQuestion(HOST)).then_rejected("sync-name-asking-team")
    story.when(s.AskQuestion(HOST, asking_team=999)).then_rejected("sync-name-asking-team")
    story.when(s.AskQuestion(HOST, asking_team=OWLS, team_question=4)).then_rejected(
        "sync-not-team-question", team="Совы")
    story.when(s.AskQuestion(HOST, asking_team=OWLS, team_question=2)).then(
        s.QuestionAsked(2, 2, asking_team=OWLS, team_question=2))
    story = story.question({FOXES: "б"}, asking_team=OWLS)
    story.when(s.AskQuestion(HOST, asking_team=OWLS), at=story.now).then_rejected(
        "sync-team-asked-enough", team="Совы", count=1)
    story = story.question({OWLS: "б"}, asking_team=FOXES)
    assert not isinstance(story.events[-1], s.RoundEnded)
    story = story.question({OWLS: "б"}, asking_team=HEDGEHOGS)
    assert story.events[-1] == s.RoundEnded(2)


def test_sync_5_round_two_is_the_teams_questions_from_1_to_3_each():
    story = GAME.round_one(0).question({})
    story.when(s.StartRound(HOST, questions=(1,))).then_rejected("sync-round-two-teams")
    story.when(s.StartRound(HOST, per_team=4)).then_rejected("sync-per-team", count=3)


def test_sync_5_the_asking_team_does_not_answer_its_question():
    story = GAME.round_one(0).question({}).does(s.StartRound(HOST, per_team=1))
    asked = story.when(s.AskQuestion(HOST, asking_team=OWLS, team_question=1)).then_accepted()
    asked.when(s.QuestionDelivered(2, story.now), story.now).then_includes(
        s.DiscussionStarted(story.now + 60 * SECOND, story.now + 50 * SECOND, None, 60.0))
    story = story.asked(asking_team=OWLS)
    start = story.state.written.opened_at
    story.when(hand_in(OWLS, "ответ", start + 5 * SECOND), start + 5 * SECOND).then_rejected(
        "answer-team-sits-out", team="Совы")
    story = story.closed().judged(set())
    assert story.marks[-1][OWLS] is Mark.ASKED


def test_sync_5_a_third_round_is_optional_and_there_is_no_fourth():
    story = GAME.round_one(0).question({})
    story.when(s.EndGame(HOST)).then_rejected("sync-too-few-rounds", count=2)
    story = story.does(s.StartRound(HOST, per_team=1))
    for team in (OWLS, FOXES, HEDGEHOGS):
        story = story.question({}, asking_team=team)
    story.when(s.EndGame(HOST)).then(s.ShootoutStarted((OWLS, FOXES, HEDGEHOGS)))
    story = story.does(s.StartRound(HOST, questions=(5,))).question({OWLS: "в"}, right={"в"})
    story.when(s.StartRound(HOST, questions=(6,))).then_rejected("sync-no-more-rounds",
                                                                 count=3)
    story.when(s.EndGame(HOST)).then(s.GameFinished())


def test_sync_1_round_one_needs_every_team_sized_for_the_kind_of_game():
    qualifying = replace(OPENED, game_kind=GameKind.QUALIFYING)
    registered(qualifying).when(s.StartRound(HOST, questions=(0,))).then_rejected(
        "sync-team-sizes", teams="Ежи (2), Лисы (2), Совы (3)", min=4, max=6, count=3)


def test_sync_1_a_substitution_the_host_approved_in_the_game_counts_from_the_next_question():
    story = GAME.round_one(0, 1).asked()
    story = story.does(RequestSubstitution(20, 21, 25, "Фёдор"), story.now)
    story = story.does(DecideSubstitution(HOST, 1, True), story.now)
    start = story.state.written.opened_at
    story.when(s.NameAnswerer(20, 25), start).then_rejected("answer-answerer-not-member",
                                                             team="Лисы")
    story = story.closed().judged(set())
    story.when(s.AskQuestion(HOST), story.now).then(
        PlayerLeft(FOXES, 21), PlayerJoined(FOXES, 25, "Фёдор"), SubstitutionApplied(1, FOXES),
        s.QuestionAsked(2, 1, 1))
    story = story.asked()
    story.when(s.NameAnswerer(20, 25), story.now).then(AnswererNamed(FOXES, 25))
