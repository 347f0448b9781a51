"""SYNC appeals (RULES.md SYNC-9, SYNC-10, SYNC-11): a sub-decider composed by the SYNC game
decider the way ``rules.roster`` is composed by DUEL. The game keeps an ``Appeals`` in its
state, delegates the actions below to ``decide_appeals`` / ``evolve_appeals``, arms
``appeal_timers``, and folds the outcomes into its table with ``with_appeals``.

The rules, and the decisions where the charter is silent:

* A team files at most one appeal per game (SYNC-9), through its captain, before the game
  ends; a rejected appeal still was the team's one. Two kinds, each with the team's text:
  a double answer (SYNC-9a) on a question the team answered and was judged wrong (not on one
  it got right, did not answer, or whose verdict is still to come), or a removal (SYNC-9b) on
  any question played. A question already removed, or whose double answer with this team's
  answer was already accepted, needs no appeal and takes none.
* The asking team appeals neither kind on its own question: it does not answer it (SYNC-5),
  and it vouched for the question with its author and source (SYNC-2); a removal it asked for
  would only take the point from the teams that answered it.
* The jury (``rules.sync.jury``) is fixed when the appeal is filed: the hosts then and the
  duty team's captain, or, when the duty team appeals this question (filed this appeal or
  another on the same question), the captain of the next team alphabetically that does not.
* Each juror votes privately, accept or reject, once: a vote cannot be changed, since the
  majority decides the moment it forms (``verdict``: possibly before everyone voted, a tie
  rejects) and a decision is final (SYNC-11); a vote the juror could take back would leave
  a decision standing on a majority that no longer exists. A non-juror is refused.
* On the spot or deferred (SYNC-10): any host may defer an open appeal, once; the jury then
  has 3 days (``DEFERRED_FOR``, an absolute UTC deadline in the event), the jurors who have
  not voted are reminded daily (``REMIND_EVERY``), and the appealing team's captain may
  attach evidence (text and links): the burden of proof is the team's. At the deadline an
  appeal without a majority is rejected, for the same burden of proof; a vote after the
  deadline is refused. Votes, deferral, evidence and the deadline all go on after the game
  has ended (``AFTER_GAME``), so a deferred appeal is decided in the game's log.
* An appeal on a question that an accepted removal took away meanwhile still waits for its
  jury, and its outcome changes nothing: the question scores no one.
* While any appeal is open the result is provisional (``open_appeals``); its question shows
  "?" for the teams it may change (``with_appeals``).
* Outcomes (SYNC-9): an accepted double answer on question N with the team's answer key K
  gives the point to every team whose answer key on N is K, besides the teams already right
  with the author's answer (``accepted_double``); an accepted removal scores the question for
  no one, its asking team included (``removed``). Keys are ``rules.judging``'s normalised
  answers, the same grouping the hosts judged.

What the composing game decider does: it sends ``FileAppeal``, ``VoteOnAppeal``,
``DeferAppeal``, ``AttachEvidence`` and every ``TimerFired`` named ``REMINDER``/``DEADLINE`` +
team id here, with its context (``decide_appeals``); it lets a finished game take
``after_game_actions`` and keeps arming ``appeal_timers`` after the end; it fires those timers
late rather than pausing for them after downtime (the deadline still rejects, a vote after it
is refused); it decides or defers the ``on_the_spot`` appeals before announcing the results,
and states its table and result through ``with_appeals``, provisional while ``open_appeals``.
Roles: a captain files and attaches evidence, a host defers; who votes is checked here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from rules.base import Event, Rejection, event
from rules.clock import TimerFired
from rules.growing import GrowingMap
from rules.judging import Verdict
from rules.sync.jury import ClubTeam, jury, verdict
from rules.sync.scoring import Scored

DEFERRED_FOR = timedelta(days=3)
"""How long the jury has to decide a deferred appeal (SYNC-10)."""
REMIND_EVERY = timedelta(days=1)
"""How often the jurors who have not voted on a deferred appeal are reminded."""
REMINDER = "appeal-reminder-"
"""The prefix of a deferred appeal's reminder timer; the appealing team's id follows."""
DEADLINE = "appeal-deadline-"
"""The prefix of a deferred appeal's deadline timer; the appealing team's id follows."""


class AppealKind(StrEnum):
    """What an appeal asks for: the team's answer credited beside the author's (SYNC-9a), or
    the question removed (SYNC-9b)."""

    DOUBLE = "double"
    REMOVAL = "removal"


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the appealing team attached to a deferred appeal: a text and links, by whom
    (player id), when (UTC)."""

    by: int
    text: str
    links: tuple[str, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class Appeal:
    """One team's appeal.

    ``question`` is the question's number in the game; ``key`` the team's normalised answer on
    it for a double answer (None for a removal); ``jurors`` the jury fixed at filing (player
    ids); ``votes`` juror -> accept?; ``deadline`` the end of the jury's 3 days once deferred
    (None on the spot) and ``remind_at`` the next reminder then; ``accepted`` the jury's
    decision, None while open, and ``by_deadline`` True when the deadline rejected it."""

    team_id: int
    question: int
    kind: AppealKind
    text: str
    key: str | None
    jurors: tuple[int, ...]
    filed_at: datetime
    votes: Mapping[int, bool] = field(default_factory=dict)
    deadline: datetime | None = None
    remind_at: datetime | None = None
    evidence: tuple[Evidence, ...] = ()
    accepted: bool | None = None
    by_deadline: bool = False

    @property
    def open(self) -> bool:
        """True until the jury has decided (SYNC-11: then never again)."""
        return self.accepted is None

    @property
    def deferred(self) -> bool:
        """True once the hosts deferred it for checking (SYNC-10)."""
        return self.deadline is not None

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The jurors who have not voted yet, in jury order."""
        return tuple(juror for juror in self.jurors if juror not in self.votes)


@dataclass(frozen=True, slots=True)
class Appeals:
    """A game's appeals by appealing team id (one each, SYNC-9), and the teams whose appeal
    is still open (few: timers and the provisional flag read only these)."""

    by_team: GrowingMap[int, Appeal] = field(default_factory=GrowingMap)
    open_teams: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class QuestionFacts:
    """What the game knows of the question a team appeals, for that team: whether it was
    played (its answers were taken; a shoot-out question is not one of the main table's),
    its asking team (None: the organisers'), the team's normalised answer key from
    ``rules.judging`` (None: no answer) and the team's verdict (None: not judged yet or no
    answer)."""

    played: bool
    asking_team: int | None = None
    key: str | None = None
    verdict: Verdict | None = None


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileAppeal:
    """The captain ``by`` files the team's appeal on question ``question`` with ``text``."""

    by: int
    question: int
    kind: AppealKind
    text: str


@dataclass(frozen=True, slots=True)
class VoteOnAppeal:
    """Juror ``by`` votes on the appeal of team ``team_id``: accept or reject, privately."""

    by: int
    team_id: int
    accept: bool


@dataclass(frozen=True, slots=True)
class DeferAppeal:
    """A host defers the appeal of team ``team_id`` for checking (SYNC-10)."""

    by: int
    team_id: int


@dataclass(frozen=True, slots=True)
class AttachEvidence:
    """The appealing team's captain ``by`` attaches ``text`` and ``links`` to its deferred
    appeal."""

    by: int
    text: str
    links: tuple[str, ...] = ()


AppealAction = FileAppeal | VoteOnAppeal | DeferAppeal | AttachEvidence | TimerFired

AFTER_GAME = (VoteOnAppeal, DeferAppeal, AttachEvidence, TimerFired)
"""The appeal actions a finished game still takes (a ``FileAppeal`` is refused then)."""


# --- events --------------------------------------------------------------------------------


@event("sync.appeal.filed")
@dataclass(frozen=True, slots=True)
class AppealFiled(Event):
    """Team ``team_id`` appealed question ``question`` (``appeal_kind``; ``key``: its
    answer, for a double answer); ``jurors`` is the jury, fixed now; ``at`` the time (UTC)."""

    team_id: int
    question: int
    appeal_kind: AppealKind
    text: str
    key: str | None
    jurors: tuple[int, ...]
    at: datetime


@event("sync.appeal.voted")
@dataclass(frozen=True, slots=True)
class AppealVoted(Event):
    """Juror ``juror`` voted on team ``team_id``'s appeal. Private: the format shows the
    jury's count of votes, never who voted how."""

    team_id: int
    juror: int
    accept: bool


@event("sync.appeal.deferred")
@dataclass(frozen=True, slots=True)
class AppealDeferred(Event):
    """Host ``by`` deferred team ``team_id``'s appeal: the jury decides by ``deadline`` (UTC),
    the first reminder at ``remind_at`` (None when the deadline comes first)."""

    team_id: int
    by: int
    deadline: datetime
    remind_at: datetime | None


@event("sync.appeal.evidence")
@dataclass(frozen=True, slots=True)
class EvidenceAttached(Event):
    """The appealing team's captain ``by`` attached ``text`` and ``links`` at ``at`` (UTC)."""

    team_id: int
    by: int
    text: str
    links: tuple[str, ...]
    at: datetime


@event("sync.appeal.reminded")
@dataclass(frozen=True, slots=True)
class JurorsReminded(Event):
    """The ``jurors`` who have not voted on team ``team_id``'s appeal are reminded that the
    jury decides by ``deadline``; the next reminder is at ``next_at`` (None: none before the
    deadline)."""

    team_id: int
    jurors: tuple[int, ...]
    deadline: datetime
    next_at: datetime | None


@event("sync.appeal.decided")
@dataclass(frozen=True, slots=True)
class AppealDecided(Event):
    """The jury decided team ``team_id``'s appeal on ``question`` (``appeal_kind``, ``key``
    as filed): ``accepted`` or not; ``by_deadline`` when the deadline passed without a
    majority (rejected, the burden of proof being the team's). Final (SYNC-11)."""

    team_id: int
    question: int
    appeal_kind: AppealKind
    key: str | None
    accepted: bool
    by_deadline: bool = False


# --- reading -------------------------------------------------------------------------------


def open_appeals(appeals: Appeals) -> tuple[Appeal, ...]:
    """The appeals the jury has not decided, in order of filing; while there is one, the
    game's result is provisional (SYNC-10)."""
    return tuple(sorted((appeals.by_team[team] for team in appeals.open_teams),
                        key=lambda appeal: (appeal.filed_at, appeal.team_id)))


def on_the_spot(appeals: Appeals) -> tuple[Appeal, ...]:
    """The open appeals not deferred: to decide, or defer, before the results are announced
    (SYNC-10)."""
    return tuple(appeal for appeal in open_appeals(appeals) if not appeal.deferred)


def accepted_double(appeals: Appeals) -> dict[int, frozenset[str]]:
    """Question -> the answer keys credited beside the author's by accepted double-answer
    appeals (SYNC-9a)."""
    out: dict[int, set[str]] = {}
    for appeal in appeals.by_team.values():
        if appeal.accepted and appeal.kind is AppealKind.DOUBLE:
            out.setdefault(appeal.question, set()).add(appeal.key)
    return {question: frozenset(keys) for question, keys in out.items()}


def removed(appeals: Appeals) -> frozenset[int]:
    """The questions removed by accepted removal appeals (SYNC-9b)."""
    return frozenset(appeal.question for appeal in appeals.by_team.values()
                     if appeal.accepted and appeal.kind is AppealKind.REMOVAL)


def with_appeals(appeals: Appeals, scored: Sequence[Scored],
                 keys: Mapping[int, Mapping[int, str]]) -> list[Scored]:
    """The main table's questions ``scored`` (as judged) with the appeals applied.

    ``keys`` maps question -> team -> that team's normalised answer key (teams that handed
    in). A removed question is ``removed`` (SYNC-9b); an accepted double answer adds to
    ``correct`` every team whose key is a credited one, and they are no longer pending
    (SYNC-9a); an open appeal makes ``pending`` the teams it may change: on a double answer
    those with its key not already right, on a removal every team that answered or is right.
    Other questions are returned as they are."""
    doubles = accepted_double(appeals)
    gone = removed(appeals)
    disputed: dict[int, list[Appeal]] = {}
    for appeal in open_appeals(appeals):
        disputed.setdefault(appeal.question, []).append(appeal)
    out = []
    for question in scored:
        number = question.number
        if number in gone:
            question = replace(question, removed=True)
        elif number in doubles or number in disputed:
            answers = keys.get(number, {})
            credited = doubles.get(number, frozenset())
            correct = question.correct | {t for t, k in answers.items() if k in credited}
            pending = set(question.pending) - correct
            for appeal in disputed.get(number, ()):
                if appeal.kind is AppealKind.REMOVAL:
                    pending |= set(answers) | correct
                else:
                    pending |= {t for t, k in answers.items() if k == appeal.key} - correct
            question = replace(question, correct=frozenset(correct),
                               pending=frozenset(pending))
        out.append(question)
    return out


def appeal_timers(appeals: Appeals) -> dict[str, datetime]:
    """The deadlines (UTC) to arm, by name: for each open deferred appeal its deadline
    (``DEADLINE`` + team id) and its next reminder (``REMINDER`` + team id). After the game's
    end too: the game decider merges them into its own timers."""
    due: dict[str, datetime] = {}
    for team in appeals.open_teams:
        appeal = appeals.by_team[team]
        if appeal.deferred:
            due[f"{DEADLINE}{team}"] = appeal.deadline
            if appeal.remind_at is not None:
                due[f"{REMINDER}{team}"] = appeal.remind_at
    return due


def after_game_actions(appeals: Appeals) -> frozenset[type]:
    """The appeal actions a finished game accepts: ``AFTER_GAME`` while an appeal is open,
    none once all are decided."""
    return frozenset(AFTER_GAME) if appeals.open_teams else frozenset()


# --- deciding ------------------------------------------------------------------------------


def decide_appeals(appeals: Appeals, action: AppealAction, now: datetime, *, over: bool,
                   hosts: Sequence[int], teams: Sequence[ClubTeam], duty: int | None,
                   question: QuestionFacts | None = None) -> list[Event] | Rejection:
    """Validate an appeal action at ``now`` (UTC).

    Context from the game: ``over`` once the game has ended; ``hosts`` the host and
    co-hosts now; ``teams`` the game's teams with their captains; ``duty`` the duty team's
    id (SYNC-4); ``question`` the facts of the appealed question for the filing team (needed
    for ``FileAppeal`` only; None: no such question). A ``TimerFired`` not named by
    ``appeal_timers``, or stale, does nothing. Returns the events to store, or a Rejection
    with a reason key of ``sync-appeals.ftl``; never raises for an action of this module.
    """
    match action:
        case FileAppeal():
            return _file(appeals, action, now, over, hosts, teams, duty, question)
        case VoteOnAppeal():
            return _vote(appeals, action, now)
        case DeferAppeal():
            appeal = appeals.by_team.get(action.team_id)
            if action.by not in hosts:
                return Rejection("sync-appeal-hosts-only")
            if appeal is None:
                return Rejection("sync-appeal-none")
            if not appeal.open:
                return Rejection("sync-appeal-final")
            if appeal.deferred:
                return Rejection("sync-appeal-already-deferred",
                                 {"deadline": appeal.deadline})
            deadline = now + DEFERRED_FOR
            return [AppealDeferred(appeal.team_id, action.by, deadline,
                                   _reminder(now + REMIND_EVERY, deadline))]
        case AttachEvidence():
            team = next((t for t in teams if t.captain == action.by), None)
            appeal = None if team is None else appeals.by_team.get(team.id)
            if appeal is None:
                return Rejection("sync-appeal-none")
            if not appeal.open:
                return Rejection("sync-appeal-final")
            if not appeal.deferred:
                return Rejection("sync-appeal-evidence-not-deferred")
            if now >= appeal.deadline:
                return Rejection("sync-appeal-deadline-passed",
                                 {"deadline": appeal.deadline})
            text, links = action.text.strip(), tuple(link.strip() for link in action.links)
            links = tuple(link for link in links if link)
            if not text and not links:
                return Rejection("sync-appeal-evidence-empty")
            return [EvidenceAttached(appeal.team_id, action.by, text, links, now)]
        case TimerFired(name=name, deadline=deadline):
            return _timer(appeals, name, deadline, now)
    raise TypeError(f"not an appeal action: {action!r}")


def _file(appeals: Appeals, action: FileAppeal, now: datetime, over: bool,
          hosts: Sequence[int], teams: Sequence[ClubTeam], duty: int | None,
          facts: QuestionFacts | None) -> list[Event] | Rejection:
    """``AppealFiled`` for a valid filing (SYNC-9), with its jury (SYNC-10)."""
    team = next((t for t in teams if t.captain == action.by), None)
    if team is None:
        return Rejection("sync-appeal-captains-only")
    if over:
        return Rejection("sync-appeal-game-over")
    if team.id in appeals.by_team:
        return Rejection("sync-appeal-one-per-game",
                         {"number": appeals.by_team[team.id].question})
    if facts is None or not facts.played:
        return Rejection("sync-appeal-no-such-question", {"number": action.question})
    if facts.asking_team == team.id:
        return Rejection("sync-appeal-own-question", {"number": action.question})
    if not action.text.strip():
        return Rejection("sync-appeal-no-text")
    if action.question in removed(appeals):
        return Rejection("sync-appeal-already-removed", {"number": action.question})
    key = None
    if action.kind is AppealKind.DOUBLE:
        if facts.key is None:
            return Rejection("sync-appeal-double-no-answer", {"number": action.question})
        if facts.verdict is None:
            return Rejection("sync-appeal-double-not-judged", {"number": action.question})
        if facts.verdict is Verdict.ACCEPT:
            return Rejection("sync-appeal-double-was-right", {"number": action.question})
        if facts.key in accepted_double(appeals).get(action.question, ()):
            return Rejection("sync-appeal-double-already-credited",
                             {"number": action.question})
        key = facts.key
    same_question = {a.team_id for a in appeals.by_team.values()
                     if a.question == action.question}
    jurors = jury(hosts, teams, duty, frozenset({team.id} | same_question))
    return [AppealFiled(team.id, action.question, action.kind, action.text.strip(), key,
                        jurors, now)]


def _vote(appeals: Appeals, action: VoteOnAppeal, now: datetime) -> list[Event] | Rejection:
    """The vote, and the decision once the votes cast make a majority (SYNC-10, SYNC-11)."""
    appeal = appeals.by_team.get(action.team_id)
    if appeal is None:
        return Rejection("sync-appeal-none")
    if not appeal.open:
        return Rejection("sync-appeal-final")
    if action.by not in appeal.jurors:
        return Rejection("sync-appeal-not-juror")
    if action.by in appeal.votes:
        return Rejection("sync-appeal-already-voted")
    if appeal.deferred and now >= appeal.deadline:
        return Rejection("sync-appeal-deadline-passed", {"deadline": appeal.deadline})
    voted = AppealVoted(appeal.team_id, action.by, action.accept)
    decision = verdict(appeal.jurors, {**appeal.votes, action.by: action.accept})
    if decision is None:
        return [voted]
    return [voted, _decided(appeal, decision)]


def _timer(appeals: Appeals, name: str, deadline: datetime, now: datetime
           ) -> list[Event] | Rejection:
    """A deferred appeal's reminder or deadline; a stale timer does nothing."""
    if appeal_timers(appeals).get(name) != deadline:
        return []
    if name.startswith(DEADLINE):
        appeal = appeals.by_team[int(name.removeprefix(DEADLINE))]
        return [_decided(appeal, False, by_deadline=True)]
    appeal = appeals.by_team[int(name.removeprefix(REMINDER))]
    if now >= appeal.deadline:  # fired late, past the deadline: the deadline decides
        return []
    return [JurorsReminded(appeal.team_id, appeal.waiting_for, appeal.deadline,
                           _reminder(deadline + REMIND_EVERY, appeal.deadline))]


def _reminder(at: datetime, deadline: datetime) -> datetime | None:
    """``at``, when it comes before ``deadline``; None otherwise."""
    return at if at < deadline else None


def _decided(appeal: Appeal, accepted: bool, *, by_deadline: bool = False) -> AppealDecided:
    return AppealDecided(appeal.team_id, appeal.question, appeal.kind, appeal.key, accepted,
                         by_deadline)


# --- evolving ------------------------------------------------------------------------------


def evolve_appeals(appeals: Appeals, ev: Event) -> Appeals:
    """Apply one appeal event; other events leave the appeals as they are."""
    match ev:
        case AppealFiled():
            appeal = Appeal(ev.team_id, ev.question, ev.appeal_kind, ev.text, ev.key, ev.jurors,
                            ev.at)
            return Appeals(appeals.by_team.set(ev.team_id, appeal),
                           appeals.open_teams | {ev.team_id})
        case AppealVoted():
            appeal = appeals.by_team[ev.team_id]
            return _with(appeals, replace(appeal, votes={**appeal.votes, ev.juror: ev.accept}))
        case AppealDeferred():
            appeal = replace(appeals.by_team[ev.team_id], deadline=ev.deadline,
                             remind_at=ev.remind_at)
            return _with(appeals, appeal)
        case EvidenceAttached():
            appeal = appeals.by_team[ev.team_id]
            evidence = Evidence(ev.by, ev.text, ev.links, ev.at)
            return _with(appeals, replace(appeal, evidence=(*appeal.evidence, evidence)))
        case JurorsReminded():
            return _with(appeals, replace(appeals.by_team[ev.team_id], remind_at=ev.next_at))
        case AppealDecided():
            appeal = replace(appeals.by_team[ev.team_id], accepted=ev.accepted,
                             by_deadline=ev.by_deadline, remind_at=None)
            return Appeals(appeals.by_team.set(ev.team_id, appeal),
                           appeals.open_teams - {ev.team_id})
    return appeals


def _with(appeals: Appeals, appeal: Appeal) -> Appeals:
    return replace(appeals, by_team=appeals.by_team.set(appeal.team_id, appeal))

