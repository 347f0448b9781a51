"""DUEL's state is copied by ``rules.base.replacer`` on every event; each copy must
be what ``dataclasses.replace`` gives, and the state it came from must stay as it was."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from rules.base import replacer
from rules.duel.config import DuelConfig, Phase
from rules.duel.state import DuelState
from rules.roster import Roster


def a_state() -> DuelState:
    return DuelState(config=DuelConfig(), roster=Roster(host=1, names={1: "Ведущий"}),
                     package_id=7, scored=(0, 1, 2), questions=(2, 0, 1), current=2)


def test_every_field_changed_alone_copies_as_dataclasses_replace():
    replace = replacer(DuelState)
    state = a_state()
    before = dataclasses.replace(state)
    for f in dataclasses.fields(DuelState):
        value = object()
        copied = replace(state, **{f.name: value})
        assert copied == dataclasses.replace(state, **{f.name: value})
        assert getattr(copied, f.name) is value
        assert type(copied) is DuelState
    assert state == before  # the state copied from is untouched
    many = {"phase": Phase.JUDGING, "answer": "Пушкин", "answerer": 3, "current": None}
    assert replace(state, **many) == dataclasses.replace(state, **many)


def test_a_copy_is_as_frozen_and_as_strict_as_the_state():
    replace = replacer(DuelState)
    copied = replace(a_state(), phase=Phase.CHOOSING)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.phase = Phase.LOBBY  # type: ignore[misc]
    with pytest.raises(TypeError):
        replace(copied, no_such_field=1)


def test_a_class_whose_init_does_more_is_refused():
    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            assert self.value >= 0

    @dataclass(frozen=True, slots=True)
    class Derived:
        value: int
        double: int = field(init=False, default=0)

    for cls in (Checked, Derived):
        with pytest.raises(TypeError):
            replacer(cls)
