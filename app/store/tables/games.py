"""The record of a game: its seed and options, and every accepted action in order.

An action row holds a game's action, or one of the record's own entries (app.play.fold, which
every reader folds the record through): `{"type": "undo"}`, the seat took back its own last
action; `{"type": "hint"}`, the seat was given a hint (app.play.hints). The record only grows.

The record is the truth; `snapshot` (the state after action `snapshot_seq`) is a cache that can
be thrown away and rebuilt by replaying the actions from the seed. Beside it: each game's review
once computed, and which seats are connected to which server process (app.play.presence).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.status import Status
from app.store.db import Base, Json, utcnow


class GameRecord(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id", ondelete="CASCADE"), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[int] = mapped_column(Integer)
    # Who sits where, as the game shows it: [{"name", "bot"}] by seat.
    seats: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    # How many actions have been accepted: the sequence number of the latest one.
    # The state before the first action. Replays start here, so a game played with a host's own
    # components (a card list, a map) replays with them even after the host changes the files.
    setup: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict[str, Any]] = mapped_column(Json)
    snapshot_seq: Mapped[int] = mapped_column(Integer, default=0)
    # The players' clocks (app.play.clocks) after action `seq`; None: the table has no clock.
    clocks: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default=Status.PLAYING)  # playing, finished
    result: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRecord(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(Json)  # the game's, or an undo or a hint
    # Who chose it when not the seat's own player: "clock" (a bot, their time had run out) or
    # "away" (a bot playing for them while they are away); None otherwise.
    by: Mapped[str | None] = mapped_column(String(8), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ReviewRecord(Base):
    """A finished game's review (app.play.review), once computed: the protocol's `players`.
    It can always be computed again from the record (export leaves it out,
    app/store/transfer.py)."""

    __tablename__ = "reviews"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    players: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeatPresence(Base):
    """A seat with an open connection on a server process (PostgreSQL, several processes): each
    process writes its own rows as its seats come and go, and stamps them all every minute; a
    row not stamped lately is a process that is gone (app.play.presence)."""

    __tablename__ = "notify_presence"  # its name since notifications were its first reader

    process: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
