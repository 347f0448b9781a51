"""The SYNC format's side of a question (SYNC-6): a written answer judged by the question's
prepared judge, built once for all of its answers; the hosts' list of groups, largest first,
with a button per verdict carrying the group's text and count. And the fee (SYNC-3): the
club's setting, said in the game; none set, no amount is said."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from pydantic import ValidationError

from bot import bootstrap
from bot.answers import prepared
from bot.commands import Command
from bot.formats.base import CommandContext
from bot.formats.sync import SyncFormat
from bot.formats.sync.render import groups_msg
from bot.packages.model import Package, Question, Tour
from bot.settings import Settings
from rules import sync as s
from rules.judging import Suggestion
from rules.season_points import ClubFacts
from tests.unit.sync_steps import (
    CAPTAINS,
    CREATED,
    FOXES,
    GAME,
    HEDGEHOGS,
    HOST,
    OPENED,
    OWLS,
    given,
    hand_in,
)

PACKAGE = Package("Пакет", (Tour("Тур", tuple(Question(i + 1, f"Вопрос {i + 1}", "Пушкин")
                                              for i in range(20))),))


async def _no_team(name: str) -> int:
    raise AssertionError(name)


def _context(state: s.SyncState, player: int) -> CommandContext:
    return CommandContext(player, f"c{player}", state, PACKAGE, _no_team,
                          sent_at=state.written.opened_at + timedelta(seconds=30))


async def test_sync_6_every_answer_to_a_question_is_judged_by_one_prepared_judge(monkeypatch):
    built = []
    original = prepared.Matcher.for_question

    def counting(question):
        built.append(question)
        return original(question)

    monkeypatch.setattr(prepared.Matcher, "for_question", staticmethod(counting))
    fmt = SyncFormat()
    state = GAME.round_one(0, 1, 2).asked().state
    actions = [fmt.judged(await fmt.action_for(Command("answer", text),
                                               _context(state, CAPTAINS[team])), state, PACKAGE)
               for team, text in ((OWLS, "Пушкин"), (FOXES, "пушкин"), (HEDGEHOGS, "Гоголь"))]
    assert len(built) == 1
    assert [a.team_id for a in actions] == [OWLS, FOXES, HEDGEHOGS]
    assert [a.suggestion for a in actions] == [Suggestion.ACCEPT, Suggestion.ACCEPT,
                                               Suggestion.REJECT]
    assert actions[0].key == actions[1].key != actions[2].key


def test_sync_6_the_hosts_see_the_largest_group_first_with_its_text_and_count_on_buttons():
    story = GAME.round_one(0, 1, 2).asked()
    start = story.state.written.opened_at
    for team, text in ((OWLS, "Гоголь"), (FOXES, "Пушкин"), (HEDGEHOGS, "Пушкин")):
        story = story.does(hand_in(team, text, start + timedelta(seconds=30)),
                           start + timedelta(seconds=30))
    story = story.closed()
    msg = groups_msg(story.state, story.state.current, PACKAGE)
    assert [(args["text"], args["count"]) for _, args in msg.lines] == [("Пушкин", 2),
                                                                        ("Гоголь", 1)]
    assert [(b.command, b.args) for b in msg.buttons][:2] == [
        ("accept 2 pending", {"text": "Пушкин", "count": 2}),
        ("reject 2 pending", {"text": "Пушкин", "count": 2})]


async def _club(fee: int, currency: str) -> ClubFacts:
    return ClubFacts(("Совы",), "Совы", fee, currency)


async def _announced(fmt: SyncFormat, state: s.SyncState = GAME.state) -> s.AnnounceGame:
    ctx = CommandContext(HOST, "host", state, PACKAGE, _no_team)
    return await fmt.action_for(Command("announce", ""), ctx)


def _said(translator, msgs) -> str:
    """What ``msgs`` say in Russian, each with its lines."""
    return "\n".join(translator.format(key, args, "ru") for m in msgs
                     for key, args in ((m.key, m.args), *m.lines))


def test_sync_3_a_club_writes_its_fee_as_an_amount_and_a_currency(monkeypatch):
    """Given the fee as a club writes it in its settings, then the game gets the amount in
    minor units and the currency's code; a fee without a currency or an amount is refused
    with the form that works."""
    cases = {"300 RUB": (30000, "RUB"), "12.50 usd": (1250, "USD"), "EUR 7,5": (750, "EUR")}
    for written, fee in cases.items():
        options = bootstrap.format_options(Settings(sync_fee=written))["sync"]
        assert (options["fee"], options["currency"]) == fee
    monkeypatch.setenv("CHGK_SYNC_FEE", "300 RUB")
    assert Settings(_env_file=None).sync_fee == "300 RUB"
    for wrong in ("300", "RUB", "300 рублей", "12.505 USD", "USD 12 EUR"):
        with pytest.raises(ValidationError, match="300 RUB"):
            Settings(sync_fee=wrong)


async def test_sync_3_the_clubs_fee_is_said_at_announce_in_unpaid_and_when_recorded(
        translator):
    """Given the club set its fee; when the host announces the game, asks /unpaid and
    records a fee, then each says the amount; with no fee set, none says any amount."""
    fmt = bootstrap.formats(Settings(sync_fee="300 RUB"), club=lambda _: _club(1500, "USD"))[
        "sync"]
    story = given(CREATED)
    opened = story.does(await _announced(fmt, story.state))
    # The club's setting, over the fee of its last game (1500 USD).
    assert "Взнос — 300 RUB с команды, его платит капитан до игры." in _said(
        translator, fmt.render(opened.events[-1], story.state, opened.state, None))
    ctx = CommandContext(HOST, "host", GAME.state, PACKAGE, _no_team)
    unpaid = await fmt.action_for(Command("unpaid", ""), ctx)
    assert translator.format(unpaid.reason, unpaid.args, "ru") == (
        "Не оплатили взнос 3 команды: Ежи, Лисы, Совы. Взнос — 12 USD с команды.")
    paid = GAME.does(await fmt.action_for(Command("fee", "Совы paid"), ctx))
    assert _said(translator, fmt.render(paid.events[-1], GAME.state, paid.state, None)) == (
        "Взнос команды «Совы» (12 USD): оплачен.")

    unset = bootstrap.formats(Settings())["sync"]
    opened = story.does(await _announced(unset, story.state))
    said = _said(translator, unset.render(opened.events[-1], story.state, opened.state, None))
    assert "Это тренировка" in said and "Взнос" not in said
    free = given(CREATED, replace(OPENED, fee=0, currency=""))
    ctx = CommandContext(HOST, "host", free.state, PACKAGE, _no_team)
    unpaid = await unset.action_for(Command("unpaid", ""), ctx)
    assert translator.format(unpaid.reason, unpaid.args, "ru") == "Все команды оплатили взнос."


async def test_sync_3_with_no_fee_set_a_game_takes_the_fee_of_the_clubs_last_game():
    """Given no fee in the settings; when the host announces, then the game takes the fee of
    the club's last game that had one, and no fee when none had."""
    carried = await _announced(bootstrap.formats(Settings(), club=lambda _: _club(1500, "USD"))
                               ["sync"], given(CREATED).state)
    assert (carried.fee, carried.currency, carried.last_duty) == (1500, "USD", "Совы")
    none = await _announced(bootstrap.formats(Settings(), club=lambda _: _club(0, ""))["sync"],
                            given(CREATED).state)
    assert (none.fee, none.currency) == (0, "")


def test_sync_7_an_answer_ending_in_a_full_stop_reads_without_a_stray_one_in_a_sentence(
        translator):
    """Given the author's answer «(Ярослав) Гашек.»; when the question is scored and the
    hosts get the groups, then no punctuation follows its full stop ("Гашек.;")."""
    package = Package("Пакет", (Tour("Тур", tuple(
        Question(i + 1, f"Вопрос {i + 1}", "(Ярослав) Гашек.") for i in range(20))),))
    story = GAME.round_one(0, 1, 2).asked()
    start = story.state.written.opened_at
    story = story.does(hand_in(OWLS, "Гашек", start), start).closed()
    story = story.judged({"гашек"})
    scored = bootstrap.formats()["sync"].render(s.QuestionScored(1), story.state, story.state,
                                                package)
    assert "ответ — (Ярослав) Гашек; верно ответила 1 команда из 1" in _said(translator, scored)
    groups = groups_msg(story.state, story.state.current, package)
    assert translator.format(groups.key, groups.args, "ru").startswith(
        "Вопрос 1, ответ автора: (Ярослав) Гашек — 1 группа ответов")

