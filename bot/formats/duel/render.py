"""DUEL's events to messages (``render``)."""

from __future__ import annotations

from typing import Any

from bot.formats.base import Msg, MsgButton, To
from bot.formats.duel.messages import (
    _answer_slot,
    _choose_prompt,
    _chosen_lines,
    _discussion_msg,
    _names,
    _part_msg,
    _question,
    _question_msg,
    _reveal,
    _score_args,
    _set_summary,
    _stay_line,
    _time_line,
    _training_only,
    table_msg,
)
from bot.packages.model import Package
from bot.ports import MessageKind
from rules import duel as d
from rules.base import Event
from rules.roster import (
    CaptainChanged,
    CoHostNamed,
    HostTakenOver,
    KeeperNamed,
    PlayerJoined,
    TeamRegistered,
)

_JUDGE_BUTTONS = (MsgButton("button-accept", "accept"), MsgButton("button-reject", "reject"))


def render(ev: Event, before: d.DuelState | None, after: d.DuelState,
           package: Package | None) -> list[Msg]:
    """The messages for one DUEL event ``ev``: the states ``before`` it (None for the first
    event) and ``after`` it, and the game's package (None without one)."""
    names = after.roster
    match ev:
        case d.GameCreated() if ev.package_id is None:
            return [Msg(To.GAME, "duel-created-no-package",
                        {"host": ev.host_name, "min": ev.min_players},
                        lines=(("game-package-wanted", {}),))]
        case d.GameCreated():
            msgs = [Msg(To.GAME, "duel-created", {
                "host": ev.host_name, "package": package.title if package else "-",
                "count": len(ev.scored), "need": ev.set_size, "min": ev.min_players},
                lines=_training_only(after) if package else ())]
            return [*msgs, _set_summary(after)] if package else msgs
        case TeamRegistered():
            return [Msg(To.GAME, "roster-team-registered",
                        {"team": ev.team_name, "captain": ev.captain_name},
                        slot=f"team-{ev.team_id}")]
        case PlayerJoined():
            # The team's registration message, edited: who joined last and how many they are.
            team = names.team_of(ev.player)
            captain = names.name(team.captain) if team else "-"
            return [Msg(To.GAME, "roster-team-registered", {
                "team": team.name if team else "-", "captain": captain}, lines=(
                ("roster-player-joined", {"name": ev.player_name,
                                          "team": team.name if team else "-",
                                          "count": len(team.members) if team else 0}),),
                slot=f"team-{ev.team_id}")]
        case CaptainChanged():
            return [Msg(To.GAME, "roster-captain-changed", {"name": names.name(ev.captain)})]
        case KeeperNamed():
            return [Msg(To.GAME, "roster-keeper-named", {"name": ev.player_name})]
        case CoHostNamed():
            return [Msg(To.GAME, "roster-cohost-named", {"name": ev.player_name})]
        case HostTakenOver():
            return [Msg(To.GAME, "roster-host-taken-over", {"name": ev.player_name})]
        case d.PackageAttached():
            return [Msg(To.GAME, "duel-package-attached", {"count": len(ev.scored)},
                        lines=_training_only(after)), _set_summary(after)]
        case d.QuestionsSelected():
            return [Msg(To.GAME, "duel-questions-selected", {"count": len(ev.questions)}),
                    _set_summary(after)]
        case d.QuestionMarked():
            return [_set_summary(after)]
        case d.GameStarted():
            keeper = "yes" if after.roster.keeper is not None else "none"
            return [Msg(To.GAME, "duel-started", {**_score_args(after), "keeper": keeper,
                                                  "target": after.config.target}),
                    _choose_prompt(after)]
        case d.QuestionChosen():
            return _render_chosen(ev, after, package)
        case d.Sector13Chosen() if after.repaying:
            return []  # the repayment's question message says who stays (all)
        case d.Sector13Chosen():
            q = _question(package, after, after.current or 0)
            return [_question_msg(q, after.current, [_stay_line(after)])] if q else []
        case d.SoloNamed():
            return [Msg(To.GAME, "duel-solo-named", {"name": names.name(ev.player)})]
        case d.PartStarted():
            q = _question(package, after, after.current or 0)
            return [_part_msg(q, after.current, ev.part)] if q else []
        case d.QuestionUndelivered():
            return [Msg(To.HOST, "duel-question-undelivered", {"number": ev.number},
                        buttons=(MsgButton("button-start-clock", "resume"),))]
        case d.DiscussionStarted():
            return [_discussion_msg(ev, after)]
        case d.WarningSignalled():
            left = round(after.config.warn_before)
            return [Msg(To.GAME, "signal-warning", {"seconds": left}, kind=MessageKind.SIGNAL)]
        case d.EarlyAnswerDeclared():
            return [Msg(To.GAME, "duel-early-declared", {}, slot=_answer_slot(after))]
        case d.DiscussionEnded():
            return _render_ended(before, after)
        case d.ClockPaused(reason="downtime"):
            args = {"seconds": round(ev.remaining)}
            return [Msg(To.GAME, "duel-paused-downtime", args),
                    Msg(To.HOST, "duel-paused-downtime-host", args,
                        buttons=(MsgButton("button-resume", "resume"),))]
        case d.ClockPaused(reason="helpers"):
            return []  # HintTaken says it
        case d.ClockPaused():
            return [Msg(To.GAME, "duel-paused", {"seconds": round(ev.remaining)},
                        buttons=(MsgButton("button-resume", "resume"),))]
        case d.ClockResumed():
            seconds = round(before.clock.remaining) if before and before.clock else 0
            return [Msg(To.GAME, "duel-resumed", {"seconds": seconds}, deadline=ev.ends_at)]
        case d.TimeAdded():
            return _render_time(ev, after)
        case d.HintTaken(hint=d.Hint.CLUB):
            keeper = "yes" if after.roster.keeper is not None else "no"
            return [Msg(To.GAME, "duel-club-help", {"keeper": keeper})]
        case d.HintTaken():
            return [Msg(To.GAME, "duel-hint-minute", {})]
        case d.HelpersProposed():
            return [Msg(To.GAME, "duel-helpers-proposed", {
                "names": _names(after, ev.players), "keeper": names.name(names.keeper)})]
        case d.HelpersRefused():
            return [Msg(To.GAME, "duel-helpers-refused", {})]
        case d.ClubHelpWithdrawn():
            return [Msg(To.GAME, "duel-club-help-withdrawn", {})]
        case d.HelpersNamed():
            return [Msg(To.GAME, "duel-helpers-named", {
                "names": _names(after, ev.players), "seconds": round(d.CLUB_SECONDS)})]
        case d.HelpersDone():
            return [Msg(To.GAME, "signal-helpers-done",
                        {"names": _names(before, before.helpers) if before else "-"},
                        kind=MessageKind.SIGNAL)]
        case d.CreditTaken():
            return [Msg(To.GAME, "duel-credit-taken", {})]
        case d.DecisiveRoundStarted():
            return [Msg(To.GAME, "duel-decisive-started", {"name": names.name(ev.player),
                                                           "points": d.DECISIVE_POINTS}),
                    _choose_prompt(after)]
        case d.AnswererNamed() if before is not None and before.answerer is not None:
            # The captain named someone else before the answer came (DUEL-3.5).
            return [Msg(To.GAME, "duel-answerer-changed", {
                        "name": names.name(ev.player), "before": names.name(before.answerer)}),
                    Msg(To.PLAYER, "duel-your-turn", player=ev.player),
                    Msg(To.PLAYER, "duel-not-your-turn", {"name": names.name(ev.player)},
                        player=before.answerer)]
        case d.AnswererNamed():
            # The "who answers?" message now says who does (the solo player's goes under "Time!").
            return [Msg(To.GAME, "duel-answerer-named", {"name": names.name(ev.player)},
                        joins=True, slot=_answer_slot(after)),
                    Msg(To.PLAYER, "duel-your-turn", player=ev.player)]
        case d.AnswerGiven():
            return _render_answer(ev, after, package)
        case d.PartJudged():
            q = _question(package, after, ev.number)
            answer = q.parts[ev.part].answer if q and ev.part < len(q.parts) else "-"
            return [Msg(To.GAME, "duel-part-verdict", {
                "part": ev.part + 1, "correct": str(ev.correct).lower(), "answer": answer},
                lines=_team_answer(before), joins=True)]
        case d.AnswerJudged():
            q = _question(package, after, ev.number)
            # A blitz's answers were shown part by part, with each part's verdict.
            given = _team_answer(before) if before is not None and before.part is None else ()
            msgs = [Msg(To.GAME, "duel-verdict", {"correct": str(ev.correct).lower(),
                                                  **_score_args(after)},
                        lines=given, joins=True)]
            if q:
                msgs.append(_reveal(q))
            return msgs + _after_verdict(after, overturned=False)
        case d.AppealFiled():
            return [Msg(To.GAME, "duel-appeal-filed", {
                "number": ev.number, "keeper": names.name(after.roster.keeper)})]
        case d.AppealDecided():
            key = "duel-appeal-overturned" if ev.overturned else "duel-appeal-upheld"
            msgs = [Msg(To.GAME, key, {"number": ev.number, "own": str(ev.own).lower(),
                                       **_score_args(after)}, joins=True)]
            if before is None or before.phase is not d.Phase.CHOOSING:
                return msgs  # after the win, GameReopened or the vote speaks next
            return msgs + _after_verdict(after, overturned=ev.overturned)
        case d.GameWon():
            candidates = after.best_question_candidates()
            return [
                Msg(To.GAME, "duel-won", {"winner": ev.winner.value, **_score_args(after)},
                    joins=True),
                Msg(To.GAME, "duel-vote", {
                    "numbers": ", ".join(map(str, candidates)),
                    "has_questions": "yes" if candidates else "no"}, joins=True),
                table_msg(after),
            ]
        case d.GameReopened():
            return [Msg(To.GAME, "duel-reopened", _score_args(after), joins=True),
                    _choose_prompt(after)]
        case d.BestQuestionVoted():
            return [Msg(To.GAME, "duel-best-question", {"number": ev.number})]
        case d.BestPlayerVoted():
            return [Msg(To.GAME, "duel-best-player", {"name": names.name(ev.player)})]
        case d.GameFinished():
            best = names.name(after.best_player) if after.best_player is not None else "none"
            return [Msg(To.GAME, "duel-finished", {
                "winner": ev.winner.value, "best_question": after.best_question or "none",
                "best_player": best, **_score_args(after)})]
        case d.GameAborted():
            return [Msg(To.GAME, "duel-aborted", _score_args(after))]
    return []


