"""The voice side of the Discord bridge: linking a game channel to a voice channel, playing
the signals there (the warning, the end, TV's spinning top) and a question's sound, or
attaching the sound to the question when it will not play in a voice channel."""

from __future__ import annotations

import asyncio
import io
import logging
import tempfile
from typing import Any
from urllib.parse import unquote, urlsplit

import discord

from adapters.discord.base import Relay, VoiceLink, missing
from adapters.discord.render import channel_mention
from adapters.discord.tones import tone, tone_for
from adapters.discord.voice import VoiceError, VoicePlayer
from bot.packages import MAX_PACKAGE_BYTES
from bot.packages.result import PackageReadError
from bot.ports import ChatRef, MessageKind, Outgoing, Receipt

log = logging.getLogger(__name__)

VOICE_PERMISSIONS = ("view_channel", "connect", "speak")
"""What the bot needs in a voice channel to play the signals."""
ATTACHMENT_BYTES = 10 * 1024 * 1024
"""The largest file a bot may attach in a server without boosts (10 MB): a bigger sound is not
attached, its link in the question's text stays."""
SOUND_BYTES = MAX_PACKAGE_BYTES
"""The largest sound downloaded to play in a voice channel (a package's cap, 20 MB)."""


class VoiceFeatures:
    """``/<format> host voice`` and what sounds in the linked voice channel.

    Given the bridge's ``relay`` and the ``player`` that plays the signals (None, with ``off``
    the ``discord.ftl`` key saying why, when this process has no voice support). ``links`` are
    the game channels' voice channels by game channel id; ``attachment_bytes`` is the largest
    sound attached to a question (``ATTACHMENT_BYTES``).
    """

    def __init__(self, relay: Relay, player: VoicePlayer | None, off: str | None = None
                 ) -> None:
        self.relay = relay
        self.player = player
        # Voice is off exactly when there is no player; say why, even if the caller did not.
        self.off = None if player is not None else off or "discord-voice-no-extra"
        self.links: dict[int, VoiceLink] = {}
        self.attachment_bytes = ATTACHMENT_BYTES

    async def command(self, interaction: discord.Interaction, channel: Any | None,
                      off: bool) -> None:
        """``/<format> host voice``: link the game to ``channel`` (default: the host's voice
        channel) so the signals sound there, or unlink it with ``off``."""
        relay = self.relay
        if not await relay.acknowledge(interaction):
            return
        chat = relay.chat_of(interaction)
        note = await relay.host_only(interaction, chat, "voice")
        if note is None:
            if off:
                note = await self._unlink(interaction, chat)
            else:
                channel = channel or getattr(getattr(interaction.user, "voice", None),
                                             "channel", None)
                if channel is None:
                    note = relay.note(interaction, "discord-voice-which")
                elif self.off is not None:
                    note = relay.note(interaction, "discord-voice-off",
                                      reason=relay.text(interaction, self.off))
                else:
                    note = await self.link(interaction, chat, channel)
        await relay.respond(interaction, [note])


    def on_send(self, message: Outgoing) -> None:
        """The messenger's hook for each message about to be queued: a signal of a game with
        a voice channel sounds there too, ahead of any text."""
        if message.kind is not MessageKind.SIGNAL or message.chat.private:
            return
        link = self.links.get(int(message.chat.chat_id))
        if link is not None and self.player is not None:
            self.relay.spawn(self._play(link, message))

    async def _play(self, link: VoiceLink, message: Outgoing) -> None:
        try:
            await self.player.play(link.guild_id, tone(tone_for(message.key)))
        except Exception:
            log.exception("could not play the %s signal", message.key)

    def on_sound(self, message: Outgoing, receipt: Receipt) -> None:
        """The messenger's hook for a question with a sound, once sent: play it in the
        background (``_sound``), completing ``receipt``."""
        self.relay.spawn(self._sound(message, receipt))

    async def _sound(self, message: Outgoing, receipt: Receipt) -> None:
        """Play a question's sound in the game's voice channel; its receipt completes once it
        has played (0 seconds more: the minute starts then), or, with no voice channel or a
        sound that could not be downloaded or played, with no length (the host starts the
        minute). The sound is downloaded by the service (``GameApi.media``: public addresses
        only) to a temporary file the player reads, never fetched by the player itself."""
        plays = None
        try:
            link = self.links.get(int(message.chat.chat_id))
            url = message.audio or ""
            service = self.relay.service
            if link is not None and self.player is not None and service is not None and \
                    urlsplit(url).scheme in ("http", "https"):
                data = await service.media(url, SOUND_BYTES)
                with tempfile.NamedTemporaryFile(suffix=".sound") as file:
                    await asyncio.to_thread(file.write, data)
                    await asyncio.to_thread(file.flush)
                    if await self.player.play_sound(link.guild_id, url, file.name):
                        plays = 0.0
        except asyncio.CancelledError:
            receipt.cancel()
            raise
        except PackageReadError as error:
            log.warning("the sound %s is not played: %s %s", message.audio, error.key,
                        error.args)
        except Exception:
            log.exception("could not play the sound %s", message.audio)
        if not receipt.done():
            receipt.set_result(plays)

    async def attachment(self, message: Outgoing) -> discord.File | None:
        """The sound of the question ``message`` as a file to attach to it, when it will not
        play in a voice channel (the game has none, or this process has no voice support):
        downloaded by the service (``GameApi.media``: public addresses only), at most
        ``attachment_bytes``. None when it plays there, or when it is bigger or cannot be
        downloaded: its link is in the question's text, and the host starts the minute."""
        url = message.audio or ""
        voiced = self.player is not None and int(message.chat.chat_id) in self.links
        service = self.relay.service
        if voiced or urlsplit(url).scheme not in ("http", "https") or service is None:
            return None
        try:
            data = await service.media(url, self.attachment_bytes)
        except PackageReadError as error:
            log.warning("the sound %s is not attached: %s %s", url, error.key, error.args)
            return None
        name = unquote(urlsplit(url).path.rpartition("/")[2]) or "sound.mp3"
        return discord.File(io.BytesIO(data), filename=name)


    async def link(self, interaction: discord.Interaction, chat: ChatRef, channel: Any
                   ) -> Outgoing:
        """Link the game channel ``chat`` to the voice ``channel`` (joining it; voice must be
        on) and return the note saying so, or why not (missing permissions, no connection)."""
        relay = self.relay
        lacking = missing(channel.permissions_for(channel.guild.me), VOICE_PERMISSIONS)
        if lacking:
            return relay.note(interaction, "discord-missing-permissions",
                              channel=channel_mention(channel.id),
                              what=relay.permission_names(lacking, relay.locale(interaction)))
        try:
            await self.player.join(channel)
        except VoiceError as error:
            return relay.note(interaction, error.key, channel=channel_mention(channel.id))
        self.links[int(chat.chat_id)] = VoiceLink(channel.guild.id, channel.id)
        return relay.note(interaction, "discord-voice-linked",
                          channel=channel_mention(channel.id))

    async def _unlink(self, interaction: discord.Interaction, chat: ChatRef) -> Outgoing:
        link = self.links.pop(int(chat.chat_id), None)
        if link is not None and self.player is not None and link not in self.links.values():
            await self.player.leave(link.guild_id)
        return self.relay.note(interaction, "discord-voice-unlinked")

    async def close(self) -> None:
        """Leave the voice channels (the adapter is stopping)."""
        if self.player is not None:
            for guild_id in {link.guild_id for link in self.links.values()}:
                await self.player.leave(guild_id)
        self.links.clear()

