"""DUEL's settings and the names of its terms: the constants of the rules, the phases of a
game, its sides, special questions and ways of playing a question, and ``DuelConfig`` and
``Facts``, what a game is created with (RULES.md DUEL-*)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

FORMAT = "duel"
PARTS = 3
"""Mini-questions in a blitz or superblitz (DUEL-4.2c, d)."""
PART_SECONDS = 20.0
"""Discussion of one mini-question, and of sector 13 with three players (DUEL-4.2b-d)."""
EARLY_SECONDS = 5.0
"""The early answer is declared within this many seconds of discussion (DUEL-5.1.1)."""
CLUB_SECONDS = 30.0
"""How long club helpers talk with the team (DUEL-5.2b)."""
DECISIVE_POINTS = 6
"""What the decisive round's question is worth (DUEL-6.4.3)."""
MAX_HELPERS = 3


class Phase(StrEnum):
    """Where a DUEL game is. ``DISCUSSION`` covers a paused clock too (see ``Clock.paused``);
    ``SECTOR13`` waits for the captain's choice of who stays, ``SOLO`` for the superblitz
    player; ``READING`` for the platform to confirm that the question reached the chat (the
    clock starts then, DUEL-3.4); ``FINISHED`` from the moment a side has 6, with the
    after-game vote open or not (``DuelState.vote_open``)."""

    LOBBY = "lobby"
    CHOOSING = "choosing"
    SECTOR13 = "sector13"
    SOLO = "solo"
    READING = "reading"
    DISCUSSION = "discussion"
    NAMING = "naming"
    ANSWERING = "answering"
    JUDGING = "judging"
    FINISHED = "finished"
    ABORTED = "aborted"


class Side(StrEnum):
    """The two sides of a DUEL game (DUEL-3.8)."""

    TEAM = "team"
    HOST = "host"


class Special(StrEnum):
    """The four questions every DUEL set must have (DUEL-4.2 a-d)."""

    PICTURE = "picture"
    SECTOR13 = "sector13"
    BLITZ = "blitz"
    SUPERBLITZ = "superblitz"


class Play(StrEnum):
    """How the current question is played."""

    REGULAR = "regular"
    SECTOR13 = "sector13"
    BLITZ = "blitz"
    SUPERBLITZ = "superblitz"
    DECISIVE = "decisive"


class Sector13Mode(StrEnum):
    """Who stays at the table for sector 13 (DUEL-4.2b)."""

    ALL = "all"
    THREE = "three"
    ONE = "one"


class MinuteSource(StrEnum):
    """How the team earned an extra minute: an early answer (DUEL-5.1.2) or sector 13 (4.2b)."""

    EARLY = "early"
    SECTOR13 = "sector13"


class Hint(StrEnum):
    """The two hints of DUEL-5.2."""

    MINUTE = "minute"
    CLUB = "club"


class TimeReason(StrEnum):
    """Why discussion time was added: a stored extra minute, a hint, club help, a credit."""

    EXTRA = "extra"
    HINT = "hint"
    CLUB = "club"
    CREDIT = "credit"


SECTOR13_STAY = {Sector13Mode.THREE: 3, Sector13Mode.ONE: 1}
"""How many players stay for each sector 13 mode that names them."""


@dataclass(frozen=True, slots=True)
class DuelConfig:
    """Settings of one DUEL game; times in seconds.

    ``discussion`` is "a minute" everywhere the rules say so (the main minute, extra, hint and
    credit minutes, sector 13 with one player); ``warning_at`` is when the 10-seconds-left
    signal sounds, counted from the start of a full minute, so every shorter period warns the
    same ``discussion - warning_at`` seconds before its end (DUEL-3.4.2); ``min_players`` is
    DUEL-2.2's team size.
    """

    discussion: float = 60.0
    warning_at: float = 50.0
    target: int = 6
    set_size: int = 12
    min_players: int = 6

    @property
    def warn_before(self) -> float:
        """Seconds before the end of any discussion when the warning sounds."""
        return self.discussion - self.warning_at


@dataclass(frozen=True, slots=True)
class Facts:
    """What the package says about its questions (package indices, 0-based).

    ``pictures``: questions with a picture; ``triples``: questions with exactly three parts,
    offered as blitz or superblitz; ``blitzes``/``superblitzes``: triples the package labels so;
    ``sectors13``: single questions the package labels as sector 13.
    """

    pictures: tuple[int, ...] = ()
    triples: tuple[int, ...] = ()
    blitzes: tuple[int, ...] = ()
    superblitzes: tuple[int, ...] = ()
    sectors13: tuple[int, ...] = ()
