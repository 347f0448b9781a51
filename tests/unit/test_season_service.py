"""The season service over SQLite: results from game logs, order, votes, the ``/season`` chat
command and ``chgk-bot season`` (RULES.md DUEL-6, 7)."""

from __future__ import annotations

import ast
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from bot.cli.main import main
from bot.i18n import LOCALES_DIR, Translator
from bot.packages import load_package
from bot.ports import ChatRef, Outgoing
from bot.season import SeasonService, render, render_table
from bot.service import Incoming, game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules import duel as d
from rules.base import Rejection, encode
from rules.roster import TeamRegistered
from storage.db import Storage, StoredEvent
from tests.formats import chat_commands, formats, season_service

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]


async def person(storage: Storage, name: str) -> int:
    return await storage.people.player("test", name, name)


async def stored_game(storage: Storage, team: str, captain: str, results: list[bool], *,
                      decisive: bool | None = None, day: int = 0, training: bool = False,
                      minutes: int = 0, vote: timedelta | None = timedelta(0)) -> int:
    """A finished DUEL game of ``team`` played by the decider and stored as its log: the
    verdicts in ``results`` on questions 1, 2, …, then (with ``decisive``) the decisive round
    won or lost, all ``day`` days and ``minutes`` minutes after T0; the captain is voted the
    best player ``vote`` after that (None: no vote yet)."""
    host = await person(storage, "host")
    captain_id = await person(storage, captain)
    team_id = await storage.people.team(team)
    await storage.people.add_member(team_id, captain_id)
    events: list = [d.GameCreated(host, "host", None, tuple(range(12)), 60.0, 50.0, 6, 12, 1),
                    TeamRegistered(team_id, team, captain_id, captain),
                    d.GameStarted(tuple(range(12)), training=training)]
    state = None
    for ev in events:
        state = d.evolve(state, ev)

    def act(action) -> None:
        nonlocal state
        result = d.decide(state, action, T0)
        assert not isinstance(result, Rejection), result
        for ev in result:
            state = d.evolve(state, ev)
            events.append(ev)

    def question(number: int, correct: bool) -> None:
        act(d.PickQuestion(captain_id, number))
        act(d.QuestionDelivered(number, None, T0))
        act(d.TimerFired("end", state.clock.ends_at))
        if state.phase is d.Phase.NAMING:  # the decisive round's player is named already
            act(d.NameAnswerer(captain_id, captain_id))
        act(d.GiveAnswer(captain_id, "x", "unsure", "r"))
        act(d.JudgeAnswer(host, correct))

    for number, correct in enumerate(results, 1):
        question(number, correct)
    if decisive is not None:
        act(d.AskDecisiveRound(captain_id, captain_id))
        question(len(results) + 1, decisive)
    assert state.phase is d.Phase.FINISHED
    played = len(events)
    if vote is not None:
        if state.best_question_candidates():
            act(d.VoteBestQuestion(captain_id, state.best_question_candidates()[0]))
        act(d.VoteBestPlayer(captain_id, captain_id))
    at = T0 + timedelta(days=day, minutes=minutes)
    rows = [StoredEvent(i, at if i <= played else at + vote, ev.kind, encode(ev))
            for i, ev in enumerate(events, 1)]
    game_id = await storage.create_game("duel", f"test:{team}", None, "ru", rows[:1])
    await storage.append(game_id, rows[1:], status="finished")
    return game_id


async def test_duel_6_3_1_equal_wins_rank_by_when_the_games_ended_not_by_the_vote(storage):
    # Given two 6:3 wins on one evening: the Owls' game ended at 19:00 but its vote came at
    # 23:00; the Hedgehogs' ended at 21:00 and voted at once.
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"), ("Ежи", "boris"))
    verdicts = [True] * 5 + [False] * 3 + [True]
    owls = await stored_game(storage, "Совы", "anna", verdicts, vote=timedelta(hours=4))
    hedgehogs = await stored_game(storage, "Ежи", "boris", verdicts, minutes=120)
    # When both are counted, the later one first.
    for game_id in (hedgehogs, owls):
        assert not isinstance(await service.record_game("Весна", game_id, by=None), Rejection)
    table = await service.table("Весна")
    # Then the team that won latest is first (DUEL-6.3.1), with its game's end as its date.
    assert [r.result.team for r in table.rows] == ["Ежи", "Совы"]
    assert table.rows[1].result.played_at == T0
    assert table.finalist.team == "Ежи"


