"""What a bot without a messenger loads at start: the console game (``make run`` with no token)
and a Discord-only bot do not carry the Telegram library, whose package loads all of its types
(seconds of start-up and about a hundred megabytes of memory); nor does a Telegram-only bot
carry Discord's. The Telegram adapter and the Mini App's check of Telegram's init data import
it where it is used."""

from __future__ import annotations

import subprocess
import sys


def _loaded_after_the_bootstrap() -> set[str]:
    code = ("import sys, bot.bootstrap; "
            "print(' '.join(m for m in ('aiogram', 'discord') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return set(out.split())


def test_the_bootstrap_loads_no_messenger_library_before_a_messenger_is_chosen():
    assert _loaded_after_the_bootstrap() == set()
