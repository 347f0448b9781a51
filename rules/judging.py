"""The judging queue of one question, grouped by normalised answer: a sub-decider.

Composed the way ``rules.roster`` is: a format's state holds a ``Judging`` per question and
delegates ``QueueAnswers`` and the host's ``DecideGroup`` to ``decide_judging`` /
``evolve_judging``. The rules here (judging, and verdicts remembered for later answers):

* Every answer arrives with its normalised key and the bot's suggestion (ACCEPT, REJECT or
  UNSURE with a reason key), both computed outside ``rules`` (``bot.answers.prepared``).
  Answers with one key are one answer: a group keeps the text and suggestion of its first
  answer, so the key must tell apart whatever the suggestion tells apart
  (``bot.answers.prepared`` makes it so).
* The host decides a group with one tap; every team in it gets that verdict. A verdict on a
  key is remembered for the question: an answer queued later with that key gets it at once,
  "as decided for team X" (``AnswerQueued.remembered``, ``decided_for``: the group's first
  team when it was decided), and nobody is asked again.
* The host may change a decided group's verdict; it changes for all its teams at once.
  Several hosts may judge at once: a tap carries the verdict the host saw (``seen``), and a
  group decided differently meanwhile is not overturned blindly.
* Where the format allows it (``Judging.auto``: the suggestions that become verdicts, say
  ACCEPT and REJECT in a SYNC game with thousands of teams), a new group whose suggestion is
  sure is decided at once, automatically (``GroupAutoDecided``, ``Group.by`` None); the host
  can still change it. DUEL allows none: the host has the last word (DUEL-3.7).
* What is pending comes largest group first, then in order of arrival (``pending``).
* ``AnswerRegrouped`` moved a queued answer to another key: games stored before an
  explanation stopped being an answer (SYNC-6: the hosts judge what was handed in) hold it,
  and their logs still fold. A group left with no team stays in the map (it only grows) but
  is no longer shown or waited for (``Group.empty``).

Scale: a SYNC question queues thousands of answers in one action; each costs O(1)
(``rules.growing``); a decision costs O(1) whatever the group's size, since the verdict is
the group's and a team's verdict is read through its group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from rules.base import Event, Rejection, event
from rules.growing import GrowingList, GrowingMap


class Suggestion(StrEnum):
    """The bot's suggestion for an answer (``bot.answers.VerdictKind`` as rules know it)."""

    ACCEPT = "accept"
    REJECT = "reject"
    UNSURE = "unsure"


class Verdict(StrEnum):
    """What a group of answers was judged: credited or not."""

    ACCEPT = "accept"
    REJECT = "reject"


_SURE = {Suggestion.ACCEPT: Verdict.ACCEPT, Suggestion.REJECT: Verdict.REJECT}


@dataclass(frozen=True, slots=True)
class QueuedAnswer:
    """One team's answer to judge: its text as handed in, its normalised ``key``, the bot's
    ``suggestion`` and its ``reason`` (a key of ``answers.ftl``, ``judge-reason-...``) with
    the reason's arguments."""

    team_id: int
    text: str
    key: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TeamAnswer:
    """A team's queued answer as the queue keeps it: its text and its group's key (the
    suggestion and the verdict are the group's)."""

    team_id: int
    text: str
    key: str


@dataclass(frozen=True, slots=True)
class Group:
    """The answers of one key: the first one's text, suggestion, reason and reason
    arguments, the teams in order of arrival, ``order`` (0 for the first group of the
    question), and the verdict once decided: by the host ``by``, or automatically (``by``
    None), for the team ``decided_for`` (the group's first team when it was decided)."""

    key: str
    text: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any]
    order: int
    teams: GrowingList[int]
    verdict: Verdict | None = None
    by: int | None = None
    decided_for: int | None = None

    @property
    def empty(self) -> bool:
        """True for a group every team has left (``AnswerRegrouped``): nothing to judge in it."""
        return not self.teams

    @property
    def automatic(self) -> bool:
        """True when the verdict is the bot's suggestion, taken where the format allows."""
        return self.verdict is not None and self.by is None


@dataclass(frozen=True, slots=True)
class Judging:
    """The judging of one question: the suggestions that become verdicts at once (``auto``,
    empty when the host decides everything), each team's queued answer by team id, and the
    groups by key in order of arrival."""

    auto: frozenset[Suggestion] = frozenset()
    answers: GrowingMap[int, TeamAnswer] = field(default_factory=GrowingMap)
    groups: GrowingMap[str, Group] = field(default_factory=GrowingMap)

    def group_of(self, team_id: int) -> Group | None:
        """The group of ``team_id``'s answer (its verdict is the team's), or None when the
        team has no answer queued."""
        answer = self.answers.get(team_id)
        return None if answer is None else self.groups[answer.key]

    def verdict_of(self, team_id: int) -> Verdict | None:
        """``team_id``'s verdict, or None while its answer is pending or when it has none."""
        group = self.group_of(team_id)
        return None if group is None else group.verdict

    @property
    def done(self) -> bool:
        """True when every queued answer has a verdict."""
        return all(g.verdict is not None or g.empty for g in self.groups.values())


