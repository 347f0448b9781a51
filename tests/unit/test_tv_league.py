"""The TV season's membership, plan, registration and reminders (RULES.md TV-7, TV-13,
TV-14), given/when/then on ``rules.tv.league``."""

from __future__ import annotations

from datetime import timedelta

from rules.tv import league as lg
from rules.tv import league_decide as ld
from rules.tv import league_teams as lt
from tests.unit.league_steps import (
    ADMIN,
    BEFORE,
    FIRST_SUNDAY,
    created,
    game,
    given,
    members,
    planned,
)

SEASON = given(created(), *members(*range(10, 30)), planned())


# --- TV-13 membership ----------------------------------------------------------------------

def test_tv_13_the_administration_approves_an_applicant_as_a_member():
    story = given(created()).when(ld.Apply(50)).then(lg.MemberApplied(50))
    assert story.state.applicants == (50,)
    story.when(ld.Apply(50)).then_rejected("league-already-applied")
    story.when(ld.Approve(50, 50)).then_rejected("league-not-admin")
    story = story.when(ld.Approve(ADMIN, 50)).then(lg.MemberApproved(50))
    assert story.state.members == (50,) and story.state.applicants == ()
    story.when(ld.Apply(50)).then_rejected("league-already-member")


def test_tv_13_the_administration_may_refuse_without_a_reason():
    story = given(created(), lg.MemberApplied(50))
    story.when(ld.Refuse(60, 50)).then_rejected("league-not-admin")
    # The action has no reason to give, and the event keeps none.
    story = story.when(ld.Refuse(ADMIN, 50)).then(lg.MemberRefused(50))
    assert 50 not in story.state.members and story.state.applicants == ()
    story.when(ld.Refuse(ADMIN, 50)).then_rejected("league-not-applicant")


def test_tv_13_the_administration_may_end_a_membership_and_its_registrations_go():
    story = SEASON.told(lg.PlayerRegistered(1, 0, 12))
    story = story.when(ld.EndMembership(ADMIN, 12)).then(lg.MembershipEnded(12))
    assert 12 not in story.state.members
    assert story.state.session((1, 0)).individuals == ()
    story.when(ld.Register(12, 2, 0, 12)).then_rejected("league-not-member")
    story.when(ld.EndMembership(ADMIN, 12)).then_rejected("league-not-member")


def test_tv_13_membership_is_free_and_indefinite():
    # No fee to pay and no end date: a member approved long ago still registers, and only
    # the session's fee is recorded (TV-14), never a membership fee.
    story = SEASON.told(lg.PlayerRegistered(1, 0, 10))
    late = lg.plan_dates(FIRST_SUNDAY)[-2] - timedelta(days=1)
    story = story.does(ld.Register(10, 5, 1, 10), late)
    assert set(story.state.session((1, 0)).fees) == set()
    assert 10 in story.state.members


# --- TV-7 the plan -------------------------------------------------------------------------

def test_tv_7_five_game_days_each_a_sunday_and_the_wednesday_after_then_the_final():
    story = given(created()).when(ld.Plan(ADMIN, FIRST_SUNDAY)).then(planned())
    starts = story.state.starts
    assert len(starts) == 11
    for day in range(1, 6):
        sunday, wednesday = story.state.start_of((day, 0)), story.state.start_of((day, 1))
        assert sunday.weekday() == 6 and wednesday.weekday() == 2
        assert wednesday - sunday == timedelta(days=3)
    assert story.state.start_of((lg.FINAL_DAY, 0)).weekday() == 6
    assert story.state.start_of((lg.FINAL_DAY, 1)) is None
    given(created()).when(ld.Plan(ADMIN, FIRST_SUNDAY + timedelta(days=1))).then_rejected(
        "league-plan-not-sunday")
    given(created()).when(ld.Plan(20, FIRST_SUNDAY)).then_rejected("league-not-admin")


def test_tv_7_both_sessions_of_a_day_play_the_same_questions():
    story = SEASON.when(ld.RecordGame(ADMIN, 1, 0, 101, 7, 6, 3, 10, ((10, 2),))).then(
        lg.DayPackageSet(1, 7), game(1, 0, 101, {10: 2}, 10))
    assert story.state.packages == {1: 7}
    story.when(ld.RecordGame(ADMIN, 1, 1, 102, 8, 6, 3, 11, ((11, 2),))).then_rejected(
        "league-wrong-package", day=1)
    story.when(ld.SetPackage(ADMIN, 1, 8)).then_rejected("league-package-played", day=1)
    story.when(ld.RecordGame(ADMIN, 1, 1, 102, 7, 6, 3, 11, ((11, 2),))).then(
        game(1, 1, 102, {11: 2}, 11))


