"""The spinning top (волчок, TV-2, TV-9, TV-11): a seeded draw among candidates.

Pure and replayable: the seed is chosen outside ``rules`` (the bot passes a fresh random seed
in the action that spins the top) and the format stores the outcome in an event, so a replay
reads the outcome and never draws again (DESIGN.md: randomness only through a seeded
``random.Random``). The same seed and candidates always give the same outcome, on every
platform and Python version (``random.Random.choice`` over ``getrandbits``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def spin(seed: int, among: Sequence[T]) -> T:
    """Where the top stops: one of ``among`` (in the caller's order, which must itself be
    deterministic), chosen with ``random.Random(seed)``, each with the same chance.

    Raises ValueError when there is nothing to choose from."""
    if not among:
        raise ValueError("the spinning top needs at least one candidate")
    return random.Random(seed).choice(list(among))
