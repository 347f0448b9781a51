"""A club's SYNC games add up in a season (SYNC-3, SYNC-4, SYNC-7):
the table of points with games played and questions answered, shared places, the unpaid fees,
the duty rotation and the fee carried into the host's next game, the same ``/season`` and
``chgk-bot season`` commands as DUEL's, and the rating files of each game.

The two games are stories told by the SYNC decider and stored as their logs, as the bot
stores a played game; the next game is announced in the console after a restart."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta

from adapters.console import GAME_CHAT, ConsoleMessenger, ConsoleSession
from bot import bootstrap
from bot.cli.main import main
from bot.i18n import Translator
from bot.service import game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules import sync as s
from rules.base import Rejection, encode
from rules.judging import Suggestion
from rules.roster import JoinTeam, RegisterTeam
from rules.sync.enrolment import (
    GameKind,
    RecordFee,
    RegistrationOpened,
    ReviewQuestion,
    SubmitQuestion,
    TeamQuestion,
)
from storage.db import Storage, StoredEvent
from tests.formats import season_service
from tests.unit.story import T0, at
from tests.unit.sync_steps import HOST, PACKAGE, SyncStory, given, key

TEAMS = ("Совы", "Лисы", "Ежи")


def _hand_in(story: SyncStory, answers: dict[int, str], right: set[str]) -> SyncStory:
    start = story.state.written.opened_at
    for team, text in answers.items():
        sent = start + timedelta(seconds=30)
        story = story.does(s.HandInAnswer(team * 10, team, text, sent, key(text),
                                          Suggestion.UNSURE, "judge-reason-test"), sent)
    return story.closed().judged({key(r) for r in right})


def sync_story(ids: dict[str, int], duty: str, paid: set[str], round_one: list[dict[str, str]],
               round_two: dict[str, dict[str, str]]) -> SyncStory:
    """A qualifying SYNC game of the three teams (team id ``ids[name]``, captain id ten times
    it, four players each) with ``duty`` on duty and a fee of $12, ``paid`` by those teams:
    round 1 with ``round_one``'s answers (team -> text; "+" right, anything else wrong), then
    round 2 with each team's question answered as ``round_two[asker]`` says, then the end."""
    opened = RegistrationOpened(at(3 * 86400 + 3600), at(3600), GameKind.QUALIFYING, duty,
                                1200, "USD", at(-86400))
    story = given(s.GameCreated(HOST, "host", None, PACKAGE), opened)
    for name in TEAMS:
        team, captain = ids[name], ids[name] * 10
        story = story.does(RegisterTeam(captain, f"c{captain}", team, name))
        for player in range(captain + 1, captain + 4):
            story = story.does(JoinTeam(player, f"p{player}", team, name))
        story = story.does(SubmitQuestion(captain, TeamQuestion("Вопрос", "Ответ", author="А",
                                                                source="И")))
    for number in range(1, len(TEAMS) + 1):
        story = story.does(ReviewQuestion(HOST, number, True))
    for name in paid:
        story = story.does(RecordFee(HOST, ids[name], True))
    story = story.round_one(*range(len(round_one)))
    for answers in round_one:
        story = _hand_in(story.asked(), {ids[t]: a for t, a in answers.items()}, {"+"})
    story = story.does(s.StartRound(HOST, per_team=1))
    for number, name in enumerate(TEAMS, 1):
        answers = {ids[t]: a for t, a in round_two.get(name, {}).items()}
        story = _hand_in(story.asked(asking_team=ids[name], team_question=number), answers,
                         {"+"})
    story = story.does(s.EndGame(HOST), story.now)
    assert story.result is not None, "the game ends without a shoot-out"
    return story


async def store(storage: Storage, story: SyncStory, day: int) -> int:
    """``story`` stored as a finished game's log, ``day`` days after T0."""
    when = T0 + timedelta(days=day)
    rows = [StoredEvent(i, when, ev.kind, encode(ev)) for i, ev in enumerate(story.events, 1)]
    game_id = await storage.create_game("sync", f"test:{day}", None, "ru", rows[:1])
    await storage.append(game_id, rows[1:], status="finished")
    return game_id


async def club_with_two_games(database_url: str) -> tuple[Storage, list[int]]:
    """The console's host (player 1) hosts season "Осень" with two SYNC games counted:
    game 1 (the Hedgehogs on duty, their fee unpaid): Owls 3, Foxes 2, Hedgehogs 0; game 2
    (the Foxes on duty, the Owls' fee unpaid): Hedgehogs 3, Owls 1, Foxes 1."""
    storage = await Storage.open(database_url)
    assert await storage.people.player("console", "host", "host") == HOST
    ids = {name: await storage.people.team(name) for name in TEAMS}
    first = sync_story(ids, "Ежи", {"Совы", "Лисы"},
                       [{"Совы": "+", "Лисы": "+"}, {"Совы": "+", "Ежи": "-"}],
                       {"Совы": {"Лисы": "+"}})
    second = sync_story(ids, "Лисы", {"Лисы", "Ежи"},
                        [{"Лисы": "+", "Ежи": "+"}, {"Ежи": "+"}], {"Совы": {"Ежи": "+"}})
    games = [await store(storage, first, 0), await store(storage, second, 7)]
    service = season_service(storage)
    assert not isinstance(await service.create("Осень", host=HOST), Rejection)
    return storage, games