def _after_verdict(state: d.DuelState, *, overturned: bool) -> list[Msg]:
    """What a verdict (or an overturned one) brings beyond the point, then the next choice;
    nothing when the verdict ended the game (GameWon follows it)."""
    if state.over:
        return []
    last = state.played[-1]
    msgs: list[Msg] = []
    earned = d.earned_minutes(last)
    if earned and last.correct:
        msgs.append(Msg(To.GAME, "duel-minute-earned", {"source": earned[-1].value,
                                                        "count": len(state.minutes)},
                        joins=True))
    elif earned and overturned:
        msgs.append(Msg(To.GAME, "duel-minute-revoked", {"count": len(state.minutes)},
                        joins=True))
    if last.sector13 is not None and not last.correct:
        msgs.append(Msg(To.GAME, "duel-benched", {"names": _names(state, last.stayed)},
                        joins=True))
    elif last.sector13 is not None and overturned:
        msgs.append(Msg(To.GAME, "duel-unbenched", {}, joins=True))
    return [*msgs, _choose_prompt(state)]


def _render_chosen(ev: d.QuestionChosen, after: d.DuelState, package: Package | None
                   ) -> list[Msg]:
    captain = after.roster.name(after.team.captain) if after.team else "-"
    if after.phase is d.Phase.SECTOR13:
        return [Msg(To.GAME, "duel-sector13", {"number": ev.number, "captain": captain})]
    if after.phase is d.Phase.SOLO:
        return [Msg(To.GAME, "duel-superblitz", {"number": ev.number, "captain": captain})]
    if after.play is d.Play.BLITZ:
        return [Msg(To.GAME, "duel-blitz", {"number": ev.number})]
    q = _question(package, after, ev.number)
    return [_question_msg(q, ev.number, _chosen_lines(after))] if q else []


