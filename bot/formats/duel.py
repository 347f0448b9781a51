"""DUEL as the service sees it: chat commands to ``rules.duel`` actions, events to messages.

Commands (with their Russian aliases in ``bot.commands`` and ``ALIASES`` below): ``team``,
``join``, ``captain``, ``keeper``, ``cohost``, ``takeover``, ``questions``, ``mark``, ``start``,
``pick`` (or a bare number), ``repay``, ``sector``, ``early``, ``extra``, ``hint``, ``helpers``,
``agree``, ``disagree``, ``credit``, ``decisive``, ``pause``, ``resume``, ``answerer``,
``answer``, ``accept``, ``reject``, ``appeal``, ``uphold``, ``overturn``, ``challenge``,
``best``, ``closevote``, ``abort``. A command whose arguments are a fixed set of words (or
none) answers anything else with its usage: ``/start nonsense`` does not start a game. The
host's verdict (``accept``, ``reject``, typed as ``+``/``-``) may carry a remark after it.
The answer's suggested verdict comes from ``bot.answers`` (for a blitz, against the current
mini-question) and goes to the host only. ``season`` is a chat command outside any game,
registered by the bootstrap (``bot.season``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any

from bot.answers import judge_part, judge_question
from bot.commands import (
    ALWAYS,
    MAX_TEXT,
    Command,
    is_number,
    strip_invisible,
)
from bot.formats.base import CommandContext, Msg, MsgButton, To
from bot.formats.duel_commands import DUEL_COMMANDS
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
from bot.packages.criteria import split_nezachet
from bot.packages.markup import numbered_items
from bot.packages.model import Package, Question, QuestionKind
from bot.ports import GameView, MessageKind
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

_SECTOR13_LABEL = re.compile(
    r"\b13[\s-]*(?:-?й|-?го|-?ый)?\s*сектор|\bсектор\w*\s*(?:№\s*)?13\b|тринадцат\w*\s+сектор"
    r"|\bsector\s*13\b", re.IGNORECASE)
"""How a package says a question is for sector 13 (there is no field for it, formats.md 1.5)."""

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

_VERDICT_WORDS = frozenset({"+", "-"})
"""The verdict in one character (``bot.commands.ALIASES``: accept, reject)."""


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
    cmd = Command(cmd.name, text)
    state: d.DuelState = ctx.state
    index = state.current_question_index()
    suggestion, reason, reason_args = "unsure", "suggestion-none", {}
    if index is not None and ctx.package is not None:
        question = ctx.package.questions[index]
        if state.part is not None and state.part < len(question.parts):
            # A blitz is judged mini-question by mini-question (DUEL-4.2c, d).
            verdict = judge_part(cmd.args, question.parts[state.part], question.accepted_raw)
        else:
            verdict = judge_question(cmd.args, question)
        suggestion, reason, reason_args = verdict.kind.value.lower(), verdict.reason, verdict.args
    return d.GiveAnswer(ctx.player, cmd.args, suggestion, reason,
                        {k: str(v) for k, v in reason_args.items()})


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

_VOTE_ACTIONS = frozenset({d.VoteBestQuestion, d.VoteBestPlayer, d.CloseVote})
"""The after-game vote's actions: they reach a finished game even after its chat opened the
next one (DUEL-3.9)."""


class DuelFormat:
    """The DUEL format for the service (see ``bot.formats.base.GameFormat``), built with the
    options of its games: ``discussion``, ``warning_at`` (seconds) and ``min_players``
    (``rules.duel.DuelConfig``; others are ignored, the config's defaults stand for those not
    given)."""

    name = d.FORMAT
    decider = d.DUEL
    commands = DUEL_COMMANDS
    permissions = d.PERMISSIONS

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = {k: v for k, v in (options or {}).items()
                        if k in d.DuelConfig.__dataclass_fields__}

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None) -> Event:
        """``GameCreated`` with the package's scored questions and what it labels, and the
        format's options."""
        scored = _scored(package) if package else ()
        facts = package_facts(package) if package else d.Facts()
        cfg = d.DuelConfig(**self.options)
        return d.GameCreated(host, host_name, package_id, scored, cfg.discussion, cfg.warning_at,
                             cfg.target, cfg.set_size, cfg.min_players, facts.pictures,
                             facts.triples, facts.blitzes, facts.superblitzes, facts.sectors13)

    def package_action(self, player: int, package_id: int, package: Package
                       ) -> d.AttachPackage:
        """``AttachPackage`` with the package's scored questions and what it labels."""
        return d.AttachPackage(player, package_id, _scored(package), package_facts(package))

    def package_problem(self, package: Package) -> Rejection | None:
        """A package with no question to play for points cannot make any DUEL game; fewer
        than 12 (DUEL-4.1) still make a training game, so ``/start`` refuses those, not
        this."""
        return None if _scored(package) else Rejection("duel-package-no-questions")

    def package_id(self, state: d.DuelState) -> int | None:
        """The package of ``GameCreated`` or of the latest ``PackageAttached``."""
        return state.package_id

    def timer_action(self, name: str, deadline: datetime) -> d.TimerFired:
        """The decider's ``TimerFired``."""
        return d.TimerFired(name, deadline)

    def missed_deadlines_action(self) -> d.MissedDeadlines:
        """The decider's ``MissedDeadlines``."""
        return d.MissedDeadlines()

    def awaiting_delivery(self, state: d.DuelState) -> bool:
        """True in phase ``READING``: the question is sent, its clock not started (DUEL-3.4)."""
        return state.phase is d.Phase.READING

    def delivery_action(self, state: d.DuelState, at: datetime | None
                        ) -> d.QuestionDelivered | d.QuestionNotDelivered:
        """``QuestionDelivered`` at ``at``, or ``QuestionNotDelivered`` when ``at`` is None,
        for the question (or mini-question) ``state`` is reading."""
        number = state.current or 0
        if at is None:
            return d.QuestionNotDelivered(number, state.part)
        return d.QuestionDelivered(number, state.part, at)

    def question_again(self, state: d.DuelState, package: Package | None) -> list[Msg]:
        """The question (or mini-question) being read, as it was first posted."""
        q = _question(package, state, state.current or 0)
        if q is None:
            return []
        if state.part is not None:
            return [_part_msg(q, state.current, state.part)]
        if state.sector13 is not None:
            return [_question_msg(q, state.current, [_stay_line(state)])]
        return [_question_msg(q, state.current, _chosen_lines(state))]

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """Parse ``command`` into a DUEL action; unknown commands and bad arguments are
        Rejections carrying the usage key."""
        entry = COMMANDS.get(ALIASES.get(command.name, command.name))
        if entry is None:
            return Rejection("unknown-command", {"command": command.name})
        return await entry[1](command, ctx)

    def command_names(self) -> list[str]:
        """Every command name: the Russian aliases and the always-available ones included."""
        return [*COMMANDS, *ALIASES, *ALWAYS]

    def read_command(self, command: Command) -> Command:
        """A bare number is the captain's pick (DUEL-4.1: the captain sends numbers in the
        chat): ``5`` is ``pick 5``; other commands are as parsed."""
        if is_number(command.name) and not command.args:
            return Command("pick", command.name)
        return command

    def plain_command(self, state: d.DuelState, player: int, text: str) -> bool:
        """A bare number, from anyone: the captain's pick (DUEL-4.1: the captain sends numbers
        in the chat; anyone else is told who picks). ``+`` and ``-`` for whoever may judge (the
        host, a co-host) while an answer waits for the verdict (DUEL-3.7): the host's quickest
        way to judge in the chat. At any other time, and from anyone else, they are table
        talk."""
        if is_number(text):
            return True
        return text in _VERDICT_WORDS and state.phase is d.Phase.JUDGING and \
            bool(self.roles_of(state, player) & self.permissions[d.JudgeAnswer])

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """Commands usable with ``roles``, for ``help`` (``season`` is everyone's)."""
        return [name for name, (action, _) in COMMANDS.items()
                if roles & self.permissions.get(action, frozenset())] + ["score", "season",
                                                                           "help"]

    def roles_of(self, state: d.DuelState, player: int) -> frozenset[Role]:
        """Roles from the roster; club helpers of the current question are helpers
        (``rules.duel.roles``)."""
        return d.roles(state, player)

    def people(self, state: d.DuelState) -> frozenset[int]:
        """The roster's people and the club helpers."""
        return state.roster.people | frozenset(state.helpers)

    def host_of(self, state: d.DuelState) -> int:
        """The host's player id."""
        return state.roster.host

    def is_live(self, state: d.DuelState) -> bool:
        """Not finished, not aborted."""
        return state.live

    def is_training(self, state: d.DuelState) -> bool:
        """Started with ``/start training`` (DUEL-2.2: outside any season)."""
        return state.training

    def view(self, state: d.DuelState) -> GameView:
        """The roster and the club helpers with their roles (``roles_of``), for adapters."""
        return GameView.of_roster(self.name, state.roster, state.live,
                                  lambda player: self.roles_of(state, player), state.helpers)

    def after_game(self, state: d.DuelState) -> dict[str, bool]:
        """The commands a finished game still accepts (``rules.duel.after_game_actions``),
        each with whether it reaches the game after a newer one opened in its chat: the
        vote's do (DUEL-3.9), an appeal of the deciding verdict does not (the chat moved on)."""
        open_ = d.after_game_actions(state)
        names = {name: action in _VOTE_ACTIONS for name, (action, _) in COMMANDS.items()
                 if action in open_}
        return {**names, **{alias: names[name] for alias, name in ALIASES.items()
                            if name in names}}

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


