"""SYNC before the game (RULES.md SYNC-1..SYNC-4): registration, the teams' questions, the fee,
the duty team and substitutions. A sub-decider, composed the way ``rules.roster`` is: the game's
state holds a ``Registration``, delegates the actions below to ``decide_registration`` and
every event to ``evolve_registration``, and arms ``registration_timers``. The state, actions
and events are in ``rules.sync.enrolment``; this module decides and folds.

Decisions where the charter is silent or the bot differs from a room with e-mail:

* The deadline is the game's date and time less ``CLOSES_BEFORE`` (3 days, SYNC-2), stored
  absolute in the events; when the host moves the game the deadline moves with it (by the same
  lead time), and a reminder and the closing are due again for the new deadline.
* Until the deadline a captain registers a team and players join it freely; after it (or once
  the game has started) the roster changes only by a substitution the host approves (SYNC-1).
  A late registration or join is refused with the deadline.
* Team size: no team ever has more than ``CLUB_MAX_PLAYERS`` (8, the charter's team size;
  checked at each join and substitution). The limits of the game's kind (training up to 8,
  qualifying and championship 4..6, SYNC-1) are checked when the game starts
  (``size_problems``): a squad may gather before it, so a join never fails for a team still
  short of 4. After the start a substitution must keep the team within them.
* Team questions (SYNC-2): at most 3 per team, each whole (text, answer, accepted answers,
  comment, author, source; text, answer, author and source required, as the charter asks for
  author and source). A question whose text has no Cyrillic letter is taken and flagged
  (``no_cyrillic``) so the captain is told. Until the deadline the captain may replace a
  question the hosts have not approved (rejected, or not reviewed yet); an approved one stays.
  The hosts review a question by its id, so a tap on a question since replaced is refused; a
  rejection needs a reason; the hosts may review a question again (until the game asks it).
* Substitutions (SYNC-1): the captain asks (a player out, a player in, or only one of them);
  the host approves or refuses. Approved before the game starts, it applies at once (the next
  question is the first); approved during the game, it waits for the next question:
  ``due_substitutions`` gives the roster events the game applies when it asks it. The captain
  cannot be substituted out (hand the captaincy over first).
* Duty (SYNC-4): the announcement names the rotation's team; when registration closes (its
  deadline, or round 1 of a game played now) with no registered team on duty, the next
  registered team in the rotation is (the first one alphabetically in a club's first game).
  The host may name another registered team at any time.
* The fee (SYNC-3): the amount and currency come with the game from the club's settings; the
  host records paid or not paid; a team with nothing recorded is unpaid.

Scale: thousands of teams register for one game, so every action finds its team by an index
(``rules.growing``: teams by id, by folded name, players' teams); none scans the teams. Only
the host's commands that list teams (``unpaid``, ``size_problems``, ``approved_counts``) do.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from datetime import datetime, timedelta

from rules.base import Event, Rejection
from rules.clock import TimerFired
from rules.roster import (
    CaptainChanged,
    HandOverCaptaincy,
    JoinTeam,
    PlayerJoined,
    PlayerLeft,
    RegisterTeam,
    Team,
    TeamRegistered,
)
from rules.sync.club import QUALIFYING_PLAYERS, TRAINING_MAX_PLAYERS, alphabetical, next_duty
from rules.sync.enrolment import (
    CLOSES_BEFORE,
    NONE,
    REMINDER_BEFORE,
    ChangeDuty,
    DecideSubstitution,
    DutyChanged,
    FeeRecorded,
    GameKind,
    GameMoved,
    MoveGame,
    QuestionReviewed,
    QuestionSubmitted,
    RecordFee,
    Registration,
    RegistrationAction,
    RegistrationClosed,
    RegistrationOpened,
    RegistrationReminded,
    RequestSubstitution,
    Review,
    ReviewQuestion,
    SubmitQuestion,
    SubmittedQuestion,
    Substitution,
    SubstitutionApplied,
    SubstitutionDecided,
    SubstitutionRequested,
    TeamQuestion,
)

CLUB_MAX_PLAYERS = TRAINING_MAX_PLAYERS
"""Members of a team at most, in any game (SYNC-1: the team size is limited to 8)."""
QUESTIONS_PER_TEAM = 3
"""Questions a team submits at most (SYNC-2)."""
REMINDER = "registration-reminder"
"""The timer of the reminder before the deadline."""
CLOSE = "registration-close"
"""The timer that announces the closing of registration at the deadline."""


def team_size(kind: GameKind) -> tuple[int, int]:
    """Fewest and most players of a team in a game of ``kind`` (SYNC-1)."""
    return (1, TRAINING_MAX_PLAYERS) if kind is GameKind.TRAINING else QUALIFYING_PLAYERS


def has_cyrillic(text: str) -> bool:
    """True when ``text`` has a Cyrillic letter (SYNC-2: questions are typed in Cyrillic)."""
    return any(ch.isalpha() and unicodedata.name(ch, "").startswith("CYRILLIC") for ch in text)


# --- creating and moving the game ----------------------------------------------------------


def open_registration(now: datetime, starts_at: datetime, kind: GameKind, *,
                      club_teams: tuple[str, ...], last_duty: str | None, fee: int,
                      currency: str, closes_before: timedelta = CLOSES_BEFORE
                      ) -> list[Event] | Rejection:
    """The event that announces a game at ``starts_at`` (UTC) with its registration, or why not.

    ``club_teams`` are the names of the club's teams and ``last_duty`` the previous game's duty
    team (the club's history, outside this game's log): the duty team is the next in the
    alphabetical rotation (SYNC-4, ``club.next_duty``). ``fee`` is the club's fee per team in
    minor units of ``currency`` (SYNC-3). ``closes_before`` is the lead time of the deadline
    (3 days, SYNC-2). Refused when the deadline is already past at ``now``.
    """
    deadline = starts_at - closes_before
    if deadline <= now:
        return Rejection("sync-date-too-soon", {"deadline": deadline,
                                                "days": closes_before.days})
    return [RegistrationOpened(starts_at, deadline, kind, next_duty(club_teams, last_duty),
                               fee, currency, now)]


def played_now(opened: RegistrationOpened) -> bool:
    """True for a game announced without a date (``rules.sync.decide.announce``: played
    now, registration open until round 1): its registration closes when it starts, where a
    dated game's closes ``CLOSES_BEFORE`` earlier (SYNC-2)."""
    return opened.deadline == opened.starts_at


