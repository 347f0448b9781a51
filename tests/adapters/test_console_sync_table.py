"""The SYNC table in the console while verdicts are still to come (SYNC-7, SYNC-10), with a
restart in the middle: a "?" is an answer not judged yet as well as one under appeal, and the
table's heading says so rather than speaking of appeals nobody filed."""

from __future__ import annotations

from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order


async def test_sync_7_a_table_with_unjudged_answers_says_verdicts_are_pending(database_url):
    _, _, before, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask", "anna (dm): Эйфель", WINDOW,
        "host: /table",
    ], ["host: /table"])
    heading = ("[game] Таблица на сейчас (предварительная: не все ответы оценены или есть "
               "апелляции):")
    assert_in_order(before, [heading, "Совы: ?"])
    assert_in_order(after, [heading, "Совы: ?"])
