"""A team question written with the bot in a private dialogue, or sent as a package file
(SYNC-2): the chat side of ``rules.sync.drafts``.

``/question`` alone (or ``/question N`` to replace question N) starts the dialogue; the bot
asks for each field in turn and the captain's next private message is the field (while a
draft is open a captain's private text is a step, not a written answer: no question is being
played before the game starts); ``/cancel`` drops the draft. A package file the captain sends
the bot privately submits its questions (``questions_of_package``); the service reports a
malformed file with its file and line before any of this.
"""

from __future__ import annotations

from typing import Any

from bot.commands import Command, is_number
from bot.formats.base import CommandContext, Msg, To
from bot.formats.spec import CommandSpec, Form
from bot.packages.model import Package
from rules.base import Event, Rejection
from rules.sync.drafts import (
    STEPS,
    CancelDraft,
    DraftClosed,
    DraftFilled,
    DraftStarted,
    FillDraft,
    StartDraft,
    SubmitQuestions,
)
from rules.sync.enrolment import QuestionSubmitted, TeamQuestion
from rules.sync.registration import has_cyrillic

ALIASES = {"отмена": "cancel"}
"""Russian names of these commands."""


def start(cmd: Command, ctx: CommandContext) -> Any:
    """``/question`` or ``/question N``: the dialogue for a new question or one replacing
    question N; None when the arguments are a one-line question instead."""
    word = cmd.args.strip()
    if not word:
        return StartDraft(ctx.player)
    return StartDraft(ctx.player, int(word)) if is_number(word) else None


async def cancel(cmd: Command, ctx: CommandContext) -> Any:
    """``/cancel``: drop the draft."""
    return Rejection("usage-cancel") if cmd.args.strip() else CancelDraft(ctx.player)


def step(ctx: CommandContext, text: str) -> FillDraft | None:
    """The captain's private ``text`` as their draft's next step, or None without a draft."""
    return FillDraft(ctx.player, text) if ctx.player in ctx.state.drafts else None


def questions_of_package(player: int, package: Package) -> SubmitQuestions:
    """Every question of ``package`` as a team question of ``player``'s team: its text,
    answer, accepted answers, comment, authors and sources."""
    return SubmitQuestions(player, tuple(
        TeamQuestion(q.text, q.answer, q.accepted, q.comment or "", ", ".join(q.authors),
                     "; ".join(q.sources))
        for q in package.questions))


def render_dialogue(ev: Event, after: Any) -> list[Msg] | None:
    """The captain's private messages of the dialogue's events, else None."""
    match ev:
        case DraftStarted():
            return [_ask(ev.by, STEPS[0], ("sync-draft-started", {
                "replaces": ev.replaces or 0}))]
        case DraftFilled():
            draft = after.drafts.get(ev.by)
            lines = []
            if ev.step == "text" and not has_cyrillic(ev.value):
                lines.append(("sync-no-cyrillic", {}))
            if draft is None or len(draft.fields) == len(STEPS):
                return [Msg(To.PLAYER, lines[0][0], player=ev.by)] if lines else []
            return [_ask(ev.by, draft.step, *lines)]
        case DraftClosed(submitted=False):
            return [Msg(To.PLAYER, "sync-draft-cancelled", player=ev.by)]
        case DraftClosed():
            return []
    return None


def receipt(ev: QuestionSubmitted, after: Any) -> Msg:
    """The captain's private word that the question came, and whether its text has no
    Cyrillic (SYNC-2: the charter asks for questions in Cyrillic)."""
    team = after.team(ev.team_id)
    lines = (("sync-no-cyrillic", {}),) if ev.no_cyrillic else ()
    return Msg(To.PLAYER, "sync-question-received", {"number": ev.number}, lines=lines,
               player=team.captain if team else None)


def review_lines(ev: QuestionSubmitted, team: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """What the hosts check of a submitted question besides its text and answer (SYNC-2:
    the accepted answers, comment, author and source; whether it has no Cyrillic), and how
    to reject it with a reason (a button cannot carry one)."""
    lines: list[tuple[str, dict[str, Any]]] = [("sync-question-details", {
        "accepted": "; ".join(ev.accepted) or "-", "comment": ev.comment or "-",
        "author": ev.author, "source": ev.source})]
    if ev.no_cyrillic:
        lines.append(("sync-no-cyrillic", {}))
    lines.append(("sync-question-refuse-how", {"team": team, "number": ev.number}))
    return tuple(lines)


def _ask(player: int, field: str, *before: tuple[str, dict[str, Any]]) -> Msg:
    """Ask ``player`` for the draft's ``field``, after the ``before`` lines."""
    if not before:
        return Msg(To.PLAYER, "sync-draft-step", {"step": field}, player=player)
    (key, args), *rest = before
    return Msg(To.PLAYER, key, args, lines=(*rest, ("sync-draft-step", {"step": field})),
               player=player)


CAPTAIN = (CommandSpec("cancel", "cancel", (), (Form("/cancel"),), private=True),)
"""The dialogue's command for a command picker (``/question`` is the captain's already)."""