def initial_registration(opened: RegistrationOpened) -> Registration:
    """The registration right after ``opened``."""
    return Registration(starts_at=opened.starts_at, deadline=opened.deadline, kind=opened.game_kind,
                        duty=opened.duty, fee=opened.fee, currency=opened.currency,
                        since=opened.at)


# --- what the game reads -------------------------------------------------------------------


def is_open(reg: Registration, now: datetime, *, started: bool) -> bool:
    """True while teams may register and join and questions may be submitted: before the
    deadline and before the game has started (SYNC-2)."""
    return not started and now < reg.deadline


def team_of(reg: Registration, player: int) -> Team | None:
    """The team ``player`` plays for, or None; O(1)."""
    team_id = reg.player_team.get(player)
    return None if team_id is None else reg.teams[team_id]


def team_named(reg: Registration, name: str) -> Team | None:
    """The team called ``name`` ignoring case, or None; O(1)."""
    team_id = reg.team_ids.get(name.strip().casefold())
    return None if team_id is None else reg.teams[team_id]


def duty_team(reg: Registration) -> Team | None:
    """The duty team (SYNC-4) when it registered for this game, else None (for the jury,
    SYNC-10)."""
    return None if reg.duty is None else team_named(reg, reg.duty)


def duty_on_close(reg: Registration) -> list[Event]:
    """The duty team named when registration closes, when none of the registered teams is on
    duty (SYNC-4, so that an appeal's jury has the duty team's captain, SYNC-10): the next
    registered team in the alphabetical rotation after the one named (the first team for a
    club's first game, as the rotation picks for its second). Empty with a registered duty
    team, or with no team. O(teams), once per game."""
    if not reg.teams or duty_team(reg) is not None:
        return []
    names = [team.name for team in reg.teams.values()]
    return [DutyChanged(next_duty(names, reg.duty), None)]


