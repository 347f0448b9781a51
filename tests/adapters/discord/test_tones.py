"""The signal tones: raw PCM in the shape discord.py's voice player reads."""

from __future__ import annotations

import io
from array import array
from itertools import pairwise

import discord
import pytest

from adapters.discord.tones import (
    FRAME_BYTES,
    SAMPLE_RATE,
    Tone,
    duration,
    tone,
    tone_for,
)


def samples(pcm: bytes) -> array:
    """The left channel as signed 16-bit samples."""
    return array("h", pcm)[::2]


def main_frequency(pcm: bytes, seconds: float) -> float:
    """Hz estimated from the zero crossings of the first ``seconds``."""
    left = samples(pcm)[: int(seconds * SAMPLE_RATE)]
    crossings = sum(1 for a, b in pairwise(left) if (a < 0) != (b < 0))
    return crossings / 2 / seconds


@pytest.mark.parametrize("kind", list(Tone))
def test_a_tone_is_whole_20_ms_frames_of_48_khz_16_bit_stereo(kind):
    pcm = tone(kind)
    assert FRAME_BYTES == 3840 == SAMPLE_RATE // 50 * 2 * 2
    assert len(pcm) % FRAME_BYTES == 0
    assert 0.2 <= duration(pcm) <= 1.5
    left, right = samples(pcm), array("h", pcm)[1::2]
    assert left == right  # the same sound in both ears
    assert max(abs(s) for s in left) < 32767  # no clipping
    assert abs(left[0]) < 200 and abs(left[-1]) < 200  # fades in and out, no click


@pytest.mark.parametrize("kind", list(Tone))
def test_discords_pcm_player_reads_every_frame(kind):
    source = discord.PCMAudio(io.BytesIO(tone(kind)))
    frames = []
    while frame := source.read():
        frames.append(frame)
    assert len(frames) == len(tone(kind)) // FRAME_BYTES
    assert all(len(f) == FRAME_BYTES for f in frames)


def test_the_warning_and_the_end_sound_different():
    warning, end = tone(Tone.WARNING), tone(Tone.END)
    assert warning != end and duration(warning) != duration(end)
    assert main_frequency(warning, 0.1) == pytest.approx(880, rel=0.05)
    assert main_frequency(end, 0.1) == pytest.approx(660, rel=0.05)


def test_signal_keys_choose_their_tone():
    assert tone_for("signal-warning") is Tone.WARNING
    assert tone_for("signal-time") is Tone.END
    assert tone_for("signal-top") is Tone.TOP
    assert tone_for("tv-top-sector") is Tone.TOP  # TV-2: the envelope the top picked
