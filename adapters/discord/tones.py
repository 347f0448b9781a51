"""The signal tones, generated in code as raw PCM for Discord voice (no files, no ffmpeg).

Discord's voice player (``discord.PCMAudio``) reads 20 ms frames of 48 kHz, 16-bit, stereo,
little-endian PCM: 960 samples x 2 channels x 2 bytes = 3840 bytes a frame. Every tone here is
a whole number of frames, because ``PCMAudio`` drops a short last frame.
"""

from __future__ import annotations

import math
import sys
from array import array
from enum import StrEnum
from functools import cache

SAMPLE_RATE = 48_000
"""Samples a second per channel (Hz)."""
CHANNELS = 2
SAMPLE_BYTES = 2
FRAME_MS = 20
FRAME_SAMPLES = SAMPLE_RATE * FRAME_MS // 1000
FRAME_BYTES = FRAME_SAMPLES * CHANNELS * SAMPLE_BYTES
"""3840: the bytes of one 20 ms frame, what ``discord.AudioSource.read`` must return."""

_AMPLITUDE = 0.4 * 32767  # loud enough over a discussion, far from clipping
_FADE = 0.008  # seconds of fade in and out, so a tone starts and stops without a click


class Tone(StrEnum):
    """Which signal a tone is: 10 seconds left, time is up, the spinning top (TV)."""

    WARNING = "warning"
    END = "end"
    TOP = "top"


# Each tone is a list of (seconds, start Hz, end Hz); 0 Hz is silence. WARNING is two short
# high beeps, END one long lower beep falling at the end, TOP a rising and falling whirr.
_SHAPES: dict[Tone, tuple[tuple[float, float, float], ...]] = {
    Tone.WARNING: ((0.15, 880.0, 880.0), (0.10, 0.0, 0.0), (0.15, 880.0, 880.0)),
    Tone.END: ((0.55, 660.0, 660.0), (0.25, 660.0, 440.0)),
    Tone.TOP: ((0.6, 300.0, 700.0), (0.6, 700.0, 300.0)),
}


def _segment(seconds: float, start_hz: float, end_hz: float) -> list[int]:
    """Mono samples of a sine sliding linearly from ``start_hz`` to ``end_hz``."""
    count = round(seconds * SAMPLE_RATE)
    if start_hz == 0.0:
        return [0] * count
    fade = round(_FADE * SAMPLE_RATE)
    samples = []
    phase = 0.0
    for i in range(count):
        hz = start_hz + (end_hz - start_hz) * i / count
        phase += 2 * math.pi * hz / SAMPLE_RATE
        gain = min(1.0, i / fade, (count - 1 - i) / fade)
        samples.append(round(_AMPLITUDE * gain * math.sin(phase)))
    return samples


@cache
def tone(kind: Tone) -> bytes:
    """The PCM bytes of a signal: 48 kHz, 16-bit signed little-endian, stereo, padded with
    silence to whole 20 ms frames (``len(result) % FRAME_BYTES == 0``). Cached."""
    mono = [s for shape in _SHAPES[kind] for s in _segment(*shape)]
    mono += [0] * (-len(mono) % FRAME_SAMPLES)
    stereo = array("h", (s for s in mono for _ in range(CHANNELS)))
    if sys.byteorder != "little":
        stereo.byteswap()
    return stereo.tobytes()


def duration(pcm: bytes) -> float:
    """Seconds of audio in ``pcm`` (48 kHz 16-bit stereo)."""
    return len(pcm) / (SAMPLE_RATE * CHANNELS * SAMPLE_BYTES)


def tone_for(key: str) -> Tone:
    """The tone for a signal message key: ``signal-warning`` warns, a key naming the top
    (TV's ``tv-top-sector``, TV-2) spins it, any other signal (``signal-time``) is the end."""
    if key.endswith("-warning"):
        return Tone.WARNING
    if "top" in key.split("-"):
        return Tone.TOP
    return Tone.END
