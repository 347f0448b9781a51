"""``chgk-bot db restore FILE``: the games of a backup made by ``db backup`` are back in the
database; refused while a bot holds the database, and for a file that is no chgk-bot
database (nothing changed then); PostgreSQL gets the ``pg_restore`` command to run."""

from __future__ import annotations

import asyncio

from bot.cli.main import main
from storage.db import Storage
from tests.integration.test_admin import cli
from tests.unit.test_season_service import stored_game


async def _games(url: str) -> list:
    storage = await Storage.open(url)
    try:
        return await storage.games()
    finally:
        await storage.close()


def test_a_backup_restored_brings_its_games_back(tmp_path, capsys):
    # Given a database with two games, backed up; then a third game played after the backup
    path = tmp_path / "chgk.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    backup = tmp_path / "backup.sqlite3"

    async def play(teams: tuple[str, ...]) -> None:
        storage = await Storage.open(url, owner=True)
        try:
            for team in teams:
                await stored_game(storage, team, team.lower(), [True] * 6)
        finally:
            await storage.close()

    asyncio.run(play(("Owls", "Foxes")))
    backed_up = asyncio.run(_games(url))
    assert main(["--locale", "en", "db", "backup", str(backup), "--database", url]) == 0
    asyncio.run(play(("Bears",)))
    assert len(asyncio.run(_games(url))) == 3
    capsys.readouterr()
    # When the backup is restored
    code, out, err = cli(capsys, "db", "restore", str(backup), "--database", url)
    # Then the database holds the backup's two games again, and says so
    assert (code, out, err) == (0, f"{path} now holds the backup {backup}: 2 games.\n", "")
    assert asyncio.run(_games(url)) == backed_up


def test_a_restore_into_a_new_folder_creates_the_database(tmp_path, capsys):
    source = tmp_path / "chgk.sqlite3"
    url = f"sqlite+aiosqlite:///{source}"

    async def one_game() -> None:
        storage = await Storage.open(url, owner=True)
        try:
            await stored_game(storage, "Owls", "anna", [True] * 6)
        finally:
            await storage.close()

    asyncio.run(one_game())
    target = tmp_path / "new-server" / "chgk.sqlite3"
    code, out, _ = cli(capsys, "db", "restore", str(source), "--database",
                       f"sqlite+aiosqlite:///{target}")
    assert (code, out) == (0, f"{target} now holds the backup {source}: 1 game.\n")
    assert len(asyncio.run(_games(f"sqlite+aiosqlite:///{target}"))) == 1


def test_a_restore_is_refused_while_a_bot_holds_the_database(tmp_path, capsys):
    url = f"sqlite+aiosqlite:///{tmp_path / 'chgk.sqlite3'}"
    backup = tmp_path / "backup.sqlite3"

    async def restore_under_a_running_bot() -> tuple[int, list]:
        bot = await Storage.open(url, owner=True)
        try:
            await stored_game(bot, "Owls", "anna", [True] * 6)
            assert await asyncio.to_thread(main, ["--locale", "en", "db", "backup",
                                                  str(backup), "--database", url]) == 0
            await stored_game(bot, "Foxes", "vera", [True] * 6)
            code = await asyncio.to_thread(main, ["--locale", "en", "db", "restore",
                                                  str(backup), "--database", url])
            return code, await bot.games()
        finally:
            await bot.close()

    code, games = asyncio.run(restore_under_a_running_bot())
    assert code == 2
    assert "already runs the games of this database" in capsys.readouterr().err
    assert asyncio.run(_games(url)) == games  # both games: nothing was restored


def test_a_file_that_is_no_chgk_bot_database_changes_nothing(tmp_path, capsys):
    path = tmp_path / "chgk.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(_games(url))
    before = path.read_bytes()
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database")
    assert cli(capsys, "db", "restore", str(notes), "--database", url) == (
        2, f"{notes} is not a chgk-bot database: nothing was changed. Give a file made by "
           "chgk-bot db backup.\n", "")
    assert cli(capsys, "db", "restore", str(tmp_path / "none"), "--database", url) == (
        2, f"There is no backup file {tmp_path / 'none'}.\n", "")
    assert path.read_bytes() == before


def test_a_postgresql_restore_names_pg_restore_without_the_password(capsys):
    code, out, err = cli(capsys, "db", "restore", "chgk.dump", "--database",
                         "postgres://club:s3cret@127.0.0.1:5433/chgk")
    assert (code, err) == (1, "")
    assert "pg_restore --clean --if-exists --no-owner " \
           "--dbname='postgresql://club@127.0.0.1:5433/chgk' chgk.dump" in out
    assert "s3cret" not in out
