"""SYNC's answer sheet and jury desk (``SyncSheet``, the format's ``bot.board.view.SheetView``):
HTML fragments read off the game's state with the format's own functions (``rules.sync``),
which the pages of ``bot.board.sheet`` show, and the actions behind the desk's buttons.

The sheet shows one team only what is its own (SYNC-6's record): the question in play and its
time left, the team's last handed-in answer with its receipt time, and once the window has
closed its verdict and its line of the table (SYNC-7). The desk shows a host the latest
question's answers grouped by the judging queue (``rules.judging``: pending largest first,
then the decided ones), only once the window has closed, as the chat does, with the author's
answer and the editors' accepted (Зачёт) and rejected (Незачёт) lines beside them; and to the
jurors of an appeal (SYNC-9..11) the appeal with the team's answer, its evidence and the
votes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.board.desk import DeskGroup, desk_groups, group_json
from bot.board.html import Say, para
from bot.formats.sync.render import place_text, question_texts
from bot.packages.model import Package
from rules import sync as s
from rules.base import Role
from rules.judging import Verdict, pending
from rules.scoring import Place, places
from rules.sync import JudgeGroup
from rules.sync.appeals import DeferAppeal, VoteOnAppeal

Tell = Callable[[str, dict[str, Any]], str]
"""A message's plain text in the viewer's language: ``tell(key, args)``."""
PLAYING = (s.Phase.DISCUSSION, s.Phase.HAND_IN)
"""The phases in which a team may hand in (the minute and the 15 s after it, SYNC-6)."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """A person's sheet: ``html`` to show; ``hands_in`` whether the answer field is theirs
    now (the window is open and they are the captain or the named answerer); ``left`` the
    seconds until the deadline (None with no clock running); ``host`` whether they judge."""

    html: str
    hands_in: bool
    left: float | None
    host: bool


def role_key(state: s.SyncState, player: int) -> str | None:
    """The message key of ``player``'s part in the game (``sheet-role-*``): host, captain,
    the player the captain named to hand in, a player; None for a stranger."""
    roles = s.roles(state, player)
    team = state.player_team(player)
    if Role.HOST in roles:
        return "sheet-role-host"
    if team is None:
        return None
    if team.captain == player:
        return "sheet-role-captain"
    if state.written.answerers.get(team.id) == player:
        return "sheet-role-answerer"
    return "sheet-role-player"


@dataclass(frozen=True, slots=True)
class Standings:
    """The main table as it stands (SYNC-7, SYNC-8): each team's points and place."""

    points: dict[int, int]
    placed: dict[int, Place]


def standings(state: s.SyncState) -> Standings:
    """The main table of ``state``: O(teams x questions), so a page serving thousands of
    sheets computes it once per change of the game, not once per sheet."""
    points = s.totals(state)
    first = (s.winners(state),) if state.phase is s.Phase.FINISHED else ()
    return Standings(points, places(points, first=first))


def sheet(state: s.SyncState, player: int, now: datetime, say: Say,
          table: Callable[[], Standings]) -> Sheet | None:
    """``player``'s sheet at ``now`` (UTC) in ``say``'s language, with the team's line read
    from ``table()`` (``standings`` of ``state``); None for a stranger."""
    role = role_key(state, player)
    if role is None:
        return None
    team = state.player_team(player)
    parts = [f"<h1>{say(role, team=team.name if team else '-')}</h1>"]
    current = state.current
    open_now = current is not None and state.phase in PLAYING and state.written.open \
        and state.written.question == current.number
    left = None
    if open_now and state.written.deadline is not None:
        paused = state.clock is not None and state.clock.paused
        left = None if paused else max(0.0, (state.written.deadline - now).total_seconds())
        parts.append(para(say, "sheet-question-open", "live", number=current.number))
        if paused:
            parts.append(para(say, "sheet-clock-paused", "warn"))
    elif current is not None and state.phase in (s.Phase.READING,):
        parts.append(para(say, "sheet-question-reading", "live", number=current.number))
    elif current is not None:
        parts.append(para(say, "sheet-question-closed", number=current.number))
    else:
        parts.append(para(say, "sheet-no-question", "note"))
    if team is not None and current is not None:
        parts.append(_team_part(state, team.id, current, open_now, say))
    if team is not None and state.asked and not open_now:
        # The team's line once the window has closed: while it is open the table does not
        # move, and thousands of hand-ins would each compute it again.
        parts.append(_line(table(), team.id, say))
    may = team is not None and open_now and (
        team.captain == player or state.written.answerers.get(team.id) == player)
    return Sheet("".join(parts), may, left, role == "sheet-role-host")


