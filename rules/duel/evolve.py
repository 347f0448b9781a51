"""DUEL's ``evolve``: the state after each stored event, and ``initial_state``. The roster's
events go to ``rules.roster``, the clock's to ``rules.clock``; what DUEL keeps beside the clock
(the club helpers' 30 s, which stop and run with it) is updated here."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from rules.base import Event, replacer
from rules.clock import (
    ClockPaused,
    ClockResumed,
    DiscussionEnded,
    DiscussionStarted,
    WarningSignalled,
    evolve_clock,
    with_added,
)
from rules.duel.config import (
    DECISIVE_POINTS,
    DuelConfig,
    Facts,
    Hint,
    MinuteSource,
    Phase,
    Sector13Mode,
    Special,
)
from rules.duel.events import (
    AnswererNamed,
    AnswerGiven,
    AnswerJudged,
    AppealDecided,
    AppealFiled,
    BestPlayerVoted,
    BestQuestionVoted,
    ClubHelpWithdrawn,
    CreditTaken,
    DecisiveRoundStarted,
    EarlyAnswerDeclared,
    GameAborted,
    GameCreated,
    GameFinished,
    GameReopened,
    GameStarted,
    GameWon,
    HelpersDone,
    HelpersNamed,
    HelpersProposed,
    HelpersRefused,
    HintTaken,
    PackageAttached,
    PartJudged,
    PartStarted,
    QuestionChosen,
    QuestionMarked,
    QuestionSent,
    QuestionsSelected,
    QuestionUndelivered,
    Sector13Chosen,
    SoloNamed,
    TimeAdded,
)
from rules.duel.prepare import training_target
from rules.duel.state import DuelState, Played, multi
from rules.roster import Roster, evolve_roster


def facts_of(ev: GameCreated | PackageAttached) -> Facts:
    """What the package of ``ev`` labels, as ``Facts``."""
    return Facts(ev.pictures, ev.triples, ev.blitzes, ev.superblitzes, ev.sectors13)


def initial_state(created: GameCreated) -> DuelState:
    """The state right after ``GameCreated``."""
    config = DuelConfig(
        discussion=created.discussion,
        warning_at=created.warning_at,
        target=created.target,
        set_size=created.set_size,
        min_players=created.min_players,
    )
    roster = Roster(host=created.host, names={created.host: created.host_name})
    return DuelState(config=config, roster=roster, package_id=created.package_id,
                     scored=created.scored, facts=facts_of(created))


_replace = replacer(DuelState)
"""``dataclasses.replace`` for the state, which every event copies (measured in bench/)."""

_QUESTION_RESET = {
    "answerer": None, "answer": None, "silent": (), "repaying": False, "no_discussion": False,
    "sector13": None, "stayed": (), "solo": None, "part": None, "parts": (), "early": False,
    "early_until": None, "helpers": (), "helpers_pending": False, "helpers_proposed": (),
    "helpers_until": None, "helpers_left": None, "reading": None, "reading_early": False,
}
"""The per-question fields, as they are between questions."""


def evolve(state: DuelState | None, ev: Event) -> DuelState:
    """Apply one stored event. ``state`` is None only for the first event, ``GameCreated``."""
    if isinstance(ev, GameCreated):
        return initial_state(ev)
    if state is None:
        raise ValueError(f"a DUEL log must start with GameCreated, not {ev.kind}")
    match ev:
        case PackageAttached(package_id=package_id, scored=scored):
            return _replace(state, package_id=package_id, scored=scored, questions=(), marks={},
                           facts=facts_of(ev))
        case QuestionsSelected(questions=questions):
            return _replace(state, questions=questions)
        case QuestionMarked(special=special, question_index=index):
            marks = {k: i for k, i in state.marks.items() if k is not special and i != index}
            return _replace(state, marks={**marks, special: index})
        case GameStarted(questions=questions):
            kinds = {ev.picture: Special.PICTURE, ev.sector13: Special.SECTOR13,
                     ev.blitz: Special.BLITZ, ev.superblitz: Special.SUPERBLITZ}
            return _replace(state, questions=questions, phase=Phase.CHOOSING,
                           kinds={n: k for n, k in kinds.items() if n is not None},
                           training=ev.training,
                           config=replace(state.config, target=training_target(
                               state.config, len(questions))) if ev.training else state.config)
        case QuestionChosen():
            return _evolve_chosen(state, ev)
        case Sector13Chosen(mode=mode, players=players):
            # The one player who stayed is the answerer without being named (DUEL-4.2b).
            solo = players[0] if mode is Sector13Mode.ONE and players else None
            return _replace(state, sector13=mode, stayed=players, solo=solo,
                           no_discussion=mode is Sector13Mode.ALL)
        case SoloNamed(player=player):
            return _replace(state, solo=player)
        case PartStarted(part=part):
            return _replace(state, part=part, answer=None, answerer=None)
        case QuestionSent(seconds=seconds, early=early):
            return _replace(state, phase=Phase.READING, reading=seconds, reading_early=early)
        case QuestionUndelivered():
            return state  # the record says the clock waited for the host
        case DiscussionStarted():
            return _replace(state, phase=Phase.DISCUSSION, early_until=ev.early_until,
                           reading=None, reading_early=False, helpers_until=None,
                           helpers_left=None, clock=evolve_clock(state.clock, ev))
        case WarningSignalled():
            return _replace(state, clock=evolve_clock(state.clock, ev))
        case ClockPaused(remaining=remaining):
            return _replace(state, clock=evolve_clock(state.clock, ev), helpers_until=None,
                           helpers_left=_helpers_left(state, remaining))
        case ClockResumed(ends_at=ends_at):
            clock = state.clock
            # The helpers' 30 s run on from where they stopped, with the clock.
            helpers = ends_at - timedelta(seconds=clock.remaining - state.helpers_left) \
                if state.helpers_left else None
            return _replace(state, clock=evolve_clock(clock, ev), helpers_until=helpers,
                           helpers_left=None)
        case TimeAdded():
            return _evolve_time(state, ev)
        case EarlyAnswerDeclared():
            return _replace(state, early=True)
        case DiscussionEnded():
            return _replace(state, phase=Phase.NAMING, clock=evolve_clock(state.clock, ev),
                           helpers=(), early_until=None, helpers_until=None, helpers_left=None)
        case HintTaken(hint=hint):
            return _replace(state, hint_used=True, helpers_pending=hint is Hint.CLUB)
        case HelpersProposed(players=players, names=names):
            return _replace(state, helpers_proposed=players, roster=_named(state.roster, players,
                                                                          names))
        case HelpersRefused():
            return _replace(state, helpers_proposed=())
        case ClubHelpWithdrawn():
            return _replace(state, hint_used=False, helpers_pending=False, helpers_proposed=())
        case HelpersNamed(players=players, until=until, names=names):
            return _replace(state, helpers=players, helpers_pending=False, helpers_proposed=(),
                           helpers_until=until,
                           roster=_named(state.roster, players, names))
        case HelpersDone():
            return _replace(state, helpers=(), helpers_until=None)
        case CreditTaken():
            return _replace(state, credit_taken=True)
        case DecisiveRoundStarted(player=player):
            return _replace(state, decisive=True, decisive_player=player,
                           reset_at=len(state.played))
        case AnswererNamed(player=player):
            return _replace(state, phase=Phase.ANSWERING, answerer=player)
        case AnswerGiven(text=text):
            return _replace(state, phase=Phase.JUDGING, answer=text)
        case PartJudged(correct=correct):
            return _replace(state, parts=(*state.parts, correct))
        case AnswerJudged(number=number, correct=correct):
            played = Played(number, correct, state.answer or "",
                            points=DECISIVE_POINTS if state.decisive else 1, early=state.early,
                            sector13=state.sector13, stayed=state.stayed)
            minutes = (*state.minutes, *earned_minutes(played)) if correct else state.minutes
            benched = played.stayed if played.sector13 and not correct else ()
            return _replace(state, played=(*state.played, played), phase=Phase.CHOOSING,
                           current=None, clock=None, minutes=minutes, benched=benched,
                           **_QUESTION_RESET)
        case AppealFiled():
            return _replace(state, appeal_pending=True)
        case AppealDecided(overturned=overturned):
            return _evolve_appeal(state, overturned)
        case GameWon(winner=winner):
            # An appeal of the deciding verdict that keeps the winner keeps its vote open.
            if winner is state.winner:
                return _replace(state, phase=Phase.FINISHED, vote_open=True)
            return _replace(state, phase=Phase.FINISHED, vote_open=True, winner=winner,
                           best_question=None, best_player=None)
        case GameReopened():
            return _replace(state, phase=Phase.CHOOSING, winner=None, best_question=None,
                           best_player=None, vote_open=False)
        case BestQuestionVoted(number=number):
            return _replace(state, best_question=number)
        case BestPlayerVoted(player=player):
            return _replace(state, best_player=player)
        case GameFinished():
            return _replace(state, phase=Phase.FINISHED, vote_open=False)
        case GameAborted():
            return _replace(state, phase=Phase.ABORTED, clock=None, helpers_until=None,
                           helpers_left=None)
    return _replace(state, roster=evolve_roster(state.roster, ev))


def _evolve_chosen(state: DuelState, ev: QuestionChosen) -> DuelState:
    kind = state.kinds.get(ev.number)
    # The bench from a wrong sector 13 applies to this question unless it is a blitz or
    # superblitz, and is spent either way (DUEL-4.2b).
    silent = () if multi(kind) else state.benched
    team = state.team
    everyone_out = bool(silent) and team is not None and set(team.members) <= set(silent)
    phase = state.phase
    if not ev.repay and not state.decisive:
        phase = {Special.SECTOR13: Phase.SECTOR13, Special.SUPERBLITZ: Phase.SOLO}.get(kind, phase)
    return _replace(state, **{
        **_QUESTION_RESET, "current": ev.number, "phase": phase, "silent": silent,
        "benched": (), "repaying": ev.repay, "no_discussion": ev.repay or everyone_out,
        "credit_repaid": state.credit_repaid or ev.repay,
        "solo": state.decisive_player if state.decisive else None})


def earned_minutes(played: Played) -> tuple[MinuteSource, ...]:
    """The extra minutes a right answer to ``played`` earns: an early answer (DUEL-5.1.2),
    a single player in sector 13 (DUEL-4.2b)."""
    early = (MinuteSource.EARLY,) if played.early else ()
    return (*early, MinuteSource.SECTOR13) if played.sector13 is Sector13Mode.ONE else early


def _evolve_appeal(state: DuelState, overturned: bool) -> DuelState:
    # An overturned verdict brings or takes back what the verdict brought: its extra minutes
    # and the sector 13 bench (the appeal is decided before the next pick, so neither has
    # been used yet).
    last = state.played[-1]
    flipped = replace(last, appealed=True, correct=last.correct != overturned)
    played = (*state.played[:-1], flipped)
    if not overturned:
        return _replace(state, played=played, appeal_pending=False)
    minutes = state.minutes
    for source in earned_minutes(last):
        minutes = (*minutes, source) if flipped.correct else _without(minutes, source)
    benched = state.benched
    if last.sector13 is not None:
        benched = () if flipped.correct else last.stayed
    return _replace(state, played=played, appeal_pending=False, minutes=minutes, benched=benched)


def _named(roster: Roster, players: tuple[int, ...], names: tuple[str, ...]) -> Roster:
    """The roster knowing the display names of club helpers, who play in no team here."""
    return replace(roster, names={**roster.names, **dict(zip(players, names, strict=False))})


def _helpers_left(state: DuelState, remaining: float) -> float | None:
    """The seconds the club helpers have left when the clock stops with ``remaining``."""
    clock = state.clock
    if state.helpers_until is None:
        return None
    before_end = (clock.ends_at - state.helpers_until).total_seconds()
    return max(0.0, remaining - before_end)


def _evolve_time(state: DuelState, ev: TimeAdded) -> DuelState:
    clock = state.clock
    minutes = _without(state.minutes, ev.spent) if ev.spent else state.minutes
    if ev.ends_at is None:
        # More time on a stopped clock: it stays stopped, and warns again before its new end.
        return _replace(state, minutes=minutes,
                       clock=with_added(clock, ev.seconds, ev.ends_at, ev.warning_at))
    helpers = state.helpers_until if clock is not None and not clock.paused else None
    reopened = state.phase is not Phase.DISCUSSION
    return _replace(state, minutes=minutes, phase=Phase.DISCUSSION,
                   answerer=None if reopened else state.answerer, helpers_until=helpers,
                   helpers_left=None,
                   clock=with_added(clock, ev.seconds, ev.ends_at, ev.warning_at))


def _without(minutes: tuple[MinuteSource, ...], source: MinuteSource) -> tuple[MinuteSource, ...]:
    """``minutes`` with the last one of ``source`` removed."""
    for i in range(len(minutes) - 1, -1, -1):
        if minutes[i] is source:
            return (*minutes[:i], *minutes[i + 1:])
    return minutes

