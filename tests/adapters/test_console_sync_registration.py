"""Registration for a SYNC game announced days ahead, through the console with a restart of the
bot in between (SYNC-2): the reminder a day before the deadline and the closing at it are
scheduled jobs kept in the game's log, so they fire after the restart; a registration after
the deadline is refused with the deadline in the message."""

from __future__ import annotations

from tests.adapters.sync_console import restarted
from tests.adapters.transcript import assert_in_order

DAY = ":sleep 86400"


async def test_sync_2_the_reminder_and_the_closing_fire_after_a_restart(database_url):
    # The console's clock starts at 2026-03-01 19:00 UTC: the game is 5 days later.
    _, state, before, after = await restarted(database_url, [
        "host: /newgame sync", "host: /announce 2026-03-06 19:00", "anna: /register Совы",
    ], [DAY, "lena: /register Лисы", DAY, "ivan: /register Ежи"])
    assert "Регистрация до 2026-03-03 19:00 UTC" in before
    assert "Напоминание" not in before
    assert_in_order(after, [
        "[game] Напоминание: регистрация и вопросы команд принимаются до 2026-03-03 19:00 UTC.",
        "[game] Команда «Лисы» зарегистрирована, капитан — lena.",
        "[game] Регистрация закрыта: 2 команды.",
        "[game] Регистрация закрылась 2026-03-03 19:00 UTC.",
    ])
    assert after.count("Напоминание") == 1
    assert sorted(t.name for t in state.teams.values()) == ["Лисы", "Совы"]