def questions_of(reg: Registration, team_id: int) -> tuple[SubmittedQuestion, ...]:
    """The team's current questions (replaced ones left out) in their order, whatever their
    review."""
    return tuple(reg.questions[qid] for qid in reg.slots.get(team_id, ()))


def approved_questions(reg: Registration, team_id: int) -> tuple[SubmittedQuestion, ...]:
    """The team's questions the hosts approved, in their order: what round 2 asks (SYNC-5).
    The game may ask one not approved (``questions_of``), scored differently (SYNC-7)."""
    return tuple(q for q in questions_of(reg, team_id) if q.review is Review.APPROVED)


def approved_counts(reg: Registration) -> dict[int, int]:
    """Approved questions per registered team, for ``club.proposed_team_questions``."""
    return {team_id: len(approved_questions(reg, team_id)) for team_id in reg.teams}


def unpaid(reg: Registration) -> list[Team]:
    """The teams whose fee is not recorded as paid (SYNC-3), in alphabetical order."""
    return alphabetical((t for t in reg.teams.values() if reg.paid.get(t.id) is not True),
                        key=lambda team: team.name)


def size_problems(reg: Registration) -> Rejection | None:
    """Why the game cannot start for the size of its teams (SYNC-1), or None: the teams with
    fewer or more players than the game's kind allows, counted with the substitutions that
    wait for the first question. The game calls it when the host starts the game."""
    low, high = team_size(reg.kind)
    wrong = [(t, size) for t in reg.teams.values()
             if not low <= (size := _size_after_due(reg, t)) <= high]
    if not wrong:
        return None
    listed = ", ".join(f"{t.name} ({size})" for t, size in
                       alphabetical(wrong, key=lambda pair: pair[0].name))
    return Rejection("sync-team-sizes", {"teams": listed, "min": low, "max": high,
                                         "count": len(wrong)})


def due_substitutions(reg: Registration) -> list[Event]:
    """The events that put the approved substitutions into effect, in the order approved:
    for each, the player out leaves (``PlayerLeft``), the player in joins (``PlayerJoined``),
    then ``SubstitutionApplied``. The game stores them when it asks its next question, before
    the question, so a player brought in mid-question hands in from the next one (SYNC-1)."""
    events: list[Event] = []
    for request_id in reg.due:
        events.extend(_applying(reg.substitutions[request_id]))
    return events


def registration_timers(reg: Registration) -> dict[str, datetime]:
    """The deadlines (UTC) to arm: the reminder ``REMINDER_BEFORE`` the deadline (unless that
    moment had passed when the game was announced or moved, and not once registration has
    closed) and the closing at the deadline, each until it fired for the current deadline.
    Derived from the state, so they survive a restart."""
    timers: dict[str, datetime] = {}
    reminder = reg.deadline - REMINDER_BEFORE
    if reg.reminded != reg.deadline and reg.closed != reg.deadline and reminder > reg.since:
        timers[REMINDER] = reminder
    if reg.closed != reg.deadline:
        timers[CLOSE] = reg.deadline
    return timers


# --- decide --------------------------------------------------------------------------------


