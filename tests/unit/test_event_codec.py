"""The stored event codec (``rules.base``): versioned events, upcasts from an old shape, and a
refusal, not a silent default, for a payload that is not its version's.

The events here are test-only: registered under kinds no format uses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from rules.base import Event, EventDecodeError, decode, encode, event, upcast


@event("test-note", version=3)
@dataclass(frozen=True, slots=True)
class Note(Event):
    """Version 1 was ``{"note": str}``; 2 named it ``text`` and added ``by``; 3 added ``at``."""

    text: str
    by: int
    at: datetime | None


@upcast("test-note", 1)
def _note_1_to_2(payload: dict) -> dict:
    return {"text": payload["note"], "by": 0}


@upcast("test-note", 2)
def _note_2_to_3(payload: dict) -> dict:
    return {**payload, "at": None}


@event("test-gap", version=2)
@dataclass(frozen=True, slots=True)
class Gap(Event):
    """Version 2 with no upcast from version 1."""

    value: int


def test_an_event_is_stored_at_its_version_and_read_back():
    note = Note("hello", 7, datetime(2026, 12, 1, 19, 0, tzinfo=UTC))
    assert (Note.kind, Note.version) == ("test-note", 3)
    assert decode(note.kind, encode(note), note.version) == note


def test_an_event_without_a_version_is_at_version_1():
    assert Gap.version == 2 and Event.version == 1


def test_an_old_payload_is_upcast_step_by_step_to_the_current_version():
    assert decode("test-note", {"note": "hi"}, 1) == Note("hi", 0, None)
    assert decode("test-note", {"text": "hi", "by": 3}, 2) == Note("hi", 3, None)


@pytest.mark.parametrize("payload", [
    {"text": "hi", "by": 3},  # "at" missing: never defaulted silently
    {"text": "hi", "by": 3, "at": None, "colour": "red"},  # a field version 3 does not have
])
def test_a_payload_that_is_not_its_versions_field_set_is_refused(payload):
    with pytest.raises(EventDecodeError, match="test-note"):
        decode("test-note", payload, 3)


def test_an_upcast_that_yields_the_wrong_fields_is_refused():
    # Stored as version 2 but written with version 1's field: the upcast gives no "text".
    with pytest.raises(EventDecodeError):
        decode("test-note", {"note": "hi", "by": 1}, 2)


def test_a_version_with_no_upcast_or_newer_than_the_code_is_refused():
    with pytest.raises(EventDecodeError, match="no upcast from version 1"):
        decode("test-gap", {"value": 1}, 1)
    with pytest.raises(EventDecodeError, match="newer"):
        decode("test-gap", {"value": 1}, 3)


def test_an_unknown_kind_is_refused():
    with pytest.raises(EventDecodeError, match="unknown event kind"):
        decode("test-never-registered", {}, 1)


def test_a_kind_or_an_upcast_is_registered_once():
    with pytest.raises(ValueError):
        event("test-note")(Gap)
    with pytest.raises(ValueError):
        upcast("test-note", 1)(_note_1_to_2)
