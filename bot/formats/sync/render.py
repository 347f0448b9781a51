"""SYNC's events as messages (``bot.formats.base.Msg``), and the table's text.

Privacy (no team sees another team's answer before the window closes, in any
adapter): a hand-in gives its team a private receipt only; the game chat hears of answers
only as a count when the window closes; the hosts get the groups, largest first, each with
its text, its count and one-tap buttons, privately, after the close; the summary of a
question in the game chat names the right teams, never an answer text.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.formats.base import Msg, MsgButton, To
from bot.formats.sync.commands import PENDING, fee_text
from bot.formats.sync.dialogue import receipt, render_dialogue, review_lines
from bot.formats.sync.render_requests import render_requests
from bot.packages.model import Package
from bot.ports import MessageKind
from bot.tables import Column, Style, Table
from rules import sync as s
from rules.base import Event
from rules.clock import ClockPaused, ClockResumed, DiscussionStarted, WarningSignalled
from rules.judging import (
    AnswerQueued,
    Group,
    GroupAutoDecided,
    GroupDecided,
    Verdict,
    VerdictChanged,
)
from rules.roster import CaptainChanged, CoHostNamed, HostTakenOver, PlayerJoined, TeamRegistered
from rules.scoring import Place, places
from rules.sync import scoring
from rules.sync.appeals import (
    AppealDecided,
    AppealFiled,
    AppealKind,
    AppealVoted,
    JurorsReminded,
)
from rules.sync.enrolment import (
    DutyChanged,
    FeeRecorded,
    QuestionReviewed,
    QuestionSubmitted,
    RegistrationClosed,
    RegistrationOpened,
    RegistrationReminded,
)
from rules.sync.registration import played_now, team_size
from rules.sync.state import scored
from rules.written import GRACE, AnswererNamed, AnswerHandedIn, WindowClosed

LABEL_TEXT = 40
"""Characters of a group's text on its buttons at most (a messenger's button is short)."""
NAMES_SHOWN = 20
"""Teams named in a question's summary at most; beyond them a count (thousands may play)."""


def _clock(moment: datetime) -> str:
    """``moment`` (UTC) as ``HH:MM:SS``: the recorded time on a receipt."""
    return moment.strftime("%H:%M:%S")


def question_texts(state: s.SyncState, asked: s.Asked, package: Package | None
                   ) -> tuple[str, str]:
    """The text and the author's answer of ``asked``: its package question's, or its team
    question's (SYNC-5); ``("-", "-")`` when the package is gone."""
    if asked.team_question is not None and state.registration is not None:
        submitted = state.registration.questions.get(asked.team_question)
        if submitted is not None:
            return submitted.question.text, submitted.question.answer
    if asked.index is not None and package is not None and asked.index < len(package.questions):
        q = package.questions[asked.index]
        return q.text, q.answer
    return "-", "-"


def in_sentence(answer: str) -> str:
    """``answer`` as it reads inside a sentence: without the full stop it ends with, so that
    no punctuation follows a full stop ("Гашек.;"); an ellipsis stays."""
    answer = answer.strip()
    return answer[:-1].rstrip() if answer.endswith(".") and not answer.endswith("..") \
        else answer


def question_msg(state: s.SyncState, asked: s.Asked, package: Package | None) -> Msg:
    """The question for the game chat (kind QUESTION: its minute starts on delivery)."""
    text, _ = question_texts(state, asked, package)
    lines: list[tuple[str, dict[str, Any]]] = []
    if asked.asking_team is not None:
        team = state.team(asked.asking_team)
        lines.append(("sync-asked-by", {"team": team.name if team else "-"}))
    if asked.shootout:
        lines.append(("sync-shootout-question", {"teams": _team_names(state, asked.playing)}))
    return Msg(To.GAME, "sync-question", {"number": asked.number, "text": text},
               lines=tuple(lines), kind=MessageKind.QUESTION, slot=f"question-{asked.number}")


def _team_names(state: s.SyncState, teams: Any) -> str:
    teams = list(teams)
    shown = ", ".join(state.teams[t].name for t in teams[:NAMES_SHOWN] if t in state.teams)
    more = len(teams) - NAMES_SHOWN
    return f"{shown} (+{more})" if more > 0 else shown or "-"


def place_text(place: Place) -> str:
    """A place as shown: ``3``, or ``1–2`` when shared (never broken at random)."""
    return str(place.first) if not place.shared else f"{place.first}–{place.last}"


