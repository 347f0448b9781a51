"""The season rules (RULES.md DUEL-6, 7), pure: given results / when ranked / then the table.
Each test names its clause."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rules import season as s
from rules.base import Rejection

DAY = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
HOST, KEEPER = 1, 2


def game(team_id: int, team: int, host: int, day: int, *, decisive: bool = False,
         best: str | None = None) -> s.GameResult:
    return s.GameResult(team_id, f"T{team_id}", team, host, DAY + timedelta(days=day), decisive,
                        best)


def places(table: list[s.Standing]) -> list[int]:
    return [row.result.team_id for row in table]


def test_duel_6_1_returning_teams_play_from_the_lowest_of_last_season_to_the_highest():
    assert s.order_games([10, 20, 30], previous=[30, 10, 20], seed=1) == [20, 10, 30]


def test_duel_6_2_new_teams_open_the_season():
    order = s.order_games([10, 20, 40, 50], previous=[10, 20, 30], seed=7)
    assert order[2:] == [20, 10]
    assert set(order[:2]) == {40, 50}


def test_duel_6_2_1_new_teams_are_ordered_by_a_lot_that_replays_from_its_seed():
    teams = list(range(100, 110))
    draws = {tuple(s.order_games(teams, [], seed)) for seed in range(20)}
    assert len(draws) > 1  # a real lot
    assert s.order_games(teams, [], 5) == s.order_games(list(reversed(teams)), [], 5)


def test_duel_6_3_the_team_that_won_with_the_best_score_plays_the_final():
    results = [game(1, 6, 4, 1), game(2, 6, 3, 2), game(3, 5, 6, 3)]
    table = s.standings(results)
    assert places(table) == [2, 1, 3]
    assert [row.place for row in table] == [1, 2, 3]
    assert s.finalist(table, results) == s.Finalist(2, "T2")


def test_duel_6_3_1_on_equal_scores_the_team_that_won_latest_qualifies():
    results = [game(1, 6, 3, 5), game(2, 6, 3, 9), game(3, 6, 3, 1)]
    assert places(s.standings(results)) == [2, 1, 3]


def test_duel_6_3_losses_rank_by_the_team_points_after_every_win():
    results = [game(1, 2, 6, 1), game(2, 5, 6, 2), game(3, 6, 5, 3)]
    assert places(s.standings(results)) == [3, 2, 1]


def test_duel_6_4_3_a_decisive_round_ranks_by_its_6_0_or_0_6():
    results = [game(1, 6, 0, 1), game(2, 6, 0, 2, decisive=True), game(3, 6, 1, 3),
               game(4, 1, 6, 4), game(5, 0, 6, 5, decisive=True)]
    table = s.standings(results)
    assert places(table) == [2, 1, 3, 4, 5]
    assert table[0].result.decisive


def test_duel_6_3_a_team_with_several_games_is_ranked_by_its_best():
    results = [game(1, 3, 6, 1), game(1, 6, 2, 4), game(2, 6, 3, 2)]
    table = s.standings(results)
    assert places(table) == [1, 2]
    assert table[0].games == 2 and table[0].result.host_score == 2


def test_duel_6_5_when_no_team_won_the_best_players_of_every_game_play_the_final():
    results = [game(2, 4, 6, 3, best="vera"), game(1, 2, 6, 1, best="anna"),
               game(3, 5, 6, 2, best="vera")]
    table = s.standings(results)
    assert s.finalist(table, results) == s.Finalist(None, None, ("anna", "vera"))
    assert s.finalist([], []) is None


def test_duel_7_1_4_a_disbanded_team_does_not_play_the_final():
    results = [game(1, 6, 1, 1), game(2, 6, 4, 2)]
    table = s.standings(results, disbanded=[1])
    assert table[0].disbanded and table[0].result.team_id == 1
    assert s.finalist(table, results) == s.Finalist(2, "T2")


@pytest.mark.parametrize("team,host,decisive,reason", [
    (6, 6, False, "season-bad-score"), (7, 2, False, "season-bad-score"),
    (5, 4, False, "season-bad-score"), (6, 1, True, "season-bad-decisive-score"),
])
def test_duel_3_8_a_recorded_score_is_a_finished_game(team, host, decisive, reason):
    assert s.check_score(team, host, target=6, decisive=decisive).reason == reason


def test_duel_3_8_valid_scores():
    assert s.check_score(6, 5, target=6) is None
    assert s.check_score(0, 6, target=6, decisive=True) is None


def test_duel_3_8_the_target_is_the_seasons():
    # A season of games to 4 takes 4:2 and refuses 6:2.
    assert s.check_score(4, 2, target=4) is None
    assert s.check_score(6, 2, target=4).args == {"target": 4}


def test_duel_7_1_2_voters_are_host_keeper_and_three_or_more_captains_an_odd_number():
    assert s.check_voters(HOST, KEEPER, [10, 11, 12]) is None
    assert s.check_voters(HOST, KEEPER, [10, 11, 12, 13, 14]) is None
    assert s.check_voters(HOST, KEEPER, [10, 11, 12, 13]) == Rejection(
        "season-vote-even", {"count": 6})
    assert s.check_voters(HOST, KEEPER, [10, 11]) == Rejection(
        "season-vote-few-captains", {"count": 3})
    assert s.check_voters(HOST, None, [10, 11, 12]).reason == "season-vote-needs-officials"
    assert s.check_voters(HOST, KEEPER, [10, 10, 12]).reason == "season-vote-duplicate"
    assert s.check_voters(HOST, KEEPER, [HOST, 11, 12]).reason == "season-vote-duplicate"


def test_duel_7_1_3_an_open_vote_is_decided_by_majority_once_everyone_voted():
    assert s.vote_outcome({1: True, 2: True, 10: None, 11: False, 12: False}) is None
    assert s.vote_outcome({1: True, 2: True, 10: True, 11: False, 12: False}) is True
    assert s.vote_outcome({1: True, 2: False, 10: True, 11: False, 12: False}) is False


def test_duel_7_2_after_a_disbanding_players_are_free_and_a_new_team_needs_approval():
    gone = [s.DisbandedTeam(team_id=7, captain=70, members=frozenset({70, 71, 72}))]
    assert s.admission(7, 99, gone) == Rejection("season-team-disbanded")
    assert s.admission(8, 70, gone) == Rejection("season-captain-disbanded")
    assert s.admission(8, 71, gone) is s.Admission.NEEDS_APPROVAL
    assert s.admission(8, 80, gone) is s.Admission.OPEN
    assert s.admission(8, 80, []) is s.Admission.OPEN
