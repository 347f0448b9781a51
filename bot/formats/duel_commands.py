"""DUEL's commands as data (``bot.formats.spec``), by who uses them: the captain's, the host's
and the keeper's, with the chat command each writes (``bot.formats.duel`` parses those).

Seen from Discord this is the ``/duel`` group: ``/duel captain pick number:3`` writes
``/pick 3``. Rule clauses: picking and answering DUEL-3, 4.1; special questions, hints,
credit and the decisive round DUEL-4.2, 5, 6.4; appeals DUEL-3.8; the vote after the game
DUEL-3.9.
"""

from __future__ import annotations

from bot.formats.spec import CommandGroup, CommandSpec, Form, Option, OptionKind

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
