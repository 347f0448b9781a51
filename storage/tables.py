"""The database tables (SQLAlchemy 2 declarative). Alembic migrations in ``migrations/``
create exactly these; a test compares the two."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base holding the metadata Alembic compares against."""


class PackageRow(Base):
    """An imported question package, stored parsed (``data`` is ``Package.to_dict()``)."""

    __tablename__ = "packages"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(Text)
    source_name: Mapped[str] = mapped_column(Text)
    source_format: Mapped[str] = mapped_column(String(32))
    sha256: Mapped[str] = mapped_column(String(64), unique=True)
    data: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRow(Base):
    """A person, whatever the platform; ``locale`` is their language when known."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(primary_key=True)
    display_name: Mapped[str] = mapped_column(Text)
    locale: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class IdentityRow(Base):
    """A player's account on one platform (``telegram``/``discord``/``console``)."""

    __tablename__ = "player_identities"
    __table_args__ = (UniqueConstraint("platform", "external_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    external_id: Mapped[str] = mapped_column(String(64))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)


class TeamRow(Base):
    """A team, kept across games and seasons; names are unique ignoring case."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    name_folded: Mapped[str] = mapped_column(Text, unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TeamMemberRow(Base):
    """Membership of a player in a team."""

    __tablename__ = "team_members"
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """A game: its format, chat, package and status (``live``, ``finished``, ``aborted``)."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    format: Mapped[str] = mapped_column(String(16))
    chat_key: Mapped[str] = mapped_column(String(96), index=True)
    package_id: Mapped[int | None] = mapped_column(ForeignKey("packages.id"))
    status: Mapped[str] = mapped_column(String(16), index=True)
    locale: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameEventRow(Base):
    """One event of a game's append-only log; ``seq`` counts from 1 within the game."""

    __tablename__ = "game_events"
    __table_args__ = (UniqueConstraint("game_id", "seq"), Index("ix_game_events_game", "game_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(48))
    payload: Mapped[dict] = mapped_column(JSON)
