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

from adapters.discord.base import BridgeBase, VoiceLink, missing
from adapters.discord.render import channel_mention
from adapters.discord.tones import tone, tone_for
from adapters.discord.voice import VoiceError
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


class VoiceFeatures(BridgeBase):
    """``/<format> host voice`` and what sounds in the linked voice channel."""

    async def voice_command(self, interaction: discord.Interaction, channel: Any | None,
                            off: bool) -> None:
        """``/<format> host voice``: link the game to ``channel`` (default: the host's voice
        channel) so the signals sound there, or unlink it with ``off``."""
        if not await self._acknowledge(interaction):
            return
        chat = self.chat_of(interaction)
        note = await self._host_only(interaction, chat, "voice")
        if note is None:
            if off:
                note = await self._unlink_voice(interaction, chat)
            else:
                channel = channel or getattr(getattr(interaction.user, "voice", None),
                                             "channel", None)
                if channel is None:
                    note = self._note(interaction, "discord-voice-which")
                elif self.voice_off is not None:
                    note = self._note(interaction, "discord-voice-off",
                                      reason=self._text(interaction, self.voice_off))
                else:
                    note = await self._link_voice(interaction, chat, channel)
        await self._respond(interaction, [note])


    def _on_send(self, message: Outgoing) -> None:
        # Called before the message is queued: the tone sounds ahead of any text.
        if message.kind is not MessageKind.SIGNAL or message.chat.private:
            return
        link = self.voice_links.get(int(message.chat.chat_id))
        if link is not None and self.voice is not None:
            self._spawn(self._play(link, message))

    async def _play(self, link: VoiceLink, message: Outgoing) -> None:
        try:
            await self.voice.play(link.guild_id, tone(tone_for(message.key)))
        except Exception:
            log.exception("could not play the %s signal", message.key)

    def _on_sound(self, message: Outgoing, receipt: Receipt) -> None:
        self._spawn(self._sound(message, receipt))

    async def _sound(self, message: Outgoing, receipt: Receipt) -> None:
        """Play a question's sound in the game's voice channel; its receipt completes once it
        has played (0 seconds more: the minute starts then), or, with no voice channel or a
        sound that could not be downloaded or played, with no length (the host starts the
        minute). The sound is downloaded by the service (``GameApi.media``: public addresses
        only) to a temporary file the player reads, never fetched by the player itself."""
        plays = None
        try:
            link = self.voice_links.get(int(message.chat.chat_id))
            url = message.audio or ""
            if link is not None and self.voice is not None and self.service is not None and \
                    urlsplit(url).scheme in ("http", "https"):
                data = await self.service.media(url, SOUND_BYTES)
                with tempfile.NamedTemporaryFile(suffix=".sound") as file:
                    await asyncio.to_thread(file.write, data)
                    await asyncio.to_thread(file.flush)
                    if await self.voice.play_sound(link.guild_id, url, file.name):
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

    async def _attachment(self, message: Outgoing) -> discord.File | None:
        """The sound of the question ``message`` as a file to attach to it, when it will not
        play in a voice channel (the game has none, or this process has no voice support):
        downloaded by the service (``GameApi.media``: public addresses only), at most
        ``attachment_bytes``. None when it plays there, or when it is bigger or cannot be
        downloaded: its link is in the question's text, and the host starts the minute."""
        url = message.audio or ""
        voiced = self.voice is not None and int(message.chat.chat_id) in self.voice_links
        if voiced or urlsplit(url).scheme not in ("http", "https") or self.service is None:
            return None
        try:
            data = await self.service.media(url, self.attachment_bytes)
        except PackageReadError as error:
            log.warning("the sound %s is not attached: %s %s", url, error.key, error.args)
            return None
        name = unquote(urlsplit(url).path.rpartition("/")[2]) or "sound.mp3"
        return discord.File(io.BytesIO(data), filename=name)


    async def _link_voice(self, interaction: discord.Interaction, chat: ChatRef,
                          channel: Any) -> Outgoing:
        lacking = missing(channel.permissions_for(channel.guild.me), VOICE_PERMISSIONS)
        if lacking:
            return self._note(interaction, "discord-missing-permissions",
                              channel=channel_mention(channel.id),
                              what=self._permission_names(lacking, self._locale(interaction)))
        try:
            await self.voice.join(channel)
        except VoiceError as error:
            return self._note(interaction, error.key, channel=channel_mention(channel.id))
        self.voice_links[int(chat.chat_id)] = VoiceLink(channel.guild.id, channel.id)
        return self._note(interaction, "discord-voice-linked", channel=channel_mention(channel.id))

    async def _unlink_voice(self, interaction: discord.Interaction, chat: ChatRef) -> Outgoing:
        link = self.voice_links.pop(int(chat.chat_id), None)
        if link is not None and self.voice is not None and \
                link not in self.voice_links.values():
            await self.voice.leave(link.guild_id)
        return self._note(interaction, "discord-voice-unlinked")

