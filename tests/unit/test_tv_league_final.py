"""The TV season's table, final teams and Final (RULES.md TV-6, TV-8, TV-12), given/when/then
on ``rules.tv.league``."""

from __future__ import annotations

from rules.tv import league as lg
from rules.tv import league_decide as ld
from rules.tv import league_teams as lt
from tests.unit.league_steps import ADMIN, SeasonStory, created, game, given, members, planned

SEASON = given(created(), *members(*range(10, 40)), planned())
FINAL = lg.FINAL_DAY


def rated(best: tuple[int, ...]) -> SeasonStory:
    """A season whose best central players are ``best`` (one game each) and whose ratings
    rank players 20, 21, ... highest first (player 20 has 40 points, 21 has 39, ...)."""
    games = [game(1 + i // 4, (i // 2) % 2, 100 + i, {}, p) for i, p in enumerate(best)]
    ratings = {p: 60 - p for p in range(20, 40)}
    return SEASON.told(*games, game(5, 1, 99, ratings))


def test_tv_6_the_season_table_sums_the_individual_ratings_of_the_qualifying_games():
    story = SEASON.told(game(1, 0, 101, {10: 4, 11: 2}), game(1, 1, 102, {12: 6}),
                         game(2, 0, 103, {10: 3, 12: 1}))
    # Equal ratings: the older member (the lower id) first.
    assert ld.table(story.state) == [(10, 7), (12, 7), (11, 2)]
    # The Final's games count in no table.
    story = story.told(lg.FinalTeamsFormed((), ()), game(FINAL, 0, 104, {11: 20}, team="club"))
    assert ld.table(story.state) == [(10, 7), (12, 7), (11, 2)]


def test_tv_8_the_list_of_the_seasons_best_central_players():
    story = SEASON.told(game(1, 0, 101, {}, 10), game(1, 0, 102, {}, None),
                         game(1, 1, 103, {}, 12), game(2, 0, 104, {}, 10))
    assert story.state.best_players() == [(10, 2), (12, 1)]


def test_tv_8_six_best_central_players_are_the_central_team_and_the_top_rated_the_club():
    story = rated((10, 11, 12, 13, 14, 15))
    story.when(ld.FormFinal(ADMIN)).then(lg.FinalTeamsFormed(
        (10, 11, 12, 13, 14, 15), (20, 21, 22, 23, 24, 25)))
    story.when(ld.FormFinal(20)).then_rejected("league-not-admin")


def test_tv_8_with_more_than_six_the_administration_picks_six_and_up_to_three_join_the_club():
    story = rated(tuple(range(10, 20)))
    story.when(ld.FormFinal(ADMIN)).then_rejected("league-final-central-six", count=10)
    story.when(ld.FormFinal(ADMIN, (10, 11, 12, 13, 14, 20))).then_rejected(
        "league-final-central-not-best")
    story.when(ld.FormFinal(ADMIN, (10, 11, 12, 13, 14, 15), (16, 17, 18, 19))).then_rejected(
        "league-final-extras-too-many")
    story.when(ld.FormFinal(ADMIN, (10, 11, 12, 13, 14, 15), (20,))).then_rejected(
        "league-final-extras-not-best")
    # Three of the other best central players join the club team; three more by rating.
    story = story.when(ld.FormFinal(ADMIN, (10, 11, 12, 13, 14, 15), (16, 17, 18))).then(
        lg.FinalTeamsFormed((10, 11, 12, 13, 14, 15), (16, 17, 18, 20, 21, 22)))
    story.when(ld.FormFinal(ADMIN, (10, 11, 12, 13, 14, 15))).then_rejected(
        "league-final-formed")


def test_tv_8_with_fewer_than_six_the_administration_tops_the_central_team_up():
    story = rated((10, 11))
    story.when(ld.FormFinal(ADMIN)).then_rejected("league-final-central-six", count=2)
    story.when(ld.FormFinal(ADMIN, (10, 30, 31, 32, 33, 34))).then_rejected(
        "league-final-central-all-best")
    story.when(ld.FormFinal(ADMIN, (10, 11, 30, 31, 32, 99))).then_rejected(
        "league-final-not-member")
    story.when(ld.FormFinal(ADMIN, (10, 11, 30, 31, 32, 33), (34,))).then_rejected(
        "league-final-extras-not-best")
    # The club team: the top-rated not in the central team (30..33 are skipped).
    story.when(ld.FormFinal(ADMIN, (10, 11, 20, 31, 32, 33))).then(lg.FinalTeamsFormed(
        (10, 11, 20, 31, 32, 33), (21, 22, 23, 24, 25, 26)))


def test_tv_8_a_refusal_opens_a_selection_game_among_the_next_free_places_plus_two():
    story = rated((10, 11, 12, 13, 14, 15)).does(ld.FormFinal(ADMIN))
    story.when(ld.Decline(30, 21)).then_rejected("league-not-admin")
    story.when(ld.Decline(30, 30)).then_rejected("league-not-finalist")
    story = story.when(ld.Decline(21, 21)).then(lg.FinalDeclined(21))
    story = story.when(ld.Decline(ADMIN, 23)).then(lg.FinalDeclined(23))
    assert story.state.club == (20, 22, 24, 25)
    # Two free places: the next four by rating play the selection game.
    assert ld.selection_candidates(story.state) == (26, 27, 28, 29)
    story.when(ld.JoinFinal(ADMIN, "club", (26, 30))).then_rejected(
        "league-final-not-candidate")
    story.when(ld.JoinFinal(ADMIN, "club", (26, 27, 28))).then_rejected(
        "league-final-free", count=2)
    story = story.when(ld.JoinFinal(ADMIN, "club", (28, 26))).then(
        lg.FinalJoined("club", (28, 26)))
    assert story.state.club == (20, 22, 24, 25, 28, 26)
    assert ld.selection_candidates(story.state) == ()
    # A central player who declines is replaced at the administration's choice.
    story = story.does(ld.Decline(10, 10))
    story.when(ld.JoinFinal(ADMIN, "central", (21,))).then_rejected(
        "league-final-not-candidate")
    story.when(ld.JoinFinal(ADMIN, "central", (35,))).then(lg.FinalJoined("central", (35,)))


def test_tv_12_the_club_team_plays_first_then_the_central_team():
    story = rated((10, 11, 12, 13, 14, 15))
    story.when(ld.RecordGame(ADMIN, FINAL, 0, 201, 7, 6, 2, None, ())).then_rejected(
        "league-final-not-formed")
    story = story.does(ld.FormFinal(ADMIN))
    story = story.when(ld.RecordGame(ADMIN, FINAL, 0, 201, 7, 6, 2, None, ())).then(
        lg.GameRecorded(FINAL, 0, 201, 7, 6, 2, None, (), "club"))
    assert ld.final_winner(story.state) is None
    story = story.when(ld.RecordGame(ADMIN, FINAL, 0, 202, 7, 6, 4, None, ())).then(
        lg.GameRecorded(FINAL, 0, 202, 7, 6, 4, None, (), "central"))
    assert ld.final_winner(story.state) == "club"  # 6:2 is the better score


def test_tv_12_the_winner_beat_the_viewers_with_the_better_score_the_second_on_equal():
    assert lt.final_winner((6, 3), (6, 3)) == "central"
    assert lt.final_winner((6, 1), (6, 3)) == "club"
    assert lt.final_winner((6, 4), (6, 3)) == "central"
    assert lt.final_winner((2, 6), (6, 5)) == "central"
    assert lt.final_winner((6, 5), (4, 6)) == "club"
    assert lt.final_winner((3, 6), (5, 6)) is None


def test_tv_12_the_administration_names_the_best_player_of_the_season_among_the_finalists():
    story = rated((10, 11, 12, 13, 14, 15)).does(ld.FormFinal(ADMIN))
    story.when(ld.NameSeasonBest(ADMIN, 39)).then_rejected("league-not-finalist")
    story.when(ld.NameSeasonBest(12, 12)).then_rejected("league-not-admin")
    story = story.when(ld.NameSeasonBest(ADMIN, 12)).then(lg.SeasonBestNamed(12))
    assert story.state.season_best == 12
