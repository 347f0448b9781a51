"""TV-2: the central captain names who answers; a host who judges the oral answer first
(``+`` at once, as in the room) gets the captain asked for the record, and the captain may
give it until the next envelope is drawn, also after the last question of the game."""

from __future__ import annotations

from tests.adapters.steered_top import Top
from tests.adapters.test_console_tv import ORDER, envelope, lobby, play
from tests.adapters.transcript import assert_in_order


async def test_tv_2_a_verdict_before_the_answerer_is_named_asks_the_captain_for_the_record(
        database_url):
    top = Top()
    lines = [*lobby(), top.want(ORDER, "Альфа"), "host: /start",
             *envelope(top, 1), ":sleep 61", "host: +", "alex: /answerer anna",
             "anna: /answerer alex", "anna: /answerer anna", "host: /table"]
    _, storage, out = await play(database_url, top, lines)
    await storage.close()
    assert "Traceback" not in out
    assert_in_order(out, [
        "[game] Ответ верный! Очко знатокам. Счёт: знатоки 1 — телезрители 0.",
        "anna, кто отвечал? Запишите для протокола: /answerer ИМЯ",
        "[game] Записано: отвечал alex.",
        "Сейчас не время ответа центрального стола.",
    ])
    assert out.rstrip().endswith("1. Сектор 1, «Альфа», alex: зачёт (1:0)")
