"""Playing a question (DUEL-3.4, 3.5, 4.1): the captain's pick, the question sent and its
delivery, which starts the discussion, the early answer (DUEL-5.1), naming the answerer and
the answer. The verdict is in ``rules.duel.verdicts``, the special questions' own choices in
``rules.duel.special``.

The minute starts when the question has reached the chat (DUEL-3.4, DESIGN.md, Time): the
events that read a question or a mini-question end with ``QuestionSent``, which waits in phase
``READING`` with the clock not started; the service reports the platform's confirmation as
``QuestionDelivered`` (the discussion runs from that moment) or its failure as
``QuestionNotDelivered`` (the clock stays stopped and the host is told); the host may start the
clock with ``ResumeClock`` at any time while the question waits.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta

from rules.answering import GiveAnswer
from rules.base import Event, Rejection
from rules.clock import DiscussionEnded, DiscussionStarted, start
from rules.duel.config import EARLY_SECONDS, PART_SECONDS, Phase, Sector13Mode, Special
from rules.duel.events import (
    AnswererNamed,
    AnswerGiven,
    EarlyAnswerDeclared,
    PartStarted,
    QuestionChosen,
    QuestionSent,
    Sector13Chosen,
)
from rules.duel.special import name_solo
from rules.duel.state import DuelState, multi


def discussion(state: DuelState, now: datetime, seconds: float, *, early: bool = False
               ) -> DiscussionStarted:
    """A discussion of ``seconds`` from ``now`` (UTC), warning ``warn_before`` seconds before
    its end (DUEL-3.4.2), with the early-answer window when ``early`` (DUEL-5.1.1)."""
    return start(now, seconds, warn_before=state.config.warn_before,
                 early_until=now + timedelta(seconds=EARLY_SECONDS) if early else None)


def awaits_delivery(state: DuelState, number: int, part: int | None) -> bool:
    """True while the game waits for the delivery of this question (a report about an
    earlier one, or one the host already started the clock of, is stale)."""
    return state.phase is Phase.READING and state.current == number and state.part == part


def delivered(state: DuelState, at: datetime) -> DiscussionStarted:
    """The discussion of the question waiting in ``READING``, from ``at`` (DUEL-3.4)."""
    return discussion(state, at, state.reading, early=state.reading_early)


def pick(state: DuelState, number: int, repay: bool) -> list[Event] | Rejection:
    """The captain picks set number ``number`` (DUEL-4.1), with ``repay`` to repay the credit
    minute on it (DUEL-5.3.1); what is read next depends on how the question is played."""
    if state.phase is not Phase.CHOOSING:
        return Rejection("duel-not-choosing")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    if not 1 <= number <= len(state.questions):
        return Rejection("duel-number-out-of-range", {"count": len(state.questions)})
    if any(p.number == number for p in state.played):
        return Rejection("duel-number-played", {"number": number})
    kind = state.kinds.get(number)
    if state.decisive and multi(kind):
        return Rejection("duel-decisive-not-blitz",
                         {"numbers": number_list(state.decisive_numbers())})
    if repay:
        if not state.credit_owed:
            return Rejection("duel-no-debt")
        if number not in state.repayable():
            return Rejection("duel-repay-not-here",
                             {"number": number, "numbers": number_list(state.repayable())})
    elif state.credit_owed and state.score[0] == state.config.target - 1 and state.repayable():
        # The game would end with the debt unpaid (DUEL-5.3.1).
        return Rejection("duel-must-repay", {"numbers": number_list(state.repayable())})
    elif state.credit_owed and state.repayable() == (number,):
        # Played as an ordinary question, it would leave nothing to repay on (DUEL-5.3.1).
        return Rejection("duel-repay-last", {"number": number})
    events: list[Event] = [QuestionChosen(number, state.questions[number - 1], repay)]
    if repay and kind is Special.SECTOR13:
        # With no discussion, sector 13 is "all stay and answer at once" (see the module).
        return [*events, Sector13Chosen(Sector13Mode.ALL, state.team.members),
                DiscussionEnded()]
    if repay:
        return [*events, DiscussionEnded()]
    if state.decisive:
        return [*events, QuestionSent(state.config.discussion, early=True)]
    if kind in (Special.SECTOR13, Special.SUPERBLITZ):
        return events  # the captain chooses the players first
    if kind is Special.BLITZ:
        return [*events, PartStarted(0), QuestionSent(PART_SECONDS)]
    team = state.team
    if team is not None and set(team.members) <= set(state.benched):
        return [*events, DiscussionEnded()]  # everyone is benched: no one may discuss
    return [*events, QuestionSent(state.config.discussion, early=True)]


def number_list(numbers: tuple[int, ...]) -> str:
    """Set numbers as a message argument: "3, 5, 7", or "-" for none."""
    return ", ".join(map(str, numbers)) or "-"


def time_up(state: DuelState) -> list[Event]:
    """The end of discussion; a solo player is the answerer without being named."""
    events: list[Event] = [DiscussionEnded()]
    if state.solo is not None:
        events.append(AnswererNamed(state.solo))
    return events


def declare_early(state: DuelState, now: datetime) -> list[Event] | Rejection:
    """The captain's early answer, within the first 5 s of a full minute (DUEL-5.1.1): the
    discussion ends at once."""
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or state.early_until is None or clock is None:
        return Rejection("duel-early-not-here")
    if clock.paused or now > state.early_until:
        return Rejection("duel-early-too-late", {"seconds": round(EARLY_SECONDS)})
    return [EarlyAnswerDeclared(), *time_up(state)]


def name_answerer(state: DuelState, player: int) -> list[Event] | Rejection:
    """The captain names the answerer (DUEL-3.5), or the superblitz player (DUEL-4.2d); the
    captain may name another until the answer is given, but never where the bot names the
    only player who may answer, nor one who did not stay for sector 13 or sat it out."""
    team = state.team
    if state.phase is Phase.SOLO:
        return name_solo(state, player)
    if state.solo is not None and state.phase in (Phase.NAMING, Phase.ANSWERING,
                                                  Phase.DISCUSSION):
        # The superblitz, decisive round or lone sector 13 player answers, named by the bot.
        return Rejection("duel-answerer-already-named", {"name": state.roster.name(state.solo)})
    if state.phase is Phase.ANSWERING and player == state.answerer:
        return Rejection("duel-answerer-already-named", {"name": state.roster.name(player)})
    if state.phase not in (Phase.NAMING, Phase.ANSWERING):
        # Until the answer is given the captain may name someone else (DUEL-3.5).
        return Rejection("duel-not-naming")
    if state.helpers_pending:
        return Rejection("duel-helpers-pending")
    if team is None or player not in team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    if state.sector13 is not None and player not in state.stayed:
        return Rejection("duel-answerer-not-stayed", {
            "names": ", ".join(state.roster.name(p) for p in state.stayed)})
    if player in state.silent and not set(team.members) <= set(state.silent):
        # Benched after a wrong sector 13, they did not discuss this question (DUEL-4.2b).
        return Rejection("duel-answerer-benched", {"name": state.roster.name(player)})
    return [AnswererNamed(player)]


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters of a visible category that show nothing (Hangul fillers, the blank Braille cell)."""


def visible(text: str) -> bool:
    """True when ``text`` has a character that shows: not a space, a control or format
    character (U+200B, U+200F, U+2060, U+FEFF, bidi controls), a lone combining mark or a
    blank letter."""
    return any(unicodedata.category(ch)[0] not in "ZCM" and ch not in _BLANK_LETTERS
               for ch in text)


def give_answer(state: DuelState, action: GiveAnswer) -> list[Event] | Rejection:
    """The named answerer's answer (DUEL-3.5); one with no visible character is refused and
    the answerer may answer again."""
    if state.phase is not Phase.ANSWERING:
        return Rejection("duel-not-answering")
    if action.by != state.answerer:
        return Rejection("duel-not-the-answerer", {"name": state.roster.name(state.answerer)})
    text = action.text.strip()
    if not text:
        return Rejection("duel-empty-answer")
    if not visible(text):
        # Refused, not stored: the answerer still has the answer to give (DUEL-3.5).
        return Rejection("duel-answer-invisible")
    return [AnswerGiven(action.by, text, action.suggestion, action.reason,
                        dict(action.reason_args))]

