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
from bot.packages.model import Package, Question, QuestionKind
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


def envelopes(package: Package) -> tuple[int, ...]:
    """Indices into ``package.questions`` of the questions a TV game deals as envelopes, in
    order: the ordinary ones. An envelope is one question, one minute of discussion and one
    oral answer (TV-2, TV-3); TV's rules have no blitz or superblitz (DUEL's three
    mini-questions of 20 s), no sector 13 (DUEL's choice of who stays) and no duplet (two
    answers), and a zero question scores nothing."""
    return tuple(i for i, q in enumerate(package.questions)
                 if _dealt_kind(q) is QuestionKind.REGULAR)


def _dealt_kind(q: Question) -> QuestionKind:
    """The kind ``q`` is played as: its own, or sector 13 when a regular question is
    labelled for it (``Question.for_sector13``)."""
    return QuestionKind.SECTOR13 if q.kind is QuestionKind.REGULAR and q.for_sector13 \
        else q.kind


def left_out(package: Package) -> dict[QuestionKind, int]:
    """How many of ``package``'s scored questions the TV deal leaves out, by kind (kinds in
    their declared order, none with a zero count); ``envelopes`` says why."""
    kinds = [_dealt_kind(q) for q in package.questions]
    counts = {kind: kinds.count(kind) for kind in QuestionKind
              if kind not in (QuestionKind.REGULAR, QuestionKind.ZERO)}
    return {kind: n for kind, n in counts.items() if n}


def _left_out_lines(package: Package | None) -> Lines:
    """The lines saying which of ``package``'s questions stay out of the envelopes, and why
    (``envelopes``); none when all are dealt."""
    out = left_out(package) if package is not None else {}
    if not out:
        return ()
    return (("tv-left-out", {"count": sum(out.values())}),
            *(("tv-left-out-kind", {"kind": kind.value, "count": n}) for kind, n in out.items()))


def _created(ev: tv.GameCreated, package: Package | None) -> Msg:
    """The opening: the host, the package, the envelopes and the target, and which of the
    package's questions stay out of the envelopes, and why (``envelopes``)."""
    return Msg(To.GAME, "tv-created", {
        "host": ev.host_name, "package": package.title if package else "-",
        "count": len(ev.questions), "target": ev.target}, lines=_left_out_lines(package))


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


def _answer_lines(q: Question, *, rejected: bool = False) -> Lines:
    """The accepted answers as written (Зачёт), with ``rejected`` the rejected ones
    (Незачёт), and the comment, as the reveal's lines (``reveal-*``)."""
    accepted = split_nezachet(q.accepted_raw)[0] if q.accepted_raw else ""
    lines: Lines = (("reveal-accepted", {"text": accepted}),) if accepted else ()
    if rejected and q.rejected:
        lines = (*lines, ("reveal-rejected", {"text": "; ".join(q.rejected)}))
    if q.comment:
        lines = (*lines, ("reveal-comment", {"text": q.comment}))
    return lines


def _reveal(q: Question) -> Msg:
    return Msg(To.GAME, "reveal-answer", {"text": q.answer}, lines=_answer_lines(q), joins=True)


def host_answer_msg(state: tv.TvState, package: Package | None) -> list[Msg]:
    """The envelope's answer for the host alone, when the central table's minute starts:
    the author's answer, the accepted and rejected answers and the comment, so the host
    judges the oral answer knowing them (TV-2, TV-3); none without the package."""
    last = state.last
    q = _question(package, last.question_index) if last else None
    if q is None:
        return []
    return [Msg(To.HOST, "tv-host-answer", {"number": last.sector, "answer": q.answer},
                lines=_answer_lines(q, rejected=True))]


def _unfit_msg(state: tv.TvState) -> list[Msg]:
    """The host's note of the teams whose size keeps them from the central table (TV-14),
    each with its players, and how a missing player joins; none when every team fits."""
    unfit = state.unfit()
    if not unfit:
        return []
    teams = ", ".join(f"«{_team_name(state, t)}» — {state.players(t)}" for t in unfit)
    return [Msg(To.HOST, "tv-teams-unfit", {"teams": teams, "count": len(unfit),
                                            "min": state.config.min_players,
                                            "max": state.config.max_players or 0})]


def _seated(ev: tv.TeamSeated, after: tv.TvState) -> list[Msg]:
    args = {"team": _team_name(after, ev.team_id), "among": _teams(after, ev.among),
            "count": len(ev.among), "reason": ev.reason.value,
            "answered": "yes" if ev.answered else "no",
            "why": ev.why.value if ev.why else "none"}
    # A drawn seating tells the host again who was left out of the draw for their size (the
    # first draw's note came with the start).
    drawn = ev.reason in (tv.SeatReason.CORRECT, tv.SeatReason.TOP, tv.SeatReason.RETURN)
    return [Msg(To.GAME, "tv-seated", args, joins=True),
            Msg(To.GAME, "tv-spin-prompt", {}, joins=True,
                buttons=(MsgButton("button-spin", "spin"),)),
            *(_unfit_msg(after) if drawn else ())]


def _seating_next(sector: int, after: tv.TvState) -> Msg:
    """What the empty central table waits for: the verdicts on the club answers to
    ``sector``, or, when they are in and leave several teams, the host's spin among them."""
    chosen = tv.pool(after)
    if chosen is None:
        return Msg(To.GAME, "tv-seating-next", {"number": sector}, joins=True)
    if not chosen.teams:
        return Msg(To.GAME, "tv-seating-none-fits", {}, joins=True)
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
    """The messages of one TV event (``Presenting.render``)."""
    names = after.roster
    match ev:
        case tv.GameCreated() if ev.package_id is None:
            return [Msg(To.GAME, "tv-created-no-package", {
                "host": ev.host_name, "target": ev.target},
                lines=(("game-package-wanted", {}),))]
        case tv.PackageAttached():
            return [Msg(To.GAME, "game-package-attached", {
                "title": package.title if package else "-", "count": len(ev.questions)},
                lines=_left_out_lines(package))]
        case tv.GameCreated():
            return [_created(ev, package)]
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
            msgs = [Msg(To.GAME, "tv-started", {"count": len(ev.teams),
                                                "target": after.config.target})]
            # The teams that lost their round in the day's earlier game are told why the
            # top passes them by (TV-10); the host, which teams it passes by for their
            # size (TV-14).
            lost = tuple(t for t in after.lost if t in ev.teams)
            if lost:
                msgs.append(Msg(To.GAME, "tv-lost-earlier", {
                    "teams": _teams(after, lost), "count": len(lost),
                    "five": after.config.target - 1}, joins=True))
            return [*msgs, *_unfit_msg(after)]
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
                slot=f"question-{after.last.sector}" if after.last else ""),
                    *host_answer_msg(after, package)]
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
                chosen = tv.pool(after)
                if chosen is not None and not chosen.teams:
                    msgs += _unfit_msg(after)
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