async def test_sync_7_a_clubs_games_add_up_in_a_season_of_points_with_shared_places(
        database_url):
    storage, games = await club_with_two_games(database_url)
    service = season_service(storage)
    replies = [await service.record_game("Осень", game, by=HOST) for game in games]
    assert replies[0] == [("season-points-game-counted", {
        "season": "Осень", "id": games[0], "teams": 3, "winners": "Совы"})]
    # A game counts once; a DUEL season's result from elsewhere has no place in it.
    assert (await service.record_game("Осень", games[0], by=HOST)).reason == \
        "season-game-recorded"
    assert (await service.record_result("Осень", "Совы", 6, 3)).reason == \
        "season-record-needs-game"
    table = await service.table("Осень")
    assert [(str(r.place.first) if not r.place.shared else f"{r.place.first}–{r.place.last}",
             r.team, r.points, r.games, r.answered, r.unpaid) for r in table.rows] == [
        ("1", "Совы", 4, 2, 2, 1), ("2–3", "Ежи", 3, 2, 3, 1), ("2–3", "Лисы", 3, 2, 3, 0)]
    # SYNC-4: alphabetical rotation Ежи, Лисы, Совы: after the Foxes, the Owls.
    assert (table.next_duty, table.club.fee, table.club.currency) == ("Совы", 1200, "USD")
    await storage.close()


async def test_sync_4_the_next_game_announced_after_a_restart_has_the_next_duty_team(
        database_url):
    storage, games = await club_with_two_games(database_url)
    for game in games:
        await season_service(storage).record_game("Осень", game, by=HOST)
    await storage.close()
    # The bot restarts: a new service over the same database, as ``chgk-bot run`` builds it.
    storage = await Storage.open(database_url)
    out = io.StringIO()
    translator, clock = Translator(), VirtualClock(T0)
    scheduler = VirtualScheduler(clock)
    messenger = ConsoleMessenger(out)
    service = game_service(storage, messenger, scheduler, clock, translator,
                           formats=bootstrap.club_formats(storage),
                           chat_commands=bootstrap.chat_commands(storage, bootstrap.formats()),
                           default_locale="en")
    scheduler.callback = service.on_timer
    await service.recover()

    def say(key_: str, args: dict) -> None:
        out.write(translator.format(key_, args, "en") + "\n")

    session = ConsoleSession(service, messenger, say, locale="en", advance=scheduler.advance)
    for line in ("host: /season", "host: /newgame sync",
                 "host: /announce 2026-04-01 19:00 qualifying"):
        await session.feed(line)
    text = out.getvalue()
    assert "“Осень”: table of points after 2 games" in text
    assert "2–3 | Ежи  | 3      | 2     | 3        | 1" in text
    assert "On duty at the next game: Совы." in text
    assert "The fee of the next game: 12 USD per team." in text
    assert "Duty team: “Совы”." in text
    game = service.game_in(GAME_CHAT)
    assert game.state.registration.fee == 1200
    await storage.close()


def test_sync_season_in_the_terminal_and_its_rating_files(database_url, tmp_path, capsys):
    async def two_games() -> list[int]:
        # Opened and closed in one event loop: PostgreSQL's connections belong to the loop
        # that opened them and cannot be closed from another.
        storage, games = await club_with_two_games(database_url)
        await storage.close()
        return games

    games = asyncio.run(two_games())
    base = ["--locale", "en"]
    for game in games:
        assert main([*base, "season", "record", "Осень", "--game", str(game),
                     "--database", database_url]) == 0
    capsys.readouterr()
    assert main([*base, "season", "standings", "Осень", "--database", database_url]) == 0
    assert "1   | Совы | 4" in capsys.readouterr().out
    assert main([*base, "export", "--season", "Осень", "--format", "csv",
                 "--database", database_url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "place,team,points,games,answered,unpaid", "1,Совы,4,2,2,1", "2–3,Ежи,3,2,3,1",
        "2–3,Лисы,3,2,3,0"]
    folder = tmp_path / "rating"
    assert main([*base, "export", "--season", "Осень", "--format", "rating",
                 "--out", str(folder), "--database", database_url]) == 0
    assert "2 games written" in capsys.readouterr().out
    assert (folder / f"game-{games[1]}.csv").read_text(encoding="utf-8").splitlines() == [
        ",Ежи,,1,1,1", ",Ежи,,2,1,0,0", ",Лисы,,1,1,0", ",Лисы,,2,0,0,0",
        ",Совы,,1,0,0", ",Совы,,2,1,0,0"]
    assert (folder / f"game-{games[1]}-roster.csv").exists()
