"""Players, their accounts and the people each chat has seen, and teams:
``storage.db.Storage.people``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, insert, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.sqlbatch import Sql
from storage.tables import ChatPersonRow, IdentityRow, PlayerRow, TeamMemberRow, TeamRow
from storage.times import _now
from storage.writer import Writer

MAX_EXTERNAL_ID = IdentityRow.__table__.c.external_id.type.length
"""The longest account id ``PeopleStore.player`` takes (the column's width)."""
MAX_LOCALE = PlayerRow.__table__.c.locale.type.length
"""The longest language code kept for a player (the column's width)."""


def sighting_keys(name: str, username: str | None) -> tuple[str, str | None]:
    """What a command types to name a person seen as ``name`` with ``username`` (without the
    @, or None): the display name casefolded, and ``@username`` casefolded (None without
    one). The same keys find them in memory (``bot.sightings``) and in storage."""
    return name.strip().casefold(), f"@{username.casefold()}" if username else None


@dataclass(frozen=True, slots=True)
class SeenPerson:
    """A person a chat has seen: the chat's key, their player id, and the display name and
    ``@username`` (without the @, None when they have none) they had there last."""

    chat_key: str
    player_id: int
    name: str
    username: str | None


class PeopleStore:
    """Players, accounts, sightings and teams: reads on ``engine``, writes through ``writer``
    (a find-or-create one at a time, so two cannot both create)."""

    def __init__(self, engine: AsyncEngine, writer: Writer) -> None:
        self._engine = engine
        self._writer = writer
        self._upserts = _Upserts(engine.dialect.name)

    async def player(self, platform: str, external_id: str, name: str,
                     locale: str | None = None) -> int:
        """The player id of an account, created on first sight; the name and locale are
        refreshed each time so the bot shows what the messenger shows.

        ``external_id`` is the platform's id (or a console name), at most ``MAX_EXTERNAL_ID``
        characters: longer raises ValueError on every backend (PostgreSQL would refuse it, SQLite
        would not). ``locale`` is the platform's language code; only its first subtags are kept,
        up to ``MAX_LOCALE`` characters (``zh-hant-tw`` is kept as ``zh-hant``): the bot reads
        only the language.
        """
        if len(external_id) > MAX_EXTERNAL_ID:
            raise ValueError(f"an external id has at most {MAX_EXTERNAL_ID} characters")
        if locale:
            locale = locale[:MAX_LOCALE].rstrip("-_") if len(locale) > MAX_LOCALE else locale
        return await self._writer.grouped(
            lambda sql: _find_or_add_player(sql, platform, external_id, name, locale))

    async def known_player(self, platform: str, external_id: str) -> int | None:
        """The player id of an account already stored, or None; a read only (what a sender
        is called when the database takes no writes)."""
        async with self._engine.connect() as conn:
            return (await conn.execute(_FIND_PLAYER, {"platform": platform,
                                                      "external_id": external_id})).scalar()

    async def identity(self, player_id: int, platform: str) -> tuple[str, str | None] | None:
        """``(external id, locale)`` of the player's account on ``platform``, or None."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(
                select(IdentityRow.external_id, PlayerRow.locale)
                .join(PlayerRow, PlayerRow.id == IdentityRow.player_id)
                .where(IdentityRow.player_id == player_id, IdentityRow.platform == platform)
            )).first()
        return (row[0], row[1]) if row else None

    async def saw_person(self, chat_key: str, player_id: int, name: str,
                         username: str | None) -> None:
        """Record that the chat ``chat_key`` (``"<platform>:<id>"``) has seen the player
        under ``name`` and ``username``; a later sighting replaces both."""
        name_key, username_key = sighting_keys(name, username)
        values = {"chat_key": chat_key, "player_id": player_id,
                  "platform": chat_key.partition(":")[0], "display_name": name,
                  "username": username, "seen_at": _now(), "name_key": name_key,
                  "username_key": username_key}
        statement = self._upserts.saw
        await self._writer.grouped(lambda sql: sql.execute(statement, values))

    async def seen_named(self, platform: str, keys: Collection[str]) -> list[SeenPerson]:
        """Everyone the chats of ``platform`` have seen under one of ``keys`` (a casefolded
        display name or ``@username``, ``sighting_keys``), the longest unseen first."""
        if not keys:
            return []
        keys = list(keys)
        async with self._engine.connect() as conn:
            rows = await conn.execute(
                select(ChatPersonRow.chat_key, ChatPersonRow.player_id,
                       ChatPersonRow.display_name, ChatPersonRow.username)
                .where(ChatPersonRow.platform == platform,
                       or_(ChatPersonRow.name_key.in_(keys),
                           ChatPersonRow.username_key.in_(keys)))
                .order_by(ChatPersonRow.seen_at, ChatPersonRow.player_id))
            return [SeenPerson(*row) for row in rows]

    async def team(self, name: str) -> int:
        """The id of the team called ``name`` (ignoring case), created when new."""
        folded = name.strip().casefold()

        def find_or_add(sql: Sql) -> int:
            team_id = sql.scalar(_FIND_TEAM, {"folded": folded})
            if team_id is None:
                team_id = sql.insert(_ADD_TEAM, {
                    "name": name.strip(), "name_folded": folded, "created_at": _now()})
            return team_id

        return await self._writer.grouped(find_or_add)

    async def add_member(self, team_id: int, player_id: int) -> None:
        """Record that ``player_id`` plays for ``team_id`` (no-op when already a member)."""
        values = {"team_id": team_id, "player_id": player_id, "joined_at": _now()}
        statement = self._upserts.member
        await self._writer.grouped(lambda sql: sql.execute(statement, values))


def _find_or_add_player(sql: Sql, platform: str, external_id: str, name: str,
                        locale: str | None) -> int:
    """``PeopleStore.player``'s write, inside a write transaction."""
    player_id = sql.scalar(_FIND_PLAYER, {"platform": platform, "external_id": external_id})
    if player_id is None:
        player_id = sql.insert(_ADD_PLAYER, {"display_name": name, "locale": locale,
                                             "created_at": _now()})
        sql.execute(_ADD_IDENTITY, {"platform": platform, "external_id": external_id,
                                    "player_id": player_id})
    else:
        values: dict[str, Any] = {"player": player_id, "display_name": name}
        if locale:
            values["locale"] = locale
        sql.execute(_RENAME_PLAYER, values)
    return player_id


# Built once on the tables (not the ORM classes, whose statements go through the ORM's
# per-row handling) with their values bound at execution, so that SQLAlchemy compiles each
# once and finds it in its cache after (bench/: building and compiling the statements anew
# was a third of a game's set-up).
_players, _identities = PlayerRow.__table__, IdentityRow.__table__
_teams = TeamRow.__table__
_FIND_PLAYER = select(_identities.c.player_id).where(
    _identities.c.platform == bindparam("platform"),
    _identities.c.external_id == bindparam("external_id"))
_ADD_PLAYER = insert(_players)
_ADD_IDENTITY = insert(_identities)
_RENAME_PLAYER = update(_players).where(_players.c.id == bindparam("player"))
_FIND_TEAM = select(_teams.c.id).where(_teams.c.name_folded == bindparam("folded"))
_ADD_TEAM = insert(_teams)


class _Upserts:
    """The writes that insert a row or, when its key is taken, update it (a sighting) or
    leave it (a membership): one statement instead of a look-up and a write. SQLite and
    PostgreSQL spell ``ON CONFLICT`` alike, each through its dialect's ``insert``."""

    def __init__(self, dialect_name: str) -> None:
        upsert = postgresql_insert if dialect_name == "postgresql" else sqlite_insert
        people = ChatPersonRow.__table__
        saw = upsert(people)
        self.saw = saw.on_conflict_do_update(
            index_elements=[people.c.chat_key, people.c.player_id],
            set_={name: saw.excluded[name] for name in ("display_name", "username", "seen_at",
                                                        "name_key", "username_key")})
        members = TeamMemberRow.__table__
        self.member = upsert(members).on_conflict_do_nothing(
            index_elements=[members.c.team_id, members.c.player_id])
