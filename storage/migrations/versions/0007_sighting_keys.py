"""The keys a command names a seen person by, on each sighting (measured in bench/).

The platform-wide look-up of a name asks the database instead of holding every sighting in
memory.

Revision ID: 0007_sighting_keys
Revises: 0006_board
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_sighting_keys"
down_revision = "0006_board"
branch_labels = None
depends_on = None


def _keys(name: str, username: str | None) -> tuple[str, str | None]:
    # Kept here as ``storage.people.sighting_keys`` computes them today: a migration must not
    # change when that code does.
    return name.strip().casefold(), f"@{username.casefold()}" if username else None


def upgrade() -> None:
    """Add ``name_key`` and ``username_key`` to ``chat_people``, fill them for the rows there,
    and index both by platform."""
    op.add_column("chat_people", sa.Column("name_key", sa.Text, nullable=True))
    op.add_column("chat_people", sa.Column("username_key", sa.String(65), nullable=True))
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT chat_key, player_id, display_name, username FROM chat_people")).all()
    fill = sa.text("UPDATE chat_people SET name_key = :name_key, username_key = :username_key "
                   "WHERE chat_key = :chat_key AND player_id = :player_id")
    for chat_key, player_id, name, username in rows:
        name_key, username_key = _keys(name, username)
        bind.execute(fill, {"name_key": name_key, "username_key": username_key,
                            "chat_key": chat_key, "player_id": player_id})
    op.create_index("ix_chat_people_name_key", "chat_people", ["platform", "name_key"])
    op.create_index("ix_chat_people_username_key", "chat_people", ["platform", "username_key"])


def downgrade() -> None:
    """Drop the two keys and their indexes."""
    op.drop_index("ix_chat_people_username_key", "chat_people")
    op.drop_index("ix_chat_people_name_key", "chat_people")
    with op.batch_alter_table("chat_people") as batch:
        batch.drop_column("username_key")
        batch.drop_column("name_key")
