"""TV's events as messages (``bot.formats.base.Msg``): the seating with its reason, the sector
the top stopped at, the question, the signals, the score of experts against viewers, the club
tables' window and its judging (privately to the host), the result and the best player.

The club tables' answers stay private until their window closed: the chat hears only the
count, the host gets the groups to judge (largest first, ``rules.judging.pending``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.formats.base import Msg, MsgButton, To
from bot.packages.criteria import split_nezachet
from bot.packages.model import Package, Question
from bot.ports import MessageKind
from bot.tables import Column, Style, Table
from rules import tv
from rules.base import Event
from rules.judging import (
    AnswerQueued,
    GroupDecided,
    Judging,
    Verdict,
    VerdictChanged,
    pending,
)
from rules.roster import (
    CaptainChanged,
    CoHostNamed,
    HostTakenOver,
    PlayerJoined,
    TeamRegistered,
)
from rules.tv.ratings import ratings
from rules.written import AnswerHandedIn, WindowClosed

Lines = tuple[tuple[str, dict[str, Any]], ...]


def score_args(state: tv.TvState) -> dict[str, Any]:
    """The score's arguments: experts, viewers, the central team (``none`` while empty)."""
    experts, viewers = state.score
    team = state.central_team
    return {"experts": experts, "viewers": viewers, "team": team.name if team else "none"}


def ratings_text(state: tv.TvState) -> str:
    """Each player's rating of the game, best first, ``name — points`` joined by commas
    (TV-5, TV-6)."""
    points = ratings(state)
    ordered = sorted(points.items(), key=lambda item: (-item[1], state.roster.name(item[0])))
    return ", ".join(f"{state.roster.name(p)} — {n}" for p, n in ordered) or "-"


def table_msg(state: tv.TvState) -> Msg:
    """The score of experts against viewers with the ratings, and each round: the sector the
    top stopped at, the team at the central table, who answered, the verdict (1 right, 0
    wrong, ? not judged yet) and the score after it (``tv-table``, TV-1, TV-3), as text and as
    ``bot.tables.Table``."""
    lines, rows = [], []
    for index, played in enumerate(state.rounds):
        experts, viewers = replace(state, rounds=state.rounds[:index + 1]).score
        mark = "?" if played.correct is None else "1" if played.correct else "0"
        answerer = state.roster.name(played.answerer) if played.answerer is not None else "-"
        args = {"number": index + 1, "sector": played.sector,
                "team": _team_name(state, played.central), "answerer": answerer,
                "verdict": {"1": "right", "0": "wrong"}.get(mark, "pending"),
                "experts": experts, "viewers": viewers}
        lines.append(("tv-table-row", args))
        rows.append((str(index + 1), str(played.sector), args["team"], answerer, mark,
                     f"{experts}:{viewers}"))
    columns = (Column(("table-round-short", {})), Column(("table-sector", {})),
               Column(("table-team", {}), Style.TEXT), Column(("table-answerer", {}), Style.TEXT),
               Column(("table-verdict", {}), Style.MARK), Column(("table-score", {}), Style.TOTAL))
    return Msg(To.GAME, "tv-table", {**score_args(state), "ratings": ratings_text(state)},
               lines=tuple(lines), table=Table(columns, tuple(rows)))


def _team_name(state: tv.TvState, team_id: int | None) -> str:
    team = state.team(team_id)
    return team.name if team else "-"


def _teams(state: tv.TvState, team_ids: tuple[int, ...]) -> str:
    return ", ".join(_team_name(state, t) for t in team_ids) or "-"


def _question(package: Package | None, index: int) -> Question | None:
    if package is None or not 0 <= index < len(package.questions):
        return None
    return package.questions[index]