def done_after_queue(judging: Judging, queued: Sequence[Event]) -> bool:
    """Whether every queued answer has a verdict once ``queued``, the events ``QueueAnswers``
    decided on ``judging``, are applied: ``evolve_judging``'s ``done`` without building the
    queue they make (a SYNC window's close queues thousands). O(groups + events):
    an answer joins its group's verdict (``remembered``) or waits, and a new group that waits
    is decided by the ``GroupAutoDecided`` right after its first answer, or stays waiting."""
    waiting = set()
    for ev in queued:
        if isinstance(ev, AnswerQueued):
            if ev.remembered is None:
                waiting.add(ev.key)
        elif isinstance(ev, GroupAutoDecided):
            waiting.discard(ev.key)
    return not waiting and judging.done


def pending(judging: Judging) -> list[Group]:
    """The groups still to decide, in the order the host works through them: the largest
    first, then the first to arrive. O(groups log groups)."""
    waiting = [g for g in judging.groups.values() if g.verdict is None and not g.empty]
    return sorted(waiting, key=lambda g: (-len(g.teams), g.order))


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QueueAnswers:
    """The format queues answers to judge (all of a closed window at once, or a later one)."""

    answers: tuple[QueuedAnswer, ...]


@dataclass(frozen=True, slots=True)
class DecideGroup:
    """The host ``by`` judges the group of ``key``: ``verdict`` for all its teams.

    ``seen`` is the verdict the group had when the host looked (None: pending); a group
    decided otherwise meanwhile is refused, so that two hosts do not overturn each other
    unawares. Deciding again with another verdict changes it for everyone."""

    by: int
    key: str
    verdict: Verdict
    seen: Verdict | None = None


JudgingAction = QueueAnswers | DecideGroup


# --- events --------------------------------------------------------------------------------


@event("judging.answer_queued")
@dataclass(frozen=True, slots=True)
class AnswerQueued(Event):
    """Team ``team_id``'s answer joined the group of ``key`` (a new group when it is the
    first). ``remembered`` is the verdict it got at once from its already decided group,
    ``decided_for`` the team that verdict was decided for; both None while it waits."""

    team_id: int
    text: str
    key: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any] = field(default_factory=dict)
    remembered: Verdict | None = None
    decided_for: int | None = None


@event("judging.answer_regrouped")
@dataclass(frozen=True, slots=True)
class AnswerRegrouped(Event):
    """Team ``team_id``'s answer left the group of ``previous`` for the group of ``key`` (a
    new group when none has it) with ``text``; ``remembered`` and ``decided_for`` as in
    ``AnswerQueued``: the verdict it got at once from that group, and for whom."""

    team_id: int
    text: str
    key: str
    previous: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any] = field(default_factory=dict)
    remembered: Verdict | None = None
    decided_for: int | None = None


@event("judging.auto_decided")
@dataclass(frozen=True, slots=True)
class GroupAutoDecided(Event):
    """The group of ``key`` took its sure suggestion as its verdict (the format allows it);
    ``decided_for`` is its first team."""

    key: str
    verdict: Verdict
    decided_for: int


@event("judging.group_decided")
@dataclass(frozen=True, slots=True)
class GroupDecided(Event):
    """The host ``by`` judged the pending group of ``key``: ``verdict`` for all its teams,
    decided for its first team ``decided_for``."""

    key: str
    verdict: Verdict
    by: int
    decided_for: int


@event("judging.verdict_changed")
@dataclass(frozen=True, slots=True)
class VerdictChanged(Event):
    """The host ``by`` changed the group of ``key`` from ``previous`` to ``verdict``, for
    all its teams at once."""

    key: str
    verdict: Verdict
    by: int
    previous: Verdict


