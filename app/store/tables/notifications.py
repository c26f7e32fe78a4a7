"""What notifications keep: the server's key pair, each seat's push subscriptions and email
address (which seats are connected to which server process: app.play.presence).

Subscriptions and addresses belong to a player (a seat of one lobby): they go with the player's
row, and are deleted when the game ends (app.notify.alerts). Nobody but the seat's own token
may read or change them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.store.db import Base, utcnow


class VapidKeys(Base):
    """The server's VAPID key pair (one row, id 1): every process and every restart signs with
    the same key, so that the browsers' subscriptions made with its public key stay valid."""

    __tablename__ = "notify_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    private_pem: Mapped[str] = mapped_column(Text)
    # The uncompressed P-256 point, base64url: what a page's pushManager.subscribe() takes.
    public_key: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PushSubscription(Base):
    """One browser's push subscription for one seat (a browser may subscribe to several games,
    and a person may subscribe from several browsers)."""

    __tablename__ = "notify_push"
    __table_args__ = (UniqueConstraint("player_id", "endpoint", name="uq_notify_push_endpoint"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    # The page's origin (https://games.example.org) when it subscribed: the link's base.
    origin: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EmailAddress(Base):
    """The address a person left for one game: one per seat, and at most one email to it per
    game per hour (`last_sent_at`)."""

    __tablename__ = "notify_email"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), unique=True
    )
    address: Mapped[str] = mapped_column(String(254))
    origin: Mapped[str] = mapped_column(String(300))
    last_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
