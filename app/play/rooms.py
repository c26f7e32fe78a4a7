"""Rooms: who is connected to which lobby, and who is told that they are.

A room is one lobby's connections and, once the game has started, the game as this process last
saw it (its `Position`), with the views each viewer was last sent. A `Connection` is one
websocket with its queue of messages to send. `LobbyInfo` and `Directory` are what the hub
needs of the lobby layer.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from app.play import messages
from app.play.lobby_message import with_connected, with_ended
from app.play.runner import Position
from app.status import Status

Viewer = int | None  # a seat, or None for spectators

# Who is connected goes out to a room at most once per PRESENCE_SECONDS: a change in a quiet
# room at once, the changes after it together at the end of the interval (or before anything
# else the room is told, so that no client sees a move or an answer before the presence that
# came first), and then only if the seats connected differ from those last announced. A page
# reconnecting in a loop costs the others one `presence` (and one `lobby`) a second at most,
# and nothing once it is back as it was. A seat's second socket changes nothing.
PRESENCE_SECONDS = 1.0
# The seat the hub's presence hook (`Hub.on_seat_presence`) names for spectators: its first
# spectator's connection opened here, or its last one closed.
SPECTATORS = -1


def names(public: dict[str, Any]) -> list[str]:
    """The players' names by seat, of a lobby as GET /api/lobbies/{code} answers it."""
    return [player["name"] for player in sorted(public["players"], key=lambda p: p["seat"])]


@dataclass
class LobbyInfo:
    """What the hub needs to know of a lobby, from the lobby layer."""

    code: str
    game_record_id: int | None
    # The lobby as GET /api/lobbies/{code} answers it, without "connected".
    public: dict[str, Any]
    # The lobby's version (each change counts one): a room never goes back to an older one.
    version: int = 0


class Directory(Protocol):
    """The lobby layer, as the hub sees it."""

    async def lobby_info(self, code: str) -> LobbyInfo | None: ...

    async def save_chat(self, code: str, name: str, text: str) -> datetime: ...

    async def recent_chat(self, code: str, limit: int) -> list[tuple[str, str, datetime]]: ...

    async def bot_games(self) -> list[str]:
        """The codes of the lobbies whose game may wait on a bot: a bot's seat, a bot playing
        for a player who is away, or a clock that may run out."""
        ...

    async def came_back(self, code: str, seat: int) -> LobbyInfo | None:
        """The person in `seat` is back: the bot playing for them (if any) leaves; the lobby."""
        ...


class Connection:
    """One websocket: its seat (None: spectator), and a queue that a writer task drains."""

    QUEUE_LIMIT = 2000

    def __init__(
        self, send: Callable[[str], Awaitable[None]], seat: int | None, name: str | None
    ) -> None:
        self.send = send
        self.seat = seat
        self.name = name
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.QUEUE_LIMIT:
            # A client this far behind is dropped; it reconnects and gets a snapshot.
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages in order until closed."""
        while (text := await self.queue.get()) is not None:
            await self.send(text)


@dataclass
class Room:
    """One lobby's connections and, once started, its game as this process last saw it."""

    code: str
    info: LobbyInfo
    buffer_size: int
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    position: Position | None = None
    # The rules view at the current position of each viewer that is followed (see `followed`),
    # as they were last sent it; others get a snapshot when they come.
    views: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    # (seq, {viewer: patch message text}) for the latest accepted actions, for the viewers that
    # were followed.
    buffer: deque[tuple[int, dict[Viewer, str]]] = field(default_factory=deque)
    # When the last connection left (a monotonic time), so idle rooms can be forgotten.
    idle_since: float | None = None
    # When each person's seat last lost its last connection here (epoch seconds).
    absent_since: dict[int, float] = field(default_factory=dict)
    # The seats connected as the last presence told everyone, when (the event loop's time), and
    # the announcement waiting for the end of the interval, if any.
    announced: frozenset[int] = frozenset()
    announced_at: float = float("-inf")
    announcement: asyncio.TimerHandle | None = None
    # The seats that have had a connection here (see `followed`).
    seen: set[int] = field(default_factory=set)
    presence_seconds: float = PRESENCE_SECONDS
    # Each viewer's latest snapshot view as text, with the seq and players it shows: a client
    # that asks again (a spectator's `sync` far behind, a reload) costs no second encoding.
    snapshots: dict[Viewer, tuple[int, list[dict[str, Any]], str]] = field(default_factory=dict)

    def away(self) -> dict[int, str]:
        """The seats a bot plays while their person is away: seat -> the bot's level."""
        return {
            player["seat"]: player["away_bot"]
            for player in self.info.public["players"]
            if player.get("away_bot")
        }

    def followed(self) -> set[Viewer]:
        """The viewers whose view is made after every action: whoever is connected here, and
        every seat that has been (a person who drops out comes back with `since` and gets
        patches). Nobody else: not a bot's seat, nor a seat playing on another process, nor
        spectators while none is watching; they get a snapshot when they come."""
        return self.seen | {conn.seat for conn in self.connections}

    def unseated(self) -> list[Connection]:
        """The connections of people no longer in the seat they connected to: before the
        start, the host removed them, or someone seated before them (their seat moved back)."""
        people = {(p["seat"], p["name"]) for p in self.info.public["players"] if not p["bot"]}
        return [
            conn
            for conn in self.connections
            if conn.seat is not None and (conn.seat, conn.name) not in people
        ]

    def connected(self) -> Counter[int]:
        return Counter(conn.seat for conn in self.connections if conn.seat is not None)

    def watched(self) -> bool:
        """Whether a spectator has a connection here."""
        return any(conn.seat is None for conn in self.connections)

    def players(self) -> list[dict[str, Any]]:
        connected = self.connected()
        return [
            {
                "seat": player["seat"],
                "name": player["name"],
                "bot": player["bot"],
                "away_bot": player.get("away_bot"),
                "connected": connected[player["seat"]] > 0,
                # Since when (server time) a person has had no connection: "Let a bot play".
                "away_since": self.absent_since.get(player["seat"]),
            }
            for player in self.info.public["players"]
        ]

    def lobby(self) -> dict[str, Any]:
        public = with_connected(self.info.public, self.connected())
        result = self.position.game.result(self.position.state) if self.position else None
        if result is not None:  # the info was read before the last action
            public["status"] = Status.FINISHED
            public["series"] = with_ended(public.get("series"), result.winners, names(public))
        return public

    def broadcast(self, text: str) -> None:
        for conn in self.connections:
            conn.push(text)

    # --- presence ---

    def presence(self) -> str:
        return messages.presence(self.players())

    def presence_changed(self) -> None:
        """A seat came or went: tell the room now, or with the next announcement."""
        if self.announcement is not None:
            return  # it will tell this change too
        loop = asyncio.get_running_loop()
        wait = self.announced_at + self.presence_seconds - loop.time()
        if wait <= 0:
            self._announce_presence()
        else:
            self.announcement = loop.call_later(wait, self._announce_presence)

    def announce_pending_presence(self) -> None:
        """Before the room is told anything else: the presence still waiting, now."""
        if self.announcement is not None:
            self.announcement.cancel()
            self._announce_presence()

    def _announce_presence(self) -> None:
        """Tell the room who is connected, if that is not what it was told last."""
        self.announcement = None
        seats = frozenset(self.connected())
        if seats == self.announced:
            return
        self.announced = seats
        self.announced_at = asyncio.get_running_loop().time()
        if self.position is not None:
            self.broadcast(self.presence())
        self.broadcast(messages.lobby(self.lobby()))
