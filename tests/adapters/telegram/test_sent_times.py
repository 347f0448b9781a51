"""A restarted bot keeps to a group's budget by what the process before it sent: the recent
send times are saved in the database and counted again at start. Telegram allows about 20
messages a minute into a group; here a budget of 4 in 3 seconds keeps the test short."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.telegram import Limits
from adapters.telegram.outbox import Outbox
from tests.adapters.telegram.conftest import make_bot
from tests.adapters.telegram.fake_telegram import GROUP_ID, FakeTelegram, GroupBudget, user
from tests.adapters.telegram.test_e2e import running

ANNA = user(11, "Анна")
BUDGET = (4, 3.0)
LIMITS = Limits(group=(4, 3.5), signal_reserve=0)
"""The bot's window a little longer than Telegram's: a send is counted by the bot before its
HTTP call and by Telegram on arrival, and arrivals may come closer together than departures."""


async def test_a_bot_restarted_right_after_filling_a_groups_budget_is_never_refused(
        database_url, translator):
    budget = GroupBudget(*BUDGET)
    # Given a bot that has just posted its whole budget into the group and was stopped
    async with running(database_url, translator, limits=LIMITS, trouble=budget,
                       remember_sends=True) as live:
        for _ in range(BUDGET[0]):
            await live.say(ANNA, "/help")
        assert len(live.fake.sent(GROUP_ID)) == BUDGET[0]
    # When it starts again at once and has two more messages for the group
    async with running(database_url, translator, limits=LIMITS, trouble=budget,
                       remember_sends=True) as live:
        for _ in range(2):
            await live.say(ANNA, "/help")
        sent = live.fake.sent(GROUP_ID)
    # Then it waited for the group's budget instead of being told off by Telegram, and both
    # messages arrived
    assert budget.refused == 0
    assert [call.ok for call in sent] == [True, True]


def test_sends_older_than_the_window_do_not_hold_the_first_message_after_a_restart():
    now = datetime(2026, 12, 6, 20, 0, tzinfo=UTC)
    outbox = Outbox(make_bot(FakeTelegram()), Limits(group=(20, 60.0)), _ignore,
                    clock=lambda: 1000.0, wall=lambda: now)
    # Given the process before sent 20 messages into the group, the last 61 seconds ago,
    # and 3 into another group 10 seconds ago
    outbox.restore({GROUP_ID: [now - timedelta(seconds=61 + s) for s in range(20)],
                    GROUP_ID - 1: [now - timedelta(seconds=10)] * 3})
    # Then the first group's next message may go at once: its minute is over
    assert outbox._lanes[GROUP_ID].window.delay(1000.0) == 0
    # And what is kept for the next restart is only what is still inside a window
    assert outbox.recent() == {GROUP_ID - 1: [now - timedelta(seconds=10)] * 3}


async def _ignore(*_args: object) -> None:
    """No chat refuses the bot in this test."""