def package_facts(package: Package) -> d.Facts:
    """What ``package`` says about its scored questions (DUEL-4.2): pictures, three-part
    questions and how they are labelled, and sector 13 labels ("13-й сектор" at the start of
    the text or in a host note, or the SECTOR13 kind)."""
    pictures, triples, blitzes, superblitzes, sectors13 = [], [], [], [], []
    for i, q in enumerate(package.questions):
        if q.kind is QuestionKind.ZERO:
            continue
        if q.picture:
            pictures.append(i)
        if len(q.parts) == d.PARTS:
            triples.append(i)
            if q.kind is QuestionKind.BLITZ:
                blitzes.append(i)
            elif q.kind is QuestionKind.SUPERBLITZ:
                superblitzes.append(i)
        elif q.kind is QuestionKind.SECTOR13 or _SECTOR13_LABEL.search(
                " ".join([q.text[:80], *q.host_notes])):
            sectors13.append(i)
    return d.Facts(tuple(pictures), tuple(triples), tuple(blitzes), tuple(superblitzes),
                   tuple(sectors13))


def _score_args(state: d.DuelState) -> dict[str, Any]:
    team, host = state.score
    return {"team": state.team.name if state.team else "none", "team_score": team,
            "host_score": host}


def _training_only(state: d.DuelState) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The note that a package short of a set (DUEL-4.1) plays only as a training game."""
    count, need = len(state.scored), state.config.set_size
    return (("duel-training-only", {"count": count, "need": need}),) if count < need else ()


def _names(state: d.DuelState, players: tuple[int, ...]) -> str:
    return ", ".join(state.roster.name(p) for p in players) or "-"


def _numbers(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, numbers)) or "-"


def _question(package: Package | None, state: d.DuelState, number: int) -> Question | None:
    if package is None or not 1 <= number <= len(state.questions):
        return None
    return package.questions[state.questions[number - 1]]


def _set_summary(state: d.DuelState) -> Msg:
    """The host's view of the set being prepared: the special questions and the candidates."""
    indices = d.set_indices(state)
    facts = state.facts
    in_set = {index: number for number, index in enumerate(indices, 1)}
    outside = [pos for pos, index in enumerate(state.scored, 1)
               if index in facts.triples and index not in in_set]
    lines: list[tuple[str, dict[str, Any]]] = [("duel-set-candidates", {
        "triples": _numbers([in_set[i] for i in facts.triples if i in in_set]),
        "pictures": _numbers([in_set[i] for i in facts.pictures if i in in_set])})]
    if outside:
        lines.append(("duel-set-outside", {"positions": _numbers(outside)}))
    return Msg(To.HOST, "duel-set-summary",
               {"count": len(indices), **d.special_args(d.special_numbers(state))},
               lines=tuple(lines))


