"""Who opens the answer sheet (``bot.board.miniapp_auth``): Telegram's init data signed with
the bot's token and fresh, a signed pass for one person and one game, until it expires."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bench.sheet import telegram_init_data
from bot.board.miniapp_auth import LINK, PageAuth, Refused

TOKEN = "777:unit-test-token"
NOW = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def test_fresh_init_data_names_the_user_and_the_links_game():
    auth = PageAuth(b"secret", telegram_token=TOKEN, now=Clock())
    visitor = auth.telegram(telegram_init_data(TOKEN, 2001, "game-token", NOW,
                                               first_name="Анна", language="en"))
    assert (visitor.platform, visitor.external_id, visitor.name, visitor.locale,
            visitor.game_token) == ("telegram", "2001", "Анна", "en", "game-token")


@pytest.mark.parametrize(("signed", "token", "reason"), [
    (NOW - timedelta(seconds=301), TOKEN, "sheet-refused-stale"),
    (NOW + timedelta(minutes=5), TOKEN, "sheet-refused-stale"),
    (NOW, "778:another-bot", "sheet-refused-signature"),
])
def test_old_future_or_foreign_init_data_is_refused(signed, token, reason):
    auth = PageAuth(b"secret", telegram_token=TOKEN, now=Clock(), max_age=300)
    with pytest.raises(Refused) as refused:
        auth.telegram(telegram_init_data(token, 2001, "game-token", signed))
    assert refused.value.key == reason


def test_a_pass_works_until_it_expires_and_only_with_this_servers_secret():
    clock = Clock()
    auth = PageAuth(b"secret", telegram_token=None, now=clock)
    token = auth.issue(7, "discord", "42", "Анна", "ru", LINK)
    found = auth.check(token)
    assert (found.game_id, found.platform, found.external_id) == (7, "discord", "42")
    with pytest.raises(Refused) as refused:
        PageAuth(b"another", telegram_token=None, now=clock).check(token)
    assert refused.value.key == "sheet-refused-link"
    clock.now = NOW + LINK + timedelta(seconds=1)
    with pytest.raises(Refused) as refused:
        auth.check(token)
    assert refused.value.key == "sheet-refused-expired"


def test_telegram_init_data_is_refused_when_the_bot_has_no_telegram():
    auth = PageAuth(b"secret", telegram_token=None, now=Clock())
    with pytest.raises(Refused):
        auth.telegram(telegram_init_data(TOKEN, 2001, "game-token", NOW))