def _render_ended(before: d.DuelState | None, after: d.DuelState) -> list[Msg]:
    """The end of the time and "who answers?": one status message (``_answer_slot``) that
    the answerer and the answer then replace; after an early answer it goes under the
    declaration, which said it all (no end-of-time signal)."""
    captain = after.roster.name(after.team.captain) if after.team else "-"
    slot = _answer_slot(after)
    if after.no_discussion:
        return [Msg(To.GAME, "duel-no-discussion", {"captain": captain}, slot=slot)]
    msgs = []
    if before is not None and before.helpers:
        msgs.append(Msg(To.GAME, "signal-helpers-done", {"names": _names(before, before.helpers)},
                        kind=MessageKind.SIGNAL))
    lines: tuple[tuple[str, dict[str, Any]], ...] = ()
    if after.solo is None:
        lines = _time_line(after)
        if after.sector13 is d.Sector13Mode.THREE:  # one of the three who stayed (4.2b)
            lines = (("duel-answerer-from", {"names": _names(after, after.stayed)}), *lines)
        lines = (("duel-name-answerer", {"captain": captain}), *lines)
    elif any(after.time_options().values()):
        lines = (("duel-solo-time", {"name": after.roster.name(after.solo)}), *_time_line(after))
    if after.early:
        if lines:
            msgs.append(Msg(To.GAME, lines[0][0], lines[0][1], lines=lines[1:], joins=True,
                            slot=slot))
        return msgs
    return [Msg(To.GAME, "signal-time", lines=lines, kind=MessageKind.SIGNAL, slot=slot), *msgs]


