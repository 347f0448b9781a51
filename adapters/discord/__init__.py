"""The Discord adapter (discord.py 2): ``/chgk`` slash commands, buttons, ephemeral replies,
private team channels and voice signals, over the same ``GameService`` as every messenger.

``create_adapter(settings, translator, formats)`` is what ``bot.bootstrap`` calls when
``CHGK_DISCORD_TOKEN`` is set. The parts: ``commands`` (the command tree and its Fluent
translator), ``bridge`` (interactions and messages to the service and back, with its parts
``base``, ``channels`` for team channels and fault notices, ``sounds`` for the voice link),
``messenger`` (the ``Messenger`` port: outboxes, signals first, ephemeral capture),
``render`` (escaping, splitting, embeds, countdowns), ``buttons``, ``tones`` and ``voice``
(signals in a voice channel), ``client`` (the connection).
"""

from __future__ import annotations

from collections.abc import Sequence

from adapters.discord.client import DiscordAdapter
from bot.formats.spec import CommandGroup
from bot.i18n import Translator
from bot.settings import Settings


def create_adapter(settings: Settings, translator: Translator,
                   formats: Sequence[CommandGroup]) -> DiscordAdapter:
    """The Discord adapter for ``settings.discord_token``, built but not connected, with a
    command group for each of ``formats`` (``Commands.commands``); commands sync to
    ``settings.discord_guild_id`` when set."""
    if not settings.discord_token:
        raise ValueError("CHGK_DISCORD_TOKEN is not set")
    return DiscordAdapter(settings.discord_token, translator, formats,
                          locale=translator.locale_for(settings.locale),
                          guild_id=settings.discord_guild_id,
                          api_url=settings.discord_api_url,
                          gateway_url=settings.discord_gateway_url)


__all__ = ["DiscordAdapter", "create_adapter"]
