"""Lobbies and the players in their seats."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.status import Status
from app.store.db import Base, Json, utcnow


class Lobby(Base):
    __tablename__ = "lobbies"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    status: Mapped[str] = mapped_column(String(16), default=Status.OPEN)  # open, playing, finished
    # Raised by one each time a call claims the lobby to change it (Lobbies._claim): the claim
    # that makes those calls run one after another, on SQLite as on PostgreSQL.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # "Play again": the lobby of the next game with the same players, once someone asked for it.
    next_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The next lobby of "play again" holds the seats of the last game's other people for them
    # until `held_until`: [{"name", "token_hash"}], the hash of their token in the last lobby.
    # A hold goes when its person takes the seat (or at `held_until`, when all lapse).
    held_seats: Mapped[list[dict[str, str]] | None] = mapped_column(Json, nullable=True)
    held_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # A series of "play again": the code of its first lobby (None: this lobby is the first, or
    # nobody played again yet), and which game of the series this lobby's is (1 for the first).
    # The score is counted from the series' finished games (app/lobby/series.py).
    series_code: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    series_number: Mapped[int] = mapped_column(Integer, default=1, server_default=text("1"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    players: Mapped[list[Player]] = relationship(
        back_populates="lobby", order_by="Player.seat", lazy="selectin"
    )


class Player(Base):
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("lobby_id", "seat", name="uq_players_lobby_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    # sha256 of the player's token; bots have none.
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    # sha256 of the private player key of the browser that took the seat (app/player_key.py):
    # "Your games" lists the seats of a key. None for bots and for seats taken without one.
    key_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # A person's seat that a bot plays while they are away: the bot's level; None otherwise.
    away_bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # The ids of the players who voted to hand this person's seat to a bot while they are away.
    away_votes: Mapped[list[int] | None] = mapped_column(Json, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    lobby: Mapped[Lobby] = relationship(back_populates="players")


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
