"""A consistent copy of a SQLite database while the bot runs (SQLite's online backup API),
and its restore while no bot runs.

The copy is written beside the target and renamed over it when complete, so an interrupted
backup never leaves a half-written file where a good one was. A restore goes through the same
API into the database, in one transaction of the database's own: it is all there or not at all,
and the database's write-ahead log stays consistent with it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from storage.db import claim_sqlite


class BackupError(Exception):
    """The backup cannot be made: ``key`` is the Fluent message (``db-backup-*``), ``detail``
    the system's own words (may be empty)."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.detail = detail


def backup_sqlite(database: Path, target: Path) -> int:
    """Copy the SQLite ``database`` to ``target`` (replacing it) and return the number of games
    the copy holds. Writers may go on meanwhile: in WAL mode a backup blocks no one.

    Raises BackupError: no such database (``db-backup-no-database``), ``target`` is the database
    itself (``db-backup-same-file``), or the copy fails (``db-backup-failed``: not a database,
    no space, a folder that is not there).
    """
    if not database.is_file():
        raise BackupError("db-backup-no-database")
    if target.exists() and target.resolve() == database.resolve():
        raise BackupError("db-backup-same-file")
    partial = target.with_name(target.name + ".partial")
    try:
        # Opened read-only by URI: a wrong path must not create an empty database.
        source_uri = database.resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(source_uri, uri=True)) as source:
            partial.unlink(missing_ok=True)
            with contextlib.closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)
                games = copy.execute("SELECT count(*) FROM games").fetchone()[0]
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise BackupError("db-backup-failed", str(error)) from error
    return games


def restore_sqlite(backup: Path, database: Path) -> int:
    """Replace the contents of the SQLite ``database`` (created if missing) with the chgk-bot
    database ``backup`` (made by ``backup_sqlite``) and return the number of games it holds
    now. The owner's lock is held meanwhile, so no bot can start on it half restored.

    Raises StoreInUse while a bot (or ``db upgrade``) holds the database, and BackupError:
    no such backup (``db-restore-no-backup``), ``backup`` is the database itself
    (``db-backup-same-file``), it is no chgk-bot database (``db-restore-not-ours``), or the
    copy fails (``db-restore-failed``: a damaged database, no space).
    """
    if not backup.is_file():
        raise BackupError("db-restore-no-backup")
    if database.exists() and database.resolve() == backup.resolve():
        raise BackupError("db-backup-same-file")
    try:
        with contextlib.closing(sqlite3.connect(backup.resolve().as_uri() + "?mode=ro",
                                                uri=True)) as source:
            try:
                tables = {row[0] for row in source.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            except sqlite3.DatabaseError:
                tables = set()  # not SQLite at all
            if not {"alembic_version", "games", "game_events"} <= tables:
                raise BackupError("db-restore-not-ours")
            games = source.execute("SELECT count(*) FROM games").fetchone()[0]
            fd = claim_sqlite(database)
            try:
                with contextlib.closing(sqlite3.connect(database)) as target:
                    source.backup(target)
            finally:
                if fd is not None:
                    os.close(fd)
    except sqlite3.DatabaseError as error:
        raise BackupError("db-restore-failed", str(error)) from error
    return games
