"""reviews: each finished game's review by the good bot, once computed

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# JSONB on PostgreSQL, JSON text on SQLite (as app.store.db.Json).
JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def upgrade() -> None:
    # A review goes with its game (and the game with its lobby, when a lobby expires).
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("players", JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_reviews_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_reviews")),
    )


def downgrade() -> None:
    op.drop_table("reviews")
