"""TV-10's game day in the console: the teams that lost their round at the central table in
the chat's earlier game of the day (the first of a session's two games, TV-7) may sit there
again only when the experts have 5 points or every club team has lost its round; a game on
another day starts afresh."""

from __future__ import annotations

from rules import tv
from tests.adapters.test_console_tv import ORDER, Top, lobby, play, script
from tests.adapters.transcript import assert_in_order


async def test_tv_10_rounds_lost_in_the_days_earlier_game_keep_a_team_from_the_first_draw(
        database_url):
    top = Top()
    lines = [
        # The day's first game: Альфа, Бета and Гамма lose a round each; Дельта never sits.
        *script(top),
        # The second game of the day, the same teams: only Дельта may take the table.
        *lobby(), top.want(ORDER, "Альфа"), "host: /start", "host: /abort",
        # The next day the second game's teams start afresh: the top draws among all four.
        ":sleep 86400",
        *lobby(), top.want(ORDER, "Альфа"), "host: /start",
    ]
    service, storage, out = await play(database_url, top, lines)
    try:
        second, third = (await service.load_game(2)).state, (await service.load_game(3)).state
    finally:
        await storage.close()
    assert "Traceback" not in out
    lost = {second.team(t).name for t in second.lost}
    assert lost == {"Альфа", "Бета", "Гамма"}
    assert second.central == next(t.id for t in second.roster.teams if t.name == "Дельта")
    assert third.lost == ()
    assert third.phase is tv.Phase.SPINNING
    games = out.split("Победа знатоков со счётом 6:3!")[1]
    assert_in_order(games, [
        "Команды Альфа, Бета, Гамма уже проиграли свой раунд за центральным столом в "
        "сегодняшней игре: снова сесть за него они смогут, только когда у знатоков будет "
        "5 очков или когда все столы клуба проиграют свой раунд.",
        "Волчок выбрал первую команду за центральным столом: «Дельта» (из: Дельта)",
        "Волчок выбрал первую команду за центральным столом: «Альфа» (из: Альфа, Бета, "
        "Гамма, Дельта)",
    ])
    assert games.count("уже проиграли свой раунд") == 1
