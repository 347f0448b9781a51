"""DUEL as the service sees it: chat commands to ``rules.duel`` actions, events to messages.

Commands (with their Russian aliases in ``bot.commands``): ``team``, ``join``, ``captain``,
``keeper``, ``questions``, ``start``, ``pick`` (or a bare number), ``pause``, ``resume``,
``answerer``, ``answer``, ``accept``, ``reject``, ``appeal``, ``uphold``, ``overturn``, ``best``,
``abort``. The answer's suggested verdict comes from ``bot.answers`` and goes to the host only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.answers import judge_question
from bot.commands import ALWAYS, Command
from bot.formats.base import CommandContext, Msg, MsgButton, To
from bot.packages.model import Package, Question, QuestionKind
from bot.ports import MessageKind
from rules import duel as d
from rules.base import Event, Rejection, Role
from rules.roster import (
    CaptainChanged,
    CoHostNamed,
    HandOverCaptaincy,
    HostTakenOver,
    JoinTeam,
    KeeperNamed,
    NameCoHost,
    NameKeeper,
    PlayerJoined,
    RegisterTeam,
    TakeOverHost,
    TeamRegistered,
)

Parser = Callable[[Command, CommandContext], Awaitable[Any]]


def _resolve_player(ctx: CommandContext, text: str) -> tuple[int, str] | Rejection:
    """``(player id, display name)`` of the person called ``text`` (ignoring case and a
    leading @): someone in this game first, else someone seen in its chat."""
    wanted = text.strip().lstrip("@").casefold()
    matches = {(pid, name) for pid, name in ctx.state.roster.names.items()
               if name.casefold() == wanted}
    if not matches and wanted in ctx.known:
        matches = {ctx.known[wanted]}
    if len(matches) != 1:
        return Rejection("unknown-player", {"name": text.strip()})
    return matches.pop()


def _number(args: str) -> int | None:
    word = args.strip().split(maxsplit=1)[0] if args.strip() else ""
    return int(word) if word.isdigit() else None


async def _team(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-team")
    return RegisterTeam(ctx.player, ctx.name, await ctx.team_id(cmd.args), cmd.args)


async def _join(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-join")
    return JoinTeam(ctx.player, ctx.name, await ctx.team_id(cmd.args), cmd.args)


async def _captain(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-captain")
    found = _resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else HandOverCaptaincy(ctx.player, found[0])


async def _keeper(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-keeper")
    found = _resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else NameKeeper(ctx.player, *found)


async def _cohost(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-cohost")
    found = _resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else NameCoHost(ctx.player, *found)


async def _takeover(_cmd: Command, ctx: CommandContext) -> Any:
    return TakeOverHost(ctx.player, ctx.name, ctx.is_admin)


async def _questions(cmd: Command, ctx: CommandContext) -> Any:
    words = cmd.args.replace(",", " ").split()
    if not words or not all(w.isdigit() for w in words):
        return Rejection("usage-questions")
    return d.SelectQuestions(ctx.player, tuple(int(w) for w in words))


async def _start(cmd: Command, ctx: CommandContext) -> Any:
    return d.StartGame(ctx.player, force=cmd.args.strip().casefold() in ("anyway", "всё", "все"))


async def _pick(cmd: Command, ctx: CommandContext) -> Any:
    number = _number(cmd.args)
    return Rejection("usage-pick") if number is None else d.PickQuestion(ctx.player, number)


async def _answerer(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-answerer")
    found = _resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else d.NameAnswerer(ctx.player, found[0])


async def _answer(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-answer")
    state: d.DuelState = ctx.state
    index = state.current_question_index()
    suggestion, reason, reason_args = "unsure", "suggestion-none", {}
    if index is not None and ctx.package is not None:
        verdict = judge_question(cmd.args, ctx.package.questions[index])
        suggestion, reason, reason_args = verdict.kind.value.lower(), verdict.reason, verdict.args
    return d.GiveAnswer(ctx.player, cmd.args, suggestion, reason,
                        {k: str(v) for k, v in reason_args.items()})


async def _best(cmd: Command, ctx: CommandContext) -> Any:
    what, _, rest = cmd.args.partition(" ")
    what = what.casefold()
    if what in ("question", "вопрос", "q") and _number(rest) is not None:
        return d.VoteBestQuestion(ctx.player, _number(rest))
    if what in ("player", "игрок", "p") and rest.strip():
        found = _resolve_player(ctx, rest)
        return found if isinstance(found, Rejection) else d.VoteBestPlayer(ctx.player, found[0])
    return Rejection("usage-best")


def _simple(factory: Callable[[int], Any]) -> Parser:
    async def parse(_cmd: Command, ctx: CommandContext) -> Any:
        return factory(ctx.player)

    return parse


COMMANDS: dict[str, tuple[type, Parser]] = {
    "team": (RegisterTeam, _team),
    "join": (JoinTeam, _join),
    "captain": (HandOverCaptaincy, _captain),
    "keeper": (NameKeeper, _keeper),
    "cohost": (NameCoHost, _cohost),
    "takeover": (TakeOverHost, _takeover),
    "questions": (d.SelectQuestions, _questions),
    "start": (d.StartGame, _start),
    "pick": (d.PickQuestion, _pick),
    "pause": (d.PauseClock, _simple(d.PauseClock)),
    "resume": (d.ResumeClock, _simple(d.ResumeClock)),
    "answerer": (d.NameAnswerer, _answerer),
    "answer": (d.GiveAnswer, _answer),
    "accept": (d.JudgeAnswer, _simple(lambda p: d.JudgeAnswer(p, True))),
    "reject": (d.JudgeAnswer, _simple(lambda p: d.JudgeAnswer(p, False))),
    "appeal": (d.FileAppeal, _simple(d.FileAppeal)),
    "uphold": (d.DecideAppeal, _simple(lambda p: d.DecideAppeal(p, False))),
    "overturn": (d.DecideAppeal, _simple(lambda p: d.DecideAppeal(p, True))),
    "best": (d.VoteBestQuestion, _best),
    "abort": (d.AbortGame, _simple(d.AbortGame)),
}
"""Command name -> (the action type that decides who may use it, the argument parser)."""



class DuelFormat:
    """The DUEL format for the service (see ``bot.formats.base.GameFormat``)."""

    name = d.FORMAT
    permissions = d.PERMISSIONS

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, options: dict[str, Any]) -> Event:
        """``GameCreated`` with the package's scored questions; ``options`` may set
        ``discussion``, ``warning_at`` (seconds) and ``min_players``."""
        scored = _scored(package) if package else ()
        cfg = d.DuelConfig(**{k: v for k, v in options.items()
                              if k in d.DuelConfig.__dataclass_fields__})
        return d.GameCreated(host, host_name, package_id, scored, cfg.discussion, cfg.warning_at,
                             cfg.target, cfg.set_size, cfg.min_players)

    def package_action(self, player: int, package_id: int, package: Package
                       ) -> d.AttachPackage:
        """``AttachPackage`` with the package's scored questions."""
        return d.AttachPackage(player, package_id, _scored(package))

    def evolve(self, state: d.DuelState | None, event: Event) -> d.DuelState:
        """See ``rules.duel.evolve``."""
        return d.evolve(state, event)

    def decide(self, state: d.DuelState, action: Any, now: datetime) -> list[Event] | Rejection:
        """See ``rules.duel.decide``."""
        return d.decide(state, action, now)

    def timers(self, state: d.DuelState) -> dict[str, datetime]:
        """See ``rules.duel.timers``."""
        return d.timers(state)

    def timer_action(self, name: str, deadline: datetime) -> d.TimerFired:
        """The decider's ``TimerFired``."""
        return d.TimerFired(name, deadline)

    def missed_deadlines_action(self) -> d.MissedDeadlines:
        """The decider's ``MissedDeadlines``."""
        return d.MissedDeadlines()

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """Parse ``command`` into a DUEL action; unknown commands and bad arguments are
        Rejections carrying the usage key."""
        entry = COMMANDS.get(command.name)
        if entry is None:
            return Rejection("unknown-command", {"command": command.name})
        return await entry[1](command, ctx)

    def command_names(self) -> list[str]:
        """Every command name, the always-available ones included."""
        return [*COMMANDS, *ALWAYS]

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """Commands usable with ``roles``, for ``help``."""
        return [name for name, (action, _) in COMMANDS.items()
                if roles & self.permissions.get(action, frozenset())] + ["score", "help"]

    def roles_of(self, state: d.DuelState, player: int) -> frozenset[Role]:
        """Roles from the roster."""
        return state.roster.roles_of(player)

    def host_of(self, state: d.DuelState) -> int:
        """The host's player id."""
        return state.roster.host

    def is_live(self, state: d.DuelState) -> bool:
        """Not finished, not aborted."""
        return state.live

    def status_of(self, state: d.DuelState) -> str:
        """Storage status."""
        return {d.Phase.FINISHED: "finished", d.Phase.ABORTED: "aborted"}.get(state.phase, "live")

    def status(self, state: d.DuelState) -> tuple[str, dict[str, Any]]:
        """The score line (``duel-score``)."""
        return "duel-score", _score_args(state)

    def render(self, event: Event, before: d.DuelState | None, after: d.DuelState,
               package: Package | None) -> list[Msg]:
        """The messages for one DUEL event."""
        return _render(event, before, after, package)