def decide_registration(reg: Registration, action: RegistrationAction, now: datetime, *,
                        max_teams: int, started: bool) -> list[Event] | Rejection:
    """Validate a registration action at ``now`` (UTC): the events to store, or a Rejection
    with a reason key from ``sync.ftl`` (the roster's refusals keep their ``game.ftl`` keys).

    ``max_teams`` bounds the teams of the game; ``started`` is True once the game has started.
    Roles are checked by the caller (``PERMISSIONS`` in ``rules.sync.enrolment``); this checks
    which team, the deadline and the arguments. A ``TimerFired`` not named by
    ``registration_timers`` is not for this part: the caller routes only ours. Never raises
    for an action of this module.
    """
    match action:
        case RegisterTeam() | JoinTeam():
            if not is_open(reg, now, started=started):
                return Rejection("sync-registration-closed", {"deadline": reg.deadline})
            return _register(reg, action, max_teams)
        case HandOverCaptaincy(by=by, player=player):
            return _hand_over(reg, by, player)
        case SubmitQuestion():
            if not is_open(reg, now, started=started):
                return Rejection("sync-questions-closed", {"deadline": reg.deadline})
            return _submit(reg, action)
        case ReviewQuestion():
            return _review(reg, action)
        case RecordFee(by=by, team_id=team_id, paid=paid):
            if team_id not in reg.teams:
                return Rejection("sync-no-such-team")
            return [FeeRecorded(team_id, paid, reg.fee, reg.currency, by)]
        case ChangeDuty(by=by, team_name=name):
            if not name.strip():
                return Rejection("sync-duty-empty")
            team = team_named(reg, name)
            return [DutyChanged(team.name if team is not None else name.strip(), by)]
        case MoveGame(starts_at=starts_at):
            if started:
                return Rejection("sync-already-started")
            if starts_at <= now:
                return Rejection("sync-date-past", {"date": starts_at})
            return [GameMoved(starts_at, starts_at - (reg.starts_at - reg.deadline), now)]
        case RequestSubstitution():
            return _request(reg, action, started)
        case DecideSubstitution():
            return _decide_substitution(reg, action, started)
        case TimerFired(name=name, deadline=deadline):
            if registration_timers(reg).get(name) != deadline:
                return []  # a stale firing: the game was moved since
            if name == REMINDER:
                return [RegistrationReminded(reg.deadline)] if now < reg.deadline else []
            return [RegistrationClosed(reg.deadline, len(reg.teams)), *duty_on_close(reg)]
    raise TypeError(f"not a registration action: {action!r}")


def _register(reg: Registration, action: RegisterTeam | JoinTeam, max_teams: int
              ) -> list[Event] | Rejection:
    current = team_of(reg, action.by)
    if current is not None:
        return Rejection("roster-already-in-team", {"team": current.name})
    named = team_named(reg, action.team_name)
    if isinstance(action, RegisterTeam):
        if named is not None or action.team_id in reg.teams:
            return Rejection("roster-team-exists", {"team": action.team_name})
        if len(reg.teams) >= max_teams:
            return Rejection("roster-too-many-teams", {"count": max_teams})
        return [TeamRegistered(action.team_id, action.team_name.strip(), action.by,
                               action.by_name)]
    if named is None:
        return Rejection("roster-no-such-team", {"team": action.team_name})
    if len(named.members) >= CLUB_MAX_PLAYERS:
        return Rejection("sync-team-full", {"team": named.name, "count": CLUB_MAX_PLAYERS})
    return [PlayerJoined(named.id, action.by, action.by_name)]


def _hand_over(reg: Registration, by: int, player: int) -> list[Event] | Rejection:
    team = team_of(reg, player)
    if team is None:
        return Rejection("roster-not-a-member", {"name": reg.names.get(player, "?")})
    # The caller let through a captain or a host; one who plays in no team is a host (hosts do
    # not play), who may hand over any team's captaincy.
    if by != team.captain and team_of(reg, by) is not None:
        return Rejection("roster-not-your-team")
    return [CaptainChanged(team.id, player)]


def _captains_team(reg: Registration, by: int) -> Team | Rejection:
    team = team_of(reg, by)
    if team is None or team.captain != by:
        return Rejection("sync-not-captain")
    return team


