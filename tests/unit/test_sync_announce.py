"""SYNC-2: the host announces the game opened by ``/newgame sync`` (``AnnounceGame``): with a
date, registration closes 3 days before it; without one (the console) the game is played now
and registration stays open until round 1; a game is announced once."""

from __future__ import annotations

from datetime import timedelta

from rules import sync as s
from rules.roster import RegisterTeam
from rules.sync.enrolment import GameKind, RegistrationOpened
from tests.unit.story import T0, at
from tests.unit.sync_steps import CREATED, HOST, given


def test_sync_2_an_announced_date_closes_registration_three_days_before_it():
    starts = T0 + timedelta(days=5)
    given(CREATED).when(s.AnnounceGame(HOST, starts, GameKind.QUALIFYING, fee=1200,
                                       currency="USD")).then(
        RegistrationOpened(starts, starts - timedelta(days=3), GameKind.QUALIFYING, None,
                           1200, "USD", T0))


def test_sync_2_a_date_inside_the_three_days_is_refused_with_the_deadline():
    given(CREATED).when(s.AnnounceGame(HOST, T0 + timedelta(days=2))).then_rejected(
        "sync-date-too-soon")


def test_sync_2_a_game_announced_without_a_date_takes_teams_now_and_only_once():
    story = given(CREATED).when(s.AnnounceGame(HOST)).then_accepted()
    story.when(RegisterTeam(10, "anna", 101, "Совы"), at(60)).then_accepted()
    story.when(s.AnnounceGame(HOST), at(60)).then_rejected("sync-already-announced")


def test_sync_2_teams_cannot_register_before_the_game_is_announced():
    given(CREATED).when(RegisterTeam(10, "anna", 101, "Совы")).then_rejected(
        "sync-no-registration")
