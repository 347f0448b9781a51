"""TV's chat commands: the parsers that turn them into ``rules.tv`` actions, and the command
spec for a command picker (``bot.formats.spec``).

The host: ``start [TEAM]`` (seat a team, or let the top draw it), ``spin`` (the top: the next
envelope, TV-2, or a draw among the candidates for the empty central table, TV-9, TV-11),
``seat TEAM``, ``pause``/``resume``, ``accept``/``reject`` (``+``/``-``) or ``judge yes|no``
for the central answer (TV-2, TV-3), ``close`` (the club tables' window before its end),
``clubs [N]`` (the club answers to question N go to judging), ``club [N] G yes|no`` (group G
of them, TV-5; N is the last question asked by default), ``best PLAYER`` (TV-4), ``abort``.
The central captain: ``answerer PLAYER``. A club table's member: a private message is the
team's written answer (TV-5); the central answerer's is the oral answer typed for the host's
suggestion.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.commands import MAX_TEXT, Command, is_number, strip_invisible
from bot.formats.base import CommandContext
from bot.formats.roster_commands import cohost, join_team, register_team, resolve_player, takeover
from bot.formats.spec import CommandGroup, CommandSpec, Form, Option, OptionKind
from bot.packages.model import Package
from rules import tv
from rules.base import Rejection
from rules.judging import Verdict
from rules.roster import HandOverCaptaincy, JoinTeam, NameCoHost, RegisterTeam, TakeOverHost

Seeds = Callable[[], int]
"""Where the spinning top's seeds come from (``secrets.randbits(64)`` in the bot)."""
Parser = Callable[[Command, CommandContext, Seeds], Awaitable[Any]]

ALIASES: dict[str, str] = {
    "волчок": "spin", "крутить": "spin", "посадить": "seat", "оценка": "judge",
    "закрыть": "close", "клубы": "clubs", "клуб": "club",
}
"""Russian names of the TV commands that ``bot.commands.ALIASES`` does not know."""

_YES = frozenset({"yes", "да", "+", "accept", "зачёт", "зачет"})
_NO = frozenset({"no", "нет", "-", "reject", "незачёт", "незачет"})


def _team_named(ctx: CommandContext, text: str) -> int | Rejection:
    """The id of the game's team called ``text`` (ignoring case)."""
    wanted = text.strip().strip("«»\"").casefold()
    found = [t.id for t in ctx.state.roster.teams if t.name.casefold() == wanted]
    return found[0] if found else Rejection("tv-no-such-team")


def _verdict(word: str) -> bool | None:
    word = word.strip().casefold()
    return True if word in _YES else False if word in _NO else None


async def _start(cmd: Command, ctx: CommandContext, seeds: Seeds) -> Any:
    if not cmd.args.strip():
        return tv.StartGame(ctx.player, seeds())
    team = _team_named(ctx, cmd.args)
    return team if isinstance(team, Rejection) else tv.StartGame(ctx.player, seeds(), team)


async def _spin(cmd: Command, ctx: CommandContext, seeds: Seeds) -> Any:
    return Rejection("usage-spin") if cmd.args.strip() else tv.SpinTop(ctx.player, seeds())