async def test_duel_3_9_a_vote_after_the_game_was_counted_shows_in_the_standings(storage):
    # Given a game counted in the season at once, before the team voted.
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"))
    game_id = await stored_game(storage, "Совы", "anna", [True] * 6, vote=None)
    assert not isinstance(await service.record_game("Весна", game_id, by=None), Rejection)
    assert (await service.table("Весна")).rows[0].result.best_player is None
    # When the vote comes an hour later.
    seq = len(await storage.events(game_id))
    anna = await person(storage, "anna")
    later = T0 + timedelta(hours=1)
    await storage.append(game_id, [
        StoredEvent(seq + 1, later, d.BestPlayerVoted.kind, encode(d.BestPlayerVoted(anna))),
        StoredEvent(seq + 2, later, d.GameFinished.kind,
                    encode(d.GameFinished(d.Side.TEAM, 6, 0)))])
    # Then the standings show the best player, and the game still ended when it ended.
    row = (await service.table("Весна")).rows[0]
    assert row.result.best_player == "anna" and row.result.played_at == T0


async def registered(service: SeasonService, season: str, *teams: tuple[str, str]) -> None:
    for team, captain in teams:
        reply = await service.register(season, team, await person(service.storage, captain))
        assert not isinstance(reply, Rejection), reply


async def test_duel_6_3_standings_come_from_the_games_logs(storage, translator):
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"), ("Ежи", "boris"), ("Лисы", "vera"))
    owls = await stored_game(storage, "Совы", "anna", [True] * 5 + [False] * 4 + [True], day=1)
    hedgehogs = await stored_game(storage, "Ежи", "boris", [True] * 5 + [False, False],
                                  decisive=True, day=2)
    foxes = await stored_game(storage, "Лисы", "vera", [False] * 6, day=3)
    for game_id in (owls, hedgehogs, foxes):
        assert not isinstance(await service.record_game("Весна", game_id, by=None), Rejection)
    table = await service.table("Весна")
    rows = [(r.result.team, r.result.team_score, r.result.host_score, r.result.decisive)
            for r in table.rows]
    assert rows == [("Ежи", 6, 0, True), ("Совы", 6, 4, False), ("Лисы", 0, 6, False)]
    assert table.finalist.team == "Ежи"
    assert table.rows[0].result.best_player == "boris"
    text = render_table(table, translator, "ru")
    assert "1 | Ежи " in text and "победа в решающем раунде" in text
    assert "В финале сезона играет команда «Ежи»: она выиграла свою игру с лучшим счётом." in text


async def test_a_game_counts_once_for_a_registered_team_once_finished(storage):
    service = season_service(storage)
    await service.create("Весна")
    game_id = await stored_game(storage, "Совы", "anna", [True] * 6)
    assert (await service.record_game("Весна", game_id, by=None)).reason == \
        "season-team-not-registered"
    await registered(service, "Весна", ("Совы", "anna"))
    assert not isinstance(await service.record_game("Весна", game_id, by=None), Rejection)
    await service.create("Осень")
    assert await service.record_game("Осень", game_id, by=None) == Rejection(
        "season-game-recorded", {"id": game_id, "season": "Весна"})  # names where it counts
    assert (await service.record_game("Весна", 99, by=None)).reason == "season-no-game"
    live = await storage.create_game("duel", "test:live", None, "ru", [StoredEvent(
        1, T0, "duel.created", encode(d.GameCreated(1, "h", None, (), 60.0, 50.0, 6, 12, 1)))])
    assert (await service.record_game("Весна", live, by=None)).reason == \
        "season-game-not-finished"


async def test_duel_2_2_a_training_game_never_counts_in_a_season(storage):
    # Given a finished training game (/start training: fewer players than DUEL-2.2 asks).
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"))
    game_id = await stored_game(storage, "Совы", "anna", [True] * 6, training=True)
    # When it is recorded, then it is refused and the standings stay empty.
    assert await service.record_game("Весна", game_id, by=None) == Rejection(
        "season-training-game", {"id": game_id, "format": "duel"})
    assert (await service.table("Весна")).rows == []


