"""TV's settings and the names of its terms: the constants of the rules, the phases of a
game, its sides, why a team sits at the central table, and ``TvConfig`` (RULES.md TV-*)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

FORMAT = "tv"
MIN_TEAMS = 2
"""Teams a game needs: one at the central table and at least one at a club table (TV-1)."""


class Phase(StrEnum):
    """Where a TV game is.

    ``SPINNING``: a team sits at the central table and the host spins the top for the next
    envelope (TV-2); ``READING``: the question is sent and the game waits for the platform to
    confirm its delivery (the minute starts then); ``DISCUSSION``: the central table's minute,
    paused or not, while the club tables hand in (TV-5); ``ANSWERING``: the minute is over,
    the captain names the answering player and the host judges the oral answer;
    ``SEATING``: the viewers scored and the next central team is awaited (TV-9..TV-11);
    ``BEST_PLAYER``: the experts won and the host names the best player (TV-4)."""

    LOBBY = "lobby"
    SPINNING = "spinning"
    READING = "reading"
    DISCUSSION = "discussion"
    ANSWERING = "answering"
    SEATING = "seating"
    BEST_PLAYER = "best-player"
    FINISHED = "finished"
    ABORTED = "aborted"


class Side(StrEnum):
    """The two sides of a TV game (TV-1): the experts at the central table, the viewers."""

    EXPERTS = "experts"
    VIEWERS = "viewers"


class SeatReason(StrEnum):
    """Why a team sits at the central table (each seating is announced with it)."""

    HOST = "host"
    """The host seated it (at the start, or by hand instead of the rules' choice)."""
    FIRST_DRAW = "first-draw"
    """The top drew the first central team among the teams present."""
    CORRECT = "correct"
    """TV-9: it answered the viewers' question correctly in writing (drawn when several)."""
    RETURN = "return"
    """TV-10: it had lost its round and may sit again: experts have 5, or every club team
    has lost its round (``TeamSeated.why``); ``TeamSeated.answered`` says whether it came
    by a correct answer (TV-9) or by the top's pick (TV-11)."""
    TOP = "top"
    """TV-11: no eligible team answered correctly; the top picked among the eligible."""


class ReturnWhy(StrEnum):
    """What opened the central table again to a team that lost its round (TV-10)."""

    FIVE = "five"
    """The experts have one point short of the target (5)."""
    ALL_LOST = "all-lost"
    """Every club team has already lost its round."""


class ReturnScope(StrEnum):
    """How long a lost round keeps a team from the central table (TV-10).

    The seed says "this game day" (a session of two games). ``GAME`` (the default, and what
    games stored before the bot applied the day have) counts only this game's lost rounds:
    each game starts with every team eligible. ``DAY``, which the bot creates every game
    with, also counts the rounds lost in the day's earlier games, passed in
    ``GameCreated.lost_earlier`` (read off the chat's earlier game of the UTC day with
    ``rules.tv.lost_rounds``, ``bot.formats.tv.TvFormat.create``)."""

    GAME = "game"
    DAY = "day"


@dataclass(frozen=True, slots=True)
class TvConfig:
    """Settings of one TV game; times in seconds.

    ``discussion`` is the central table's minute, with the warning signal at ``warning_at``
    and the end signal at its end (TV-2: 50 s and 60 s); the club tables hand in within the
    same minute (``rules.written.TV_WINDOW``, TV-5). ``target`` is the score that wins
    (TV-1, TV-4); ``max_teams`` how many teams may register; ``return_scope`` and
    ``lost_earlier`` are TV-10's (see ``ReturnScope``). ``min_players`` and ``max_players``
    bound the size of a team that may sit at the central table (TV-14: teams of 6 where
    possible, 4 to 6 allowed; ``fits``); ``max_players`` None sets no upper bound."""

    discussion: float = 60.0
    warning_at: float = 50.0
    target: int = 6
    max_teams: int = 60
    return_scope: ReturnScope = ReturnScope.GAME
    lost_earlier: tuple[int, ...] = ()
    min_players: int = 4
    max_players: int | None = 6

    def fits(self, players: int) -> bool:
        """True when a team of ``players`` may sit at the central table (TV-14)."""
        return players >= self.min_players and (self.max_players is None or
                                                players <= self.max_players)

    @property
    def warn_before(self) -> float:
        """Seconds before the end of the minute when the warning sounds."""
        return self.discussion - self.warning_at

    @property
    def envelopes_needed(self) -> int:
        """Questions a game may need at most: one side reaches the target within
        ``2 * target - 1`` rounds (11 for 6)."""
        return 2 * self.target - 1
