"""The SYNC format's side of a question (SYNC-6): a written answer judged by the question's
prepared judge, built once for all of its answers; the hosts' list of groups, largest first,
with a button per verdict carrying the group's text and count. And the fee a game is
announced with (SYNC-3): the club's setting, the charter's $12 by default, or its last
game's."""

from __future__ import annotations

from datetime import timedelta

from bot import bootstrap, judging
from bot.commands import Command
from bot.formats.base import CommandContext
from bot.formats.sync import SyncFormat
from bot.formats.sync.render import groups_msg
from bot.packages.model import Package, Question, Tour
from bot.settings import Settings
from rules import sync as s
from rules.judging import Suggestion
from rules.season_points import ClubFacts
from tests.unit.sync_steps import CAPTAINS, FOXES, GAME, HEDGEHOGS, OWLS, hand_in

PACKAGE = Package("Пакет", (Tour("Тур", tuple(Question(i + 1, f"Вопрос {i + 1}", "Пушкин")
                                              for i in range(20))),))


async def _no_team(name: str) -> int:
    raise AssertionError(name)


def _context(state: s.SyncState, player: int) -> CommandContext:
    return CommandContext(player, f"c{player}", state, PACKAGE, _no_team,
                          sent_at=state.written.opened_at + timedelta(seconds=30))


async def test_sync_6_every_answer_to_a_question_is_judged_by_one_prepared_judge(monkeypatch):
    built = []
    original = judging.Matcher.for_question

    def counting(question):
        built.append(question)
        return original(question)

    monkeypatch.setattr(judging.Matcher, "for_question", staticmethod(counting))
    fmt = SyncFormat()
    state = GAME.round_one(0, 1, 2).asked().state
    actions = [await fmt.action_for(Command("answer", text), _context(state, CAPTAINS[team]))
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


async def _announced(fmt: SyncFormat) -> s.AnnounceGame:
    ctx = CommandContext(1, "host", GAME.state, PACKAGE, _no_team)
    return await fmt.action_for(Command("announce", ""), ctx)


async def test_sync_3_a_clubs_first_game_is_announced_with_the_charters_fee_of_12_dollars():
    announced = await _announced(bootstrap.formats()["sync"])
    assert (announced.fee, announced.currency) == (1200, "USD")


async def test_sync_3_the_club_sets_its_fee_in_the_settings_and_later_games_carry_it():
    settings = Settings(sync_fee=7.5, sync_currency="EUR")
    announced = await _announced(bootstrap.formats(settings)["sync"])
    assert (announced.fee, announced.currency) == (750, "EUR")
    # A club whose last game had a fee carries it to the next (README, Seasons).
    carried = await _announced(bootstrap.formats(settings, club=lambda _: _club(1500, "USD"))
                               ["sync"])
    assert (carried.fee, carried.currency, carried.last_duty) == (1500, "USD", "Совы")
    # A club whose games so far had no fee recorded takes the settings' fee.
    unset = await _announced(bootstrap.formats(settings, club=lambda _: _club(0, ""))["sync"])
    assert (unset.fee, unset.currency) == (750, "EUR")
