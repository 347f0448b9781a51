"""DUEL as the service sees it: what a package labels, chat commands to actions, events to
messages (RULES.md DUEL-4.2 and the commands of DUEL-5, 6.4)."""

from __future__ import annotations

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from bot.commands import parse_command
from bot.formats.base import CommandContext, To
from bot.formats.duel import DuelFormat, package_facts
from bot.packages import load_package, parse_package
from bot.packages.model import Package, Question, Tour
from rules import duel as d
from rules.base import Rejection, Role
from rules.roster import PlayerJoined, TeamRegistered
from tests.unit.duel_steps import DuelStory, given
from tests.unit.story import T0

PACKAGE = load_package(SAMPLE_PACKAGE).package
FORMAT = DuelFormat()
HOST, ANNA, BORIS, VERA, ZOE = 1, 10, 11, 12, 50


def started_story() -> DuelStory:
    """A game of the sample package created by the format, started by the host."""
    created = DuelFormat({"min_players": 1}).create(HOST, "host", 1, PACKAGE)
    return given(created, TeamRegistered(100, "Совы", ANNA, "anna"),
                 PlayerJoined(100, BORIS, "boris"), PlayerJoined(100, VERA, "vera")).does(
        d.StartGame(HOST))


def started() -> d.DuelState:
    """The state of ``started_story``, as the format reads it."""
    return started_story().state



async def action(text: str, state: d.DuelState, player: int = ANNA):
    async def team_id(_name: str) -> int:
        return 100

    ctx = CommandContext(player=player, name="anna", state=state, package=PACKAGE,
                         team_id=team_id, known={"zoe": (ZOE, "zoe"), "yan": (51, "Yan"),
                                                  "@vera_v": (VERA, "vera")})
    return await FORMAT.action_for(parse_command(text), ctx)


async def judged(text: str, state: d.DuelState, player: int = ANNA):
    """The action of ``text`` after the judging step the service takes once the sender may
    give it (``Commands.judged``)."""
    return FORMAT.judged(await action(text, state, player), state, PACKAGE)


def test_duel_4_2_the_sample_package_labels_all_four_kinds():
    assert package_facts(PACKAGE) == d.Facts(pictures=(0,), triples=(5, 8), blitzes=(5,),
                                             superblitzes=(8,), sectors13=(11,))
    assert d.special_numbers(started()) == {d.Special.PICTURE: 1, d.Special.BLITZ: 6,
                                            d.Special.SUPERBLITZ: 9, d.Special.SECTOR13: 12}


@pytest.mark.parametrize("text", ["13-й сектор. Вопрос", "Вопрос 13-го сектора: кто?",
                                  "Сектор 13. Кто?", "Тринадцатый сектор! Кто?",
                                  "Sector 13: who?"])
def test_duel_4_2b_a_sector13_label_in_the_text_is_found(text):
    package = Package("p", (Tour("t", (Question(1, text, "a"), Question(2, "В 13 веке", "b"))),))
    assert package_facts(package).sectors13 == (0,)


def test_duel_4_2_a_real_package_without_the_kinds_needs_marking_or_start_anyway():
    package = parse_package("Вопрос 1:\nВ 1913 году в секторе Газа…\n\nОтвет:\nx\n".encode())
    assert package_facts(package.package).sectors13 == ()


@pytest.mark.parametrize("text,expected", [
    ("/mark blitz 6", d.MarkQuestion(ANNA, d.Special.BLITZ, 6)),
    ("/mark 9 суперблиц", d.MarkQuestion(ANNA, d.Special.SUPERBLITZ, 9)),
    ("/отметить картинка 1", d.MarkQuestion(ANNA, d.Special.PICTURE, 1)),
    ("/mark sector 12", d.MarkQuestion(ANNA, d.Special.SECTOR13, 12)),
    ("/mark 13 4", d.MarkQuestion(ANNA, d.Special.SECTOR13, 4)),
    ("/mark blitz", Rejection("usage-mark")),
    ("/sector all", d.ChooseSector13(ANNA, d.Sector13Mode.ALL)),
    ("/сектор все", d.ChooseSector13(ANNA, d.Sector13Mode.ALL)),
    ("/sector 1 vera", d.ChooseSector13(ANNA, d.Sector13Mode.ONE, (VERA,))),
    ("/sector 3 anna boris vera", d.ChooseSector13(ANNA, d.Sector13Mode.THREE,
                                                   (ANNA, BORIS, VERA))),
    ("/sector 2 anna", Rejection("usage-sector")),
    ("досрочно", d.DeclareEarly(ANNA)),
    ("/extra", d.UseExtraMinute(ANNA)),
    ("/hint club", d.TakeHint(ANNA, d.Hint.CLUB)),
    ("/подсказка минута", d.TakeHint(ANNA, d.Hint.MINUTE)),
    ("/hint", Rejection("usage-hint")),
    ("/helpers zoe, Yan", d.NameHelpers(ANNA, (ZOE, 51), ("zoe", "Yan"))),
    ("/helpers nobody", Rejection("unknown-player", {"name": "nobody"})),
    ("/agree", d.AnswerHelpers(ANNA, True)),
    ("/несогласен", d.AnswerHelpers(ANNA, False)),
    ("/credit", d.TakeCredit(ANNA)),
    ("/repay 5", d.PickQuestion(ANNA, 5, repay=True)),
    ("/decisive vera", d.AskDecisiveRound(ANNA, VERA)),
    # An @username of someone seen names them; one never seen is refused
    # with the reason.
    ("/best player @vera_v", d.VoteBestPlayer(ANNA, VERA)),
    ("/answerer @Vera_V", d.NameAnswerer(ANNA, VERA)),
    ("/helpers @ghost", Rejection("unknown-username", {"name": "@ghost"})),
])
async def test_chat_commands_become_duel_actions(text, expected):
    assert await action(text, started()) == expected


