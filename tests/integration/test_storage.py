"""Storage on the test database (SQLite, or PostgreSQL with CHGK_TEST_DATABASE_URL): migrations,
the append-only log, people and teams; SQLite's own set-up (WAL, the folder) on SQLite."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError

from storage.db import Storage, StoredEvent, _config, make_engine, sqlite_path
from storage.tables import Base

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


async def test_migrations_create_exactly_the_tables_the_code_uses(storage):
    async with storage.engine.connect() as conn:
        diff = await conn.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata))
    assert diff == []


async def test_sqlite_runs_in_wal_mode_in_a_folder_it_creates(tmp_path):
    store = await Storage.open(f"sqlite+aiosqlite:///{tmp_path / 'data' / 'chgk.sqlite3'}")
    try:
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
    finally:
        await store.close()
    assert (tmp_path / "data" / "chgk.sqlite3").is_file()


async def test_reopening_applies_no_migration_twice(database_url):
    url = database_url
    first = await Storage.open(url)
    await first.people.team("Знатоки")
    await first.close()
    second = await Storage.open(url)
    assert await second.people.team("знатоки") == 1
    await second.close()


async def test_the_log_is_append_only_and_ordered(storage):
    game = await storage.create_game("duel", "console:game", None, "ru",
                                     [StoredEvent(1, T0, "duel.created", {"host": 1})])
    await storage.append(game, [StoredEvent(2, T0, "duel.started", {"questions": [0, 1]}),
                                StoredEvent(3, T0, "duel.warning", {})])
    with pytest.raises(IntegrityError):
        await storage.append(game, [StoredEvent(3, T0, "duel.warning", {})])
    events = await storage.events(game)
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[1].payload == {"questions": [0, 1]}
    assert events[0].at == T0


async def test_a_finished_game_is_not_live(storage):
    game = await storage.create_game("duel", "c:1", None, "ru", [StoredEvent(1, T0, "k", {})])
    await storage.append(game, [StoredEvent(2, T0, "k2", {})], status="finished")
    assert await storage.games(status="live") == []
    assert (await storage.games(chat_key="c:1"))[0].status == "finished"


async def test_one_person_one_player_with_their_latest_name(storage):
    first = await storage.people.player("telegram", "42", "Anna", "ru")
    again = await storage.people.player("telegram", "42", "Anna K.", None)
    other = await storage.people.player("discord", "42", "Anna")
    assert first == again != other
    assert await storage.people.identity(first, "telegram") == ("42", "ru")
    assert await storage.people.identity(first, "discord") is None


async def test_team_names_are_unique_ignoring_case(storage):
    team = await storage.people.team("Знатоки")
    assert await storage.people.team("ЗНАТОКИ") == team
    player = await storage.people.player("console", "anna", "anna")
    await storage.people.add_member(team, player)
    await storage.people.add_member(team, player)


async def test_the_people_a_chat_has_seen_are_kept_with_their_latest_names(storage):
    dasha = await storage.people.player("telegram", "7", "Dasha")
    vera = await storage.people.player("telegram", "8", "Vera")
    await storage.people.saw_person("telegram:-100", dasha, "Dasha", None)
    await storage.people.saw_person("telegram:-100", dasha, "Dasha P.", "dasha")
    await storage.people.saw_person("telegram:8", vera, "Vera", "vera_v")
    await storage.people.saw_person("discord:5", await storage.people.player("discord", "9", "Zoe"),
                                    "Zoe", "zoe")
    assert [(p.chat_key, p.player_id, p.name, p.username)
            for p in await storage.people.seen_named("telegram", {"dasha p.", "@dasha"})] == [
        ("telegram:-100", dasha, "Dasha P.", "dasha")]
    # Found on their platform by what a command types, ignoring case (Cyrillic too): the
    # casefolded display name or @username; a name they no longer have finds nobody.
    await storage.people.saw_person("telegram:8", dasha, "Даша", None)
    named = await storage.people.seen_named("telegram", {"даша", "@vera_v", "dasha", "zoe"})
    assert [(p.chat_key, p.name) for p in named] == [("telegram:8", "Vera"),
                                                     ("telegram:8", "Даша")]
    assert [p.name for p in await storage.people.seen_named("discord", {"zoe"})] == ["Zoe"]
    assert await storage.people.seen_named("telegram", set()) == []


async def test_nul_characters_are_dropped_from_names_and_titles_on_every_backend(storage):
    # PostgreSQL cannot keep NUL in text at all; the same name must mean the same team anyway.
    team = await storage.people.team("Зна\x00токи")
    assert await storage.people.team("Знатоки") == team
    player = await storage.people.player("discord", "7", "An\x00na")
    assert await storage.people.player("discord", "7", "Anna") == player
    await storage.people.saw_person("discord:5", player, "An\x00na", "an\x00na")
    assert [(p.name, p.username) for p in await storage.people.seen_named("discord", {"anna"})] == [
        ("Anna", "anna")]
    async with storage.engine.connect() as conn:
        names = (await conn.execute(text("SELECT display_name FROM players"))).scalars().all()
    assert names == ["Anna"]


async def test_account_ids_and_language_codes_fit_every_backend(storage):
    with pytest.raises(ValueError):
        await storage.people.player("console", "a" * 65, "a" * 65)
    player = await storage.people.player("telegram", "42", "Anna", "zh-hant-tw")
    assert await storage.people.identity(player, "telegram") == ("42", "zh-hant")
    await storage.people.player("console", "a" * 64, "a" * 64)


async def test_the_same_new_person_and_team_at_once_are_one_person_and_one_team(storage):
    # Two updates of a new user handled at the same moment (a Telegram burst).
    players = await asyncio.gather(*(storage.people.player("telegram", "42", "Anna")
                                     for _ in range(8)))
    teams = await asyncio.gather(*(storage.people.team("Знатоки") for _ in range(8)))
    assert len(set(players)) == 1 and len(set(teams)) == 1


def test_a_sqlite_uri_filename_names_the_file_after_file():
    # A read-only database is opened as file:PATH?mode=ro&uri=true: its lock file goes beside
    # PATH, not into a folder called "file:" in the working directory.
    url = "sqlite+aiosqlite:///file:/srv/chgk/chgk.sqlite3?mode=ro&uri=true"
    assert sqlite_path(url) == Path("/srv/chgk/chgk.sqlite3")
    assert sqlite_path("sqlite+aiosqlite:///file:games?mode=memory&uri=true") is None
    assert sqlite_path("sqlite+aiosqlite:///./data/chgk.sqlite3") == Path("data/chgk.sqlite3")


async def test_sqlite_reads_go_on_while_another_program_holds_the_write_lock(tmp_path):
    """Reads begin deferred and take no write lock, so a game's log can be read (a
    restart, an export) while a backup or the season command writes; writes still wait."""
    path = tmp_path / "chgk.sqlite3"
    store = await Storage.open(f"sqlite+aiosqlite:///{path}", busy_timeout=0.1)
    try:
        game = await store.create_game("duel", "c:1", None, "ru",
                                       [StoredEvent(1, T0, "duel.created", {"host": 1})])
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            assert [e.seq for e in await store.events(game)] == [1]
            assert (await store.game(game)).status == "live"
            with pytest.raises(OperationalError):
                await store.append(game, [StoredEvent(2, T0, "duel.started", {})])
        finally:
            other.execute("COMMIT")
            other.close()
    finally:
        await store.close()


async def test_one_group_commit_of_many_games_keeps_each_log_and_refuses_only_the_clash(
        storage):
    # On SQLite the appends below share group commits, their rows in multi-row inserts of
    # at most 500 rows (storage/sqlbatch.py); on PostgreSQL each is a transaction of its own.
    games = [await storage.create_game("duel", f"console:g{i}", None, "ru",
                                       [StoredEvent(1, T0, "duel.created", {"game": i})])
             for i in range(3)]
    appends = [storage.append(game, [StoredEvent(seq, T0, "duel.note", {"seq": seq}),
                                     StoredEvent(seq + 1, T0, "duel.note", {"seq": seq + 1})])
               for seq in range(2, 402, 2) for game in games]
    # One append takes a seq already taken in its game: it alone is refused.
    clash = storage.append(games[1], [StoredEvent(2, T0, "duel.note", {"seq": 2})])
    results = await asyncio.gather(*appends[:300], clash, *appends[300:],
                                   return_exceptions=True)
    assert [type(r) for r in results if r is not None] == [IntegrityError]
    for i, game in enumerate(games):
        events = await storage.events(game)
        assert [e.seq for e in events] == list(range(1, 402))
        assert events[0].payload == {"game": i}
        assert all(e.payload == {"seq": e.seq} for e in events[1:])


async def test_people_seen_before_the_keys_existed_are_found_by_name(
        empty_database_url):
    # Given a database at the revision before the sighting keys, with one sighting in it.
    engine = make_engine(empty_database_url)

    def at_0006(sync) -> None:
        cfg = _config()
        cfg.attributes["connection"] = sync
        command.upgrade(cfg, "0006_board")
        sync.execute(text("INSERT INTO players (id, display_name, created_at) "
                          "VALUES (1, 'Даша', :at)"), {"at": T0})
        sync.execute(text("INSERT INTO chat_people (chat_key, player_id, platform, "
                          "display_name, username, seen_at) VALUES ('telegram:-100', 1, "
                          "'telegram', 'Даша', 'Dasha_P', :at)"), {"at": T0})

    async with engine.begin() as conn:
        await conn.run_sync(at_0006)
    await engine.dispose()
    # When the bot starts on it (the migration fills the keys of the rows already there).
    storage = await Storage.open(empty_database_url)
    try:
        # Then she is found on her platform by her name or @username, ignoring case.
        for key in ("даша", "@dasha_p"):
            assert [p.name for p in await storage.people.seen_named("telegram", {key})] == ["Даша"]
    finally:
        await storage.close()
