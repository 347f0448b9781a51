"""TV-14: teams of 6 where possible, 4 to 6 allowed. A team of another size never takes the
central table: the host cannot seat it (at the start or by hand), the spinning top never draws
it (the first draw, TV-9's and TV-11's), and the refusal says why; it still plays at its club
table, and once players joined it, it is drawn again. Given events / when action / then
events."""

from __future__ import annotations

from rules import tv
from rules.base import decode, encode
from rules.roster import PlayerJoined, TeamRegistered
from tests.unit.tv_steps import HOST, A, B, C, D, created, given, seed_for

NAMES = {A: "Альфа", B: "Бета", C: "Гамма", D: "Дельта"}


def team(team_id: int, players: int) -> tuple:
    """The events of a team registering with its captain (``team_id // 10``) and
    ``players - 1`` more joining (ids after the captain's)."""
    captain = team_id // 10
    return (TeamRegistered(team_id, NAMES[team_id], captain, f"p{captain}"),
            *(PlayerJoined(team_id, p, f"p{p}") for p in range(captain + 1, captain + players)))


RULES = created(min_players=4, max_players=6)
"""A game the bot creates: the central table takes teams of 4 to 6 players."""
LOBBY = given(RULES, *team(A, 4), *team(B, 2), *team(C, 6), *team(D, 7))
"""Альфа of 4 and Гамма of 6 fit; Бета of 2 and Дельта of 7 do not."""
TEAMS = (A, B, C, D)


def test_tv_14_the_top_draws_the_first_central_team_only_among_teams_of_four_to_six():
    # Given a team of two and a team of seven beside two that fit,
    for seed in range(40):
        # when the host starts and the top draws the first central team,
        started, seated = LOBBY.when(tv.StartGame(HOST, seed)).events
        # then every team plays, but the top draws only among Альфа and Гамма.
        assert started == tv.GameStarted(TEAMS)
        assert seated.among == (A, C) and seated.team_id in (A, C)


def test_tv_14_the_host_cannot_seat_a_team_of_the_wrong_size_and_is_told_why():
    # Given the same teams, when the host seats Бета (2) or Дельта (7) at the start,
    # then it is refused with the team's size and the sizes allowed,
    LOBBY.when(tv.StartGame(HOST, 1, seat=B)).then_rejected(
        "tv-team-size", team="Бета", count=2, min=4, max=6)
    LOBBY.when(tv.StartGame(HOST, 1, seat=D)).then_rejected(
        "tv-team-size", team="Дельта", count=7, min=4, max=6)
    # and a team that fits is seated.
    LOBBY.when(tv.StartGame(HOST, 1, seat=C)).then(
        tv.GameStarted(TEAMS), tv.TeamSeated(C, tv.SeatReason.HOST))


def test_tv_14_no_team_of_a_fitting_size_refuses_the_start_with_each_team_s_players():
    # Given two teams of two, when the host starts,
    small = given(RULES, *team(A, 2), *team(B, 3))
    # then the start is refused, naming each team with its players.
    small.when(tv.StartGame(HOST, 1)).then_rejected(
        "tv-no-team-fits", teams="«Альфа» — 2, «Бета» — 3", min=4, max=6)
    # Once two players joined Альфа, it starts with Альфа at the central table.
    filled = small.told(PlayerJoined(A, 12, "p12"), PlayerJoined(A, 13, "p13"))
    assert filled.when(tv.StartGame(HOST, 1)).events[1].team_id == A


def test_tv_14_9_a_team_too_small_is_passed_by_even_when_it_alone_answered_correctly():
    # Given Альфа at the central table, and Бета (2 players) the only club table right,
    story = LOBBY.does(tv.StartGame(HOST, seed_for((A, C), A)))
    story = story.envelope(1).club({B: "Пушкин", C: "Лермонтов"}).time_up().close_club()
    story = story.queue().answered(False)
    # when the host judges the club answers,
    seated = story.judged({"пушкин": True, "лермонтов": False})
    # then Бета does not take the table: the only team that may, Гамма, sits at once (TV-11).
    assert seated.central == C
    assert seated.events[-1] == tv.TeamSeated(C, tv.SeatReason.TOP, (C,))


def test_tv_14_the_host_cannot_seat_a_team_of_the_wrong_size_by_hand():
    # Given Альфа wrong at the central table and the club answers not judged yet,
    story = LOBBY.does(tv.StartGame(HOST, 1, seat=A)).envelope(1).time_up().answered(False)
    # when the host seats Бета (2) or Дельта (7) by hand, then it is refused with the reason;
    story.when(tv.SeatTeam(HOST, B)).then_rejected("tv-team-size", team="Бета", count=2,
                                                   min=4, max=6)
    story.when(tv.SeatTeam(HOST, D)).then_rejected("tv-team-size", team="Дельта", count=7,
                                                   min=4, max=6)
    # Гамма (6) is seated.
    story.when(tv.SeatTeam(HOST, C)).then(tv.TeamSeated(C, tv.SeatReason.HOST))


def test_tv_14_a_team_filled_up_during_the_game_is_drawn_again():
    # Given Альфа wrong at the central table with nobody answering at the club tables,
    story = LOBBY.does(tv.StartGame(HOST, 1, seat=A)).envelope(1).time_up().close_club()
    # and Бета filled up to four meanwhile,
    story = story.told(PlayerJoined(B, 22, "p22"), PlayerJoined(B, 23, "p23"))
    story = story.answered(False)
    # when the top draws the next central team (TV-11), then Бета is among the candidates.
    assert tv.pool(story.state).teams == (B, C)


def test_tv_14_a_game_stored_before_the_size_was_checked_goes_on_without_it():
    # Given the creation of a game stored before team sizes were checked (version 1),
    stored = encode(created())
    del stored["min_players"], stored["max_players"]
    # when it is read back,
    old = decode("tv.created", stored, version=1)
    # then its teams of two still start and are drawn.
    story = given(old, *team(A, 2), *team(B, 2))
    assert story.when(tv.StartGame(HOST, 1)).events[1].among == (A, B)