def _team_part(state: s.SyncState, team_id: int, current: s.Asked, open_now: bool,
               say: Say) -> str:
    """The team's answer to ``current``: the last handed in with its receipt time while the
    window is open; the verdict once it has closed."""
    written = state.written.answers.get(team_id) \
        if state.written.question == current.number else None
    if written is not None:
        key = "sheet-receipt" if open_now else "sheet-answer-given"
        out = (f'<p id="receipt" class="receipt">'
               f'{say(key, text=written.text, time=_clock(written.sent_at))}</p>')
    elif team_id in state.written.excluded:
        return para(say, "sheet-team-sits-out", "note")
    else:
        out = para(say, "sheet-no-answer", "note")
    if open_now:
        return out
    queued = current.judging.answers.get(team_id)
    group = current.judging.groups.get(queued.key) if queued is not None else None
    verdict = group.verdict if group is not None else None
    key = "sheet-verdict-pending" if queued is not None and verdict is None else \
        "sheet-verdict-right" if verdict is Verdict.ACCEPT else \
        "sheet-verdict-wrong" if verdict is Verdict.REJECT else ""
    return out + (f'<p id="verdict" class="verdict">{say(key)}</p>' if key else "")


def _line(table: Standings, team_id: int, say: Say) -> str:
    """The team's line of the main table: its place and points (SYNC-7)."""
    if team_id not in table.placed:
        return ""
    return para(say, "sheet-line", "line", place=place_text(table.placed[team_id]),
                points=table.points.get(team_id, 0), teams=len(table.points))


def _clock(moment: datetime) -> str:
    return moment.strftime("%H:%M:%S")


def desk(state: s.SyncState, package: Package | None, say: Say) -> tuple[str, list[DeskGroup]]:
    """The desk of the latest question: its heading (HTML: the question, the author's
    answer, the editors' accepted and rejected lines, how many groups are left) and its
    groups, pending first (largest first), then the decided ones. No groups while the window
    is open (no answer is shown before it closes, as in the chat)."""
    current = state.current
    if current is None:
        return para(say, "sheet-no-question", "note"), []
    if state.phase in (*PLAYING, s.Phase.READING, s.Phase.CLOSING):
        return para(say, "desk-window-open", "note", number=current.number), []
    _, answer = question_texts(state, current, package)
    parts = [para(say, "desk-question", number=current.number, answer=answer)]
    question = package.questions[current.index] \
        if package is not None and current.index is not None and \
        current.index < len(package.questions) else None
    if question is not None and question.accepted:
        parts.append(para(say, "desk-accepted", "note", lines="; ".join(question.accepted)))
    if question is not None and question.rejected:
        parts.append(para(say, "desk-rejected", "note", lines="; ".join(question.rejected)))
    waiting = len(pending(current.judging))
    parts.append(para(say, "desk-left", "live" if waiting else "note", count=waiting))
    return "".join(parts), desk_groups(current.judging)


@dataclass(frozen=True, slots=True)
class DeskAppeal:
    """An appeal as the desk shows it to a juror or a host (SYNC-9..11), all plain text:
    ``heading`` (the team, the question, the kind), the team's ``text``, ``lines`` (the
    team's answer for a double answer, its evidence, the votes or the decision); whether the
    viewer may vote on it now, and may defer it (a host, once)."""

    team_id: int
    heading: str
    text: str
    lines: tuple[str, ...]
    can_vote: bool
    can_defer: bool


