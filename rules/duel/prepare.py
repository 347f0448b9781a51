"""Preparing the set (DUEL-2.2, 4.1, 4.2): the host selects the game's 12 questions, marks the
special ones, and starts the game, or a training game."""

from __future__ import annotations

from rules.base import Event, Rejection
from rules.duel.config import DuelConfig, Phase, Special
from rules.duel.events import GameStarted, QuestionMarked, QuestionsSelected
from rules.duel.state import DuelState, multi, set_indices, special_numbers


def select(state: DuelState, positions: tuple[int, ...]) -> list[Event] | Rejection:
    """The host selects the game's 12 questions (DUEL-4.1) by their positions (1-based)
    among the package's scored questions, before the start."""
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    size = state.config.set_size
    bad = [p for p in positions if not 1 <= p <= len(state.scored)]
    if bad:
        return Rejection("duel-select-out-of-range", {"number": bad[0], "count": len(state.scored)})
    if len(positions) != size or len(set(positions)) != size:
        return Rejection("duel-select-count", {"count": size})
    return [QuestionsSelected(tuple(state.scored[p - 1] for p in positions))]


def mark(state: DuelState, kind: Special, number: int) -> list[Event] | Rejection:
    """The host marks set number ``number`` as the ``kind`` question (DUEL-4.2): a picture
    needs a picture, a blitz or superblitz three parts; sector 13 any single question."""
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    indices = set_indices(state)
    if not 1 <= number <= len(indices):
        return Rejection("duel-number-out-of-range", {"count": len(indices)})
    index = indices[number - 1]
    facts = state.facts
    if kind is Special.PICTURE and index not in facts.pictures:
        return Rejection("duel-mark-no-picture", {"number": number})
    if multi(kind) and index not in facts.triples:
        return Rejection("duel-mark-not-three-parts", {"number": number})
    if kind is Special.SECTOR13 and index in facts.triples:
        return Rejection("duel-mark-sector13-parts", {"number": number})
    return [QuestionMarked(kind, index)]


def special_args(numbers: dict[Special, int]) -> dict[str, str]:
    """Message arguments naming each special question's set number, "none" when missing."""
    return {kind.value: str(numbers[kind]) if kind in numbers else "none" for kind in Special}


def exception_players(config: DuelConfig) -> int:
    """The fewest players ``/start anyway`` accepts: one fewer than the rule (DUEL-2.2:
    six, "in exceptional cases" five)."""
    return max(1, config.min_players - 1)


def training_target(config: DuelConfig, questions: int) -> int:
    """The score that wins a training game of ``questions`` questions: 6 (DUEL-3.8), or on a
    set shorter than 11 a majority of it, so that the set always yields a winner (DUEL-8.1:
    the rules know no shorter set; a training game may play any package)."""
    return max(1, min(config.target, (questions + 1) // 2))


def start(state: DuelState, force: bool, training: bool = False) -> list[Event] | Rejection:
    """The host starts the game (DUEL-2.2, 4.1, 4.2): six players, or five with ``force`` and
    a keeper; a full set with the four special questions, or without some with ``force``;
    ``training`` plays any number of players on any set."""
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    team = state.team
    if team is None:
        return Rejection("duel-no-team")
    count, need = len(team.members), state.config.min_players
    if not training and count < exception_players(state.config):
        return Rejection("duel-too-few-players-anyway", {
            "count": count, "min": need, "floor": exception_players(state.config)})
    if not training and count < need and not force:
        return Rejection("duel-too-few-players", {"count": count, "min": need})
    if not training and count < need and state.roster.keeper is None:
        # DUEL-2.2: one player fewer needs the keeper's agreement as well as the host's.
        return Rejection("duel-anyway-needs-keeper", {"count": count, "min": need})
    force = force or training
    if state.package_id is None:
        return Rejection("game-no-package")
    questions = set_indices(state)
    if not questions:
        return Rejection("duel-package-no-questions")
    if len(questions) < state.config.set_size and not training:
        return Rejection("duel-package-too-small",
                         {"count": len(questions), "need": state.config.set_size})
    numbers = special_numbers(state)
    if len(numbers) < len(Special) and not force:
        return Rejection("duel-set-missing", special_args(numbers))
    return [GameStarted(tuple(questions), numbers.get(Special.PICTURE),
                        numbers.get(Special.SECTOR13), numbers.get(Special.BLITZ),
                        numbers.get(Special.SUPERBLITZ), training)]

