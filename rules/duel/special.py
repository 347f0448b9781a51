"""The special questions' own choices (DUEL-4.2b-d, 6.4): who stays for sector 13, the
superblitz player, and the decisive round. How they are played (20 s mini-questions, the point
only for all three, the bench after a wrong sector 13) is in ``question``, ``verdicts`` and
``evolve``, where the ordinary question is played too.
"""

from __future__ import annotations

from rules.base import Event, Rejection
from rules.clock import DiscussionEnded
from rules.duel.config import PART_SECONDS, SECTOR13_STAY, Phase, Sector13Mode
from rules.duel.events import (
    DecisiveRoundStarted,
    PartStarted,
    QuestionSent,
    Sector13Chosen,
    SoloNamed,
)
from rules.duel.state import DuelState


def choose_sector13(state: DuelState, mode: Sector13Mode, players: tuple[int, ...]
                    ) -> list[Event] | Rejection:
    """The captain's sector 13 choice (DUEL-4.2b): all stay and answer at once, or the 3 or
    the 1 ``players`` who stay, for 20 s or a minute."""
    if state.phase is not Phase.SECTOR13:
        return Rejection("duel-not-sector13")
    team = state.team
    if mode is Sector13Mode.ALL:
        return [Sector13Chosen(mode, team.members), DiscussionEnded()]
    outsider = next((p for p in players if p not in team.members), None)
    if outsider is not None:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(outsider)})
    if len(set(players)) != SECTOR13_STAY[mode] or len(players) != SECTOR13_STAY[mode]:
        return Rejection("duel-sector13-count", {"count": SECTOR13_STAY[mode]})
    seconds = PART_SECONDS if mode is Sector13Mode.THREE else state.config.discussion
    return [Sector13Chosen(mode, players), QuestionSent(seconds)]


def ask_decisive(state: DuelState, player: int) -> list[Event] | Rejection:
    """The captain asks for the decisive round naming its one ``player`` (DUEL-6.4.1-2): only
    while picking, once, when the score offers it (``DuelState.decisive_round_offered``), with
    no debt (DUEL-5.3.1) and a question left that is not a blitz or superblitz."""
    if state.phase is not Phase.CHOOSING or state.appeal_pending:
        return Rejection("duel-not-choosing")
    if state.decisive:
        return Rejection("duel-decisive-once")
    if not state.decisive_round_offered:
        return Rejection("duel-decisive-not-now", {"points": state.config.target - 1})
    if state.credit_owed:
        return Rejection("duel-decisive-debt")
    if state.team is None or player not in state.team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    if player in state.benched:
        return Rejection("duel-player-benched", {"name": state.roster.name(player)})
    if not state.decisive_numbers():
        return Rejection("duel-decisive-no-question")
    return [DecisiveRoundStarted(player)]


def name_solo(state: DuelState, player: int) -> list[Event] | Rejection:
    """The captain names the one player who plays the superblitz (DUEL-4.2d); its first
    mini-question is read then."""
    team = state.team
    if team is None or player not in team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    return [SoloNamed(player), PartStarted(0), QuestionSent(PART_SECONDS)]
