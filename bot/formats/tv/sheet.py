"""TV's answer sheet and jury desk (``TvSheet``, the format's ``bot.board.view.SheetView``):
the club tables' written answers (TV-5) on the page instead of a private chat, and the host's
verdicts on them in groups.

The sheet shows a club table's player what is the team's own: the envelope in play and the
time left of the minute, the team's last handed-in answer with its receipt time, and once the
window has closed its verdict and the team's line (its correct answers in this game, TV-6).
Any player of a club table may hand in, as in the chat (``rules.written.HandInBy.MEMBER``);
the team at the central table answers aloud and hands in nothing.

The desk shows the host the club answers to the latest envelope grouped by the judging queue
(``rules.judging``), only once their window has closed. In TV the answers go to judging when
the host opens them (the chat's ``/clubs``): the desk does not open them by itself, because
a page that stores something when it is merely looked at (several hosts' pages ask every few
seconds) would act without anyone deciding to; it offers the host a button for that same
step (``queue``: the chat's ``/clubs N``, one parser, one permission), and shows the groups
at once when the host has already opened them in the chat. A group is named on the desk by
the envelope and its judging key, so a click on a group of an earlier envelope still judges
that envelope's group after the next one was drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.board.desk import desk_groups, group_json
from bot.board.html import Say, para
from bot.board.view import Tell
from bot.formats.tv.commands import clubs_action
from bot.packages.model import Package, Question
from rules import tv
from rules.base import Rejection, Role
from rules.judging import Judging, Verdict, pending
from rules.scoring import Place, places
from rules.tv.ratings import team_points

_KEY_SEP = ":"
"""Between the envelope's number and the group's judging key in a desk key."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The teams' correct answers in this game (``rules.tv.team_points``) and their places."""

    points: dict[int, int]
    placed: dict[int, Place]


def _open(state: tv.TvState) -> bool:
    """Whether the club tables' window of the envelope in play takes answers now."""
    last = state.last
    return last is not None and state.written.open and state.written.question == last.sector


def _role(state: tv.TvState, player: int) -> tuple[str, str] | None:
    """The message key of ``player``'s part and their team's name; None for a stranger."""
    if Role.HOST in tv.roles(state, player):
        return "sheet-role-host", "-"
    team = state.roster.team_of(player)
    if team is None:
        return None
    return ("sheet-role-captain" if team.captain == player else "sheet-tv-role-member",
            team.name)


def _question_part(state: tv.TvState, now: datetime, say: Say) -> tuple[str, float | None]:
    """The envelope's line (HTML) and the seconds left of the club tables' minute."""
    last = state.last
    if last is None:
        return para(say, "sheet-no-question", "note"), None
    if _open(state) and state.written.deadline is not None:
        paused = state.clock is not None and state.clock.paused and \
            state.phase is tv.Phase.DISCUSSION
        html = para(say, "sheet-question-open", "live", number=last.sector)
        if paused:
            return html + para(say, "sheet-clock-paused", "warn"), None
        return html, max(0.0, (state.written.deadline - now).total_seconds())
    if state.phase is tv.Phase.READING:
        return para(say, "sheet-question-reading", "live", number=last.sector), None
    return para(say, "sheet-question-closed", number=last.sector), None


def _team_part(state: tv.TvState, team_id: int, say: Say) -> str:
    """The team's answer to the latest envelope: the last handed in with its receipt time
    while the window is open, the verdict once it has closed; for the central table, that
    it answers aloud."""
    last = state.last
    written = state.written
    if last is None or written.question != last.sector:
        return ""
    if team_id in written.excluded:
        return para(say, "sheet-tv-central", "note")
    answer = written.answers.get(team_id)
    open_now = _open(state)
    if answer is None:
        return para(say, "sheet-no-answer", "note")
    key = "sheet-receipt" if open_now else "sheet-answer-given"
    out = (f'<p id="receipt" class="receipt">'
           f'{say(key, text=answer.text, time=answer.sent_at.strftime("%H:%M:%S"))}</p>')
    if open_now:
        return out
    judging = state.judgings.get(last.sector)
    verdict = judging.verdict_of(team_id) if judging is not None else None
    key = "sheet-verdict-right" if verdict is Verdict.ACCEPT else \
        "sheet-verdict-wrong" if verdict is Verdict.REJECT else "sheet-verdict-pending"
    return out + f'<p id="verdict" class="verdict">{say(key)}</p>'


def _line(table: Standings, team_id: int, say: Say) -> str:
    """The team's line: its place by correct answers in this game and how many (TV-6)."""
    place = table.placed.get(team_id)
    if place is None:
        return ""
    shown = str(place.first) if not place.shared else f"{place.first}–{place.last}"
    return para(say, "sheet-line", "line", place=shown, points=table.points.get(team_id, 0),
                teams=len(table.points))


