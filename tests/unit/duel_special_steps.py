"""The DUEL game the special-question tests start from (``test_duel_special.py``: the set and
the special questions, DUEL-4.2 … 4.2d; ``test_duel_special_minutes.py``: extra minutes,
hints, credit and the decisive round, DUEL-5.1 … 6.4.4): a package with every kind of
question, a lobby of one team, the game started, and the steps the tests share."""

from __future__ import annotations

from rules import duel as d
from rules.roster import KeeperNamed, PlayerJoined, TeamRegistered
from tests.unit.duel_steps import BORIS, CAPTAIN, GLEB, HOST, KEEPER, VERA, DuelStory, given
from tests.unit.story import T0, at

TEAM = (CAPTAIN, BORIS, VERA, GLEB)
EARLY, SECTOR = d.MinuteSource.EARLY, d.MinuteSource.SECTOR13
# The package: index 0 has a picture, 5 is a labelled blitz, 8 a labelled superblitz, 13 an
# unlabelled three-part question, 11 is labelled sector 13. In the default set (indices 0..11)
# that is picture 1, blitz 6, superblitz 9, sector 13 number 12.
CREATED = d.GameCreated(HOST, "host", 1, tuple(range(15)), 60.0, 50.0, 6, 12, 3,
                        pictures=(0, 3), triples=(5, 8, 13), blitzes=(5,), superblitzes=(8,),
                        sectors13=(11,))
LOBBY = given(
    CREATED,
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    PlayerJoined(100, VERA, "vera"),
    PlayerJoined(100, GLEB, "gleb"),
    KeeperNamed(KEEPER, "ksenia"),
)
STARTED = LOBBY.told(d.GameStarted(tuple(range(12)), picture=1, sector13=12, blitz=6,
                                   superblitz=9))
PICTURE, BLITZ, SUPERBLITZ, SECTOR13 = 1, 6, 9, 12
REGULAR = (2, 3, 4, 5, 7, 8, 10, 11, 1)
# A set started without sector 13 and superblitz (DUEL-8.1), for long games of plain questions.
PLAIN = LOBBY.told(d.GameStarted(tuple(range(12)), picture=1, blitz=6))
PLAIN_REGULAR = (1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12)
EXTRA = d.UseExtraMinute(CAPTAIN)


def scored(team: int, host: int, start: DuelStory = STARTED) -> DuelStory:
    """A started game at ``team``:``host``, played on the regular questions."""
    numbers = REGULAR if start is STARTED else PLAIN_REGULAR
    story = start.played(*[True] * team, *[False] * host, numbers=numbers)
    assert story.score == (team, host)
    return story


def judge_part(story: DuelStory, correct: bool, by: int = BORIS, name: bool = True) -> DuelStory:
    """One mini-question: its 20 s run out (unless they have), ``by`` named (unless the bot
    names them: ``name`` False) and answering, the verdict given when the time ran out."""
    now = story.timers["end"] if story.timers else T0
    if story.timers:
        story = story.time_up()
    if name:
        story = story.does(d.NameAnswerer(CAPTAIN, by), now)
    story = story.does(d.GiveAnswer(by, "ответ", "unsure", "r"), now)
    return story.does(d.JudgeAnswer(HOST, correct), now)


def sector13_wrong(mode: d.Sector13Mode, players: tuple[int, ...] = ()) -> DuelStory:
    """Sector 13 played with ``mode`` (``players`` staying) and answered wrong by the first
    who stayed."""
    story = STARTED.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, mode, players))
    if story.timers:
        story = story.time_up()
    answerer = (players or TEAM)[0]
    if mode is not d.Sector13Mode.ONE:  # a single player who stayed is named by the bot
        story = story.does(d.NameAnswerer(CAPTAIN, answerer))
    story = story.does(d.GiveAnswer(answerer, "нет", "reject", "r"))
    return story.does(d.JudgeAnswer(HOST, False))


def early(story: DuelStory, number: int, correct: bool) -> DuelStory:
    """Question ``number`` answered early (declared at 2 s) by Boris, judged ``correct``."""
    story = story.does(d.PickQuestion(CAPTAIN, number)).does(d.DeclareEarly(CAPTAIN), 2)
    story = story.does(d.NameAnswerer(CAPTAIN, BORIS))
    story = story.does(d.GiveAnswer(BORIS, "ответ", "accept", "r"))
    return story.does(d.JudgeAnswer(HOST, correct))


def minute_spent(story: DuelStory, source: d.MinuteSource, number: int = 3) -> DuelStory:
    """Asserts that the team has a stored minute from ``source`` to spend on question
    ``number`` (DUEL-5.1.2): it adds a minute from the deadline."""
    story = story.does(d.PickQuestion(CAPTAIN, number))
    return story.when(EXTRA, at=30).then(
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110), source))


def no_minute(story: DuelStory, number: int = 3) -> DuelStory:
    """Asserts that the team has no stored minute to spend on question ``number``."""
    return story.does(d.PickQuestion(CAPTAIN, number)).when(EXTRA, at=30).then_rejected(
        "duel-no-minutes")


def named(story: DuelStory, number: int, player: int) -> DuelStory:
    """Question ``number`` picked and its minute run out; the captain names ``player``
    (asserted accepted)."""
    story = story.does(d.PickQuestion(CAPTAIN, number)).time_up()
    return story.when(d.NameAnswerer(CAPTAIN, player), at=60).then(d.AnswererNamed(player))
