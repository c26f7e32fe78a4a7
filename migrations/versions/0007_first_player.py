"""one name for the first player: Nerdy Inventions' option and state key "starting_player"
becomes "first_player", as in Convolution

Renames the key in stored lobbies' and games' options, and in the games' stored setups and
snapshots (each a state of the game), so that every stored game still loads and replays.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")
GAME = "nerdy-inventions"
OLD, NEW = "starting_player", "first_player"

lobbies = sa.table("lobbies", sa.column("id"), sa.column("game"), sa.column("options", JSON))
games = sa.table(
    "games",
    sa.column("id"),
    sa.column("game"),
    sa.column("options", JSON),
    sa.column("setup", JSON),
    sa.column("snapshot", JSON),
)


def renamed(value: Any, old: str, new: str) -> Any:
    """A stored object with its key `old` called `new` (anything else as it was)."""
    if not isinstance(value, dict) or old not in value:
        return value
    return {(new if key == old else key): item for key, item in value.items()}


def rename(old: str, new: str) -> None:
    connection = op.get_bind()
    for table, columns in ((lobbies, ("options",)), (games, ("options", "setup", "snapshot"))):
        selected = [table.c.id, *(table.c[column] for column in columns)]
        rows = connection.execute(sa.select(*selected).where(table.c.game == GAME)).all()
        for row in rows:
            values = {column: renamed(row._mapping[column], old, new) for column in columns}
            if any(values[column] is not row._mapping[column] for column in columns):
                connection.execute(table.update().where(table.c.id == row.id).values(**values))


def upgrade() -> None:
    rename(OLD, NEW)


def downgrade() -> None:
    rename(NEW, OLD)