async def test_a_game_played_elsewhere_is_recorded_with_its_score(storage):
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"))
    assert (await service.record_result("Весна", "Совы", 6, 6)).reason == "season-bad-score"
    # DUEL-6.3.1: the date decides between equal wins, so it is needed, and not in the future.
    assert (await service.record_result("Весна", "Совы", 6, 3)).reason == \
        "season-record-needs-date"
    assert (await service.record_result("Весна", "Совы", 6, 3, played_at=datetime.now(UTC)
                                        + timedelta(days=2))).reason == "season-date-future"
    reply = await service.record_result("Весна", "Совы", 6, 3, best_player="ANNA",
                                        played_at=T0)
    # The captain: a known player of the team.
    assert reply == [("season-game-counted", {
        "season": "Весна", "team": "Совы", "team_score": 6, "host_score": 3,
        "decisive": "no", "best": "anna", "has_best": "yes"})]
    assert (await service.table("Весна")).finalist.team == "Совы"


async def test_duel_6_3_1_a_second_game_with_the_same_score_that_day_needs_again(storage):
    # Given a game of Совы 6:3 on T0 counted in the season.
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"))
    await service.record_result("Весна", "Совы", 6, 3, played_at=T0)
    # When the same team and score are recorded for the same date: refused, naming the season.
    assert await service.record_result("Весна", "Совы", 6, 3, played_at=T0 + timedelta(
        hours=2)) == Rejection("season-same-game", {
            "team": "Совы", "team_score": 6, "host_score": 3, "date": "2026-03-01",
            "season": "Весна"})
    # Then --again counts a real second game, and another day or score needs nothing.
    assert not isinstance(await service.record_result(
        "Весна", "Совы", 6, 3, played_at=T0, again=True), Rejection)
    assert not isinstance(await service.record_result(
        "Весна", "Совы", 6, 4, played_at=T0), Rejection)
    assert (await service.table("Весна")).rows[0].games == 3


async def test_duel_3_9_the_best_player_of_a_game_played_elsewhere_plays_for_the_team(storage):
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"), ("Ежи", "boris"))
    owls = await storage.people.team("Совы")
    # A known person not yet known to play for Совы is recorded as its player, and told.
    vera = await person(storage, "vera")
    reply = await service.record_result("Весна", "Совы", 6, 3, best_player="vera",
                                        played_at=T0)
    assert reply[0] == ("season-member-added", {"name": "vera", "team": "Совы"})
    assert vera in await service.store.members(owls)
    # Someone nobody knows is entered by name (a console person), then recorded as well.
    reply = await service.record_result("Весна", "Совы", 6, 2, best_player="Глеб",
                                        played_at=T0)
    assert [key for key, _ in reply] == ["season-person-created", "season-member-added",
                                         "season-game-counted"]
    # The console's "Глеб" is the same person.
    gleb = await storage.people.player("console", "глеб", "Глеб")
    assert gleb in await service.store.members(owls)
    # Two people of one name: refused, nothing recorded.
    await storage.people.player("test", "vera-2", "vera")
    assert (await service.record_result("Весна", "Ежи", 6, 1, best_player="vera",
                                        played_at=T0)).reason == "season-ambiguous-person"
    assert [r.result.team for r in (await service.table("Весна")).rows] == ["Совы"]


async def test_duel_6_1_the_order_follows_last_seasons_standings_new_teams_first(storage):
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("A", "a"), ("B", "b"), ("C", "c"))
    for team, score in (("A", (6, 3)), ("B", (6, 4)), ("C", (3, 6))):
        await service.record_result("Весна", team, *score, played_at=T0)
    await service.create("Осень", after="Весна")
    await registered(service, "Осень", ("B", "b"), ("D", "d"), ("C", "c"), ("A", "a"),
                     ("E", "e"))
    reply = await service.order("Осень", seed=3, by=None)
    order = [args["team"] for key, args in reply if key == "season-order-line"]
    assert order[2:] == ["C", "B", "A"] and set(order[:2]) == {"D", "E"}
    assert reply[0] == ("season-order", {"season": "Осень", "seed": "3"})
    again = await service.order("Осень", seed=3, by=None)
    assert again == reply  # the stored seed replays the lot
    assert [t.name for t in await service.store.teams((await service.find("Осень")).id)] == \
        order


async def test_duel_6_2_teams_registered_after_the_order_come_after_the_ordered_ones(storage):
    service = season_service(storage)
    await service.create("Весна")
    await registered(service, "Весна", ("Совы", "anna"), ("Ежи", "boris"))
    await service.order("Весна", seed=7, by=None)
    await registered(service, "Весна", ("Лисы", "vera"))
    season = await service.find("Весна")
    names = [t.name for t in await service.store.teams(season.id)]
    # The same on SQLite (NULL sorts first) and PostgreSQL (NULL sorts last).
    assert sorted(names[:2]) == ["Ежи", "Совы"] and names[2] == "Лисы"


