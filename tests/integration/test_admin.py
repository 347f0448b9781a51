"""The operator's side of the database, on the test database (SQLite, or PostgreSQL with
CHGK_TEST_DATABASE_URL): one owner per game store, ``chgk-bot db upgrade``, ``db backup``,
``export``, and a clear line when the PostgreSQL driver is missing."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import subprocess
import sys

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

from bot.cli.admin import EXPORT_COLUMNS
from bot.cli.main import main
from storage.db import MIGRATIONS, Storage, StoreInUse
from tests.databases import on_postgresql
from tests.formats import season_service
from tests.unit.test_season_service import registered, stored_game


def head_revision() -> str:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg).get_current_head()


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--locale", "en", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- one owner per game store ------------------------------------------------------------


async def test_a_second_owner_of_the_same_database_is_refused_until_the_first_closes(
        database_url):
    first = await Storage.open(database_url, owner=True)
    with pytest.raises(StoreInUse):
        await Storage.open(database_url, owner=True)
    # The season commands and exports read and write beside the running bot.
    reader = await Storage.open(database_url)
    await reader.close()
    await first.close()
    second = await Storage.open(database_url, owner=True)
    await second.close()


def test_a_second_bot_process_on_one_database_gets_one_clear_line(database_url):
    first = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--clock", "real", "--locale", "en",
         "--database", database_url],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        for line in first.stdout:
            if "A DUEL game is open" in line:
                break
        for args in (["console", "--clock", "virtual"], ["db", "upgrade"]):
            second = subprocess.run(
                [sys.executable, "-m", "bot", "--locale", "en", *args, "--database",
                 database_url], input="host: /score\n", capture_output=True, text=True,
                timeout=60, check=False)
            assert second.returncode == 2, second
            assert second.stdout == ""
            (message,) = second.stderr.splitlines()
            assert "already runs the games of this database" in message
            assert f"(pid {first.pid})" in message or on_postgresql()
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
        first.stdout.close()


# --- db upgrade ----------------------------------------------------------------------------


def test_db_upgrade_creates_then_reports_up_to_date(empty_database_url, capsys):
    head = head_revision()
    assert cli(capsys, "db", "upgrade", "--database", empty_database_url) == (
        0, f"The database is created at revision {head}.\n", "")
    assert cli(capsys, "db", "upgrade", "--database", empty_database_url) == (
        0, f"The database is up to date (revision {head}).\n", "")


# --- db backup -----------------------------------------------------------------------------


def test_db_backup_copies_a_sqlite_database_while_it_is_open(tmp_path, capsys):
    url = f"sqlite+aiosqlite:///{tmp_path / 'chgk.sqlite3'}"
    target = tmp_path / "backups" / "chgk-backup.sqlite3"
    target.parent.mkdir()

    async def play_and_back_up() -> tuple[list, list]:
        storage = await Storage.open(url, owner=True)
        try:
            for team, captain in (("Owls", "anna"), ("Foxes", "vera")):
                await stored_game(storage, team, captain, [True] * 6)
            games = await storage.games()
            # The bot is still running: the backup is online.
            assert await asyncio.to_thread(main, ["--locale", "en", "db", "backup",
                                                  str(target), "--database", url]) == 0
            return games, await storage.events(games[0].id)
        finally:
            await storage.close()

    games, events = asyncio.run(play_and_back_up())
    assert capsys.readouterr().out == f"The backup is written to {target}: 2 games.\n"

    async def read_copy() -> tuple[list, list]:
        copy = await Storage.open(f"sqlite+aiosqlite:///{target}")
        try:
            return await copy.games(), await copy.events(games[0].id)
        finally:
            await copy.close()

    assert asyncio.run(read_copy()) == (games, events)
    assert not (tmp_path / "backups" / "chgk-backup.sqlite3.partial").exists()


def test_db_backup_refuses_what_it_cannot_copy(tmp_path, capsys):
    missing = tmp_path / "none.sqlite3"
    url = f"sqlite+aiosqlite:///{missing}"
    assert cli(capsys, "db", "backup", str(tmp_path / "b.sqlite3"), "--database", url) == (
        2, f"There is no SQLite database at {missing}.\n", "")
    assert not missing.exists()  # a wrong path creates no empty database
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("not a database")
    code, out, _ = cli(capsys, "db", "backup", str(tmp_path / "b.sqlite3"), "--database",
                       f"sqlite+aiosqlite:///{not_a_database}")
    assert code == 2 and out.startswith(f"The backup of {not_a_database} to ")
    assert not (tmp_path / "b.sqlite3").exists()
    code, out, _ = cli(capsys, "db", "backup", str(not_a_database), "--database",
                       f"sqlite+aiosqlite:///{not_a_database}")
    assert (code, out) == (2, "The backup must go to another file than the database "
                              f"{not_a_database} itself.\n")
    assert cli(capsys, "db", "backup", "x", "--database", "sqlite+aiosqlite:///:memory:") == (
        2, "“sqlite+aiosqlite:///:memory:” is not a database file: there is nothing to "
           "copy.\n", "")


def test_db_backup_of_postgresql_names_pg_dump_without_the_password(monkeypatch, capsys):
    # pg_dump needs no Python driver, so neither does the hint.
    monkeypatch.setitem(sys.modules, "asyncpg", None)
    code, out, err = cli(capsys, "db", "backup", "chgk.dump", "--database",
                         "postgresql+asyncpg://club:s3cret@127.0.0.1:5433/chgk")
    assert (code, err) == (1, "")
    assert out == ("A PostgreSQL database is backed up with PostgreSQL's own tool: pg_dump "
                   "--format=custom --file=chgk.dump 'postgresql://club@127.0.0.1:5433/chgk' "
                   "(the password from PGPASSWORD or ~/.pgpass; restore with pg_restore).\n")


# --- export --------------------------------------------------------------------------------


def season_with_games(url: str) -> None:
    """"Spring": Owls won 6:4 here (game 1) and 6:2 elsewhere, Foxes lost 0:6 here."""

    async def build() -> None:
        storage = await Storage.open(url)
        try:
            service = season_service(storage)
            await service.create("Spring")
            await registered(service, "Spring", ("Owls", "anna"), ("Foxes", "vera"))
            owls = await stored_game(storage, "Owls", "anna", [True] * 5 + [False] * 4 + [True])
            foxes = await stored_game(storage, "Foxes", "vera", [False] * 6, day=1)
            for game_id in (owls, foxes):
                await service.record_game("Spring", game_id, by=None)
        finally:
            await storage.close()

    asyncio.run(build())
    assert main(["season", "record", "Spring", "--team", "Owls", "--score", "6:2", "--date",
                 "2026-03-05", "--database", url]) == 0


def test_export_csv_has_one_row_per_game_in_the_order_of_the_standings(database_url, capsys):
    season_with_games(database_url)
    capsys.readouterr()
    code, out, err = cli(capsys, "export", "--season", "spring", "--format", "csv",
                         "--database", database_url)
    assert (code, err) == (0, "")
    reader = csv.DictReader(io.StringIO(out, newline=""))
    assert tuple(reader.fieldnames) == EXPORT_COLUMNS == (
        "place", "team", "team_score", "host_score", "won", "decisive", "disbanded", "ranked",
        "finalist", "played_at", "best_player", "game_id")
    rows = [(r["place"], r["team"], r["team_score"], r["host_score"], r["won"], r["ranked"],
             r["finalist"], r["best_player"], r["game_id"]) for r in reader]
    assert rows == [
        ("1", "Owls", "6", "4", "yes", "no", "yes", "anna", "1"),
        ("1", "Owls", "6", "2", "yes", "yes", "yes", "", ""),
        ("2", "Foxes", "0", "6", "no", "yes", "no", "vera", "2"),
    ]


def test_export_json_holds_the_standings_the_finalist_and_the_games(database_url, tmp_path,
                                                                    capsys):
    season_with_games(database_url)
    capsys.readouterr()
    target = tmp_path / "spring.json"
    assert cli(capsys, "export", "--database", database_url, "--output", str(target)) == (
        0, f"3 games of the season “Spring” written to {target}.\n", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["season"] == "Spring" and data["previous_season"] is None
    assert data["finalist"] == {"team": "Owls", "best_players": []}
    assert [(s["place"], s["team"], s["team_score"], s["host_score"], s["games"])
            for s in data["standings"]] == [(1, "Owls", 6, 2, 2), (2, "Foxes", 0, 6, 1)]
    assert data["standings"][0]["played_at"] == "2026-03-05T00:00:00+00:00"
    assert [set(g) for g in data["games"]] == [set(EXPORT_COLUMNS)] * 3
    assert [g["game_id"] for g in data["games"]] == [1, None, 2]


def test_export_keeps_a_formula_like_team_name_as_text_and_refuses_an_unknown_season(
        database_url, capsys):
    assert main(["season", "create", "Spring", "--database", database_url]) == 0
    assert main(["season", "register", "Spring", "=HYPERLINK(1)", "--captain", "anna",
                 "--database", database_url]) == 0
    assert main(["season", "record", "Spring", "--team", "=HYPERLINK(1)", "--score", "6:1",
                 "--date", "2026-03-01", "--database", database_url]) == 0
    capsys.readouterr()
    code, out, _ = cli(capsys, "export", "--format", "csv", "--database", database_url)
    assert code == 0
    assert next(csv.DictReader(io.StringIO(out)))["team"] == "'=HYPERLINK(1)"
    assert cli(capsys, "export", "--season", "Autumn", "--database", database_url) == (
        1, "There is no season “Autumn”.\n", "")


# --- the PostgreSQL driver -----------------------------------------------------------------


def test_a_postgresql_url_without_asyncpg_gets_one_clear_line(monkeypatch, capsys):
    # An entry of None in sys.modules makes "import asyncpg" fail, as when it is not installed.
    monkeypatch.setitem(sys.modules, "asyncpg", None)
    for command in (["season", "list"], ["db", "upgrade"], ["export"], ["console"]):
        code, out, err = cli(capsys, *command, "--database",
                             "postgresql+asyncpg://club@127.0.0.1:5433/chgk")
        assert (code, out) == (2, "")
        assert err == ("The database driver asyncpg is not installed. For PostgreSQL: pip "
                       "install 'chgk-bot[postgres]' (in a clone: .venv/bin/pip install -e "
                       "'.[postgres]').\n")

