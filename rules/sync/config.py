"""SYNC's settings and the names of its terms: the phases of a game, the kinds of round, and
``SyncConfig``, what a game is created with (RULES.md SYNC-5, SYNC-6). The kind of game
(training, qualifying, championship, SYNC-1) is the registration's
(``rules.sync.enrolment.GameKind``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.judging import Suggestion
from rules.sync.club import ROUND_ONE_MAX

FORMAT = "sync"
MAX_ROUNDS = 3
"""A game has 2 or 3 rounds (SYNC-5)."""
MIN_ROUNDS = 2


class RoundKind(StrEnum):
    """Who wrote a round's questions (SYNC-5): the organisers, or the teams."""

    ORGANISERS = "organisers"
    TEAMS = "teams"


class Phase(StrEnum):
    """Where a SYNC game is.

    ``LOBBY`` before the first round; ``ROUND`` between two questions of a round (the host asks
    the next); ``READING`` while the platform confirms that the question reached the chat (its
    minute starts then); ``DISCUSSION`` the minute (a stopped clock too, see ``Clock.paused``);
    ``HAND_IN`` the 15 s to hand in (SYNC-6); ``CLOSING`` after them, until the window closes
    (one second of grace); ``JUDGING`` while groups of answers wait for the hosts; ``BREAK``
    after a round's last question (the host starts the next round or ends the game);
    ``SHOOTOUT`` between shoot-out questions (SYNC-8); ``FINISHED`` once the winner is known;
    ``ABORTED``."""

    LOBBY = "lobby"
    ROUND = "round"
    READING = "reading"
    DISCUSSION = "discussion"
    HAND_IN = "hand_in"
    CLOSING = "closing"
    JUDGING = "judging"
    BREAK = "break"
    SHOOTOUT = "shootout"
    FINISHED = "finished"
    ABORTED = "aborted"


QUESTION_PHASES = frozenset({Phase.READING, Phase.DISCUSSION, Phase.HAND_IN, Phase.CLOSING})
"""The phases in which a question is being read or answered."""


@dataclass(frozen=True, slots=True)
class SyncConfig:
    """Settings of one SYNC game; times in seconds.

    ``discussion`` is the minute, ``warning_at`` when its warning sounds (after 50 s), and
    ``hand_in`` the time to hand in the written answer after it (SYNC-6); ``round_one_max``
    caps the organisers' first round (SYNC-5); ``auto`` lists the bot's suggestions that become
    verdicts at once (``rules.judging.Judging.auto``; empty: the hosts judge every group)."""

    discussion: float = 60.0
    warning_at: float = 50.0
    hand_in: float = 15.0
    round_one_max: int = ROUND_ONE_MAX
    auto: frozenset[Suggestion] = frozenset()

    @property
    def warn_before(self) -> float:
        """Seconds before the end of the minute when the warning sounds (SYNC-6: 10)."""
        return self.discussion - self.warning_at

    @property
    def window(self) -> float:
        """Seconds from delivery to the last send time that counts: the minute and the
        hand-in time (SYNC-6), while the clock runs."""
        return self.discussion + self.hand_in
