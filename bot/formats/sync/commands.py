"""SYNC's chat commands: each parsed into a ``rules.sync`` action, or a Rejection with the
command's usage (``usage-sync-*``) for wrong arguments; and ``SYNC_COMMANDS``, the same
commands as data for a command picker (``bot.formats.spec``).

The host's: ``announce`` (the date, SYNC-2; none in the console: played now), ``round``
(SYNC-5), ``ask``, ``repeat``, ``pause``/``resume`` (SYNC-6), ``accept``/``reject`` a group of
answers by its number in the host's list, ``clarify`` (SYNC-6), ``approve``/``refuse`` a team
question (SYNC-2), ``fee`` and ``unpaid`` (SYNC-3), ``duty`` (SYNC-4), ``cohost``,
``endgame`` (SYNC-5, SYNC-8), ``abort``, ``subok``/``subno`` a substitution and ``defer`` an
appeal (``bot.formats.sync.requests``). The captain's: ``team`` (``register`` its alias),
``join`` for the players, ``question`` (a team question in one line, or the guided dialogue with
``cancel``, ``bot.formats.sync.dialogue``, SYNC-2), ``answerer`` (who hands in, SYNC-6),
``appeal`` (SYNC-9), ``sub`` (SYNC-1) and ``evidence`` (SYNC-10); a juror's ``vote``
(SYNC-10). The written answer is any text a player sends the bot privately (``answer``): the
service routes it to the player's game, and it is a step of the captain's open draft, or the
explanation the host asked of the player (``bot.formats.sync.explain``), instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.calendar.zone import ZoneError, time_refusal, to_utc
from bot.commands import MAX_TEXT, Command, clean_name, is_number, strip_invisible
from bot.formats.base import CommandContext
from bot.formats.roster_commands import join_team, team_name
from bot.formats.spec import CommandGroup, CommandSpec, Form, Option, OptionKind
from bot.formats.sync import dialogue, requests
from bot.formats.sync.explain import explanation
from bot.i18n import money
from rules import sync as s
from rules.base import Rejection, Role
from rules.judging import Group, Verdict
from rules.roster import HandOverCaptaincy, JoinTeam, NameCoHost, RegisterTeam, Team
from rules.season_points import ClubFacts
from rules.sync.appeals import AppealKind, FileAppeal, VoteOnAppeal
from rules.sync.club import proposed_team_questions
from rules.sync.drafts import CancelDraft
from rules.sync.enrolment import (
    ChangeDuty,
    GameKind,
    RecordFee,
    ReviewQuestion,
    SubmitQuestion,
    TeamQuestion,
)
from rules.sync.registration import approved_counts, team_named, unpaid

Parser = Callable[[Command, CommandContext], Awaitable[Any]]
Answer = Callable[[CommandContext, str], Any]
Club = Callable[[int], Awaitable[ClubFacts | None]]
"""The club's history for a host's next game (player id in; ``bot.season``'s
``SeasonService.club_facts``)."""
"""Makes the ``HandInAnswer`` of a written answer (the format's, with its cached judges)."""

ALIASES: dict[str, str] = {
    "анонс": "announce", "регистрация": "register", "раунд": "round", "задать": "ask",
    "повтор": "repeat", "пояснить": "clarify", "конец": "endgame", "взнос": "fee",
    "должники": "unpaid", "дежурные": "duty", "одобрить": "approve", "отклонить": "refuse",
    "вопроскоманды": "question", "голос": "vote", **requests.ALIASES, **dialogue.ALIASES,
}
"""Russian names of the SYNC commands that ``bot.commands.ALIASES`` does not know."""

KINDS = {"training": GameKind.TRAINING, "тренировка": GameKind.TRAINING,
         "qualifying": GameKind.QUALIFYING, "отбор": GameKind.QUALIFYING,
         "отборочная": GameKind.QUALIFYING,
         "championship": GameKind.CHAMPIONSHIP, "чемпионат": GameKind.CHAMPIONSHIP}
"""A SYNC game's kind (SYNC-1) as a host names it, in English or Russian (lower case):
``/announce`` and ``/schedule`` read the same words."""
_PAID = {"paid": True, "оплачен": True, "да": True, "yes": True, "unpaid": False,
         "неоплачен": False, "нет": False, "no": False}
_APPEALS = {"double": AppealKind.DOUBLE, "двойной": AppealKind.DOUBLE,
            "removal": AppealKind.REMOVAL, "снятие": AppealKind.REMOVAL}


def _state(ctx: CommandContext) -> s.SyncState:
    return ctx.state


def _team(ctx: CommandContext, name: str) -> Team | Rejection:
    """The game's team called ``name`` (ignoring case), or why not."""
    reg = _state(ctx).registration
    team = None if reg is None else team_named(reg, clean_name(name))
    return Rejection("roster-no-such-team", {"team": clean_name(name)}) if team is None \
        else team


def _team_and_number(ctx: CommandContext, args: str) -> tuple[Team, int] | Rejection | None:
    """``TEAM N`` (the team's name may hold spaces; the number is the last word), or None
    when the words do not read so."""
    head, _, last = args.strip().rpartition(" ")
    if not head or not is_number(last):
        return None
    team = _team(ctx, head)
    return team if isinstance(team, Rejection) else (team, int(last))


def _member(ctx: CommandContext, team: Team, text: str) -> int | Rejection:
    """The player of ``team`` named ``text`` (a mention, or the display name ignoring case
    and a leading @)."""
    typed = clean_name(text)
    found = ctx.mentioned.get(typed.casefold())
    if found is not None and found[0] in team.members:
        return found[0]
    wanted = typed.lstrip("@").casefold()
    for player in team.members:
        if _state(ctx).name(player).casefold() == wanted:
            return player
    return Rejection("sync-not-in-team", {"name": typed, "team": team.name})


async def _register(cmd: Command, ctx: CommandContext) -> Any:
    name = team_name(cmd, "usage-team")
    if isinstance(name, Rejection):
        return name
    return RegisterTeam(ctx.player, ctx.name, await ctx.team_id(name), name)


def _announce(club: Club | None, fee: tuple[int, str]) -> Parser:
    """``/announce [YYYY-MM-DD HH:MM] [kind]``: the date and time on the club's clock (the
    game chat's time zone; one a DST change skips or repeats is refused); the club's teams,
    last duty team and last fee (SYNC-3, SYNC-4) are what ``club`` says for the announcing
    host (none without a club); ``fee`` (minor units, currency; 0 for none) is the club's
    setting (SYNC-3), which a game takes over the last game's."""
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        words = cmd.args.casefold().split()
        kind = GameKind.TRAINING
        if words and words[-1] in KINDS:
            kind = KINDS[words.pop()]
        starts_at = None
        if words:
            try:
                typed = datetime.strptime(" ".join(words), "%Y-%m-%d %H:%M")
            except ValueError:
                return Rejection("usage-announce")
            try:
                starts_at = to_utc(typed, await ctx.zone())
            except ZoneError as error:
                return time_refusal(error)
        facts = await club(ctx.player) if club is not None else None
        if facts is None:
            return s.AnnounceGame(ctx.player, starts_at, kind, fee=fee[0], currency=fee[1])
        # The club's setting; without one, the fee of its last game that had one.
        carried = fee if fee[0] > 0 else (facts.fee, facts.currency)
        return s.AnnounceGame(ctx.player, starts_at, kind, facts.teams, facts.last_duty,
                              *carried)

    return parse


async def _round(cmd: Command, ctx: CommandContext) -> Any:
    """``/round``: the next round as the bot proposes it (round 2 the teams' questions, the
    others the next unasked package questions); ``/round N N …`` on those package questions;
    ``/round teams K``: K questions from every team (SYNC-5)."""
    state = _state(ctx)
    words = cmd.args.casefold().replace(",", " ").split()
    if words and words[0] in ("teams", "команды"):
        if len(words) != 2 or not is_number(words[1]):
            return Rejection("usage-round")
        return s.StartRound(ctx.player, per_team=int(words[1]))
    if words:
        if not all(is_number(w) for w in words):
            return Rejection("usage-round")
        return s.StartRound(ctx.player, questions=tuple(int(w) - 1 for w in words))
    if len(state.rounds) == 1 and state.registration is not None:
        counts = approved_counts(state.registration)
        return s.StartRound(ctx.player, per_team=proposed_team_questions(
            {t: counts.get(t, 0) for t in state.teams}) or 1)
    used = {i for r in state.rounds for i in r.questions} | \
        {a.index for a in state.asked if a.index is not None}
    left = [i for i in state.scored_indices if i not in used]
    return s.StartRound(ctx.player, questions=tuple(left[:state.config.round_one_max]))


async def _ask(cmd: Command, ctx: CommandContext) -> Any:
    """``/ask``: the round's next question; ``/ask N``: package question N (the shoot-out's
    hosts' questions, SYNC-8); ``/ask TEAM N``: team question N of TEAM (SYNC-5)."""
    args = cmd.args.strip()
    if not args:
        return s.AskQuestion(ctx.player)
    if is_number(args):
        return s.AskQuestion(ctx.player, index=int(args) - 1)
    found = _team_and_number(ctx, args)
    if found is None or isinstance(found, Rejection):
        return found or Rejection("usage-ask")
    team, number = found
    slots = _state(ctx).registration.slots.get(team.id, ())
    if not 1 <= number <= len(slots):
        return Rejection("sync-not-team-question", {"team": team.name})
    return s.AskQuestion(ctx.player, asking_team=team.id, team_question=slots[number - 1])


def _group(ctx: CommandContext, number: int) -> Group | None:
    """Group ``number`` (1-based, as the host's list numbers them) of the latest question, or
    None when it has no such group."""
    asked = _state(ctx).current
    if asked is None:
        return None
    return next((g for g in asked.judging.groups.values()
                 if g.order == number - 1 and not g.empty), None)


PENDING = "pending"
"""The word after the group's number on a button of the hosts' list (``accept 2 pending``):
the button was drawn for a group still waiting, so a press that finds it decided meanwhile
by another host is refused instead of overturning it (``rules.judging``, ``seen``)."""


def _judge(verdict: Verdict) -> Parser:
    """``accept N`` / ``reject N``: the host's verdict on group N of the latest question. Typed,
    it is the host's deliberate verdict and also changes a decided group, for all its teams
    at once (a remembered or automatic verdict too); a button's ``accept N
    pending`` only decides a group still waiting (``PENDING``)."""
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        words = cmd.args.split()
        if not words or not is_number(words[0]) or words[1:] not in ([], [PENDING]):
            return Rejection(f"usage-sync-{verdict.value.lower()}")
        number = int(words[0])
        group = _group(ctx, number)
        if group is None:
            return Rejection("sync-no-such-group", {"number": number})
        seen = None if words[1:] else group.verdict
        return s.JudgeGroup(ctx.player, group.key, verdict, seen)

    return parse


async def _clarify(cmd: Command, ctx: CommandContext) -> Any:
    """``/clarify TEAM``: the player who handed in the team's answer explains it (SYNC-6)."""
    if not cmd.args.strip():
        return Rejection("usage-clarify")
    team = _team(ctx, cmd.args)
    if isinstance(team, Rejection):
        return team
    answer = _state(ctx).written.answers.get(team.id)
    return s.AskClarification(ctx.player, team.id, answer.by if answer else team.captain)


async def _answerer(cmd: Command, ctx: CommandContext) -> Any:
    team = _state(ctx).player_team(ctx.player)
    if not cmd.args.strip():
        return Rejection("usage-answerer")
    if team is None:
        return Rejection("sync-not-captain")
    player = _member(ctx, team, cmd.args)
    return player if isinstance(player, Rejection) else s.NameAnswerer(ctx.player, player)


async def _question(cmd: Command, ctx: CommandContext) -> Any:
    """``/question TEXT | ANSWER | AUTHOR | SOURCE [| COMMENT]`` (SYNC-2); ``/question`` or
    ``/question N`` starts the guided dialogue (``bot.formats.sync.dialogue``)."""
    draft = dialogue.start(cmd, ctx)
    if draft is not None:
        return draft
    parts = [p.strip() for p in cmd.args.split("|")]
    if len(parts) not in (4, 5) or not all(parts[:4]):
        return Rejection("usage-question")
    comment = parts[4] if len(parts) == 5 else ""
    return SubmitQuestion(ctx.player, TeamQuestion(parts[0], parts[1], comment=comment,
                                                   author=parts[2], source=parts[3]))


def _review(approve: bool) -> Parser:
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        head, _, reason = cmd.args.partition("|")
        found = _team_and_number(ctx, head)
        if found is None or isinstance(found, Rejection):
            return found or Rejection("usage-approve" if approve else "usage-refuse")
        team, number = found
        slots = _state(ctx).registration.slots.get(team.id, ())
        if not 1 <= number <= len(slots):
            return Rejection("sync-not-team-question", {"team": team.name})
        return ReviewQuestion(ctx.player, slots[number - 1], approve, reason.strip())

    return parse


def _team_and_yes(cmd: Command, ctx: CommandContext, usage: str) -> tuple[Any, bool] | Rejection:
    """``TEAM yes|no`` (or paid|unpaid): the team named and the word's truth, or the
    Rejection ``usage`` for a missing word, or that of an unknown team."""
    head, _, word = cmd.args.strip().rpartition(" ")
    if not head or word.casefold() not in _PAID:
        return Rejection(usage)
    team = _team(ctx, head)
    return team if isinstance(team, Rejection) else (team, _PAID[word.casefold()])


async def _fee(cmd: Command, ctx: CommandContext) -> Any:
    """``/fee TEAM paid|unpaid``: the host records the team's fee (SYNC-3)."""
    found = _team_and_yes(cmd, ctx, "usage-fee")
    return found if isinstance(found, Rejection) else RecordFee(ctx.player, found[0].id,
                                                                found[1])


async def _duty(cmd: Command, ctx: CommandContext) -> Any:
    """``/duty TEAM``: the host names the duty team (SYNC-4), one registered for the game."""
    if not cmd.args.strip():
        return Rejection("usage-duty")
    team = _team(ctx, cmd.args)
    return team if isinstance(team, Rejection) else ChangeDuty(ctx.player, team.name)


def fee_text(amount: int, currency: str) -> str:
    """A fee of ``amount`` minor units of ``currency`` as a club writes it: "300 RUB",
    "12.50 USD"; "none" for no fee (the messages' selector then says no amount, SYNC-3)."""
    return money(amount, currency) if amount > 0 else "none"


async def _unpaid(cmd: Command, ctx: CommandContext) -> Any:
    """The list of unpaid teams with the game's fee (SYNC-3), as the reply to the host: a
    query, no action."""
    state = _state(ctx)
    if Role.HOST not in s.roles(state, ctx.player):
        return Rejection("sync-unpaid-hosts-only")
    reg = state.registration
    teams = [] if reg is None else unpaid(reg)
    return Rejection("sync-unpaid", {"count": len(teams),
                                     "teams": ", ".join(t.name for t in teams) or "-",
                                     "fee": "none" if reg is None else fee_text(reg.fee,
                                                                                reg.currency)})


async def _appeal(cmd: Command, ctx: CommandContext) -> Any:
    """``/appeal double|removal N TEXT`` (SYNC-9)."""
    words = cmd.args.split(maxsplit=2)
    if len(words) < 3 or words[0].casefold() not in _APPEALS or not is_number(words[1]):
        return Rejection("usage-sync-appeal")
    return FileAppeal(ctx.player, int(words[1]), _APPEALS[words[0].casefold()],
                      words[2].strip()[:MAX_TEXT])


async def _vote(cmd: Command, ctx: CommandContext) -> Any:
    """``/vote TEAM yes|no``: a juror's vote on the team's appeal (SYNC-10)."""
    found = _team_and_yes(cmd, ctx, "usage-vote")
    return found if isinstance(found, Rejection) else VoteOnAppeal(ctx.player, found[0].id,
                                                                   found[1])


async def _cohost(cmd: Command, ctx: CommandContext) -> Any:
    if not cmd.args.strip():
        return Rejection("usage-cohost")
    typed = clean_name(cmd.args)
    found = ctx.mentioned.get(typed.casefold()) or ctx.known.get(typed.lstrip("@").casefold())
    if found is None:
        return Rejection("unknown-player", {"name": typed})
    return NameCoHost(ctx.player, *found)


async def _captain(cmd: Command, ctx: CommandContext) -> Any:
    team = _state(ctx).player_team(ctx.player)
    if not cmd.args.strip():
        return Rejection("usage-captain")
    if team is None:
        return Rejection("sync-not-captain")
    player = _member(ctx, team, cmd.args)
    return player if isinstance(player, Rejection) else HandOverCaptaincy(ctx.player, player)


def _simple(factory: Callable[[int], Any], name: str) -> Parser:
    """A command with no arguments; anything after it gets the usage."""
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        return Rejection(f"usage-{name}") if cmd.args.strip() else factory(ctx.player)

    return parse


def commands(answer: Answer, club: Club | None = None,
             fee: tuple[int, str] = (0, "")) -> dict[str, tuple[type, Parser]]:
    """Command name -> (the action type that decides who may use it, the parser); the
    written answer is made by ``answer``; ``club`` gives ``/announce`` the club's history,
    ``fee`` (minor units, currency; 0 for none) the club's fee (SYNC-3)."""
    async def _answer(cmd: Command, ctx: CommandContext) -> Any:
        text = strip_invisible(cmd.args).strip()
        if not text:
            return Rejection("sync-answer-empty")
        if len(text) > MAX_TEXT:
            return Rejection("duel-answer-too-long", {"max": MAX_TEXT, "count": len(text)})
        draft = dialogue.step(ctx, text)
        if draft is not None:
            return draft
        return explanation(ctx, text) or answer(ctx, text)

    return {
        "announce": (s.AnnounceGame, _announce(club, fee)),
        "team": (RegisterTeam, _register),
        "register": (RegisterTeam, _register),
        "join": (JoinTeam, join_team),
        "captain": (HandOverCaptaincy, _captain),
        "cohost": (NameCoHost, _cohost),
        "question": (SubmitQuestion, _question),
        "approve": (ReviewQuestion, _review(True)),
        "refuse": (ReviewQuestion, _review(False)),
        "fee": (RecordFee, _fee),
        "unpaid": (RecordFee, _unpaid),
        "duty": (ChangeDuty, _duty),
        "round": (s.StartRound, _round),
        "ask": (s.AskQuestion, _ask),
        "repeat": (s.RepeatQuestion, _simple(s.RepeatQuestion, "repeat")),
        "pause": (s.PauseClock, _simple(s.PauseClock, "pause")),
        "resume": (s.ResumeClock, _simple(s.ResumeClock, "resume")),
        "answerer": (s.NameAnswerer, _answerer),
        "answer": (s.HandInAnswer, _answer),
        "accept": (s.JudgeGroup, _judge(Verdict.ACCEPT)),
        "reject": (s.JudgeGroup, _judge(Verdict.REJECT)),
        "clarify": (s.AskClarification, _clarify),
        "appeal": (FileAppeal, _appeal),
        "vote": (VoteOnAppeal, _vote),
        **requests.commands(),
        "cancel": (CancelDraft, dialogue.cancel),
        "endgame": (s.EndGame, _simple(s.EndGame, "endgame")),
        "abort": (s.AbortGame, _simple(s.AbortGame, "abort")),
    }


def _one(name: str, option: Option) -> CommandSpec:
    return CommandSpec(name, name, (option,), (Form(f"/{name} {{{option.name}}}"),))


_TEAM = Option("team", OptionKind.TEXT, required=True)
_NUMBER = Option("number", OptionKind.NUMBER, required=True)

CAPTAIN = (
    _one("team", _TEAM),
    _one("register", _TEAM),
    _one("join", _TEAM),
    _one("captain", Option("player", OptionKind.MEMBER, required=True)),
    CommandSpec("question", "question", (Option("submission", OptionKind.TEXT),),
                (Form("/question {submission}"), Form("/question"))),
    _one("answerer", Option("player", OptionKind.MEMBER, required=True)),
    CommandSpec("appeal", "appeal", (
        Option("grounds", OptionKind.CHOICE, required=True, choices=("double", "removal")),
        _NUMBER, Option("text", OptionKind.TEXT, required=True)),
        (Form("/appeal {grounds} {number} {text}"),)),
)
"""The captain's commands (``register`` is ``team``'s alias; ``join`` is every player's)."""

HOST = (
    CommandSpec("announce", "announce", (Option("date", OptionKind.TEXT),),
                (Form("/announce {date}"), Form("/announce"))),
    CommandSpec("round", "round", (Option("questions", OptionKind.TEXT),
                                   Option("per_team", OptionKind.NUMBER)),
                (Form("/round teams {per_team}"), Form("/round {questions}"), Form("/round"))),
    CommandSpec("ask", "ask", (Option("team", OptionKind.TEXT),
                               Option("number", OptionKind.NUMBER)),
                (Form("/ask {team} {number}"), Form("/ask {number}"), Form("/ask"))),
    *(CommandSpec(name, name) for name in ("repeat", "pause", "resume", "unpaid", "endgame",
                                           "abort")),
    _one("accept", _NUMBER),
    _one("reject", _NUMBER),
    _one("clarify", _TEAM),
    _one("duty", _TEAM),
    CommandSpec("fee", "fee", (_TEAM, Option("paid", OptionKind.CHOICE, required=True,
                                             choices=("paid", "unpaid"))),
                (Form("/fee {team} {paid}"),)),
    CommandSpec("approve", "approve", (_TEAM, _NUMBER), (Form("/approve {team} {number}"),)),
    CommandSpec("refuse", "refuse", (_TEAM, _NUMBER, Option("reason", OptionKind.TEXT,
                                                            required=True)),
                (Form("/refuse {team} {number} | {reason}"),)),
    _one("cohost", Option("player", OptionKind.MEMBER, required=True)),
)
"""The host's (and co-hosts') commands."""

ANSWER = (CommandSpec("answer", "answer", (Option("text", OptionKind.TEXT, required=True),),
                      (Form("/answer {text}"),), private=True),)
"""The written answer, sent privately (SYNC-6)."""

JUROR = (CommandSpec("vote", "vote", (_TEAM, Option("accept", OptionKind.CHOICE, required=True,
                                                     choices=("yes", "no"))),
                     (Form("/vote {team} {accept}"),)),)
"""A juror's vote on an appeal (SYNC-10: the hosts and the duty team's captain)."""

SYNC_COMMANDS = CommandGroup("sync", (("captain", CAPTAIN + requests.CAPTAIN + dialogue.CAPTAIN
                                       + ANSWER),
                                      ("host", HOST + requests.HOST),
                                      ("juror", JUROR)))
"""SYNC's command group (``SyncFormat.commands``)."""