async def test_duel_4_2c_the_host_is_told_the_verdict_for_the_current_mini_question():
    story = started_story().does(d.PickQuestion(ANNA, 6)).time_up().does(
        d.NameAnswerer(ANNA, BORIS))
    first = await judged("/answer сорок", story.state, BORIS)
    assert first.suggestion == "accept"
    story = story.does(first).does(d.JudgeAnswer(HOST, True))
    story = story.time_up().does(d.NameAnswerer(ANNA, BORIS))
    assert (await judged("/answer 25", story.state, BORIS)).suggestion == "accept"
    assert (await judged("/answer сорок", story.state, BORIS)).suggestion == "reject"


async def test_duel_3_7_reading_an_answer_leaves_its_judging_to_the_judging_step():
    # Given the answerer named for a blitz's first mini-question,
    story = started_story().does(d.PickQuestion(ANNA, 6)).time_up().does(
        d.NameAnswerer(ANNA, BORIS))
    # when their written answer is read as a command,
    read = await action("/answer сорок", story.state, BORIS)
    # then it is only read: the host's suggestion is not made until the judging step.
    assert read == d.GiveAnswer(BORIS, "сорок", "unsure", "suggestion-none")
    assert FORMAT.judged(read, story.state, PACKAGE).suggestion == "accept"


def render(state: d.DuelState, action_) -> tuple[d.DuelState, list]:
    msgs = []
    for ev in d.decide(state, action_, T0):
        before, state = state, d.evolve(state, ev)
        msgs += FORMAT.render(ev, before, state, PACKAGE)
    return state, msgs


def test_duel_4_2a_the_picture_is_posted_with_its_link():
    _, msgs = render(started(), d.PickQuestion(ANNA, 1))
    question = msgs[0]
    assert question.image == PACKAGE.questions[0].picture
    assert ("question-picture", {"url": question.image}) in question.lines


def test_duel_4_2b_the_sector13_question_is_read_after_the_choice_of_players():
    state, msgs = render(started(), d.PickQuestion(ANNA, 12))
    assert [m.key for m in msgs] == ["duel-sector13"]
    state, msgs = render(state, d.ChooseSector13(ANNA, d.Sector13Mode.THREE,
                                                 (ANNA, BORIS, VERA)))
    assert [m.key for m in msgs] == ["duel-question"]
    assert msgs[0].args["text"].startswith("13-й сектор.")
    assert ("duel-sector13-stay", {"mode": "three", "names": "anna, boris, vera"}) in \
        msgs[0].lines
    # The 20 s start once the question has reached the chat (DUEL-3.4, DESIGN.md Time).
    _, msgs = render(state, d.QuestionDelivered(12, None, T0))
    assert [m.key for m in msgs] == ["duel-discussion"] and msgs[0].args == {"seconds": 20}


def test_duel_4_2c_a_blitz_is_read_one_mini_question_at_a_time():
    _, msgs = render(started(), d.PickQuestion(ANNA, 6))
    assert [m.key for m in msgs] == ["duel-blitz", "duel-question"]
    assert msgs[1].args["text"].startswith("Блиц.") and "1." not in msgs[1].args["text"]
    part = dict(msgs[1].lines)["duel-part"]
    assert part["part"] == 1 and part["text"].startswith("Английское название")


def test_duel_4_2_the_host_sees_the_set_and_the_candidates():
    created = FORMAT.create(HOST, "host", 1, PACKAGE)
    msgs = FORMAT.render(created, None, d.evolve(None, created), PACKAGE)
    summary = next(m for m in msgs if m.to is To.HOST)
    assert summary.args == {"count": 12, "picture": "1", "sector13": "12", "blitz": "6",
                            "superblitz": "9"}
    assert summary.lines[0] == ("duel-set-candidates", {"triples": "6, 9", "pictures": "1"})


def test_help_lists_the_new_commands_by_role():
    captain = FORMAT.commands_for(frozenset({Role.CAPTAIN, Role.PLAYER}))
    for name in ("sector", "early", "extra", "hint", "credit", "repay", "decisive"):
        assert name in captain
    host = FORMAT.commands_for(frozenset({Role.HOST}))
    assert {"mark", "helpers", "extra"} <= set(host) and "credit" not in host
    assert "agree" in FORMAT.commands_for(frozenset({Role.KEEPER}))
