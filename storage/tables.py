"""The database tables (SQLAlchemy 2 declarative). Alembic migrations in ``migrations/``
create exactly these; a test compares the two."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

DELIVERY_ID = 80
"""The widest messenger delivery id stored (``GameEventRow.delivery``), in characters."""


class Base(DeclarativeBase):
    """Declarative base holding the metadata Alembic compares against."""


class _NoNul(TypeDecorator):
    """Text as the platforms send it, minus NUL characters, which PostgreSQL cannot store in
    a text column at all (SQLite can): names, titles and such are then the same on both. The
    same cleaning applies to values compared against the column, so lookups still match."""

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        """``value`` without its NUL characters."""
        return value.replace("\x00", "") if value is not None else None


class CleanText(_NoNul):
    """``Text`` without NUL characters (see ``_NoNul``)."""

    impl = Text
    cache_ok = True


class CleanString(_NoNul):
    """``String(length)`` without NUL characters (see ``_NoNul``)."""

    impl = String
    cache_ok = True


class PackageRow(Base):
    """An imported question package, stored parsed (``data`` is ``Package.to_dict()``)."""

    __tablename__ = "packages"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(CleanText)
    source_name: Mapped[str] = mapped_column(CleanText)
    source_format: Mapped[str] = mapped_column(String(32))
    sha256: Mapped[str] = mapped_column(String(64), unique=True)
    data: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRow(Base):
    """A person, whatever the platform; ``locale`` is their language when known."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(primary_key=True)
    display_name: Mapped[str] = mapped_column(CleanText)
    locale: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class IdentityRow(Base):
    """A player's account on one platform (``telegram``/``discord``/``console``)."""

    __tablename__ = "player_identities"
    __table_args__ = (UniqueConstraint("platform", "external_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    external_id: Mapped[str] = mapped_column(CleanString(64))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)


class ChatPersonRow(Base):
    """A person a chat has seen (written in it, or been named there with their platform id):
    the name and ``@username`` they had there last, so commands can name them after a
    restart. ``chat_key`` is ``ChatRef.key``; ``platform`` its first part. ``name_key`` and
    ``username_key`` are what a command types to name them (``storage.people.sighting_keys``:
    casefolded, which SQL's ``lower`` cannot do for Cyrillic), to find someone seen anywhere
    on the platform without loading everyone (measured in bench/)."""

    __tablename__ = "chat_people"
    __table_args__ = (Index("ix_chat_people_name_key", "platform", "name_key"),
                      Index("ix_chat_people_username_key", "platform", "username_key"))
    chat_key: Mapped[str] = mapped_column(String(96), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    platform: Mapped[str] = mapped_column(String(16), index=True)
    display_name: Mapped[str] = mapped_column(CleanText)
    username: Mapped[str | None] = mapped_column(CleanString(64))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name_key: Mapped[str | None] = mapped_column(CleanText)
    username_key: Mapped[str | None] = mapped_column(CleanString(65))


class TeamRow(Base):
    """A team, kept across games and seasons; names are unique ignoring case."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(CleanText)
    name_folded: Mapped[str] = mapped_column(CleanText, unique=True)
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
    """One event of a game's append-only log; ``seq`` counts from 1 within the game;
    ``version`` is the version of the event's shape its ``payload`` has; ``delivery`` is the
    messenger's id of the message or button press whose action the event opens (on the first
    event of that action's commit; None for the bot's own and on the rest), so that a
    delivery repeated after a restart is recognised."""

    __tablename__ = "game_events"
    __table_args__ = (UniqueConstraint("game_id", "seq"), Index("ix_game_events_game", "game_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(48))
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    payload: Mapped[dict] = mapped_column(JSON)
    delivery: Mapped[str | None] = mapped_column(String(DELIVERY_ID), nullable=True)


class SeasonRow(Base):
    """A season of DUEL games (DUEL-6): its host and keeper, the season before it (for the
    order of games, DUEL-6.1) and the seed of the lot that ordered its new teams (DUEL-6.2.1)."""

    __tablename__ = "seasons"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(CleanText)
    name_folded: Mapped[str] = mapped_column(CleanText, unique=True)
    previous_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id"))
    host_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    keeper_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    seed: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeasonTeamRow(Base):
    """A team registered for a season with its captain; ``slot`` is its place in the order of
    games (from 1, once ordered); the agreements are the host's and the keeper's (DUEL-7.2)."""

    __tablename__ = "season_teams"
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    captain_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    slot: Mapped[int | None]
    host_agreed: Mapped[bool] = mapped_column(Boolean, default=False)
    keeper_agreed: Mapped[bool] = mapped_column(Boolean, default=False)
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeasonGameRow(Base):
    """A game counted in a season. A game played here has ``game_id`` and its result comes from
    its log; a game played elsewhere has no ``game_id`` and its result is stored here."""

    __tablename__ = "season_games"
    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), index=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), unique=True)
    team_score: Mapped[int | None]
    host_score: Mapped[int | None]
    decisive: Mapped[bool | None] = mapped_column(Boolean)
    best_player: Mapped[str | None] = mapped_column(CleanText)
    played_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FairPlayVoteRow(Base):
    """A fair-play vote about a team (DUEL-7.1); its outcome comes from its ballots."""

    __tablename__ = "fair_play_votes"
    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), index=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    opened_by: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FairPlayBallotRow(Base):
    """One voter of a fair-play vote: their role ("host", "keeper", "captain") and, once cast,
    their open vote (``violated`` True: fair play was broken)."""

    __tablename__ = "fair_play_ballots"
    vote_id: Mapped[int] = mapped_column(ForeignKey("fair_play_votes.id"), primary_key=True)
    voter_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    violated: Mapped[bool | None] = mapped_column(Boolean)
    cast_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LeagueRow(Base):
    """A season of the TV club league (TV-7): its name; what happens in it is its log,
    ``league_events``."""

    __tablename__ = "leagues"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(CleanText)
    name_folded: Mapped[str] = mapped_column(CleanText, unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeagueEventRow(Base):
    """One event of a TV league's append-only log (``rules.tv.league``); ``seq`` counts from 1
    within the league; ``version`` is the version of the event's shape."""

    __tablename__ = "league_events"
    __table_args__ = (UniqueConstraint("league_id", "seq"),
                      Index("ix_league_events_league", "league_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"))
    seq: Mapped[int]
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(48))
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    payload: Mapped[dict] = mapped_column(JSON)


class RecentSendsRow(Base):
    """When a messenger last posted into one chat: the UTC times of the sends still inside the
    chat's sending window (``times``, a list of POSIX seconds), kept so that a restarted bot
    paces its first messages by what the process before it sent."""

    __tablename__ = "recent_sends"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    chat_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    times: Mapped[list] = mapped_column(JSON)


class ChatSettingRow(Base):
    """A chat's own settings, kept across restarts: ``timezone`` is the IANA name of the
    club's time zone (None: the bot's ``CHGK_TIMEZONE``); ``chat_key`` is ``ChatRef.key``."""

    __tablename__ = "chat_settings"
    chat_key: Mapped[str] = mapped_column(String(96), primary_key=True)
    timezone: Mapped[str | None] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CalendarEntryRow(Base):
    """A game the club scheduled in a chat (``bot.calendar``): ``number`` counts the chat's
    entries from 1 (what a host names to move or cancel one); ``starts_local`` is the wall
    time ``YYYY-MM-DD HH:MM`` in the IANA ``zone``, the first one of a ``weekly`` entry;
    ``state`` is ``scheduled`` or ``cancelled``; the host is who scheduled it (``host_id`` on
    the chat's platform, ``host_name``), ``locale`` the language of what the bot posts;
    ``kind`` is what a SYNC game counts for (``rules.sync.enrolment.GameKind``'s value, SYNC-1;
    empty for another format and for an entry stored before kinds were kept: training)."""

    __tablename__ = "calendar_entries"
    __table_args__ = (UniqueConstraint("chat_key", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    chat_key: Mapped[str] = mapped_column(String(96), index=True)
    number: Mapped[int]
    format: Mapped[str] = mapped_column(String(16))
    starts_local: Mapped[str] = mapped_column(String(16))
    zone: Mapped[str] = mapped_column(String(64))
    weekly: Mapped[bool] = mapped_column(Boolean)
    state: Mapped[str] = mapped_column(String(16))
    host_id: Mapped[str] = mapped_column(CleanString(64))
    host_name: Mapped[str] = mapped_column(CleanText)
    locale: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(16), default="", server_default="")


class CalendarJobRow(Base):
    """One step the bot takes by itself for an entry's game starting at ``occurrence`` (UTC):
    ``step`` (``bot.calendar.schedule.Step``) is due at ``due_at`` (UTC); ``done_at`` and
    ``outcome`` (``sent`` or ``dropped``) are set once, by the worker that claims it, so a
    restart or a second worker never takes it again."""

    __tablename__ = "calendar_jobs"
    __table_args__ = (UniqueConstraint("entry_id", "occurrence", "step"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("calendar_entries.id"), index=True)
    occurrence: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    step: Mapped[str] = mapped_column(String(16))
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    outcome: Mapped[str | None] = mapped_column(String(16))


class BoardRow(Base):
    """The unguessable token of a game's or a season's scoreboard page: exactly one
    of ``game_id`` and ``season_id`` is set; each game and season has at most one token."""

    __tablename__ = "boards"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), unique=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id"), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