def test_tv_7_two_games_a_session():
    story = SEASON.told(lg.DayPackageSet(1, 7), game(1, 0, 101, {}), game(1, 0, 102, {}))
    story.when(ld.RecordGame(ADMIN, 1, 0, 103, 7, 6, 0, None, ())).then_rejected(
        "league-session-full", count=2)
    story.when(ld.RecordGame(ADMIN, 1, 0, 101, 7, 6, 0, None, ())).then_rejected(
        "league-game-recorded", id=101)
    # The game's host may record it; anyone else is refused.
    story.when(ld.RecordGame(30, 1, 1, 104, 7, 6, 0, None, (), host=31)).then_rejected(
        "league-not-admin")
    story.when(ld.RecordGame(31, 1, 1, 104, 7, 6, 0, None, (), host=31)).then(
        game(1, 1, 104, {}, None, (6, 0)))


def test_tv_7_a_day_is_played_by_different_teams_in_its_two_sessions():
    story = SEASON.when(ld.Register(10, 1, 0, 10)).then(lg.PlayerRegistered(1, 0, 10))
    # Who plays Sunday knows the questions: not on Wednesday of the same day.
    story.when(ld.Register(10, 1, 1, 10)).then_rejected("league-day-registered", day=1)
    story.when(ld.RegisterTeam(11, 1, 1, "Сфинкс", 11, (11, 10))).then_rejected(
        "league-day-registered", day=1)
    story.when(ld.Register(10, 2, 1, 10)).then(lg.PlayerRegistered(2, 1, 10))


def test_tv_7_registered_players_are_reminded_a_day_before_their_session():
    story = SEASON.told(lg.PlayerRegistered(1, 0, 10), lg.TeamRegistered(1, 0, "Сфинкс", 11,
                                                                          (11, 12)))
    start = story.state.start_of((1, 0))
    assert lg.timers(story.state)["remind-1-0"] == start - timedelta(hours=24)
    story = story.when(ld.RemindDue(1, 0), start - timedelta(hours=24)).then(
        lg.SessionReminded(1, 0, start, (11, 12, 10)))
    assert "remind-1-0" not in lg.timers(story.state)
    assert "remind-1-1" in lg.timers(story.state)
    story.when(ld.RemindDue(1, 0), start).then()  # reminded already
    # A reminder the bot missed until the session began is not sent late.
    story.when(ld.RemindDue(1, 1), story.state.start_of((1, 1))).then()


# --- TV-14 registration --------------------------------------------------------------------

def test_tv_14_members_register_individually_and_may_withdraw():
    story = SEASON.when(ld.Register(10, 1, 0, 10)).then(lg.PlayerRegistered(1, 0, 10))
    given(created(), planned()).when(ld.Register(10, 1, 0, 10)).then_rejected(
        "league-not-member")
    story.when(ld.Register(11, 1, 0, 10)).then_rejected("league-not-admin")
    story.when(ld.Register(10, 7, 0, 10)).then_rejected("league-no-session", day=7, session=0)
    start = story.state.start_of((1, 0))
    story.when(ld.Register(11, 1, 0, 11), start).then_rejected("league-registration-closed")
    story = story.when(ld.Withdraw(10, 1, 0, 10)).then(lg.PlayerWithdrawn(1, 0, 10))
    story.when(ld.Withdraw(10, 1, 0, 10)).then_rejected("league-not-registered")
    given(created(), *members(10)).when(ld.Register(10, 1, 0, 10)).then_rejected(
        "league-not-planned")


def test_tv_14_a_pre_formed_team_of_up_to_six_registers_and_its_players_fill_no_other():
    team = (10, 11, 12, 13, 14, 15)
    story = SEASON.when(ld.RegisterTeam(10, 1, 0, "Сфинкс", 10, team)).then(
        lg.TeamRegistered(1, 0, "Сфинкс", 10, team))
    story.when(ld.RegisterTeam(16, 1, 0, "Big", 16, tuple(range(16, 23)))).then_rejected(
        "league-team-size", count=6)
    story.when(ld.RegisterTeam(16, 1, 0, "сфинкс", 16, (16,))).then_rejected(
        "league-team-exists")
    story.when(ld.RegisterTeam(16, 1, 0, "Ещё", 16, (16, 15))).then_rejected(
        "league-day-registered")
    story.when(ld.RegisterTeam(16, 1, 0, "Ещё", 16, (16, 99))).then_rejected(
        "league-team-not-members")
    story.when(ld.Register(12, 1, 0, 12)).then_rejected("league-day-registered")
    story.when(ld.RegisterTeam(16, 1, 0, "Ещё", 17, (16, 17))).then_rejected(
        "league-not-admin")


