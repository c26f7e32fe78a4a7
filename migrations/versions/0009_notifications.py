"""notifications: the server's VAPID keys, push subscriptions, email addresses, presence

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "notify_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("private_pem", sa.Text(), nullable=False),
        sa.Column("public_key", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_keys")),
    )
    op.create_table(
        "notify_push",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("origin", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_notify_push_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_push")),
        sa.UniqueConstraint("player_id", "endpoint", name="uq_notify_push_endpoint"),
    )
    op.create_index(op.f("ix_notify_push_player_id"), "notify_push", ["player_id"])
    op.create_table(
        "notify_email",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("origin", sa.String(length=300), nullable=False),
        sa.Column("last_sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_notify_email_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_email")),
        sa.UniqueConstraint("player_id", name=op.f("uq_notify_email_player_id")),
    )
    op.create_table(
        "notify_presence",
        sa.Column("process", sa.String(length=32), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("process", "code", "seat", name=op.f("pk_notify_presence")),
    )


def downgrade() -> None:
    op.drop_table("notify_presence")
    op.drop_table("notify_email")
    op.drop_index(op.f("ix_notify_push_player_id"), table_name="notify_push")
    op.drop_table("notify_push")
    op.drop_table("notify_keys")
