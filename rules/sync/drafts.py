"""Team questions written step by step, and several at once (SYNC-2): a sub-decider the SYNC
game composes beside ``rules.sync.registration``.

The guided dialogue: the captain starts a draft (a new question, or one replacing question N),
then gives its fields in ``STEPS`` order, one message each; the optional ones take ``-`` for
none, and the accepted answers are separated by ``;``. Each step is an event, so a draft
survives a restart of the bot exactly where it was. The last step submits the question as
``SubmitQuestion`` does (the same checks, the same ``QuestionSubmitted``) and closes the
draft; a refusal then keeps the draft at its last step, so the captain can cancel it. A draft
starts only when the question could be submitted now (deadline, captain, a free or
replaceable slot), so nobody writes six messages to be refused at the end. One draft per
captain at a time; the first round's start drops every draft, since no question is submitted
after it (and a captain's private text is a written answer then).

Several at once: ``SubmitQuestions`` submits a package file's questions in order, all or none:
the first one refused refuses the file, with its number in the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from rules.base import Event, Rejection, event
from rules.sync.enrolment import NONE, Registration, SubmitQuestion, TeamQuestion
from rules.sync.registration import decide_registration, evolve_registration, team_of

STEPS = ("text", "answer", "accepted", "comment", "author", "source")
"""The fields of a team question in the order the dialogue asks for them."""
OPTIONAL = frozenset({"accepted", "comment"})
"""The fields a captain may leave out with ``NONE``; any other given as ``NONE`` is refused
as missing at its step (SYNC-2)."""
ACCEPTED_SEPARATOR = ";"
"""What separates the other accepted answers in their step."""


@dataclass(frozen=True, slots=True)
class Draft:
    """A captain's team question being written: for team ``team_id``, replacing question
    ``replaces`` (1..3) or a new one (None), with the ``fields`` given so far, in ``STEPS``
    order."""

    team_id: int
    replaces: int | None = None
    fields: tuple[str, ...] = ()

    @property
    def step(self) -> str:
        """The field asked for next."""
        return STEPS[len(self.fields)]

    def question(self) -> TeamQuestion:
        """The question of a draft whose every step is given."""
        values = dict(zip(STEPS, self.fields, strict=True))
        accepted = () if values["accepted"] == NONE else tuple(
            a.strip() for a in values["accepted"].split(ACCEPTED_SEPARATOR) if a.strip())
        comment = "" if values["comment"] == NONE else values["comment"]
        return TeamQuestion(values["text"], values["answer"], accepted, comment,
                            values["author"], values["source"])


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartDraft:
    """The captain ``by`` starts writing a team question with the bot, replacing question
    ``replaces`` (1..3) or a new one (SYNC-2)."""

    by: int
    replaces: int | None = None


@dataclass(frozen=True, slots=True)
class FillDraft:
    """The captain ``by`` gives ``text`` for the step their draft asks for."""

    by: int
    text: str


@dataclass(frozen=True, slots=True)
class CancelDraft:
    """The captain ``by`` drops their draft."""

    by: int


@dataclass(frozen=True, slots=True)
class SubmitQuestions:
    """The captain ``by`` submits ``questions`` at once (a package file sent to the bot),
    each a new question of the team, in order (SYNC-2)."""

    by: int
    questions: tuple[TeamQuestion, ...]


DraftAction = StartDraft | FillDraft | CancelDraft | SubmitQuestions


# --- events --------------------------------------------------------------------------------


@event("sync.draft_started")
@dataclass(frozen=True, slots=True)
class DraftStarted(Event):
    """Captain ``by`` of team ``team_id`` started a team question, replacing question
    ``replaces`` or a new one."""

    by: int
    team_id: int
    replaces: int | None = None


@event("sync.draft_filled")
@dataclass(frozen=True, slots=True)
class DraftFilled(Event):
    """Captain ``by`` gave ``value`` for their draft's ``step``."""

    by: int
    step: str
    value: str


@event("sync.draft_closed")
@dataclass(frozen=True, slots=True)
class DraftClosed(Event):
    """Captain ``by``'s draft is over: ``submitted`` (its question's events came just before)
    or cancelled."""

    by: int
    submitted: bool


# --- decide and evolve ---------------------------------------------------------------------

_PROBE = TeamQuestion("?", "?", author="?", source="?")
"""A whole question, to ask the registration whether the captain could submit one now."""


def decide_drafts(reg: Registration, drafts: Mapping[int, Draft], action: DraftAction,
                  now: datetime, *, max_teams: int, started: bool) -> list[Event] | Rejection:
    """The events of a draft action at ``now`` (UTC), or why not: the registration's
    reasons (``rules.sync.registration``), or ``sync-draft-*`` here. ``drafts`` are the
    open drafts by captain."""
    def submit(question: TeamQuestion, replaces: int | None, at: Registration
               ) -> list[Event] | Rejection:
        return decide_registration(at, SubmitQuestion(action.by, question, replaces), now,
                                   max_teams=max_teams, started=started)

    draft = drafts.get(action.by)
    match action:
        case StartDraft():
            if draft is not None:
                return Rejection("sync-draft-open", {"step": draft.step})
            probe = submit(_PROBE, action.replaces, reg)
            if isinstance(probe, Rejection):
                return probe
            team = team_of(reg, action.by)
            return [DraftStarted(action.by, team.id, action.replaces)]
        case FillDraft():
            if draft is None:
                return Rejection("sync-draft-none")
            value = action.text.strip()
            if not value:
                return Rejection("sync-draft-empty")
            if value == NONE and draft.step not in OPTIONAL:
                return Rejection("sync-question-missing", {"field": draft.step})
            filled = DraftFilled(action.by, draft.step, value)
            if len(draft.fields) + 1 < len(STEPS):
                return [filled]
            done = Draft(draft.team_id, draft.replaces, (*draft.fields, value))
            submitted = submit(done.question(), draft.replaces, reg)
            if isinstance(submitted, Rejection):
                return submitted
            return [filled, *submitted, DraftClosed(action.by, True)]
        case CancelDraft():
            if draft is None:
                return Rejection("sync-draft-none")
            return [DraftClosed(action.by, False)]
        case SubmitQuestions():
            team = team_of(reg, action.by)
            if team is None or team.captain != action.by:
                # A package sent by anyone else is not a team's questions: the game keeps
                # the package it was opened with.
                return Rejection("sync-package-fixed")
            if not action.questions:
                return Rejection("sync-file-empty")
            events: list[Event] = []
            at = reg
            for question in action.questions:
                done = submit(question, None, at)
                if isinstance(done, Rejection):
                    return done
                events.extend(done)
                for ev in done:
                    at = evolve_registration(at, ev)
            return events
    raise TypeError(f"not a draft action: {action!r}")


def evolve_drafts(drafts: Mapping[int, Draft], ev: Event) -> Mapping[int, Draft]:
    """The open drafts after ``ev`` (one of this module's events)."""
    match ev:
        case DraftStarted():
            return {**drafts, ev.by: Draft(ev.team_id, ev.replaces)}
        case DraftFilled():
            draft = drafts[ev.by]
            return {**drafts, ev.by: Draft(draft.team_id, draft.replaces,
                                           (*draft.fields, ev.value))}
        case DraftClosed():
            return {k: v for k, v in drafts.items() if k != ev.by}
    return drafts