def _submit(reg: Registration, action: SubmitQuestion) -> list[Event] | Rejection:
    team = _captains_team(reg, action.by)
    if isinstance(team, Rejection):
        return team
    q = action.question
    for name, value in (("text", q.text), ("answer", q.answer), ("author", q.author),
                        ("source", q.source)):
        if value.strip() in ("", NONE):
            return Rejection("sync-question-missing", {"field": name})
    current = reg.slots.get(team.id, ())
    replaces = None
    if action.replaces is None:
        if len(current) >= QUESTIONS_PER_TEAM:
            return Rejection("sync-questions-full", {"count": QUESTIONS_PER_TEAM})
        number = len(current) + 1
    else:
        number = action.replaces
        if not 1 <= number <= len(current):
            return Rejection("sync-question-no-such", {"number": number})
        replaces = current[number - 1]
        if reg.questions[replaces].review is Review.APPROVED:
            return Rejection("sync-question-approved", {"number": number})
    accepted = tuple(a.strip() for a in q.accepted if a.strip())
    return [QuestionSubmitted(len(reg.questions) + 1, team.id, number, q.text.strip(),
                              q.answer.strip(), accepted, q.comment.strip(), q.author.strip(),
                              q.source.strip(), not has_cyrillic(q.text), replaces)]


def _review(reg: Registration, action: ReviewQuestion) -> list[Event] | Rejection:
    question = reg.questions.get(action.question_id)
    if question is None:
        return Rejection("sync-question-unknown")
    slots = reg.slots.get(question.team_id, ())
    if slots[question.number - 1] != question.id:
        return Rejection("sync-question-replaced", {"number": question.number})
    reason = action.reason.strip()
    if not action.approve and not reason:
        return Rejection("sync-question-reason")
    return [QuestionReviewed(question.id, question.team_id, question.number, action.approve,
                             reason, action.by)]


def _size_after_due(reg: Registration, team: Team) -> int:
    """The team's size once the substitutions approved for it have taken effect."""
    size = len(team.members)
    for request_id in reg.due:
        sub = reg.substitutions[request_id]
        if sub.team_id == team.id:
            size += (sub.player_in is not None) - (sub.player_out is not None)
    return size


def _check_substitution(reg: Registration, team: Team, player_out: int | None,
                        player_in: int | None, started: bool) -> Rejection | None:
    """Why substituting ``player_out`` by ``player_in`` in ``team`` is not possible now, or
    None. Approved substitutions still due count as done."""
    if player_in == player_out:  # both None, or the same player
        return Rejection("sync-sub-empty")
    due = [reg.substitutions[request_id] for request_id in reg.due]
    if player_out is not None:
        if player_out not in team.members or any(s.player_out == player_out for s in due):
            return Rejection("sync-sub-not-in-team", {"name": reg.names.get(player_out, "?"),
                                                      "team": team.name})
        if player_out == team.captain:
            return Rejection("sync-sub-captain-out")
    if player_in is not None:
        playing = team_of(reg, player_in)
        if playing is not None:
            return Rejection("roster-already-in-team", {"team": playing.name})
        if any(s.player_in == player_in for s in due):
            return Rejection("sync-sub-already-coming")
    size = _size_after_due(reg, team) + (player_in is not None) - (player_out is not None)
    low, high = team_size(reg.kind) if started else (1, CLUB_MAX_PLAYERS)
    if not low <= size <= high:
        return Rejection("sync-sub-size", {"count": size, "min": low, "max": high})
    return None


def _request(reg: Registration, action: RequestSubstitution, started: bool
             ) -> list[Event] | Rejection:
    team = _captains_team(reg, action.by)
    if isinstance(team, Rejection):
        return team
    refused = _check_substitution(reg, team, action.player_out, action.player_in, started)
    if refused is not None:
        return refused
    return [SubstitutionRequested(len(reg.substitutions) + 1, team.id, action.player_out,
                                  action.player_in, action.player_in_name.strip())]


def _decide_substitution(reg: Registration, action: DecideSubstitution, started: bool
                         ) -> list[Event] | Rejection:
    sub = reg.substitutions.get(action.request_id)
    if sub is None:
        return Rejection("sync-sub-unknown")
    if sub.approved is not None:
        return Rejection("sync-sub-decided")
    decided = SubstitutionDecided(sub.id, sub.team_id, action.approve, action.by)
    if not action.approve:
        return [decided]
    # The roster may have changed since the captain asked: check again.
    refused = _check_substitution(reg, reg.teams[sub.team_id], sub.player_out, sub.player_in,
                                  started)
    if refused is not None:
        return refused
    return [decided] if started else [decided, *_applying(sub)]