async def test_duel_7_1_a_fair_play_vote_disbands_a_team_and_7_2_frees_its_players(storage):
    host, keeper = await person(storage, "host"), await person(storage, "ksenia")
    service = season_service(storage)
    await service.create("Весна", host=host, keeper=keeper)
    await registered(service, "Весна", ("Совы", "anna"), ("Ежи", "boris"), ("Лисы", "vera"),
                     ("Кроты", "gleb"))
    await storage.people.add_member(await storage.people.team("Совы"),
                                    await person(storage, "dasha"))
    captains = [await person(storage, n) for n in ("anna", "boris", "vera", "gleb")]
    assert (await service.open_vote("Весна", "Совы", captains[:2], by=host)).reason == \
        "season-vote-few-captains"
    assert (await service.open_vote("Весна", "Совы", captains, by=host)).reason == \
        "season-vote-even"
    assert (await service.open_vote("Весна", "Совы", captains[:3], by=captains[0])).reason == \
        "season-not-host"
    stranger = await person(storage, "zoe")
    assert (await service.open_vote("Весна", "Совы", [*captains[:2], stranger],
                                    by=host)).reason == "season-vote-not-captain"
    opened = await service.open_vote("Весна", "Совы", captains[1:], by=host)
    assert opened[0][0] == "season-vote-opened"
    votes = dict(zip([host, keeper, *captains[1:]], [True, True, True, False, False],
                     strict=True))
    for voter, violated in votes.items():
        reply = await service.cast(None, voter, violated)
    assert (await service.cast(None, host, True)).reason == "season-no-vote"
    assert reply[-1] == ("season-vote-result", {"team": "Совы", "against": 3, "cleared": 2,
                                                "violated": "yes"})
    # DUEL-7.1.4: the team is out; DUEL-7.2: its players are free, a team led by one of them
    # needs the host and the keeper, and its own captain may not lead again.
    await service.create("Осень", after="Весна")
    dasha = await person(storage, "dasha")
    assert (await service.register("Осень", "Совы", dasha)).reason == "season-team-disbanded"
    assert (await service.register("Осень", "Совята", captains[0])).reason == \
        "season-captain-disbanded"
    reply = await service.register("Осень", "Совята", dasha)
    assert reply[0][0] == "season-needs-approval"
    await registered(service, "Осень", ("Ежи", "boris"))

    async def ordered() -> list[str]:
        reply = await service.order("Осень", seed=1, by=None)
        return [args["team"] for key, args in reply if key == "season-order-line"]

    assert await ordered() == ["Ежи"]
    assert await service.approve("Осень", "Ежи", as_host=True, by=None) == Rejection(
        "season-no-approval-needed", {"team": "Ежи"})
    await service.approve("Осень", "Совята", as_host=True, by=None)
    assert await ordered() == ["Ежи"]
    await service.approve("Осень", "Совята", as_host=False, by=None)
    assert "Совята" in await ordered()
    table = await service.table("Весна")
    assert table.rows == []  # no games were recorded, the vote is what remains


class Recorder:
    """A Messenger that keeps what each chat received."""

    def __init__(self) -> None:
        self.sent: list[Outgoing] = []

    async def send(self, message: Outgoing) -> None:
        self.sent.append(message)

    def last(self, chat_id: str = "group") -> str:
        return [m.text for m in self.sent if m.chat.chat_id == chat_id][-1]