def table(state: s.SyncState, key: str, args: dict[str, Any]) -> Msg:
    """The main table (SYNC-7): per team its place, a mark per question (1 right, 0 wrong,
    ? pending appeal, X removed, - its own question) grouped by round, and its total; the
    winners first once the game is over (SYNC-8). The message carries the same table as
    data (``bot.tables.Table``, with each round's subtotal) for the picture in chat."""
    questions = scored(state)
    teams = tuple(state.teams)
    points = s.totals(state)
    first = (s.winners(state),) if state.phase is s.Phase.FINISHED else ()
    placed = places(points, first=first)
    marks = [(q.round, q.number, scoring.marks(q, teams)) for q in questions]
    subtotals = scoring.round_totals(questions, teams)
    order = sorted(teams, key=lambda t: (placed[t].first, -points[t], state.teams[t].name))
    lines, rows = [], []
    for team in order:
        rounds: dict[int, str] = {}
        for number, _, marked in marks:
            rounds[number] = rounds.get(number, "") + marked[team].value
        lines.append(("sync-table-row", {"place": place_text(placed[team]),
                                         "team": state.teams[team].name,
                                         "marks": " ".join(rounds.values()) or "-",
                                         "points": points[team]}))
        cells = [place_text(placed[team]), state.teams[team].name]
        for index, (number, _, marked) in enumerate(marks):
            cells.append(marked[team].value)
            if index + 1 == len(marks) or marks[index + 1][0] != number:
                cells.append(str(subtotals.get(number, {}).get(team, 0)))
        rows.append((*cells, str(points[team])))
    provisional = "yes" if scoring.provisional(questions) else "no"
    return Msg(To.GAME, key, {**args, "provisional": provisional}, lines=tuple(lines),
               table=Table(_columns(marks), tuple(rows),
                           tuple(("table-round", {"number": n}) for n in
                                 dict.fromkeys(number for number, _, _ in marks))))


def _columns(marks: list[tuple[int, int, Any]]) -> tuple[Column, ...]:
    """The table's columns: place, team, each round's questions and subtotal, the total."""
    rounds = list(dict.fromkeys(number for number, _, _ in marks))
    columns = [Column(("table-place", {})), Column(("table-team", {}), Style.TEXT)]
    for index, (number, question, _) in enumerate(marks):
        group = rounds.index(number)
        columns.append(Column(("table-number", {"number": question}), Style.MARK, group))
        if index + 1 == len(marks) or marks[index + 1][0] != number:
            columns.append(Column(("table-subtotal", {}), Style.TOTAL, group))
    columns.append(Column(("table-total", {}), Style.TOTAL))
    return tuple(columns)


def groups_msg(state: s.SyncState, asked: s.Asked, package: Package | None) -> Msg:
    """The hosts' list of a closed window's groups, largest first, each with its text and
    count; a group that waits gets accept/reject buttons (``accept N pending``, N its number:
    a press decides only a group still waiting)."""
    _, answer = question_texts(state, asked, package)
    groups = sorted((g for g in asked.judging.groups.values() if not g.empty),
                    key=lambda g: (-len(g.teams), g.order))
    lines = [_group_line(g) for g in groups]
    buttons = tuple(button for g in groups if g.verdict is None for button in (
        MsgButton("button-sync-accept", f"accept {g.order + 1} {PENDING}", _label(g)),
        MsgButton("button-sync-reject", f"reject {g.order + 1} {PENDING}", _label(g))))
    return Msg(To.HOST, "sync-groups", {"number": asked.number, "answer": in_sentence(answer),
                                        "count": len(groups)},
               lines=tuple(lines), buttons=buttons)


def _label(group: Group) -> dict[str, Any]:
    """A group's button label arguments: its text (cut to fit a button) and count."""
    text = group.text if len(group.text) <= LABEL_TEXT else group.text[:LABEL_TEXT - 1] + "…"
    return {"text": text, "count": len(group.teams)}


def _group_line(group: Group) -> tuple[str, dict[str, Any]]:
    verdict = "pending" if group.verdict is None else group.verdict.value.lower()
    return ("sync-group", {"number": group.order + 1, "text": group.text,
                           "count": len(group.teams), "suggestion": group.suggestion.value,
                           "verdict": verdict})


def _explained_msg(state: s.SyncState, ev: s.AnswerExplained) -> Msg:
    """The explanation for the hosts beside the answer the team handed in, with its group's
    number and verdict: the hosts judge the answer, never the explanation (SYNC-6)."""
    team = state.team(ev.team_id)
    asked = state.asked[ev.number - 1]
    handed = asked.judging.answers.get(ev.team_id)
    group = None if handed is None else asked.judging.groups.get(handed.key)
    verdict = "pending" if group is None or group.verdict is None \
        else group.verdict.value.lower()
    return Msg(To.HOST, "sync-explained", {
        "number": ev.number, "team": team.name if team else "-",
        "name": state.name(ev.player), "text": ev.text,
        "answer": handed.text if handed else "-", "group": group.order + 1 if group else "-",
        "verdict": verdict})


