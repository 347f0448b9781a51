"""The Discord connection: the discord.py client with the ``/chgk`` tree and a group per
format, and the adapter
that runs it for the ``GameService`` (the ``Adapter`` port)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands
from pydantic import SecretStr

from adapters.discord.bridge import PLATFORM, Bridge
from adapters.discord.buttons import CommandButton
from adapters.discord.commands import FluentCommandTranslator, build_commands
from adapters.discord.messenger import NO_MENTIONS, DiscordMessenger
from adapters.discord.spelling import DiscordSpelling
from adapters.discord.throttled import RateLimitCount
from adapters.discord.voice import DiscordVoicePlayer, voice_unavailable
from bot.formats.spec import CommandGroup
from bot.i18n import Translator
from bot.ports import ChatRef, GameApi, StartupError

log = logging.getLogger(__name__)


class ClientDestinations:
    """``Destinations`` over a connected client: channels by id, users' DM channels."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def resolve(self, chat: ChatRef) -> Any:
        """The channel (from the cache, else fetched) or the user's DM channel for ``chat``.

        Raises ``discord.NotFound`` for a deleted channel or unknown user, and
        ``discord.Forbidden`` when the bot may not see the channel.
        """
        if chat.private:
            user_id = int(chat.chat_id)
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return user.dm_channel or await user.create_dm()
        channel_id = int(chat.chat_id)
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)


class ChgkClient(discord.Client):
    """The bot's discord.py client: the ``/chgk`` and format command groups, persistent buttons, and
    plain messages, all handed to ``bridge``. Commands sync to ``guild_id`` when it is set
    (instant, for development) and globally otherwise (Discord may take a while)."""

    def __init__(self, bridge: Bridge, translator: Translator, *, locale: str,
                 intents: discord.Intents, guild_id: int | None) -> None:
        super().__init__(intents=intents, allowed_mentions=NO_MENTIONS)
        self.chgk = bridge
        self.tree = app_commands.CommandTree(self)
        for group in build_commands(bridge, translator, locale, bridge.spell.formats):
            self.tree.add_command(group)
        self._translator = translator
        self._guild_id = guild_id

    async def setup_hook(self) -> None:
        """Before connecting: buttons, the command translator, and the command sync."""
        self.add_dynamic_items(CommandButton)
        await self.tree.set_translator(FluentCommandTranslator(self._translator))
        if self._guild_id:
            guild = discord.Object(id=self._guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        """Connected (again): start delivering the messages that waited."""
        self.chgk.messenger.attach(ClientDestinations(self))
        log.info("Discord: logged in as %s in %d servers", self.user, len(self.guilds))

    async def on_message(self, message: discord.Message) -> None:
        """Plain messages go to the bridge."""
        await self.chgk.on_message(message)


class DiscordAdapter:
    """The ``Adapter`` port for Discord: ``platform``, ``messenger``, ``spelling`` (commands
    named in messages as ``/chgk`` paths) and ``run``.

    ``token`` stays a ``SecretStr`` until the client logs in, so no repr or log shows it.
    ``formats`` are the command groups of the formats the bot plays (``Commands.commands``,
    from the bootstrap), the first the default of ``/chgk new``. ``api_url`` replaces
    Discord's HTTP API address (``https://discord.com/api/v10``) and ``gateway_url`` its
    gateway (``wss://gateway.discord.gg``), for a relay where Discord is blocked, or a
    stand-in in tests."""

    platform = PLATFORM

    def __init__(self, token: SecretStr, translator: Translator,
                 formats: Sequence[CommandGroup], *, locale: str = "ru",
                 guild_id: int | None = None, api_url: str | None = None,
                 gateway_url: str | None = None) -> None:
        self.token = token
        self.api_url = api_url
        self.gateway_url = gateway_url
        self.translator = translator
        self.locale = locale
        self.guild_id = guild_id
        self.messenger = DiscordMessenger()
        self._client: discord.Client | None = None
        self.spelling = DiscordSpelling(translator, tuple(formats))
        self._rate_limits = RateLimitCount()

    def connected(self) -> bool:
        """The client is logged in and its gateway session ready."""
        client = self._client
        return client is not None and client.is_ready() and not client.is_closed()

    def queued(self) -> int:
        """Messages waiting in the channels' queues."""
        return self.messenger.queued()

    def oldest_wait(self) -> float:
        """Seconds the longest-waiting queued message has waited."""
        return self.messenger.oldest_wait()

    def throttled(self) -> int:
        """Discord's 429 answers (rate limits, waited out by discord.py) while running."""
        return self._rate_limits.count

    async def run(self, service: GameApi) -> None:
        """Connect and serve ``service`` (the core's port) until cancelled.

        Asks for the privileged message-content intent (plain-text answers in team channels
        and game channels); if the application does not have it, reconnects without it and
        teams answer with ``/chgk answer``. Cancelled, it lets the service finish what it is
        handling (``service.idle()``) before it disconnects. Raises StartupError when Discord
        refuses the token or cannot be reached.
        """
        if self.api_url:
            # discord.py builds every request URL from this one class attribute.
            discord.http.Route.BASE = self.api_url.rstrip("/")
        if self.gateway_url:
            # A plain Client connects to this address; it asks the API for no other.
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        reason = voice_unavailable()
        if reason is not None:
            log.warning("Discord voice signals are off (%s); signals are sent as text", reason)
        bridge = Bridge(self.messenger, self.spelling, default_locale=self.locale,
                        voice=DiscordVoicePlayer() if reason is None else None,
                        voice_off=reason, service=service)
        intents = discord.Intents.default()
        intents.message_content = True
        self._rate_limits.attach()
        try:
            while True:
                client = self._client = ChgkClient(bridge, self.translator, locale=self.locale,
                                                   intents=intents, guild_id=self.guild_id)
                try:
                    async with client:
                        try:
                            await client.start(self.token.get_secret_value())
                        except asyncio.CancelledError:
                            if service is not None:
                                await service.idle()
                            raise
                    return
                except discord.LoginFailure:
                    raise StartupError("startup-discord-token") from None
                except aiohttp.ClientConnectionError as error:
                    raise StartupError("startup-discord-unreachable", error=str(error)) from None
                except discord.PrivilegedIntentsRequired:
                    if not intents.message_content:
                        raise
                    log.warning("Discord: the message content intent is not enabled for this "
                                "application; plain-text answers are off, /chgk answer works")
                    intents.message_content = False
                finally:
                    self.messenger.detach()
        finally:
            self._rate_limits.detach()
            await bridge.close()
            await self.messenger.close()
