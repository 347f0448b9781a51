"""The adapter as bootstrap sees it: built from settings, connected with the right intents,
and falling back when the message-content intent is not granted. No network: the client's
``start`` is replaced."""

from __future__ import annotations

import discord
import pytest

from adapters.discord import client as client_module
from adapters.discord import create_adapter, voice
from adapters.discord.bridge import Bridge
from adapters.discord.client import ChgkClient, ClientDestinations
from bot.i18n import Translator
from bot.ports import ChatRef
from bot.settings import Settings
from tests.formats import COMMAND_GROUPS


def settings(**values) -> Settings:
    return Settings(_env_file=None, **values)


def test_the_adapter_is_built_from_settings():
    adapter = create_adapter(settings(discord_token="t", discord_guild_id=42, locale="en"),
                             Translator(), COMMAND_GROUPS)
    assert adapter.platform == "discord" and adapter.guild_id == 42 and adapter.locale == "en"
    assert hasattr(adapter.messenger, "send")
    with pytest.raises(ValueError):
        create_adapter(settings(), Translator(), COMMAND_GROUPS)


async def test_without_the_message_content_intent_the_bot_reconnects_without_it(monkeypatch):
    attempts = []

    async def start(self, token):
        attempts.append((token, self.intents.message_content))
        if self.intents.message_content:
            raise discord.PrivilegedIntentsRequired(None)

    monkeypatch.setattr(ChgkClient, "start", start)
    monkeypatch.setattr(client_module, "voice_unavailable", lambda: "discord-voice-no-opus")
    adapter = create_adapter(settings(discord_token="secret"), Translator(), COMMAND_GROUPS)
    await adapter.run(service=None)
    assert attempts == [("secret", True), ("secret", False)]


async def test_the_client_has_the_chgk_tree_and_finds_channels_and_dms():
    adapter = create_adapter(settings(discord_token="t"), Translator(), COMMAND_GROUPS)
    client = ChgkClient(Bridge(adapter.messenger, adapter.spelling), Translator(), locale="ru",
                        intents=discord.Intents.default(), guild_id=None)
    assert [c.name for c in client.tree.get_commands()] == ["chgk", "duel", "sync", "tv", "league",
                                                             "schedule"]

    class User:
        dm_channel = "dm-with-anna"

    client.get_user = lambda user_id: User() if user_id == 7 else None
    client.get_channel = lambda channel_id: f"channel-{channel_id}"
    destinations = ClientDestinations(client)
    assert await destinations.resolve(ChatRef("discord", "7", private=True)) == "dm-with-anna"
    assert await destinations.resolve(ChatRef("discord", "1001")) == "channel-1001"
    await client.close()


def test_voice_support_needs_the_extra_and_libopus(monkeypatch):
    monkeypatch.setattr(voice.importlib.util, "find_spec", lambda name: None)
    assert voice.voice_unavailable() == "discord-voice-no-extra"
    monkeypatch.setattr(voice.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(voice.discord.opus, "is_loaded", lambda: False)
    monkeypatch.setattr(voice.ctypes.util, "find_library", lambda name: None)
    assert voice.voice_unavailable() == "discord-voice-no-opus"
    monkeypatch.setattr(voice.discord.opus, "is_loaded", lambda: True)
    assert voice.voice_unavailable() is None