def _timing(config: s.SyncConfig) -> tuple[str, dict[str, Any]]:
    """How each question is timed, for the players at a round's start (SYNC-6): the
    discussion with its warning, the time to hand in, and the second of grace after it."""
    return ("sync-timing", {"discussion": round(config.discussion),
                            "warning": round(config.warn_before),
                            "hand_in": round(config.hand_in),
                            "grace": round(GRACE.total_seconds())})


def _unapproved(state: s.SyncState) -> list[Msg]:
    """The hosts' private word that the team question just asked was not approved, and what
    that means for its scoring (SYNC-7); nothing for an approved or organisers' question."""
    asked = state.current
    if asked.asking_team is None or asked.approved or state.registration is None:
        return []
    team = state.team(asked.asking_team)
    question = state.registration.questions.get(asked.team_question)
    return [Msg(To.HOST, "sync-asked-unapproved", {
        "team": team.name if team else "-", "number": question.number if question else "-"})]


def _announced_msg(ev: RegistrationOpened) -> Msg:
    """The announcement: when registration closes and how to register, the game's kind and
    what it means for the season and the teams' size (SYNC-1), the duty team or how it will
    be named (SYNC-4), and the fee when the club set one (SYNC-3)."""
    low, high = team_size(ev.game_kind)
    lines: list[tuple[str, dict[str, Any]]] = [
        ("sync-announced-kind", {"kind": ev.game_kind.value, "min": low, "max": high}),
        ("sync-announced-duty", {"duty": ev.duty or "none"})]
    if ev.fee > 0:
        lines.append(("sync-announced-fee", {"fee": fee_text(ev.fee, ev.currency)}))
    # Announced without a date: its start is only registration's latest close, not a time to
    # show as the game's (it is played now).
    return Msg(To.GAME, "sync-announced-now" if played_now(ev) else "sync-announced",
               {"date": ev.starts_at, "deadline": ev.deadline},
               lines=tuple(lines))


def _scored_msg(state: s.SyncState, number: int, package: Package | None) -> Msg:
    """A question's verdicts in the game chat: the author's answer and the right teams."""
    asked = state.asked[number - 1]
    _, answer = question_texts(state, asked, package)
    right = [t for g in asked.judging.groups.values() if g.verdict is Verdict.ACCEPT
             for t in g.teams]
    return Msg(To.GAME, "sync-scored", {"number": number, "answer": in_sentence(answer),
                                        "count": len(right),
                                        "total": len(asked.judging.answers),
                                        "teams": _team_names(state, right)})