def _applying(sub: Substitution) -> list[Event]:
    """The events that put ``sub`` into effect."""
    events: list[Event] = []
    if sub.player_out is not None:
        events.append(PlayerLeft(sub.team_id, sub.player_out))
    if sub.player_in is not None:
        events.append(PlayerJoined(sub.team_id, sub.player_in, sub.player_in_name))
    events.append(SubstitutionApplied(sub.id, sub.team_id))
    return events


# --- evolve --------------------------------------------------------------------------------


def evolve_registration(reg: Registration, ev: Event) -> Registration:
    """Apply one event; other events leave the registration as it is. O(1) per event but
    for a substitution's (``rules.growing``)."""
    match ev:
        case TeamRegistered():
            team = Team(ev.team_id, ev.team_name, ev.captain, (ev.captain,))
            return replace(reg, teams=reg.teams.set(team.id, team),
                           team_ids=reg.team_ids.set(team.name.casefold(), team.id),
                           player_team=reg.player_team.set(ev.captain, team.id),
                           names=reg.names.set(ev.captain, ev.captain_name))
        case PlayerJoined():
            team = reg.teams[ev.team_id]
            team = Team(team.id, team.name, team.captain, (*team.members, ev.player))
            return replace(reg, teams=reg.teams.set(team.id, team),
                           player_team=reg.player_team.set(ev.player, team.id),
                           names=reg.names.set(ev.player, ev.player_name))
        case PlayerLeft():
            team = reg.teams[ev.team_id]
            members = tuple(m for m in team.members if m != ev.player)
            team = Team(team.id, team.name, team.captain, members)
            return replace(reg, teams=reg.teams.set(team.id, team),
                           player_team=reg.player_team.set(ev.player, None))
        case CaptainChanged():
            team = reg.teams[ev.team_id]
            team = Team(team.id, team.name, ev.captain, team.members)
            return replace(reg, teams=reg.teams.set(team.id, team))
        case QuestionSubmitted():
            question = SubmittedQuestion(
                ev.question_id, ev.team_id, ev.number,
                TeamQuestion(ev.text, ev.answer, ev.accepted, ev.comment, ev.author, ev.source),
                ev.no_cyrillic)
            slots = list(reg.slots.get(ev.team_id, ()))
            slots[ev.number - 1:ev.number] = [ev.question_id]
            return replace(reg, questions=reg.questions.set(ev.question_id, question),
                           slots=reg.slots.set(ev.team_id, tuple(slots)))
        case QuestionReviewed():
            question = reg.questions[ev.question_id]
            review = Review.APPROVED if ev.approved else Review.REJECTED
            question = SubmittedQuestion(question.id, question.team_id, question.number,
                                         question.question, question.no_cyrillic, review,
                                         ev.reason)
            return replace(reg, questions=reg.questions.set(question.id, question))
        case FeeRecorded():
            return replace(reg, paid=reg.paid.set(ev.team_id, ev.paid))
        case DutyChanged():
            return replace(reg, duty=ev.team_name)
        case GameMoved():
            return replace(reg, starts_at=ev.starts_at, deadline=ev.deadline, since=ev.at)
        case RegistrationReminded():
            return replace(reg, reminded=ev.deadline)
        case RegistrationClosed():
            return replace(reg, closed=ev.deadline)
        case SubstitutionRequested():
            sub = Substitution(ev.request_id, ev.team_id, ev.player_out, ev.player_in,
                               ev.player_in_name)
            return replace(reg, substitutions=reg.substitutions.set(sub.id, sub))
        case SubstitutionDecided():
            sub = reg.substitutions[ev.request_id].decided(ev.approved)
            due = (*reg.due, sub.id) if ev.approved else reg.due
            return replace(reg, substitutions=reg.substitutions.set(sub.id, sub), due=due)
        case SubstitutionApplied():
            return replace(reg, due=tuple(r for r in reg.due if r != ev.request_id))
    return reg