async def test_the_season_chat_command_for_the_host_and_the_captains(storage):
    recorder = Recorder()
    clock = VirtualClock(T0)
    scheduler = VirtualScheduler(clock)
    service = game_service(storage, recorder, scheduler, clock, Translator(),
                           formats=formats(min_players=2), chat_commands=chat_commands(storage),
                           default_locale="en")
    scheduler.callback = service.on_timer
    package = load_package(SAMPLE_PACKAGE).package
    group = ChatRef("test", "group")
    service.set_chat_package(group, await storage.save_package(
        package, SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes()))

    async def say(who: str, text: str, private: bool = False) -> str:
        chat = ChatRef("test", who, private=True) if private else group
        await service.handle(Incoming(chat, who, who, text, sender_locale="en"))
        return recorder.last(who if private else "group")

    assert await say("zoe", "/season") == \
        "There are no seasons yet. To create one: /season create NAME."
    assert (await say("host", "/season create Spring")).startswith("The season “Spring” is")
    assert await say("ksenia", "hello") is not None
    assert await say("host", "/season keeper ksenia") == \
        "The keeper of traditions of “Spring” is ksenia."
    assert await say("anna", "/season order") == "Only the season's host may do that."
    assert await say("anna", "/season register Owls") == \
        "The team “Owls” is registered in “Spring”."
    assert await say("host", "/season approve Owls") == \
        "“Owls” needs no agreement from the host and the keeper: it may play."
    assert await say("host", "/season record") == \
        "This chat has no finished DUEL or SYNC game: a season counts a game once it has ended."
    # A game in the chat: six early answers, all right (no question was missed).
    for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"),
                      ("boris", "/join Owls"), ("host", "/start")]:
        await say(who, text)
    for number in (1, 2, 3, 4, 5, 7):
        for who, text in [("anna", str(number)), ("anna", "/early"),
                          ("anna", "/answerer boris"), ("host", "/accept")]:
            if who == "host":
                await say("boris", package.questions[number - 1].answer, private=True)
            await say(who, text)
    await say("anna", "/best player boris")
    assert await say("host", "/season record") == \
        "Counted in “Spring”: the game of “Owls”, 6:0, best player boris."
    table = await say("zoe", "season")  # no slash needed
    assert "1 | Owls | 6:0   | won" in table
    assert table.endswith("The team “Owls” plays the season's final: it won its game with "
                           "the best score.")
    assert (await say("anna", "/season frobnicate")).startswith("Season commands:")
    assert await say("host", "/season vote Owls: anna") == \
        "At least 3 captains take part in the vote."


def test_chgk_bot_season_in_the_terminal(database_url, capsys):
    url = database_url

    def run(*args: str) -> tuple[int, str]:
        code = main(["--locale", "en", "season", *args, "--database", url])
        return code, capsys.readouterr().out

    # The terminal shows its own syntax, not the chat's; an empty list is no error, and
    # --locale works after the sub-command too.
    assert run("standings") == (1, "There are no seasons yet. To create one: "
                                   "chgk-bot season create NAME.\n")
    assert main(["season", "list", "--locale", "en", "--database", url]) == 0
    assert capsys.readouterr().out == "There are no seasons yet. To create one: chgk-bot " \
        "season create NAME.\n"
    assert run("create", "Spring") == (0, "The season “Spring” is created. There is no "
                                          "previous season: the order of games will be drawn "
                                          "by lot.\n")
    code, _ = run("record", "Spring", "--team", "Owls", "--score", "6:3", "--date",
                  "2026-03-01")
    assert code == 1  # not registered
    code, out = run("record", "Spring", "--team", "Owls")
    assert (code, out) == (1, "Give the game (--game ID), or the team, score and date of a "
                              "game played elsewhere (--team TEAM --score 6:3 --date "
                              "YYYY-MM-DD).\n")
    code, out = run("list")
    assert (code, out) == (0, "1. Spring\n")
    code, out = run("standings", "Spring")
    assert (code, out) == (0, "“Spring”: standings\nNo games yet.\n")