def render(ev: Event, before: s.SyncState | None, after: s.SyncState,
           package: Package | None) -> list[Msg]:
    """The messages for one SYNC event; ``before``/``after`` are the states around it."""
    kind = type(ev)
    # A window's thousands of hand-ins and queued answers go first, by their type, without
    # trying every case below (measured in bench/).
    if kind is AnswerHandedIn:
        return [Msg(To.PLAYER, "sync-receipt", {
            "text": ev.text, "time": _clock(ev.sent_at),
            "replaces": str(ev.replaces).lower()}, player=ev.by)]
    if kind is s.AnswerPrepared:
        return []
    if kind is AnswerQueued:
        judging = after.current.judging
        return [groups_msg(after, after.current, package)] \
            if len(judging.answers) == len(after.written.answers) else []
    for part in (render_requests, render_dialogue):
        msgs = part(ev, after)
        if msgs is not None:
            return msgs
    match ev:
        case s.GameCreated() if ev.package_id is None:
            return [Msg(To.GAME, "sync-created-no-package", {"host": ev.host_name},
                        lines=(("game-package-wanted", {}),))]
        case s.GameCreated():
            return [Msg(To.GAME, "sync-created", {
                "host": ev.host_name, "package": package.title if package else "-",
                "count": len(ev.scored)})]
        case s.PackageAttached():
            return [Msg(To.GAME, "game-package-attached", {
                "title": package.title if package else "-", "count": len(ev.scored)})]
        case RegistrationOpened():
            return [_announced_msg(ev)]
        case TeamRegistered():
            # The captain hands the team's answers in privately (SYNC-6): the private chat
            # is opened now, not in the first minute (a messenger that cannot write there
            # yet says so in the game chat, with the way to open it).
            return [Msg(To.GAME, "roster-team-registered",
                        {"team": ev.team_name, "captain": ev.captain_name},
                        slot=f"team-{ev.team_id}"),
                    Msg(To.PLAYER, "sync-captain-hands-in", {"team": ev.team_name},
                        player=ev.captain)]
        case PlayerJoined():
            team = after.team(ev.team_id)
            return [Msg(To.GAME, "roster-player-joined", {
                "name": ev.player_name, "team": team.name if team else "-",
                "count": len(team.members) if team else 0})]
        case CaptainChanged():
            return [Msg(To.GAME, "roster-captain-changed", {"name": after.name(ev.captain)})]
        case CoHostNamed():
            return [Msg(To.GAME, "roster-cohost-named", {"name": ev.player_name})]
        case HostTakenOver():
            return [Msg(To.GAME, "roster-host-taken-over", {"name": ev.player_name})]
        case QuestionSubmitted():
            team = after.team(ev.team_id)
            name = team.name if team else "-"
            return [Msg(To.GAME, "sync-question-submitted", {"team": name, "number": ev.number}),
                    Msg(To.HOST, "sync-question-to-review", {
                        "team": name, "number": ev.number, "text": ev.text, "answer": ev.answer},
                        lines=review_lines(ev, name),
                        buttons=(MsgButton("button-approve", f"approve {name} {ev.number}"),)),
                    receipt(ev, after)]
        case QuestionReviewed():
            team = after.team(ev.team_id)
            return [Msg(To.PLAYER, "sync-question-reviewed", {
                "number": ev.number, "approved": str(ev.approved).lower(),
                "reason": ev.reason or "-"}, player=team.captain if team else None)]
        case FeeRecorded():
            team = after.team(ev.team_id)
            return [Msg(To.HOST, "sync-fee-recorded", {
                "team": team.name if team else "-", "paid": str(ev.paid).lower(),
                "fee": fee_text(ev.amount, ev.currency)})]
        case DutyChanged():
            return [Msg(To.GAME, "sync-duty", {"team": ev.team_name})]
        case RegistrationReminded():
            return [Msg(To.GAME, "sync-registration-reminder", {"deadline": ev.deadline})]
        case RegistrationClosed():
            return [Msg(To.GAME, "sync-registration-closed-now", {"count": ev.teams})]
        case s.RoundStarted():
            count = len(ev.questions) if ev.questions else ev.per_team * len(after.teams)
            return [Msg(To.GAME, "sync-round-started", {
                "number": ev.number, "kind": ev.round_kind.value, "count": count,
                "per_team": ev.per_team}, lines=(_timing(after.config),))]
        case s.QuestionAsked():
            return [question_msg(after, after.current, package), *_unapproved(after)]
        case s.QuestionRepeated():
            return [question_msg(after, after.current, package)]
        case s.QuestionUndelivered():
            return [Msg(To.HOST, "sync-question-undelivered", {"number": ev.number},
                        buttons=(MsgButton("button-start-clock", "resume"),))]
        case DiscussionStarted():
            return [Msg(To.GAME, "sync-discussion", {
                "seconds": round(after.config.discussion), "hand_in": round(after.config.hand_in)},
                deadline=ev.ends_at, joins=True, slot=f"question-{after.current.number}")]
        case WarningSignalled():
            return [Msg(To.GAME, "signal-warning", {"seconds": round(after.config.warn_before)},
                        kind=MessageKind.SIGNAL)]
        case s.HandInStarted():
            return [Msg(To.GAME, "sync-hand-in", {"seconds": round(ev.seconds)},
                        kind=MessageKind.SIGNAL, deadline=ev.ends_at)]
        case ClockPaused():
            return [Msg(To.GAME, "sync-paused", {"seconds": round(ev.remaining)}),
                    Msg(To.HOST, "sync-paused-host", {},
                        buttons=(MsgButton("button-resume", "resume"),))]
        case ClockResumed():
            return [Msg(To.GAME, "sync-resumed", {}, deadline=ev.ends_at)]
        case s.ClosingHeld():
            return [Msg(To.HOST, "sync-closing-held", {},
                        buttons=(MsgButton("button-resume", "resume"),))]
        case AnswererNamed():
            return [Msg(To.PLAYER, "sync-you-hand-in", {}, player=ev.player)]
        case WindowClosed():
            msgs = [Msg(To.GAME, "sync-window-closed", {"number": ev.question,
                                                        "count": ev.answers})]
            if not ev.answers:
                msgs.append(Msg(To.HOST, "sync-no-answers", {"number": ev.question}))
            return msgs
        case GroupDecided() | GroupAutoDecided() | VerdictChanged():
            group = after.current.judging.groups.get(ev.key)
            return [Msg(To.HOST, "sync-group-judged", {
                "text": group.text if group else "-", "count": len(group.teams) if group else 0,
                "verdict": ev.verdict.value.lower()})] if not isinstance(ev, GroupAutoDecided) \
                else []
        case s.QuestionScored():
            return [_scored_msg(after, ev.number, package)]
        case s.ClarificationAsked():
            team = after.team(ev.team_id)
            args = {"number": ev.number, "team": team.name if team else "-",
                    "name": after.name(ev.player)}
            return [Msg(To.PLAYER, "sync-clarify-you", args, player=ev.player),
                    Msg(To.HOST, "sync-clarify-asked", args)]
        case s.AnswerExplained():
            return [_explained_msg(after, ev)]
        case s.RoundEnded():
            return [table(after, "sync-table-round", {"number": ev.number})]
        case s.ShootoutStarted():
            return [Msg(To.GAME, "sync-shootout", {"teams": _team_names(after, ev.teams),
                                                   "count": len(ev.teams)})]
        case s.GameFinished():
            return [_final_table(after)]
        case s.GameAborted():
            return [Msg(To.GAME, "sync-aborted", {})]
        case AppealFiled():
            return _appeal_filed(ev, after)
        case AppealVoted():
            appeal = after.appeals.by_team.get(ev.team_id)
            return [Msg(To.PLAYER, "sync-appeal-vote-recorded", {
                "cast": len(appeal.votes) if appeal else 0,
                "jurors": len(appeal.jurors) if appeal else 0}, player=ev.juror)]
        case JurorsReminded():
            appeal = after.appeals.by_team.get(ev.team_id)
            return _jurors(after, ev.team_id, "sync-appeal-reminder", {
                "number": appeal.question if appeal else 0, "deadline": ev.deadline})
        case AppealDecided():
            # Decided after the game (deferred, SYNC-10): the final table again, recomputed,
            # with a team that now ties the winner among the winners.
            return [_appeal_decided(ev, after)] + (
                [_final_table(after)] if after.phase is s.Phase.FINISHED else [])
    return []


