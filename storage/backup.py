"""A consistent copy of a SQLite database while the bot runs (SQLite's online backup API).

The copy is written beside the target and renamed over it when complete, so an interrupted
backup never leaves a half-written file where a good one was.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path


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