def _choose_prompt(state: d.DuelState) -> Msg:
    """The captain's next choice; it goes under the verdict or start that leads to it."""
    captain = state.roster.name(state.team.captain) if state.team else "-"
    lines: list[tuple[str, dict[str, Any]]] = []
    if state.decisive:
        return Msg(To.GAME, "duel-choose-decisive", {
            "captain": captain, "numbers": _numbers(state.decisive_numbers()),
            "name": state.roster.name(state.decisive_player)}, joins=True)
    if state.credit_owed:
        lines.append(("duel-repay-offer", {"numbers": _numbers(state.repayable())}))
    if state.minutes:
        lines.append(("duel-minutes-left", {"count": len(state.minutes)}))
    if state.decisive_round_offered:
        lines.append(("duel-decisive-offer", {}))
    return Msg(To.GAME, "duel-choose", {"captain": captain,
                                        "numbers": _numbers(state.numbers_left())},
               lines=tuple(lines), joins=True)


def _media_lines(q: Question) -> list[tuple[str, dict[str, Any]]]:
    lines: list[tuple[str, dict[str, Any]]] = []
    if q.handout and q.handout.text:
        lines.append(("question-handout", {"text": q.handout.text}))
    if q.picture:
        # The picture is posted; its link too, for a messenger that cannot show it (4.2a).
        lines.append(("question-picture", {"url": q.picture}))
    lines += [("question-audio", {"url": url}) for url in q.audio]
    return lines


def _question_slot(number: int | None, part: int | None) -> str:
    """The status message of a question (or mini-question): read, then with its time."""
    return f"question-{number}-{part if part is not None else ''}"