def question_msg(state: tv.TvState, package: Package | None) -> list[Msg]:
    """The question of the envelope drawn last, as the game chat gets it (kind QUESTION:
    the service waits for its delivery before the minute starts)."""
    last = state.last
    q = _question(package, last.question_index) if last else None
    if q is None:
        return []
    lines: list[tuple[str, dict[str, Any]]] = []
    if q.handout and q.handout.text:
        lines.append(("question-handout", {"text": q.handout.text}))
    if q.picture:
        lines.append(("question-picture", {"url": q.picture}))
    return [Msg(To.GAME, "tv-question", {"number": last.sector, "text": q.text},
                lines=tuple(lines), kind=MessageKind.QUESTION, image=q.picture,
                slot=f"question-{last.sector}")]


def _reveal(q: Question) -> Msg:
    accepted = split_nezachet(q.accepted_raw)[0] if q.accepted_raw else ""
    lines: Lines = (("reveal-accepted", {"text": accepted}),) if accepted else ()
    if q.comment:
        lines = (*lines, ("reveal-comment", {"text": q.comment}))
    return Msg(To.GAME, "reveal-answer", {"text": q.answer}, lines=lines, joins=True)


def _seated(ev: tv.TeamSeated, after: tv.TvState) -> list[Msg]:
    args = {"team": _team_name(after, ev.team_id), "among": _teams(after, ev.among),
            "count": len(ev.among), "reason": ev.reason.value,
            "answered": "yes" if ev.answered else "no",
            "why": ev.why.value if ev.why else "none"}
    return [Msg(To.GAME, "tv-seated", args, joins=True),
            Msg(To.GAME, "tv-spin-prompt", {}, joins=True,
                buttons=(MsgButton("button-spin", "spin"),))]


def _seating_next(sector: int, after: tv.TvState) -> Msg:
    """What the empty central table waits for: the verdicts on the club answers to
    ``sector``, or, when they are in and leave several teams, the host's spin among them."""
    chosen = tv.pool(after)
    if chosen is None:
        return Msg(To.GAME, "tv-seating-next", {"number": sector}, joins=True)
    return Msg(To.GAME, "tv-seating-spin", {"among": _teams(after, chosen.teams),
                                            "answered": "yes" if chosen.answered else "no"},
               joins=True, buttons=(MsgButton("button-spin", "spin"),))


def _groups_msg(number: int, judging: Judging) -> Msg | None:
    """The host's list of the groups still to judge among the club answers to ``number``,
    largest first, each numbered from 1 in order of arrival, with its accept/reject
    buttons."""
    waiting = pending(judging)
    if not waiting:
        return None
    lines = tuple(("tv-club-group", {"group": g.order + 1, "text": g.text, "count": len(g.teams),
                                     "suggestion": g.suggestion.value}) for g in waiting)
    buttons = tuple(b for g in waiting for b in (
        MsgButton("button-accept", f"club {number} {g.order + 1} yes"),
        MsgButton("button-reject", f"club {number} {g.order + 1} no")))
    return Msg(To.HOST, "tv-club-groups", {"number": number, "count": len(waiting)},
               lines=lines, buttons=buttons)


def _club_done(number: int, state: tv.TvState) -> Msg:
    judging = state.judgings.get(number)
    correct = tuple(t for t in state.teams
                    if judging is not None and judging.verdict_of(t) is Verdict.ACCEPT)
    return Msg(To.GAME, "tv-club-judged", {"number": number, "count": len(correct),
                                           "teams": _teams(state, correct)})


def _judging_msgs(ev: Event, before: tv.TvState | None, after: tv.TvState) -> list[Msg]:
    number = after.judging_of
    if number is None:
        return []
    judging = after.judgings.get(number)
    was = before.judgings.get(number) if before is not None else None
    msgs: list[Msg] = []
    queued_all = judging is not None and after.written.question == number and \
        len(judging.answers) == len(after.written.answers)
    if isinstance(ev, AnswerQueued) and queued_all:
        shown = _groups_msg(number, judging)
        if shown is not None:
            msgs.append(shown)
    if isinstance(ev, (GroupDecided, VerdictChanged)):
        msgs.append(Msg(To.HOST, "tv-club-group-decided", {
            "number": number, "verdict": ev.verdict.value,
            "text": judging.groups[ev.key].text if judging else "-"}))
    done = judging is not None and judging.done and queued_all
    if done and not (was is not None and was.done and
                     len(was.answers) == len(judging.answers)):
        msgs.append(_club_done(number, after))
    return msgs