def _scored(package: Package) -> tuple[int, ...]:
    """Indices into ``package.questions`` of the questions that can be played for points."""
    return tuple(i for i, q in enumerate(package.questions) if q.kind is not QuestionKind.ZERO)


def _score_args(state: d.DuelState) -> dict[str, Any]:
    team, host = state.score
    return {"team": state.team.name if state.team else "-", "team_score": team,
            "host_score": host}


def _question(package: Package | None, state: d.DuelState, number: int) -> Question | None:
    if package is None or not 1 <= number <= len(state.questions):
        return None
    return package.questions[state.questions[number - 1]]


def _choose_prompt(state: d.DuelState) -> Msg:
    played = {p.number for p in state.played}
    left = [n for n in range(1, len(state.questions) + 1) if n not in played]
    captain = state.roster.name(state.team.captain) if state.team else "-"
    return Msg(To.GAME, "duel-choose", {"captain": captain, "numbers": ", ".join(map(str, left))})


def _question_msg(q: Question, number: int) -> Msg:
    lines: list[tuple[str, dict[str, Any]]] = []
    if q.handout and q.handout.text:
        lines.append(("question-handout", {"text": q.handout.text}))
    picture = q.picture
    if picture:
        lines.append(("question-picture", {"url": picture}))
    lines += [("question-audio", {"url": url}) for url in q.audio]
    return Msg(To.GAME, "duel-question", {"number": number, "text": q.text},
               lines=tuple(lines), kind=MessageKind.QUESTION, image=picture)