def _render_time(ev: d.TimeAdded, after: d.DuelState) -> list[Msg]:
    clock = after.clock
    if ev.ends_at is None:
        seconds = round(clock.remaining) if clock and clock.remaining is not None else 0
        return [Msg(To.GAME, "duel-time-added-paused", {"reason": ev.reason.value,
                                                        "seconds": seconds}, joins=True)]
    return [Msg(To.GAME, "duel-time-added", {
        "reason": ev.reason.value, "seconds": round(ev.seconds),
        "left": len(after.minutes)}, deadline=ev.ends_at, joins=True)]


def _team_answer(before: d.DuelState | None) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The line under a verdict that shows the game chat what the team answered."""
    if before is None or before.answer is None:
        return ()
    return (("duel-team-answer", {"text": before.answer,
                                  "name": before.roster.name(before.answerer)}),)


def _render_answer(ev: d.AnswerGiven, after: d.DuelState, package: Package | None) -> list[Msg]:
    """The answer goes to the host alone (and co-hosts), the answerer gets a receipt, and
    the game chat hears only that it was given: the host talks with the answering player
    only (DUEL-3.5), and the chat sees the answer with the verdict (DESIGN.md, Privacy and
    roles)."""
    q = _question(package, after, after.current or 0)
    answer = q.answer if q else "-"
    if q and after.part is not None and after.part < len(q.parts):
        answer = q.parts[after.part].answer
    return [
        Msg(To.PLAYER, "answer-received", {"text": ev.text}, player=ev.player),
        Msg(To.GAME, "duel-answer-given", {"name": after.roster.name(ev.player)},
            slot=_answer_slot(after)),
        Msg(To.HOST, "duel-suggestion", {
            "text": ev.text, "verdict": ev.suggestion, "answer": answer},
            lines=((ev.reason, dict(ev.reason_args)),), buttons=_JUDGE_BUTTONS),
    ]