def render(ev: Event, before: tv.TvState | None, after: tv.TvState,
           package: Package | None) -> list[Msg]:
    """The messages of one TV event (``GameFormat.render``)."""
    names = after.roster
    match ev:
        case tv.GameCreated() if ev.package_id is None:
            return [Msg(To.GAME, "tv-created-no-package", {
                "host": ev.host_name, "target": ev.target},
                lines=(("game-package-wanted", {}),))]
        case tv.PackageAttached():
            return [Msg(To.GAME, "game-package-attached", {
                "title": package.title if package else "-", "count": len(ev.questions)})]
        case tv.GameCreated():
            return [Msg(To.GAME, "tv-created", {
                "host": ev.host_name, "package": package.title if package else "-",
                "count": len(ev.questions), "target": ev.target})]
        case TeamRegistered():
            return [Msg(To.GAME, "roster-team-registered",
                        {"team": ev.team_name, "captain": ev.captain_name},
                        slot=f"team-{ev.team_id}")]
        case PlayerJoined():
            team = names.team_of(ev.player)
            return [Msg(To.GAME, "roster-player-joined", {
                "name": ev.player_name, "team": team.name if team else "-",
                "count": len(team.members) if team else 0})]
        case CaptainChanged():
            return [Msg(To.GAME, "roster-captain-changed", {"name": names.name(ev.captain)})]
        case CoHostNamed():
            return [Msg(To.GAME, "roster-cohost-named", {"name": ev.player_name})]
        case HostTakenOver():
            return [Msg(To.GAME, "roster-host-taken-over", {"name": ev.player_name})]
        case tv.GameStarted():
            started = Msg(To.GAME, "tv-started", {"count": len(ev.teams),
                                                  "target": after.config.target})
            # The teams that lost their round in the day's earlier game are told why the
            # top passes them by (TV-10).
            lost = tuple(t for t in after.lost if t in ev.teams)
            if not lost:
                return [started]
            return [started, Msg(To.GAME, "tv-lost-earlier", {
                "teams": _teams(after, lost), "count": len(lost),
                "five": after.config.target - 1}, joins=True)]
        case tv.TeamSeated():
            return _seated(ev, after)
        case tv.EnvelopeDrawn():
            # A signal (TV-2): where the game has a voice channel, the top is heard spinning.
            return [Msg(To.GAME, "tv-top-sector", {"number": ev.sector,
                                                   "left": len(after.sectors_left())},
                        kind=MessageKind.SIGNAL),
                    *question_msg(after, package)]
        case tv.QuestionUndelivered():
            return [Msg(To.HOST, "duel-question-undelivered", {"number": ev.number},
                        buttons=(MsgButton("button-start-clock", "resume"),))]
        case tv.DiscussionStarted():
            return [Msg(To.GAME, "tv-discussion", {
                "seconds": round(ev.seconds or after.config.discussion),
                "team": _team_name(after, after.central)}, deadline=ev.ends_at, joins=True,
                slot=f"question-{after.last.sector}" if after.last else "")]
        case tv.WarningSignalled():
            return [Msg(To.GAME, "signal-warning", {"seconds": round(after.config.warn_before)},
                        kind=MessageKind.SIGNAL)]
        case tv.DiscussionEnded():
            team = after.central_team
            captain = names.name(team.captain) if team else "-"
            return [Msg(To.GAME, "signal-time", kind=MessageKind.SIGNAL,
                        lines=(("tv-name-answerer", {"captain": captain}),))]
        case AnswerHandedIn():
            return [Msg(To.PLAYER, "tv-handed-in", {"text": ev.text,
                                                    "replaces": "yes" if ev.replaces else "no"},
                        player=ev.by)]
        case WindowClosed():
            msgs = [Msg(To.GAME, "tv-club-closed", {"number": ev.question, "count": ev.answers})]
            if ev.answers:
                msgs.append(Msg(To.HOST, "tv-club-judge-offer", {"number": ev.question,
                                                                 "count": ev.answers},
                                buttons=(MsgButton("button-judge-clubs",
                                                   f"clubs {ev.question}"),)))
            return msgs
        case tv.ClockPaused(reason="downtime"):
            args = {"seconds": round(ev.remaining)}
            return [Msg(To.GAME, "duel-paused-downtime", args),
                    Msg(To.HOST, "duel-paused-downtime-host", args,
                        buttons=(MsgButton("button-resume", "resume"),))]
        case tv.ClockPaused():
            return [Msg(To.GAME, "duel-paused", {"seconds": round(ev.remaining)},
                        buttons=(MsgButton("button-resume", "resume"),))]
        case tv.ClockResumed():
            seconds = round(before.clock.remaining) if before and before.clock else 0
            return [Msg(To.GAME, "duel-resumed", {"seconds": seconds}, deadline=ev.ends_at)]
        case tv.AnswererNamed() if before is not None and before.current is None:
            # Named after the verdict (``rules.tv.decide``): only the record of who spoke.
            return [Msg(To.GAME, "tv-answerer-recorded", {"name": names.name(ev.player)})]
        case tv.AnswererNamed():
            # The answer is oral (TV-3): the host judges it with a button under this message,
            # as a group that hides plain text from the bot (Telegram's privacy mode) would
            # never deliver a bare "+" or "-".
            return [Msg(To.GAME, "tv-answerer-named", {"name": names.name(ev.player)},
                        buttons=(MsgButton("button-accept", "accept"),
                                 MsgButton("button-reject", "reject"))),
                    Msg(To.PLAYER, "tv-your-turn", player=ev.player)]
        case tv.AnswerTyped():
            q = _question(package, after.current.question_index) if after.current else None
            answerer = after.current.answerer if after.current else None
            return [Msg(To.PLAYER, "answer-received", {"text": ev.text}, player=answerer),
                    Msg(To.HOST, "duel-suggestion", {
                        "text": ev.text, "verdict": ev.suggestion,
                        "answer": q.answer if q else "-"},
                        lines=((ev.reason, dict(ev.reason_args)),),
                        buttons=(MsgButton("button-accept", "accept"),
                                 MsgButton("button-reject", "reject")))]
        case tv.CentralJudged():
            q = _question(package, after.rounds[-1].question_index) if after.rounds else None
            answered = after.team(ev.team_id)
            # Judged before the captain named who spoke: ask for the record (TV-2).
            unnamed = (("tv-answerer-unnamed", {"captain": names.name(answered.captain)}),) \
                if after.last and after.last.answerer is None and answered is not None else ()
            msgs = [Msg(To.GAME, "tv-verdict", {"correct": str(ev.correct).lower(),
                                                **score_args(after),
                                                "leaving": _team_name(after, ev.team_id)},
                        lines=unnamed)]
            if q:
                msgs.append(_reveal(q))
            if not ev.correct and after.live and after.central is None:
                msgs.append(_seating_next(ev.sector, after))
            return msgs
        case tv.GameWon():
            msgs = [Msg(To.GAME, "tv-won", {"winner": ev.winner.value, **score_args(after)},
                        joins=True)]
            if ev.winner is tv.Side.EXPERTS:
                candidates = after.best_player_candidates()
                msgs.append(Msg(To.GAME, "tv-best-offer", {
                    "names": ", ".join(names.name(p) for p in candidates)}, joins=True))
            return [*msgs, table_msg(after)]
        case tv.BestPlayerNamed():
            return [Msg(To.GAME, "tv-best-player", {"name": names.name(ev.player)})]
        case tv.GameAborted():
            return [Msg(To.GAME, "tv-aborted", score_args(after))]
    return _judging_msgs(ev, before, after)