def decide_judging(judging: Judging, action: JudgingAction, now: datetime
                   ) -> list[Event] | Rejection:
    """Validate a judging action at ``now`` (UTC; the queue keeps no times).

    Who may decide (the host and co-hosts) is the format's role table. Returns the events to
    store, or a Rejection with a reason key from ``answers.ftl``. Never raises for an action
    of this module.
    """
    match action:
        case QueueAnswers():
            return _queue(judging, action.answers)
        case DecideGroup():
            group = judging.groups.get(action.key)
            if group is None:
                return Rejection("judge-no-such-group")
            if group.verdict is action.verdict:
                return Rejection("judge-already-decided", {"verdict": action.verdict.value})
            if group.verdict is not action.seen:
                previous = "none" if group.verdict is None else group.verdict.value
                return Rejection("judge-decided-meanwhile", {"verdict": previous})
            if group.verdict is None:
                return [GroupDecided(group.key, action.verdict, action.by, group.teams[0])]
            return [VerdictChanged(group.key, action.verdict, action.by, group.verdict)]
    raise TypeError(f"not a judging action: {action!r}")


def _queue(judging: Judging, answers: tuple[QueuedAnswer, ...]) -> list[Event] | Rejection:
    """One ``AnswerQueued`` per answer, each new group's ``GroupAutoDecided`` right after its
    first answer where the format allows it; O(1) per answer."""
    events: list[Event] = []
    queued: set[int] = set()
    # Verdicts of this batch's new groups, so that their later answers are remembered too.
    decided: dict[str, tuple[Verdict | None, int | None]] = {}
    for answer in answers:
        if answer.team_id in judging.answers or answer.team_id in queued:
            return Rejection("judge-queued-twice")
        queued.add(answer.team_id)
        group = judging.groups.get(answer.key)
        if group is not None:
            verdict, decided_for = group.verdict, group.decided_for
        else:
            verdict, decided_for = decided.get(answer.key, (None, None))
        events.append(AnswerQueued(answer.team_id, answer.text, answer.key, answer.suggestion,
                                   answer.reason, answer.reason_args, verdict, decided_for))
        if group is None and answer.key not in decided:
            sure = _SURE.get(answer.suggestion) if answer.suggestion in judging.auto else None
            decided[answer.key] = (sure, answer.team_id if sure else None)
            if sure is not None:
                events.append(GroupAutoDecided(answer.key, sure, answer.team_id))
    return events


def evolve_judging(judging: Judging, ev: Event) -> Judging:
    """Apply one judging event; other events leave the queue as it is. O(1) each."""
    # Built directly rather than with dataclasses.replace: this runs once per answer of
    # thousands, and replace costs several times a plain constructor.
    match ev:
        case AnswerQueued():
            g = judging.groups.get(ev.key)
            if g is None:
                g = Group(ev.key, ev.text, ev.suggestion, ev.reason, ev.reason_args,
                          len(judging.groups), GrowingList((ev.team_id,)))
            else:
                g = Group(g.key, g.text, g.suggestion, g.reason, g.reason_args, g.order,
                          g.teams.appended(ev.team_id), g.verdict, g.by, g.decided_for)
            # The group's key, not the event's equal copy: one string per group in memory.
            answer = TeamAnswer(ev.team_id, ev.text, g.key)
            return Judging(judging.auto, judging.answers.set(ev.team_id, answer),
                           judging.groups.set(ev.key, g))
        case AnswerRegrouped():
            return _regrouped(judging, ev)
        case GroupAutoDecided():
            group = replace(judging.groups[ev.key], verdict=ev.verdict, by=None,
                            decided_for=ev.decided_for)
            return replace(judging, groups=judging.groups.set(ev.key, group))
        case GroupDecided():
            group = replace(judging.groups[ev.key], verdict=ev.verdict, by=ev.by,
                            decided_for=ev.decided_for)
            return replace(judging, groups=judging.groups.set(ev.key, group))
        case VerdictChanged():
            group = replace(judging.groups[ev.key], verdict=ev.verdict, by=ev.by)
            return replace(judging, groups=judging.groups.set(ev.key, group))
    return judging


def _regrouped(judging: Judging, ev: AnswerRegrouped) -> Judging:
    """``judging`` with the team moved from its group to the group of ``ev.key``; O(size of
    the group it leaves), which is rare (one explanation per team and question)."""
    left = judging.groups[ev.previous]
    left = replace(left, teams=GrowingList(tuple(t for t in left.teams if t != ev.team_id)))
    groups = judging.groups.set(ev.previous, left)
    joined = groups.get(ev.key)
    if joined is None:
        joined = Group(ev.key, ev.text, ev.suggestion, ev.reason, ev.reason_args,
                       len(groups), GrowingList((ev.team_id,)))
    elif joined.empty:
        # A group every team had left starts again from this answer, its verdict kept.
        joined = replace(joined, text=ev.text, teams=GrowingList((ev.team_id,)))
    else:
        joined = replace(joined, teams=joined.teams.appended(ev.team_id))
    return replace(judging, answers=judging.answers.set(
        ev.team_id, TeamAnswer(ev.team_id, ev.text, joined.key)), groups=groups.set(ev.key, joined))