def _final_table(state: s.SyncState) -> Msg:
    """The final table with the winners (SYNC-8, SYNC-10)."""
    won = s.winners(state)
    return table(state, "sync-table-final", {"winners": _team_names(state, won),
                                             "count": len(won)})


def _appeal_filed(ev: AppealFiled, after: s.SyncState) -> list[Msg]:
    """The game chat hears of the appeal; each juror is asked privately (SYNC-10)."""
    team = after.team(ev.team_id)
    name = team.name if team else "-"
    args = {"team": name, "number": ev.question, "kind": ev.appeal_kind.value}
    return [Msg(To.GAME, "sync-appeal-filed", {**args, "jurors": len(ev.jurors)}),
            *_jurors(after, ev.team_id, "sync-appeal-juror-asked", {**args, "text": ev.text})]


def _appeal_decided(ev: AppealDecided, after: s.SyncState) -> Msg:
    """The jury's decision in the game chat (SYNC-10, SYNC-11: final); a deferred appeal
    rejected by its deadline says so, the jury having reached no majority."""
    team = after.team(ev.team_id)
    args: dict[str, Any] = {"team": team.name if team else "-", "number": ev.question}
    if not ev.accepted:
        return Msg(To.GAME, "sync-appeal-rejected-deadline" if ev.by_deadline
                   else "sync-appeal-rejected", args)
    if ev.appeal_kind is AppealKind.REMOVAL:
        return Msg(To.GAME, "sync-appeal-accepted-removal", args)
    asked = after.asked[ev.question - 1] if 1 <= ev.question <= len(after.asked) else None
    group = None if asked is None or ev.key is None else asked.judging.groups.get(ev.key)
    return Msg(To.GAME, "sync-appeal-accepted-double",
               {**args, "answer": group.text if group else "-"})


def _jurors(state: s.SyncState, team_id: int, key: str, args: dict[str, Any]) -> list[Msg]:
    """``key`` to each juror of team ``team_id``'s appeal, with the vote buttons."""
    appeal = state.appeals.by_team.get(team_id)
    team = state.team(team_id)
    if appeal is None or team is None:
        return []
    buttons = (MsgButton("button-appeal-yes", f"vote {team.name} yes"),
               MsgButton("button-appeal-no", f"vote {team.name} no"))
    return [Msg(To.PLAYER, key, {"team": team.name, **args}, player=juror, buttons=buttons)
            for juror in appeal.jurors]
