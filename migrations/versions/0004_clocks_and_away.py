"""clocks, actions a bot made for a person, and bots playing for absent players

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("clocks", JSON, nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("by", sa.String(length=8), nullable=True))
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("away_bot", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("away_votes", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("away_votes")
        batch_op.drop_column("away_bot")
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("by")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("clocks")
