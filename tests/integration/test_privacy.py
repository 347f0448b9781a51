"""No team's answer reaches the game chat or anyone else before its time (DESIGN.md, Privacy and
roles), through the GameService.

DUEL has one team and no answer window shared with others, so "its time" is the host's
verdict: the host talks with the answering player only (DUEL-3.5) and decides (DUEL-3.7).
Until then a written answer reaches the host and the co-hosts (privately, with the bot's
suggestion) and the answerer (the receipt, privately), and nobody else, whether it was written
to the bot privately or with ``/answer`` in the game chat (the player's own message is there
then, but the bot does not repeat it). The bot's suggested verdict reaches the host and the
co-hosts only, ever. With the verdict the game chat sees what the team answered. A format
plugs in by adding its ``PrivacyCase`` rows (SYNC and TV: no team's answer before the answer
window closes).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest

from bot.ports import Outgoing
from tests.integration.stage import Stage
from tests.integration.world import GROUP

ANSWER = "Zanzibar-7Q"
"""A text that appears nowhere else in the package or the bot's messages."""


@dataclass(frozen=True)
class PrivacyCase:
    """One way a format takes a team's written answer.

    ``play`` sets a game up in the group and has the answer ``ANSWER`` given; ``verdict``
    ends the time it must stay private; ``confidants`` are the people whose private chats may
    hold it before that; ``suggestion`` is the message key of the bot's suggested verdict and
    ``judges`` who alone may ever receive it.
    """

    format: str
    name: str
    play: Callable[[Stage], Awaitable[None]]
    verdict: Callable[[Stage], Awaitable[list[Outgoing]]]
    confidants: frozenset[str]
    suggestion: str
    judges: frozenset[str]


DUEL_CAST = [("host", "/newgame duel"), ("anna", "/team Owls"), ("boris", "/join Owls"),
             ("vera", "/join Owls"), ("ksenia", "/help"), ("colin", "/help"), ("sam", "/help"),
             ("host", "/keeper ksenia"), ("host", "/cohost colin"), ("host", "/start")]
"""The host and a co-host, the keeper, the team (captain Anna, Boris, Vera), a spectator."""


async def _duel_regular(stage: Stage, *, in_group: bool = False) -> None:
    for who, text in DUEL_CAST:
        await stage.say(who, text)
    await stage.say("anna", "2")
    await stage.advance(60)
    await stage.say("anna", "/answerer boris")
    if in_group:
        await stage.say("boris", f"/answer {ANSWER}")
    else:
        await stage.say("boris", ANSWER, private=True)


async def _duel_blitz_part(stage: Stage) -> None:
    # DUEL-4.2c: the sample's question 6 is a blitz; each mini-question has its answer.
    for who, text in DUEL_CAST:
        await stage.say(who, text)
    await stage.say("anna", "6")
    await stage.advance(20)
    await stage.say("anna", "/answerer boris")
    await stage.say("boris", ANSWER, private=True)


async def _host_accepts(stage: Stage) -> list[Outgoing]:
    return await stage.say("host", "/accept")


DUEL_JUDGES = frozenset({"host", "colin"})
DUEL_CASES = [
    PrivacyCase("duel", "private answer", _duel_regular, _host_accepts,
                DUEL_JUDGES | {"boris"}, "duel-suggestion", DUEL_JUDGES),
    PrivacyCase("duel", "/answer in the game chat",
                lambda stage: _duel_regular(stage, in_group=True), _host_accepts,
                DUEL_JUDGES | {"boris"}, "duel-suggestion", DUEL_JUDGES),
    PrivacyCase("duel", "blitz mini-question", _duel_blitz_part, _host_accepts,
                DUEL_JUDGES | {"boris"}, "duel-suggestion", DUEL_JUDGES),
]

CASES = [*DUEL_CASES]
"""Every format's rows; SYNC and TV add theirs."""


def _where(message: Outgoing) -> str:
    return message.chat.chat_id if message.chat.private else f"the game chat ({message.text})"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.format}-{c.name}")
async def test_no_answer_reaches_anyone_else_before_the_verdict(database_url: str,
                                                                 case: PrivacyCase):
    stage = await Stage.open(database_url)
    try:
        await case.play(stage)
        before = list(stage.recorder.sent)
        holding = {_where(m) for m in before if ANSWER in m.text}
        assert holding <= case.confidants, f"the answer reached {holding - case.confidants}"
        assert {"host"} <= holding, "the host never saw the answer"
        after = await case.verdict(stage)
        # With the verdict the game chat learns what the team answered.
        assert any(ANSWER in m.text for m in after if m.chat == GROUP)
    finally:
        await stage.close()


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.format}-{c.name}")
async def test_the_suggested_verdict_reaches_the_judges_only(database_url: str, case: PrivacyCase):
    stage = await Stage.open(database_url)
    try:
        await case.play(stage)
        await case.verdict(stage)
        suggested = [m for m in stage.recorder.sent if m.key == case.suggestion]
        assert {_where(m) for m in suggested} == case.judges
        assert all(m.buttons for m in suggested), "each judge can judge from the suggestion"
    finally:
        await stage.close()