def _question_msg(q: Question, number: int, extra: list[tuple[str, dict[str, Any]]]) -> Msg:
    return Msg(To.GAME, "duel-question", {"number": number, "text": q.text},
               lines=(*_media_lines(q), *extra), kind=MessageKind.QUESTION, image=q.picture,
               slot=_question_slot(number, None), audio=q.audio[0] if q.audio else None)


def _part_msg(q: Question, number: int, part: int) -> Msg:
    """Mini-question ``part`` (0-based); the first comes with the question's preamble."""
    text = q.parts[part].text if part < len(q.parts) else ""
    part_line = ("duel-part", {"part": part + 1, "count": d.PARTS, "text": text})
    slot = _question_slot(number, part)
    if part:
        return Msg(To.GAME, part_line[0], part_line[1], kind=MessageKind.QUESTION, slot=slot)
    found = numbered_items(q.text.split("\n"))
    preamble = "\n".join(found[0]) if found else q.text
    return Msg(To.GAME, "duel-question", {"number": number, "text": preamble},
               lines=(*_media_lines(q), part_line), kind=MessageKind.QUESTION, image=q.picture,
               slot=slot, audio=q.audio[0] if q.audio else None)


def _reveal(q: Question) -> Msg:
    lines: list[tuple[str, dict[str, Any]]] = []
    # The Зачёт as written may carry an inline Незачёт; that part is shown on its own line.
    accepted = split_nezachet(q.accepted_raw)[0] if q.accepted_raw else ""
    if accepted:
        lines.append(("reveal-accepted", {"text": accepted}))
    if q.rejected:
        lines.append(("reveal-rejected", {"text": "; ".join(q.rejected)}))
    if q.comment:
        lines.append(("reveal-comment", {"text": q.comment}))
    if q.sources:
        lines.append(("reveal-sources", {"text": "\n".join(q.sources)}))
    if q.authors:
        lines.append(("reveal-authors", {"text": ", ".join(q.authors)}))
    return Msg(To.GAME, "reveal-answer", {"text": q.answer}, lines=tuple(lines), joins=True)


def _answer_slot(state: d.DuelState) -> str:
    """The status message of the current question's (or mini-question's) answer: "who
    answers?", then who does, then what they said."""
    return f"answer-{state.current}-{state.part if state.part is not None else ''}"


def _discussion_msg(ev: d.DiscussionStarted, after: d.DuelState) -> Msg:
    """The time given, under the question (it starts once the question is delivered: the
    question's message is shown again with it); the early answer is offered only when its
    window (DUEL-5.1) ends before the discussion does."""
    seconds = ev.seconds if ev.seconds is not None else after.config.discussion
    lines: tuple[tuple[str, dict[str, Any]], ...] = ()
    if ev.early_until is not None:
        window = (ev.early_until - ev.ends_at).total_seconds() + seconds
        if window < seconds:
            lines = (("duel-early-possible", {"seconds": round(window)}),)
    return Msg(To.GAME, "duel-discussion", {"seconds": round(seconds)}, lines=lines,
               deadline=ev.ends_at, joins=True, slot=_question_slot(after.current, after.part))


def _time_line(state: d.DuelState) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The offer of more time (extra minute, hint, credit) when any is available."""
    options = state.time_options()
    if not any(options.values()):
        return ()
    return (("duel-time-options", {k: "yes" if v else "no" for k, v in options.items()}),)


_JUDGE_BUTTONS = (MsgButton("button-accept", "accept"), MsgButton("button-reject", "reject"))


def _render(ev: Event, before: d.DuelState | None, after: d.DuelState,
            package: Package | None) -> list[Msg]:
    names = after.roster
    match ev:
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


def _chosen_lines(state: d.DuelState) -> list[tuple[str, dict[str, Any]]]:
    """The lines under a chosen question: a repayment, the decisive round, who sits out."""
    extra: list[tuple[str, dict[str, Any]]] = []
    if state.repaying:
        sector13 = state.kinds.get(state.current) is d.Special.SECTOR13
        extra.append(("duel-repaying-sector13" if sector13 else "duel-repaying", {}))
    if state.decisive:
        extra.append(("duel-decisive-question", {"name": state.roster.name(state.solo),
                                                 "points": d.DECISIVE_POINTS}))
    if state.silent:
        extra.append(("duel-silent", {"names": _names(state, state.silent)}))
    return extra


def _stay_line(state: d.DuelState) -> tuple[str, dict[str, Any]]:
    """Who stayed for sector 13 (DUEL-4.2b), under its question."""
    return ("duel-sector13-stay", {"mode": state.sector13.value,
                                   "names": _names(state, state.stayed)})


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
