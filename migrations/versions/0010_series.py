"""series of "play again", and the private player key of a browser

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLEs, no batch: SQLite adds and drops these columns in place, where a batch
# that copies the table would drop `lobbies` with its foreign keys on, and every game with it.


def upgrade() -> None:
    op.add_column("lobbies", sa.Column("series_code", sa.String(length=32), nullable=True))
    op.add_column(
        "lobbies",
        sa.Column("series_number", sa.Integer(), server_default=sa.text("1"), nullable=False),
    )
    op.create_index(op.f("ix_lobbies_series_code"), "lobbies", ["series_code"], unique=False)
    op.add_column("players", sa.Column("key_hash", sa.String(length=64), nullable=True))
    op.create_index(op.f("ix_players_key_hash"), "players", ["key_hash"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_players_key_hash"), table_name="players")
    op.drop_column("players", "key_hash")
    op.drop_index(op.f("ix_lobbies_series_code"), table_name="lobbies")
    op.drop_column("lobbies", "series_number")
    op.drop_column("lobbies", "series_code")