def test_a_club_records_games_played_elsewhere_from_a_fresh_database(database_url, capsys):
    """The review's repro: people who never used the bot are entered from the terminal."""
    url = database_url

    def run(*args: str) -> tuple[int, str]:
        code = main(["season", *args, "--database", url, "--locale", "en"])
        return code, capsys.readouterr().out

    # A refused create enters nobody.
    assert run("create", "Autumn", "--after", "Spring", "--host", "host") == (
        1, "There is no season “Spring”.\n")
    assert run("create", "Spring", "--host", "host", "--keeper", "ksenia") == (0, (
        "“host” is new: entered by name.\n“ksenia” is new: entered by name.\n"
        "The season “Spring” is created. There is no previous season: the order of games will "
        "be drawn by lot.\n"))
    assert run("create", "Autumn", "--after", "Spring", "--host", "host")[0] == 0
    for team, captain in (("Owls", "anna"), ("Hedgehogs", "boris"), ("Foxes", "gleb"),
                          ("Moles", "dasha")):
        assert run("register", "Spring", team, "--captain", captain) == (0, (
            f"“{captain}” is new: entered by name.\n"
            f"The team “{team}” is registered in “Spring”.\n"))
    assert run("register", "Spring", "Larks", "--captain", "ß" * 33) == (
        1, "A person's name has at most 64 characters.\n")
    assert run("approve", "Spring", "Owls", "--as", "host") == (
        1, "“Owls” needs no agreement from the host and the keeper: it may play.\n")
    record = ("record", "Spring", "--team", "Owls", "--score", "6:3")
    assert run(*record) == (1, "Give the game's date: --date YYYY-MM-DD. Of two equal wins "
                               "the later one goes to the final.\n")
    assert run(*record, "--date", "2026-03-01", "--best", "vera") == (0, (
        "“vera” is new: entered by name.\nvera is recorded as a player of “Owls”.\n"
        "Counted in “Spring”: the game of “Owls”, 6:3, best player vera.\n"))
    assert run(*record, "--date", "2026-03-01", "--best", "vera") == (1, (
        "A game of “Owls” 6:3 on 2026-03-01 is counted in “Spring” already. If this is a "
        "second such game, add --again.\n"))
    assert run(*record, "--date", "2026-03-01", "--best", "anna", "--again") == (0, (
        "Counted in “Spring”: the game of “Owls”, 6:3, best player anna.\n"))
    code, out = run("standings", "Spring")
    assert "Owls | 6:3   | won (2 games) | 2026-03-01" in out
    code, out = run("vote", "open", "Spring", "Owls", "--captains", "boris,gleb,dasha")
    assert (code, out) == (0, "Vote #1: did “Owls” break fair play? An open vote of host, "
                              "ksenia, boris, gleb, dasha. Each voter: chgk-bot season vote "
                              "cast 1 NAME yes (it did) or no.\n")
    assert run("vote", "cast", "1", "zoe", "no") == (1, "I know nobody called “zoe”.\n")
    assert run("vote", "cast", "1", "host", "no")[0] == 0
    # No best player named: the line says nothing of one (no "best player -").
    assert run("record", "Spring", "--team", "Foxes", "--score", "6:4", "--date",
               "2026-03-02") == (0, "Counted in “Spring”: the game of “Foxes”, 6:4.\n")


def test_every_season_message_key_exists_in_both_languages(translator):
    used = set()
    paths = [*(ROOT / "bot" / "season").glob("*.py"), ROOT / "rules" / "season.py",
             ROOT / "rules" / "season_points.py"]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    re.fullmatch(r"season-[a-z0-9-]*[a-z0-9]", node.value):
                used.add(node.value)
    used |= {f"season-col-{c}" for c in ("place", "team", "score", "result", "date", "best")}
    for lang in ("ru", "en"):
        text = (LOCALES_DIR / lang / "season.ftl").read_text(encoding="utf-8")
        defined = set(re.findall(r"^(season-[a-z0-9-]+) =", text, re.MULTILINE))
        assert used - defined == set(), lang
    assert render(Rejection("season-none"), translator, "ru") == [
        "Сезонов ещё нет. Создать: /season create НАЗВАНИЕ."]


def test_duel_6_3_1_equal_wins_at_the_same_moment_need_the_time_they_ended(database_url,
                                                                          capsys):
    url = database_url

    def run(*args: str) -> tuple[int, str]:
        code = main(["season", *args, "--database", url, "--locale", "en"])
        return code, capsys.readouterr().out

    # Given a season where the Owls' 6:3 on 2026-03-01 is recorded with the date alone.
    assert run("create", "Spring", "--host", "host")[0] == 0
    for team, captain in (("Owls", "anna"), ("Moles", "dasha")):
        assert run("register", "Spring", team, "--captain", captain)[0] == 0
    assert run("record", "Spring", "--team", "Owls", "--score", "6:3", "--date",
               "2026-03-01")[0] == 0
    # When another team's 6:3 on that date comes with no time: refused, the time asked for,
    # since the order of recording must not say which won later.
    moles = ("record", "Spring", "--team", "Moles", "--score", "6:3")
    assert run(*moles, "--date", "2026-03-01") == (1, (
        "“Owls” won 6:3 at the same moment (2026-03-01 00:00 UTC). Of two equal wins the later "
        "one goes to the final: say when this game ended, e.g. --date "
        "2026-03-01T21:40.\n"))
    # Then with the time it ended it is the later win, first in the standings.
    assert run(*moles, "--date", "2026-03-01T21:40")[0] == 0
    assert run("standings", "Spring")[1].splitlines()[2].startswith("1 | Moles |")
