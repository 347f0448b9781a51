"""Voice signals: the ``VoicePlayer`` port, its discord.py implementation, and the check for
voice support (the ``voice`` extra: PyNaCl and davey, plus the system's libopus).

The bridge only ever talks to a ``VoicePlayer``; tests use a fake one, so nothing here needs
a voice connection to be tested.
"""

from __future__ import annotations

import asyncio
import ctypes.util
import importlib.util
import io
import logging
import shutil
from typing import Any, Protocol

import discord

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 15.0
"""Seconds to wait for a voice connection before giving up (discord.py's default is 60)."""
MAX_SOUND_SECONDS = 600.0
"""The longest an audio question's sound may play before the bot gives up on it, seconds."""


class VoiceError(Exception):
    """Joining a voice channel failed; ``key`` is a ``discord.ftl`` message key saying why."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class VoicePlayer(Protocol):
    """Plays short PCM clips in one voice channel per guild."""

    async def join(self, channel: Any) -> None:
        """Connect to the voice ``channel`` (moving there if already in its guild).

        Raises VoiceError when the connection cannot be made.
        """

    async def play(self, guild_id: int, pcm: bytes) -> None:
        """Play ``pcm`` (48 kHz 16-bit stereo) in the guild's voice connection, cutting off a
        clip still playing; nothing happens when not connected there."""

    async def play_sound(self, guild_id: int, url: str, path: str) -> bool:
        """Play the sound of ``url`` (an audio question's), downloaded to the file ``path``,
        in the guild's voice connection and return once it has finished: True when it played
        to the end, False when it could not (not connected, no ``ffmpeg``, a file that does
        not play)."""

    async def leave(self, guild_id: int) -> None:
        """Disconnect from the guild's voice channel, if connected."""


def voice_unavailable() -> str | None:
    """None when this process can play voice, else the ``discord.ftl`` key saying why not:
    ``discord-voice-no-extra`` (PyNaCl or davey missing: ``pip install '.[voice]'``) or
    ``discord-voice-no-opus`` (the system's libopus missing: ``apt-get install libopus0``).
    Loads libopus when it is found."""
    needed = ["nacl"]
    if hasattr(discord, "voice_state") and hasattr(discord.voice_state, "has_dave"):
        needed.append("davey")  # discord.py 2.7 speaks Discord's end-to-end voice (DAVE)
    if any(importlib.util.find_spec(name) is None for name in needed):
        return "discord-voice-no-extra"
    if not discord.opus.is_loaded():
        name = ctypes.util.find_library("opus")
        if name is None:
            return "discord-voice-no-opus"
        try:
            discord.opus.load_opus(name)
        except OSError:
            log.exception("libopus was found as %s but could not be loaded", name)
            return "discord-voice-no-opus"
    return None


class DiscordVoicePlayer:
    """``VoicePlayer`` over discord.py voice clients (one per guild, as Discord allows)."""

    def __init__(self) -> None:
        self._clients: dict[int, discord.VoiceClient] = {}

    async def join(self, channel: Any) -> None:
        """Connect (self-deafened: the bot only speaks) or move to ``channel``.

        Raises VoiceError(``discord-voice-connect-failed``) on a timeout or a refused
        connection.
        """
        current = self._clients.get(channel.guild.id)
        try:
            if current is not None and current.is_connected():
                await current.move_to(channel)
            else:
                self._clients[channel.guild.id] = await channel.connect(
                    timeout=CONNECT_TIMEOUT, self_deaf=True)
        except (TimeoutError, discord.ClientException, discord.HTTPException) as error:
            log.warning("cannot join voice channel %s: %r", channel.id, error)
            raise VoiceError("discord-voice-connect-failed") from error

    async def play(self, guild_id: int, pcm: bytes) -> None:
        """Play ``pcm`` through ``discord.PCMAudio`` (encoded to Opus by libopus)."""
        client = self._clients.get(guild_id)
        if client is None or not client.is_connected():
            return
        if client.is_playing():
            client.stop()
        client.play(discord.PCMAudio(io.BytesIO(pcm)))

    async def play_sound(self, guild_id: int, url: str, path: str) -> bool:
        """Play the file ``path`` (the sound of ``url``, named in the log) through
        ``discord.FFmpegPCMAudio`` (the system's ``ffmpeg`` decodes it, optional like libopus)
        and wait for its end, at most ``MAX_SOUND_SECONDS``. ``ffmpeg`` reads only the local
        file: every download goes through the bot's one fetcher."""
        client = self._clients.get(guild_id)
        if client is None or not client.is_connected() or shutil.which("ffmpeg") is None:
            return False
        if client.is_playing():
            client.stop()
        loop = asyncio.get_running_loop()
        finished: asyncio.Future[Exception | None] = loop.create_future()

        def after(error: Exception | None) -> None:
            # discord.py calls this from its player thread.
            loop.call_soon_threadsafe(
                lambda: finished.done() or finished.set_result(error))

        try:
            client.play(discord.FFmpegPCMAudio(path), after=after)
            error = await asyncio.wait_for(finished, MAX_SOUND_SECONDS)
        except (TimeoutError, discord.ClientException) as failure:
            log.warning("the sound %s did not play: %r", url, failure)
            client.stop()
            return False
        if error is not None:
            log.warning("the sound %s stopped: %r", url, error)
        return error is None

    async def leave(self, guild_id: int) -> None:
        """Disconnect from the guild's voice channel."""
        client = self._clients.pop(guild_id, None)
        if client is not None:
            await client.disconnect(force=True)
