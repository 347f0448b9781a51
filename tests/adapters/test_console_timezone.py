"""``/timezone`` in the console (in Russian): the chat's zone shown, set by the host (the
console's chat administrator) and kept across a restart; a wrong name, or a change by someone
else, is refused with the form that works, and nothing is stored."""

from __future__ import annotations

from tests.adapters.sync_console import restarted
from tests.adapters.transcript import assert_in_order


async def test_timezone_bad_input_is_refused_in_russian_and_a_zone_set_survives_a_restart(
        database_url):
    # Given a chat with a game, whose zone nobody set (the default, Moscow),
    _, _, before, after = await restarted(database_url, [
        "host: /newgame sync", "host: /timezone",
        # when a player tries to change it, and the host types a zone that does not exist,
        "anna: /timezone Europe/Berlin", "host: /timezone Марс/Олимп", "host: /timezone",
        # and then the host sets Berlin, in any letter case,
        "host: /timezone europe/berlin",
    ], ["host: /timezone"])
    # then the player is told who may, the host is told the name is unknown with an example,
    # nothing changes until the host names a real zone,
    assert_in_order(before, [
        "[game] Часовой пояс этого чата: Europe/Moscow (UTC+03:00), здесь сейчас",
        "[game] Часовой пояс чата меняет администратор чата или ведущий его игры. Посмотреть "
        "текущий: /timezone",
        "[game] Часового пояса «Марс/Олимп» нет. Напишите его название из базы часовых поясов, "
        "например: /timezone Europe/Berlin. Ничего не изменено.",
        "[game] Часовой пояс этого чата: Europe/Moscow (UTC+03:00)",
        "[game] Часовой пояс этого чата теперь Europe/Berlin (UTC+0",
    ])
    # and the bot started again keeps Berlin.
    assert "[game] Часовой пояс этого чата: Europe/Berlin (UTC+0" in after