def _answer_of(state: tv.TvState, package: Package | None, number: int) -> Question | None:
    """The package's question in envelope ``number``, or None."""
    index = state.questions[number - 1] if 0 < number <= len(state.questions) else -1
    if package is None or not 0 <= index < len(package.questions):
        return None
    return package.questions[index]


def desk(state: tv.TvState, package: Package | None, say: Say, tell: Tell
         ) -> dict[str, Any]:
    """The host's desk of the latest envelope as the page's JSON: ``desk`` (HTML: the
    envelope, the author's answer, the editors' accepted and rejected lines, how many
    groups are left), ``groups`` (``bot.board.desk``), and ``queue`` (the envelope's
    number and the button's text) while its answers wait for the host to open them. No
    answer while the window is open (as in the chat)."""
    number = state.written.question
    if number == 0 or state.last is None:
        return {"desk": para(say, "sheet-no-question", "note"), "groups": []}
    if _open(state):
        return {"desk": para(say, "desk-window-open", "note", number=state.last.sector),
                "groups": []}
    count = len(state.written.answers)
    if count == 0:
        return {"desk": para(say, "tv-no-club-answers", "note", number=number), "groups": []}
    question = _answer_of(state, package, number)
    parts = [para(say, "desk-question", number=number,
                  answer=question.answer if question is not None else "-")]
    if question is not None and question.accepted:
        parts.append(para(say, "desk-accepted", "note", lines="; ".join(question.accepted)))
    if question is not None and question.rejected:
        parts.append(para(say, "desk-rejected", "note", lines="; ".join(question.rejected)))
    judging = state.judgings.get(number, Judging())
    out: dict[str, Any] = {}
    if len(judging.answers) < count:
        parts.append(para(say, "desk-tv-queue", "live", number=number, count=count))
        out["queue"] = {"number": number}
    else:
        waiting = len(pending(judging))
        parts.append(para(say, "desk-left", "live" if waiting else "note", count=waiting))
    groups = desk_groups(judging, f"{number}{_KEY_SEP}")
    return {**out, "desk": "".join(parts), "groups": [group_json(g, tell) for g in groups]}


class TvSheet:
    """TV's ``bot.board.view.SheetView`` (and ``QueuesAnswers``): the club tables' sheet and
    the host's desk of a TV game, and its ``QueueClubAnswers`` and ``JudgeClubAnswers``."""

    def standings(self, state: tv.TvState) -> Standings:
        """Each team's correct answers in this game and its place by them, for ``page``."""
        points = team_points(state)
        return Standings(points, places(points))

    def page(self, state: tv.TvState, package: Package | None, player: int, now: datetime,
             say: Say, tell: Tell, table: Callable[[], Standings]) -> dict[str, Any] | None:
        """What ``player`` sees (``bot.board.view.SheetView.page``): their team's sheet, and
        for a host the desk; None for a stranger. A club table's player may hand in while
        the window is open (TV-5); the central table never."""
        role = _role(state, player)
        if role is None:
            return None
        key, team_name = role
        question, left = _question_part(state, now, say)
        parts = [f"<h1>{say(key, team=team_name)}</h1>", question]
        team = state.roster.team_of(player)
        if team is not None:
            parts.append(_team_part(state, team.id, say))
            if state.rounds and team.id in state.teams:
                parts.append(_line(table(), team.id, say))
        hands_in = team is not None and _open(state) and team.id not in state.written.excluded
        out: dict[str, Any] = {"sheet": "".join(parts), "hands_in": hands_in, "left": left}
        if key == "sheet-role-host":
            out |= desk(state, package, say, tell)
        return out

    def judge(self, player: int, key: str, verdict: Verdict, seen: Verdict | None) -> Any:
        """The host's verdict on the group the desk named ``key`` (the envelope's number and
        the group's judging key, ``desk``): ``JudgeClubAnswers`` (TV-5); a Rejection for a
        key no desk gave."""
        number, sep, group = key.partition(_KEY_SEP)
        if not sep or not number.isdigit():
            return Rejection("sheet-bad-request")
        return tv.JudgeClubAnswers(player, int(number), group, verdict, seen)

    def queue(self, state: tv.TvState, package: Package | None, player: int, number: int
              ) -> Any:
        """The host opens the club answers to envelope ``number`` for judging: the chat's
        ``/clubs N`` (``QueueClubAnswers``, its answers filled in by the judging step), or
        its Rejection."""
        return clubs_action(state, package, number)

    def vote(self, player: int, team: int, accept: bool) -> Rejection:
        """TV has no appeals: the host's verdict is final (TV-2)."""
        return Rejection("sheet-bad-request")

    def defer(self, player: int, team: int) -> Rejection:
        """TV has no appeals to defer (TV-2)."""
        return Rejection("sheet-bad-request")
