"""``season record`` of a result played elsewhere (DUEL-3.8, 6.3.1) with several wrong
arguments tells the first problem in the order a user fixes them: the command's form, the
season, the team, the score, then the date."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.cli.main import main
from tests.formats import season_service

FUTURE = datetime.now(UTC) + timedelta(days=30)


async def test_a_result_with_several_wrong_arguments_is_refused_for_the_first_to_fix(storage):
    service = season_service(storage)
    await service.create("Весна")
    anna = await storage.people.player("cli", "anna", "anna", None)
    await service.register("Весна", "Совы", anna)
    steps = [(("Осень", "Лисы", 6, 6, FUTURE), "season-unknown"),
             (("Весна", "Лисы", 6, 6, FUTURE), "season-team-not-registered"),
             (("Весна", "Совы", 6, 6, FUTURE), "season-bad-score"),
             (("Весна", "Совы", 6, 3, None), "season-record-needs-date"),
             (("Весна", "Совы", 6, 3, FUTURE), "season-date-future")]
    for (season, team, ours, theirs, when), reason in steps:
        refused = await service.record_result(season, team, ours, theirs, played_at=when)
        assert refused.reason == reason, (season, team, ours, theirs, when)


def test_the_commands_form_is_told_before_an_unknown_season(capsys, database_url):
    code = main(["season", "record", "Осень", "--team", "Лисы", "--score", "шесть",
                 "--date", FUTURE.strftime("%Y-%m-%d"), "--database", database_url,
                 "--locale", "en"])
    assert code == 1
    assert capsys.readouterr().out.startswith("Give the game (--game ID), or the team, score")