def _reveal(q: Question) -> Msg:
    lines: list[tuple[str, dict[str, Any]]] = []
    if q.accepted_raw:
        lines.append(("reveal-accepted", {"text": q.accepted_raw}))
    if q.rejected:
        lines.append(("reveal-rejected", {"text": "; ".join(q.rejected)}))
    if q.comment:
        lines.append(("reveal-comment", {"text": q.comment}))
    if q.sources:
        lines.append(("reveal-sources", {"text": "\n".join(q.sources)}))
    if q.authors:
        lines.append(("reveal-authors", {"text": ", ".join(q.authors)}))
    return Msg(To.GAME, "reveal-answer", {"text": q.answer}, lines=tuple(lines))


_JUDGE_BUTTONS = (MsgButton("button-accept", "accept"), MsgButton("button-reject", "reject"))


def _render(ev: Event, before: d.DuelState | None, after: d.DuelState,
            package: Package | None) -> list[Msg]:
    names = after.roster
    match ev:
        case d.GameCreated():
            return [Msg(To.GAME, "duel-created", {
                "host": ev.host_name, "package": package.title if package else "-",
                "count": len(ev.scored), "need": ev.set_size, "min": ev.min_players})]
        case TeamRegistered():
            return [Msg(To.GAME, "roster-team-registered",
                        {"team": ev.team_name, "captain": ev.captain_name})]
        case PlayerJoined():
            team = names.team_of(ev.player)
            return [Msg(To.GAME, "roster-player-joined", {
                "name": ev.player_name, "team": team.name if team else "-",
                "count": len(team.members) if team else 0})]
        case CaptainChanged():
            return [Msg(To.GAME, "roster-captain-changed", {"name": names.name(ev.captain)})]
        case KeeperNamed():
            return [Msg(To.GAME, "roster-keeper-named", {"name": ev.player_name})]
        case CoHostNamed():
            return [Msg(To.GAME, "roster-cohost-named", {"name": ev.player_name})]
        case HostTakenOver():
            return [Msg(To.GAME, "roster-host-taken-over", {"name": ev.player_name})]
        case d.PackageAttached():
            return [Msg(To.GAME, "duel-package-attached", {"count": len(ev.scored)})]
        case d.QuestionsSelected():
            return [Msg(To.GAME, "duel-questions-selected", {"count": len(ev.questions)})]
        case d.GameStarted():
            return [Msg(To.GAME, "duel-started", _score_args(after)), _choose_prompt(after)]
        case d.QuestionChosen():
            q = _question(package, after, ev.number)
            return [_question_msg(q, ev.number)] if q else []
        case d.DiscussionStarted():
            seconds = round((ev.ends_at - ev.warning_at).total_seconds() + after.config.warning_at)
            return [Msg(To.GAME, "duel-discussion", {"seconds": seconds},
                        deadline=ev.ends_at)]
        case d.WarningSignalled():
            left = round(after.config.discussion - after.config.warning_at)
            return [Msg(To.GAME, "signal-warning", {"seconds": left}, kind=MessageKind.SIGNAL)]
        case d.DiscussionEnded():
            captain = names.name(after.team.captain) if after.team else "-"
            return [Msg(To.GAME, "signal-time", kind=MessageKind.SIGNAL),
                    Msg(To.GAME, "duel-name-answerer", {"captain": captain})]
        case d.ClockPaused(reason="downtime"):
            args = {"seconds": round(ev.remaining)}
            return [Msg(To.GAME, "duel-paused-downtime", args),
                    Msg(To.HOST, "duel-paused-downtime-host", args,
                        buttons=(MsgButton("button-resume", "resume"),))]
        case d.ClockPaused():
            return [Msg(To.GAME, "duel-paused", {"seconds": round(ev.remaining)},
                        buttons=(MsgButton("button-resume", "resume"),))]
        case d.ClockResumed():
            seconds = round(before.clock.remaining) if before and before.clock else 0
            return [Msg(To.GAME, "duel-resumed", {"seconds": seconds}, deadline=ev.ends_at)]
        case d.AnswererNamed():
            return [Msg(To.GAME, "duel-answerer-named", {"name": names.name(ev.player)}),
                    Msg(To.PLAYER, "duel-your-turn", player=ev.player)]
        case d.AnswerGiven():
            q = _question(package, after, after.current or 0)
            return [
                Msg(To.PLAYER, "answer-received", {"text": ev.text}, player=ev.player),
                Msg(To.GAME, "duel-answer-given", {"name": names.name(ev.player),
                                                   "text": ev.text}),
                Msg(To.HOST, "duel-suggestion", {
                    "text": ev.text, "verdict": ev.suggestion,
                    "answer": q.answer if q else "-"},
                    lines=((ev.reason, dict(ev.reason_args)),), buttons=_JUDGE_BUTTONS),
            ]
        case d.AnswerJudged():
            q = _question(package, after, ev.number)
            msgs = [Msg(To.GAME, "duel-verdict", {"correct": str(ev.correct).lower(),
                                                  **_score_args(after)})]
            if q:
                msgs.append(_reveal(q))
            if after.phase is d.Phase.CHOOSING:
                msgs.append(_choose_prompt(after))
            return msgs
        case d.AppealFiled():
            return [Msg(To.GAME, "duel-appeal-filed", {
                "number": ev.number, "keeper": names.name(after.roster.keeper)})]
        case d.AppealDecided():
            key = "duel-appeal-overturned" if ev.overturned else "duel-appeal-upheld"
            msgs = [Msg(To.GAME, key, {"number": ev.number, "own": str(ev.own).lower(),
                                       **_score_args(after)})]
            if after.phase is d.Phase.CHOOSING and before and before.phase is d.Phase.CHOOSING:
                msgs.append(_choose_prompt(after))
            return msgs
        case d.GameWon():
            candidates = after.best_question_candidates()
            return [
                Msg(To.GAME, "duel-won", {"winner": ev.winner.value, **_score_args(after)}),
                Msg(To.GAME, "duel-vote", {
                    "numbers": ", ".join(map(str, candidates)),
                    "has_questions": "yes" if candidates else "no"}),
            ]
        case d.GameReopened():
            return [Msg(To.GAME, "duel-reopened", _score_args(after)), _choose_prompt(after)]
        case d.BestQuestionVoted():
            return [Msg(To.GAME, "duel-best-question", {"number": ev.number})]
        case d.BestPlayerVoted():
            return [Msg(To.GAME, "duel-best-player", {"name": names.name(ev.player)})]
        case d.GameFinished():
            return [Msg(To.GAME, "duel-finished", {
                "winner": ev.winner.value, "best_question": after.best_question or "-",
                "best_player": names.name(after.best_player), **_score_args(after)})]
        case d.GameAborted():
            return [Msg(To.GAME, "duel-aborted", _score_args(after))]
    return []