def appeals(state: s.SyncState, player: int, tell: Tell) -> list[DeskAppeal]:
    """The appeals ``player`` sits on the jury of (SYNC-10: the hosts and the duty team's
    captain, or its stand-in) or, for a host, every appeal: the open ones first, each with
    the team's answer and evidence (the burden of proof is the team's), the votes cast (never
    whose: a vote is secret) and the jury's decision once made (SYNC-11: final)."""
    host = Role.HOST in s.roles(state, player)
    shown = [a for a in state.appeals.by_team.values() if host or player in a.jurors]
    shown.sort(key=lambda a: (not a.open, a.filed_at))
    out = []
    for appeal in shown:
        team = state.team(appeal.team_id)
        heading = tell("desk-appeal-heading", {"team": team.name if team else "-",
                                               "number": appeal.question,
                                               "kind": appeal.kind.value})
        lines = []
        asked = state.asked[appeal.question - 1] if 0 < appeal.question <= len(state.asked) \
            else None
        answer = asked.judging.answers.get(appeal.team_id) if asked is not None else None
        if appeal.key is not None and answer is not None:
            lines.append(tell("desk-appeal-answer", {"answer": answer.text}))
        lines += [tell("desk-appeal-evidence", {"text": " ".join((e.text, *e.links)).strip()})
                  for e in appeal.evidence]
        if appeal.deferred and appeal.open:
            lines.append(tell("desk-appeal-deferred", {"deadline": appeal.deadline}))
        lines.append(tell("desk-appeal-votes", {"cast": len(appeal.votes),
                                                "jurors": len(appeal.jurors)})
                     if appeal.open else
                     tell("desk-appeal-accepted" if appeal.accepted else "desk-appeal-rejected",
                          {}))
        out.append(DeskAppeal(appeal.team_id, heading, appeal.text, tuple(lines),
                              appeal.open and player in appeal.waiting_for,
                              appeal.open and host and not appeal.deferred))
    return out


def appeal_json(appeal: DeskAppeal) -> dict[str, Any]:
    """``appeal`` as the desk's script reads it."""
    return {"team": appeal.team_id, "heading": appeal.heading, "text": appeal.text,
            "lines": list(appeal.lines), "can_vote": appeal.can_vote,
            "can_defer": appeal.can_defer}


class SyncSheet:
    """SYNC's ``bot.board.view.SheetView``: the sheet, the desk and the jury's appeals of a
    SYNC game, and its ``JudgeGroup``, ``VoteOnAppeal`` and ``DeferAppeal`` actions."""

    def standings(self, state: s.SyncState) -> Standings:
        """The game's table (SYNC-7), for ``page``'s ``table``."""
        return standings(state)

    def page(self, state: s.SyncState, package: Package | None, player: int, now: datetime,
             say: Say, tell: Tell, table: Callable[[], Standings]) -> dict[str, Any] | None:
        """What ``player`` sees (``bot.board.view.SheetView.page``): their team's sheet, for a
        host the desk, for a juror or a host the appeals; None for a stranger."""
        shown = sheet(state, player, now, say, table)
        if shown is None:
            return None
        out: dict[str, Any] = {"sheet": shown.html, "hands_in": shown.hands_in,
                               "left": shown.left}
        if shown.host:
            head, groups = desk(state, package, say)
            out |= {"desk": head, "groups": [group_json(g, tell) for g in groups]}
        sitting = appeals(state, player, tell)
        if sitting:
            out["appeals"] = [appeal_json(a) for a in sitting]
        return out

    def judge(self, player: int, key: str, verdict: Verdict, seen: Verdict | None
              ) -> JudgeGroup:
        """The host's verdict on the group with ``key`` (the desk names a group by its key,
        not by its place in a list that may have changed)."""
        return JudgeGroup(player, key, verdict, seen)

    def vote(self, player: int, team: int, accept: bool) -> VoteOnAppeal:
        """A juror's vote on team ``team``'s appeal (SYNC-10)."""
        return VoteOnAppeal(player, team, accept)

    def defer(self, player: int, team: int) -> DeferAppeal:
        """A host's deferral of team ``team``'s appeal for checking (SYNC-11)."""
        return DeferAppeal(player, team)