async def _seat(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    if not cmd.args.strip():
        return Rejection("usage-seat")
    team = _team_named(ctx, cmd.args)
    return team if isinstance(team, Rejection) else tv.SeatTeam(ctx.player, team)


async def _answerer(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    if not cmd.args:
        return Rejection("usage-answerer")
    found = resolve_player(ctx, cmd.args, member=True)
    return found if isinstance(found, Rejection) else tv.NameAnswerer(ctx.player, found[0])


async def _answer(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    """A club table member's written answer (``HandIn``, TV-5), or the central answerer's
    oral answer typed for the host's suggestion (``GiveAnswer``, unjudged: the suggestion
    comes with the judging step, ``TvFormat.judged``)."""
    text = strip_invisible(cmd.args).strip()
    if not text:
        return Rejection("usage-answer")
    if len(text) > MAX_TEXT:
        return Rejection("duel-answer-too-long", {"max": MAX_TEXT, "count": len(text)})
    state: tv.TvState = ctx.state
    team = state.roster.team_of(ctx.player)
    if team is None or team.id != state.central or state.current is None:
        return tv.HandIn(ctx.player, text, ctx.sent_at)
    return tv.GiveAnswer(ctx.player, text, "unsure", "suggestion-none")


async def _judge(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    correct = _verdict(cmd.args)
    return Rejection("usage-judge") if correct is None else tv.JudgeAnswer(ctx.player, correct)


def _verdict_of(correct: bool) -> Parser:
    """``accept``/``reject`` (``+``/``-``): the host's verdict, a remark after it ignored."""
    async def parse(_cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
        return tv.JudgeAnswer(ctx.player, correct)

    return parse


async def _clubs(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    """The club answers to question N (the last one by default) go to judging; the judging
    step (``TvFormat.judged``) queues them, each with the prepared judge's key and
    suggestion (``bot.answers.prepared``)."""
    state: tv.TvState = ctx.state
    word = cmd.args.strip()
    if word and not is_number(word):
        return Rejection("usage-clubs")
    return clubs_action(state, ctx.package, int(word) if word else state.written.question)


def clubs_action(state: tv.TvState, package: Package | None, number: int
                 ) -> tv.QueueClubAnswers | Rejection:
    """``clubs N`` once read: the club answers to question ``number`` (the last window's
    only) go to judging, their answers filled in by the judging step; a Rejection for
    another question or one the package does not hold (also the answer sheet's desk's
    step, ``bot.formats.tv.sheet``)."""
    if number != state.written.question or not 1 <= number <= len(state.questions):
        return Rejection("tv-no-club-answers", {"number": number})
    if package is None or not 0 <= state.questions[number - 1] < len(package.questions):
        return Rejection("tv-no-club-answers", {"number": number})
    return tv.QueueClubAnswers(number, ())


async def _club(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    """``club [N] G yes|no``: the host's verdict on group G (its number, from 1, in the list
    the host was sent) of the club answers to question N, by default the last one asked, as
    ``clubs`` takes it (TV-5)."""
    words = cmd.args.split()
    if len(words) == 2:
        # The host judges the question just played without looking up its envelope's number.
        words.insert(0, str(ctx.state.written.question))
    if len(words) != 3 or not is_number(words[0]) or not is_number(words[1]) \
            or _verdict(words[2]) is None:
        return Rejection("usage-club")
    number, order = int(words[0]), int(words[1]) - 1
    judging = ctx.state.judgings.get(number)
    if judging is None:
        # The groups are numbered only once /clubs has listed them to the host.
        return Rejection("tv-club-answers-not-listed", {"number": number})
    group = next((g for g in judging.groups.values() if g.order == order), None)
    if group is None:
        return Rejection("tv-no-club-group", {"number": number, "group": order + 1})
    verdict = Verdict.ACCEPT if _verdict(words[2]) else Verdict.REJECT
    return tv.JudgeClubAnswers(ctx.player, number, group.key, verdict, group.verdict)


async def _best(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    if not cmd.args.strip():
        return Rejection("usage-tv-best")
    found = resolve_player(ctx, cmd.args, member=True)
    return found if isinstance(found, Rejection) else tv.NameBestPlayer(ctx.player, found[0])


async def _captain(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
    if not cmd.args:
        return Rejection("usage-captain")
    found = resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else HandOverCaptaincy(ctx.player, found[0])


def _roster(parse: Callable[[Command, CommandContext], Awaitable[Any]]) -> Parser:
    """DUEL's roster parsers (team, join, cohost, takeover), which need no seed or judge."""
    async def parse_roster(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
        return await parse(cmd, ctx)

    return parse_roster


def _bare(factory: Callable[[int], Any], usage: str) -> Parser:
    """A command without arguments; anything after it gets the usage."""
    async def parse(cmd: Command, ctx: CommandContext, _s: Seeds) -> Any:
        return Rejection(usage) if cmd.args.strip() else factory(ctx.player)

    return parse


COMMANDS: dict[str, tuple[type, Parser]] = {
    "team": (RegisterTeam, _roster(register_team)),
    "join": (JoinTeam, _roster(join_team)),
    "captain": (HandOverCaptaincy, _captain),
    "cohost": (NameCoHost, _roster(cohost)),
    "takeover": (TakeOverHost, _roster(takeover)),
    "start": (tv.StartGame, _start),
    "spin": (tv.SpinTop, _spin),
    "seat": (tv.SeatTeam, _seat),
    "pause": (tv.PauseClock, _bare(tv.PauseClock, "usage-pause")),
    "resume": (tv.ResumeClock, _bare(tv.ResumeClock, "usage-resume")),
    "answerer": (tv.NameAnswerer, _answerer),
    "answer": (tv.HandIn, _answer),
    "accept": (tv.JudgeAnswer, _verdict_of(True)),
    "reject": (tv.JudgeAnswer, _verdict_of(False)),
    "judge": (tv.JudgeAnswer, _judge),
    "close": (tv.CloseClubAnswers, _bare(tv.CloseClubAnswers, "usage-close")),
    "clubs": (tv.QueueClubAnswers, _clubs),
    "club": (tv.JudgeClubAnswers, _club),
    "best": (tv.NameBestPlayer, _best),
    "abort": (tv.AbortGame, _bare(tv.AbortGame, "usage-abort")),
}
"""Command name -> (the action type whose roles may use it, the argument parser)."""

_PLAYER = Option("player", OptionKind.MEMBER, required=True)
_TEAM = Option("team", OptionKind.TEXT)
_VERDICT = Option("correct", OptionKind.CHOICE, required=True, choices=("yes", "no"))


def _bare_spec(name: str) -> CommandSpec:
    """A command without options."""
    return CommandSpec(name, name)


def _one(name: str, option: Option) -> CommandSpec:
    """A command with one option written after it (bare: its usage, or its default)."""
    return CommandSpec(name, name, (option,),
                       (Form(f"/{name} {{{option.name}}}"), Form(f"/{name}")))


TV_COMMANDS = CommandGroup("tv", (
    ("captain", (_one("answerer", _PLAYER),
                 CommandSpec("handover", "captain", (_PLAYER,), (Form("/captain {player}"),)))),
    ("host", (
        _one("start", _TEAM), _bare_spec("spin"), _one("seat", _TEAM),
        *(_bare_spec(n) for n in ("pause", "resume", "accept", "reject", "close", "abort",
                                  "takeover")),
        _one("cohost", _PLAYER),
        _one("judge", _VERDICT),
        _one("clubs", Option("number", OptionKind.NUMBER)),
        CommandSpec("club", "club", (Option("number", OptionKind.NUMBER, required=True),
                                     Option("index", OptionKind.NUMBER, required=True),
                                     _VERDICT),
                    (Form("/club {number} {index} {correct}"), Form("/club"))),
        _one("best", _PLAYER),
    )),
))
"""TV's command group (``TvFormat.commands``)."""
