"""DUEL's chat commands: each parsed into a ``rules.duel`` action, or a Rejection with the
command's usage for wrong arguments (``COMMANDS``, ``ALIASES``); and ``DUEL_COMMANDS``, the
same commands as data (``bot.formats.spec``), by who uses them: the captain's, the host's and
the keeper's, with the chat command each writes.

Seen from Discord this is the ``/duel`` group: ``/duel captain pick number:3`` writes
``/pick 3``. Rule clauses: picking and answering DUEL-3, 4.1; special questions, hints,
credit and the decisive round DUEL-4.2, 5, 6.4; appeals DUEL-3.8; the vote after the game
DUEL-3.9.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.answers.prepared import part_matcher, question_matcher
from bot.commands import MAX_TEXT, Command, is_number, strip_invisible
from bot.formats.base import CommandContext, package_question
from bot.formats.roster_commands import (
    captain,
    cohost,
    join_team,
    keeper,
    register_team,
    resolve_player,
    resolve_players,
    takeover,
)
from bot.formats.spec import CommandGroup, CommandSpec, Form, Option, OptionKind
from bot.packages.model import Package
from rules import duel as d
from rules.base import Rejection
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    TakeOverHost,
)

Parser = Callable[[Command, CommandContext], Awaitable[Any]]

_KINDS: dict[str, d.Special] = {
    "picture": d.Special.PICTURE, "pic": d.Special.PICTURE, "картинка": d.Special.PICTURE,
    "картинку": d.Special.PICTURE, "sector13": d.Special.SECTOR13, "sector": d.Special.SECTOR13,
    "13": d.Special.SECTOR13, "сектор": d.Special.SECTOR13, "blitz": d.Special.BLITZ,
    "блиц": d.Special.BLITZ, "superblitz": d.Special.SUPERBLITZ, "суперблиц": d.Special.SUPERBLITZ,
}
_SECTOR_MODES: dict[str, d.Sector13Mode] = {
    "all": d.Sector13Mode.ALL, "все": d.Sector13Mode.ALL, "всё": d.Sector13Mode.ALL,
    "6": d.Sector13Mode.ALL, "3": d.Sector13Mode.THREE, "1": d.Sector13Mode.ONE,
}
_HINTS: dict[str, d.Hint] = {
    "minute": d.Hint.MINUTE, "минута": d.Hint.MINUTE, "минуту": d.Hint.MINUTE,
    "club": d.Hint.CLUB, "клуб": d.Hint.CLUB, "помощь": d.Hint.CLUB,
}

ALIASES: dict[str, str] = {
    "отметить": "mark", "сектор": "sector", "досрочно": "early", "доп": "extra",
    "подсказка": "hint", "помощники": "helpers", "согласен": "agree", "несогласен": "disagree",
    "кредит": "credit", "вернуть": "repay", "решающий": "decisive", "оспорить": "challenge",
    "итоги": "closevote",
}
"""Russian names of the DUEL commands that ``bot.commands.ALIASES`` does not know."""


def _number(args: str) -> int | None:
    word = args.strip().split(maxsplit=1)[0] if args.strip() else ""
    return int(word) if is_number(word) else None


async def _questions(cmd: Command, ctx: CommandContext) -> Any:
    words = cmd.args.replace(",", " ").split()
    if not words or not all(is_number(w) for w in words):
        return Rejection("usage-questions")
    return d.SelectQuestions(ctx.player, tuple(int(w) for w in words))


async def _mark(cmd: Command, ctx: CommandContext) -> Any:
    words = cmd.args.casefold().split()
    if len(words) != 2:
        return Rejection("usage-mark")
    # "/mark blitz 6" and "/mark 6 blitz" both work; "13" is a kind only before a number.
    kind, number = words if is_number(words[1]) else words[::-1]
    if kind not in _KINDS or not is_number(number):
        return Rejection("usage-mark")
    return d.MarkQuestion(ctx.player, _KINDS[kind], int(number))


async def _start(cmd: Command, ctx: CommandContext) -> Any:
    word = cmd.args.strip().casefold()
    if word in ("training", "тренировка"):
        return d.StartGame(ctx.player, training=True)  # any team size, outside seasons
    if word in ("anyway", "всё", "все"):
        return d.StartGame(ctx.player, force=True)
    # A typo of "training" must not start a game that counts in the season.
    return d.StartGame(ctx.player) if not word else Rejection("usage-start")


async def _pick(cmd: Command, ctx: CommandContext) -> Any:
    number = _number(cmd.args)
    return Rejection("usage-pick") if number is None else d.PickQuestion(ctx.player, number)


async def _repay(cmd: Command, ctx: CommandContext) -> Any:
    number = _number(cmd.args)
    return Rejection("usage-repay") if number is None else d.PickQuestion(ctx.player, number,
                                                                           repay=True)


async def _sector(cmd: Command, ctx: CommandContext) -> Any:
    mode_word, _, rest = cmd.args.strip().partition(" ")
    mode = _SECTOR_MODES.get(mode_word.casefold())
    if mode is None:
        return Rejection("usage-sector")
    if mode is d.Sector13Mode.ALL:
        return d.ChooseSector13(ctx.player, mode)
    if not rest.strip():
        return Rejection("usage-sector")
    if mode is d.Sector13Mode.ONE:
        found = resolve_player(ctx, rest, member=True)
        return found if isinstance(found, Rejection) else d.ChooseSector13(
            ctx.player, mode, (found[0],))
    players = resolve_players(ctx, rest, member=True)
    return players if isinstance(players, Rejection) else d.ChooseSector13(ctx.player, mode,
                                                                           players[0])


async def _hint(cmd: Command, ctx: CommandContext) -> Any:
    hint = _HINTS.get(cmd.args.strip().casefold())
    return Rejection("usage-hint") if hint is None else d.TakeHint(ctx.player, hint)


async def _helpers(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args.strip():
        return Rejection("usage-helpers")
    if cmd.args.strip().casefold() in ("none", "нет", "никого", "-"):
        return d.NameHelpers(ctx.player, ())
    players = resolve_players(ctx, cmd.args)
    return players if isinstance(players, Rejection) else d.NameHelpers(ctx.player, *players)


async def _decisive(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args.strip():
        return Rejection("usage-decisive")
    found = resolve_player(ctx, cmd.args, member=True)
    return found if isinstance(found, Rejection) else d.AskDecisiveRound(ctx.player, found[0])


async def _answerer(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-answerer")
    found = resolve_player(ctx, cmd.args, member=True)
    return found if isinstance(found, Rejection) else d.NameAnswerer(ctx.player, found[0])


async def _answer(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args:
        return Rejection("usage-answer")
    # Bidi marks and zero-width characters are nobody's answer: "Гашек" + U+200F is "Гашек".
    text = strip_invisible(cmd.args).strip()
    if not text:
        return Rejection("duel-answer-invisible")
    if len(text) > MAX_TEXT:
        return Rejection("duel-answer-too-long", {"max": MAX_TEXT, "count": len(text)})
    # Unjudged: the suggestion comes with the judging step (``judged``).
    return d.GiveAnswer(ctx.player, text, "unsure", "suggestion-none")


def judged(action: Any, state: d.DuelState, package: Package | None) -> Any:
    """``action`` with the matcher's suggestion when it is a written answer (``GiveAnswer``)
    to the question being played from ``package`` (a blitz mini-question by mini-question,
    DUEL-4.2c, d); else, or with no question to judge by, as it is."""
    index = state.current_question_index()
    if not isinstance(action, d.GiveAnswer) or index is None or package is None:
        return action
    question = package_question(package, index)
    if state.part is not None and state.part < len(question.parts):
        verdict = part_matcher(question.parts[state.part],
                               question.accepted_raw).judge(action.text)
    else:
        verdict = question_matcher(question).judge(action.text)
    return replace(action, suggestion=verdict.kind.value.lower(), reason=verdict.reason,
                   reason_args={k: str(v) for k, v in verdict.args.items()})


async def _best(cmd: Command, ctx: CommandContext) -> Any:
    what, _, rest = cmd.args.partition(" ")
    what = what.casefold()
    if what in ("question", "вопрос", "q") and _number(rest) is not None:
        return d.VoteBestQuestion(ctx.player, _number(rest))
    if what in ("player", "игрок", "p") and rest.strip():
        found = resolve_player(ctx, rest, member=True)
        return found if isinstance(found, Rejection) else d.VoteBestPlayer(ctx.player, found[0])
    return Rejection("usage-best")


def _simple(factory: Callable[[int], Any], *, remark: bool = False) -> Parser:
    """The parser of a command with no arguments; anything after it gets the usage, unless
    the command takes a ``remark`` it ignores (the host's verdict)."""
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        if cmd.args.strip() and not remark:
            return Rejection(f"usage-{ALIASES.get(cmd.name, cmd.name)}")
        return factory(ctx.player)

    return parse


COMMANDS: dict[str, tuple[type, Parser]] = {
    "team": (RegisterTeam, register_team),
    "join": (JoinTeam, join_team),
    "captain": (HandOverCaptaincy, captain),
    "keeper": (NameKeeper, keeper),
    "cohost": (NameCoHost, cohost),
    "takeover": (TakeOverHost, takeover),
    "questions": (d.SelectQuestions, _questions),
    "mark": (d.MarkQuestion, _mark),
    "start": (d.StartGame, _start),
    "pick": (d.PickQuestion, _pick),
    "repay": (d.PickQuestion, _repay),
    "sector": (d.ChooseSector13, _sector),
    "early": (d.DeclareEarly, _simple(d.DeclareEarly)),
    "extra": (d.UseExtraMinute, _simple(d.UseExtraMinute)),
    "hint": (d.TakeHint, _hint),
    "helpers": (d.NameHelpers, _helpers),
    "agree": (d.AnswerHelpers, _simple(lambda p: d.AnswerHelpers(p, True))),
    "disagree": (d.AnswerHelpers, _simple(lambda p: d.AnswerHelpers(p, False))),
    "credit": (d.TakeCredit, _simple(d.TakeCredit)),
    "decisive": (d.AskDecisiveRound, _decisive),
    "pause": (d.PauseClock, _simple(d.PauseClock)),
    "resume": (d.ResumeClock, _simple(d.ResumeClock)),
    "answerer": (d.NameAnswerer, _answerer),
    "answer": (d.GiveAnswer, _answer),
    "accept": (d.JudgeAnswer, _simple(lambda p: d.JudgeAnswer(p, True), remark=True)),
    "reject": (d.JudgeAnswer, _simple(lambda p: d.JudgeAnswer(p, False), remark=True)),
    "appeal": (d.FileAppeal, _simple(d.FileAppeal)),
    "uphold": (d.DecideAppeal, _simple(lambda p: d.DecideAppeal(p, False))),
    "overturn": (d.DecideAppeal, _simple(lambda p: d.DecideAppeal(p, True))),
    "challenge": (d.ChallengeVerdict, _simple(d.ChallengeVerdict)),
    "best": (d.VoteBestQuestion, _best),
    "closevote": (d.CloseVote, _simple(d.CloseVote)),
    "abort": (d.AbortGame, _simple(d.AbortGame)),
}
"""Command name -> (the action type that decides who may use it, the argument parser)."""

_PLAYER = Option("player", OptionKind.MEMBER, required=True)
_NUMBER = Option("number", OptionKind.NUMBER, required=True)
_HELPERS = (Option("players", OptionKind.MEMBERS, slots=("player", "player2", "player3")),
            Option("nobody", OptionKind.FLAG))
_HELPER_FORMS = (Form("/helpers none", when=("nobody",)), Form("/helpers {players}"),
                 Form("/helpers"))


def _bare(name: str, command: str | None = None) -> CommandSpec:
    """A command without options."""
    return CommandSpec(name, command or name)


def _one(name: str, option: Option, command: str | None = None) -> CommandSpec:
    """A command with one option, written after it."""
    command = command or name
    return CommandSpec(name, command, (option,), (Form(f"/{command} {{{option.name}}}"),))


CAPTAIN = (
    _one("pick", _NUMBER),
    _one("answerer", _PLAYER),
    _one("handover", _PLAYER, "captain"),
    _bare("appeal"),
    CommandSpec("best", "best", (Option("question", OptionKind.NUMBER),
                                 Option("player", OptionKind.MEMBER)),
                (Form("/best question {question}"), Form("/best player {player}"),
                 Form("/best"))),
    CommandSpec("sector", "sector", (
        Option("who", OptionKind.CHOICE, required=True, choices=("all", "3", "1")),
        Option("players", OptionKind.MEMBERS, slots=("player", "player2", "player3"))),
        (Form("/sector all", when=("who=all",)),
         Form("/sector 1 {players}", when=("who=1", "players=1")),
         Form("/sector 3 {players}", when=("who=3",)), Form("/sector"))),
    _bare("early"),
    _bare("extra"),
    _one("hint", Option("what", OptionKind.CHOICE, required=True, choices=("minute", "club"))),
    CommandSpec("helpers", "helpers", _HELPERS, _HELPER_FORMS),
    _bare("credit"),
    _one("repay", _NUMBER),
    _one("decisive", _PLAYER),
)
"""The captain's commands (``hint`` is also the superblitz player's)."""

HOST = (
    CommandSpec("start", "start", (Option("anyway", OptionKind.FLAG),
                                   Option("training", OptionKind.FLAG)),
                (Form("/start training", when=("training",)),
                 Form("/start anyway", when=("anyway",)), Form("/start"))),
    *(_bare(name) for name in ("pause", "resume", "accept", "reject", "abort", "takeover",
                               "closevote")),
    _one("keeper", _PLAYER),
    _one("cohost", _PLAYER),
    _one("questions", Option("numbers", OptionKind.TEXT, required=True)),
    CommandSpec("mark", "mark", (
        Option("kind", OptionKind.CHOICE, required=True,
               choices=("picture", "sector", "blitz", "superblitz")), _NUMBER),
        (Form("/mark {kind} {number}"),)),
    _bare("extra"),
    CommandSpec("helpers", "helpers", _HELPERS, _HELPER_FORMS),
)
"""The host's (and co-hosts') commands."""

KEEPER = tuple(_bare(name) for name in ("uphold", "overturn", "challenge", "agree", "disagree"))
"""The keeper of traditions' commands."""

DUEL_COMMANDS = CommandGroup("duel", (("captain", CAPTAIN), ("host", HOST), ("keeper", KEEPER)))
"""DUEL's command group (``DuelFormat.commands``)."""