def test_tv_14_fees_are_recorded_paid_or_not_paid():
    story = SEASON.told(lg.PlayerRegistered(1, 0, 20),
                         lg.TeamRegistered(1, 0, "Сфинкс", 10, (10, 11)))
    story = story.when(ld.RecordFee(ADMIN, 1, 0, "team:Сфинкс", True)).then(
        lg.FeeRecorded(1, 0, "team:Сфинкс", True))
    story = story.when(ld.RecordFee(ADMIN, 1, 0, "player:20", False)).then(
        lg.FeeRecorded(1, 0, "player:20", False))
    assert story.state.session((1, 0)).fees == {"team:Сфинкс": True, "player:20": False}
    story.when(ld.RecordFee(ADMIN, 1, 0, "player:21", True)).then_rejected("league-fee-unknown")
    story.when(ld.RecordFee(20, 1, 0, "player:20", True)).then_rejected("league-not-admin")


def test_tv_14_the_bot_proposes_teams_of_six_and_missing_players_come_from_individuals():
    story = SEASON.told(lg.TeamRegistered(1, 0, "Сфинкс", 10, (10, 11, 12, 13)),
                         *(lg.PlayerRegistered(1, 0, p) for p in range(20, 29)))
    # Сфинкс is short of two: the first two individuals fill it; seven are left, one team
    # of six and one who waits (7 make no two teams of four).
    story.when(ld.ProposeTeams(ADMIN, 1, 0)).then(lg.TeamsProposed(
        1, 0, (("Сфинкс", (10, 11, 12, 13, 20, 21)), ("", (22, 23, 24, 25, 26, 27))), (28,)))
    story.when(ld.ProposeTeams(20, 1, 0)).then_rejected("league-not-admin")


def test_tv_14_teams_of_four_to_six_when_six_do_not_divide():
    assert lt.split_individuals(list(range(13))) == ([(0, 1, 2, 3, 4), (5, 6, 7, 8),
                                                      (9, 10, 11, 12)], [])
    assert lt.split_individuals(list(range(12))) == ([tuple(range(6)), tuple(range(6, 12))],
                                                     [])
    assert lt.split_individuals(list(range(7))) == ([tuple(range(6))], [6])
    assert lt.split_individuals(list(range(3))) == ([], [0, 1, 2])
    assert lt.split_individuals(list(range(9))) == ([(0, 1, 2, 3, 4), (5, 6, 7, 8)], [])


def test_tv_14_pre_formed_teams_have_priority_for_the_tables():
    story = given(created(), *members(*range(10, 40)), planned(tables=2),
                  *(lg.PlayerRegistered(1, 0, p) for p in range(20, 32)),
                  lg.TeamRegistered(1, 0, "Сфинкс", 10, tuple(range(10, 16))))
    story = story.does(ld.ProposeTeams(ADMIN, 1, 0))
    s = story.state.session((1, 0))
    assert s.teams == (("Сфинкс", tuple(range(10, 16))), ("", tuple(range(20, 26))))
    assert s.waiting == tuple(range(26, 32))


def test_tv_14_the_administration_adjusts_the_proposed_teams():
    story = SEASON.told(lg.TeamRegistered(1, 0, "Сфинкс", 10, (10, 11, 12, 13)),
                         *(lg.PlayerRegistered(1, 0, p) for p in range(20, 23)))
    story.when(ld.MovePlayer(ADMIN, 1, 0, 20, 1)).then_rejected("league-no-proposal")
    story = story.does(ld.ProposeTeams(ADMIN, 1, 0))
    assert story.state.session((1, 0)).teams == (("Сфинкс", (10, 11, 12, 13, 20, 21)),)
    assert story.state.session((1, 0)).waiting == (22,)
    # A pre-formed team's own player fills no other team (TV-14).
    story.when(ld.MovePlayer(ADMIN, 1, 0, 10, 0)).then_rejected("league-preformed-player")
    story.when(ld.MovePlayer(ADMIN, 1, 0, 22, 1)).then_rejected("league-team-full", count=6)
    story.when(ld.MovePlayer(ADMIN, 1, 0, 22, 5)).then_rejected("league-no-team-number")
    story.when(ld.MovePlayer(22, 1, 0, 21, 0)).then_rejected("league-not-admin")
    story = story.when(ld.MovePlayer(ADMIN, 1, 0, 21, 0)).then(lg.PlayerMoved(1, 0, 21, 0))
    story = story.when(ld.MovePlayer(ADMIN, 1, 0, 22, 1)).then(lg.PlayerMoved(1, 0, 22, 1))
    s = story.state.session((1, 0))
    assert s.teams == (("Сфинкс", (10, 11, 12, 13, 20, 22)),)
    assert s.waiting == (21,)


def test_tv_14_registration_is_for_the_qualifying_days():
    SEASON.when(ld.Register(10, lg.FINAL_DAY, 0, 10)).then_rejected(
        "league-final-no-registration")
    assert BEFORE < FIRST_SUNDAY
