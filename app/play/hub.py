"""The websocket hub: who is connected to which lobby, and what each of them is sent.

On connect a client gets the lobby and, once the game has started, a snapshot of its view (or
the patches since the `seq` it already holds). Each accepted action becomes one `patch` per
connection, computed once per viewer (each seat, and spectators) against the view that viewer
was last sent, and kept in a bounded buffer so a client that reconnects with `since=N` or sends
`sync` is caught up with the patches it missed.

Every action enters a game through `Hub.act`, a person's from the websocket and a bot's from
`app.play.bots` alike. `on_position` is told whenever a room's game is loaded or moves on (the
bot driver listens there).

The hub never knows which game it runs: views come from `views.rules_view`, rules from the
registry through the runner's `Position`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from app.games.core import Action, GameError, Seat
from app.lobby.schemas import with_connected
from app.play import messages
from app.play.patches import diff
from app.play.recorder import StaleGame
from app.play.runner import AWAY, CLOCK, Position, Runner
from app.play.views import full_view, rules_view

log = logging.getLogger(__name__)

Viewer = int | None  # a seat, or None for spectators

# Who is connected goes out to a room at most once per PRESENCE_SECONDS: a change in a quiet
# room at once, the changes after it together at the end of the interval (or before anything
# else the room is told, so that no client sees a move or an answer before the presence that
# came first), and then only if the seats connected differ from those last announced. A page
# reconnecting in a loop costs the others one `presence` (and one `lobby`) a second at most,
# and nothing once it is back as it was. A seat's second socket changes nothing.
PRESENCE_SECONDS = 1.0


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


# The refusal `Hub.act` gives a bot's action chosen on a position the game has since left.
STALE = "stale"


@dataclass(frozen=True)
class Refusal:
    """Why `Hub.act` did not accept an action (nothing changed): a protocol error code."""

    code: str
    message: str


UNAVAILABLE = Refusal("unavailable", "the database is unavailable; try again")


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

    def players(self) -> list[dict[str, Any]]:
        connected = self.connected()
        return [
            {
                "seat": player["seat"],
                "name": player["name"],
                "bot": player["bot"],
                "away_bot": player.get("away_bot"),
                "connected": connected[player["seat"]] > 0,
            }
            for player in self.info.public["players"]
        ]

    def lobby(self) -> dict[str, Any]:
        public = with_connected(self.info.public, self.connected())
        if self.position is not None and self.position.game.result(self.position.state):
            public["status"] = "finished"  # the info was read before the last action
        return public

    def broadcast(self, text: str) -> None:
        for conn in self.connections:
            conn.push(text)


class Hub:
    def __init__(
        self, runner: Runner, directory: Directory, *, buffer_size: int, chat_history: int
    ) -> None:
        self.runner = runner
        self.directory = directory
        self.buffer_size = buffer_size
        self.chat_history = chat_history
        self.rooms: dict[str, Room] = {}
        # Rooms being opened (their lobby being read), so that a lobby is opened once.
        self._opening: dict[str, asyncio.Task[Room | None]] = {}
        # Told of every room whose game was just loaded or moved on (the bot driver).
        self.on_position: Callable[[Room], None] = lambda room: None
        # Wall-clock time, epoch seconds: the clocks' and absences' time (tests move it on).
        self.now: Callable[[], float] = time.time
        # Tells the other processes on the database that a lobby changed (app.play.notices).
        self.tell_others: Callable[[str], Awaitable[None]] | None = None
        # Whether every room is as current as the database: true with one process (SQLite),
        # and while this process hears the others' notices (each room catches up on each
        # notice, and all of them when the listener comes back); else a socket that joins
        # reads what its room lacks first.
        self.kept_current: Callable[[], bool] = lambda: True
        self.presence_seconds = PRESENCE_SECONDS

    # --- rooms ---

    async def room(self, code: str) -> Room | None:
        """The lobby's room, its game loaded once started; None for an unknown lobby."""
        return await self._room(code)

    async def _room(self, code: str) -> Room | None:
        room = self.rooms.get(code) or await self._opened(code)
        if room is None:
            return None
        if room.position is None and room.info.game_record_id is not None:
            async with room.lock:
                if room.position is None:
                    await self._load(room)
        return room

    async def _opened(self, code: str) -> Room | None:
        """The room once opened, by this call or by one under way; None for no such lobby."""
        opening = self._opening.get(code)
        if opening is None:
            opening = asyncio.create_task(self._open(code), name=f"open {code}")
            self._opening[code] = opening
            opening.add_done_callback(lambda _: self._opening.pop(code, None))
        return await asyncio.shield(opening)

    async def _open(self, code: str) -> Room | None:
        room = self.rooms.get(code)
        if room is not None:
            return room
        info = await self.directory.lobby_info(code)
        if info is None:
            return None
        room = self.rooms[code] = self._new_room(info)
        return room

    def _new_room(self, info: LobbyInfo) -> Room:
        # Idle until someone connects: a room opened for its bots alone is swept too.
        room = Room(info.code, info, self.buffer_size, idle_since=time.monotonic())
        now = self.now()
        room.absent_since = {
            player["seat"]: now for player in info.public["players"] if not player["bot"]
        }
        return room

    async def _load(self, room: Room, position: Position | None = None) -> None:
        """The room's game: `position` (the game as it starts, from the start), else as
        recorded."""
        assert room.info.game_record_id is not None
        room.position = position or await self.runner.load(room.info.game_record_id)
        room.views.clear()
        room.buffer.clear()
        self.on_position(room)

    def _rules_view(self, room: Room, viewer: Viewer) -> dict[str, Any]:
        """The game's rules view plus the table's: `clocks`, and `timeouts`, the latest
        decisions a bot made for someone whose time had run out."""
        assert room.position is not None
        position = room.position
        names = position.names
        view = rules_view(position.game, position.state, viewer, names)
        view["clocks"] = position.clocks.view() if position.clocks is not None else None
        view["timeouts"] = [
            f"{names[seat]} ran out of time: a bot chose action {seq} for them."
            for seq, seat in position.timeouts
        ]
        return view

    def connected_seats(self, code: str) -> set[int]:
        room = self.rooms.get(code)
        return set(room.connected()) if room else set()

    async def absent_for(self, code: str, seat: int) -> float | None:
        """For how many seconds the person in `seat` has had no connection (as this process
        saw it: since it opened the room, at most); None while they are connected."""
        room = await self._room(code)
        if room is None or room.connected()[seat] > 0:
            return None
        return max(0.0, self.now() - room.absent_since.get(seat, self.now()))

    async def lobby_changed(
        self,
        code: str,
        *,
        here_only: bool = False,
        info: LobbyInfo | None = None,
        position: Position | None = None,
    ) -> None:
        """The lobby layer changed a lobby (a player joined, the game started): tell everyone,
        the other processes too unless `here_only` (they are telling us). `info`: the lobby as
        the change left it (else it is read); `position`: the game, when the change started
        it (its room is then opened at once, ready for the seats that come)."""
        if self.tell_others is not None and not here_only:
            await self.tell_others(code)
        # A room being opened read its lobby before this change, perhaps: wait for it, then
        # give it the lobby as the change left it.
        opening = self._opening.get(code)
        if opening is not None:
            await asyncio.shield(opening)
        room = self.rooms.get(code)
        if info is None:
            info = await self.directory.lobby_info(code)
            if info is None:
                return
        if room is None:
            if position is not None:
                room = self.rooms[code] = self._new_room(info)
            else:
                bots = any(player["bot"] for player in info.public["players"])
                if bots and info.game_record_id is not None:
                    await self._room(code)  # nobody is here, but the bots must play
                return
        if info.version < room.info.version:
            return  # the room holds a later change already (whose own call tells everyone)
        room.info = info
        async with room.lock:
            for conn in room.unseated():
                # Its page connects again, as whoever its token now makes it.
                room.connections.discard(conn)
                conn.close()
            self._announce_pending_presence(room)
            for seat in room.away():
                if room.connected()[seat] > 0:  # handed over by a process that did not see them
                    await self._came_back(room, seat)
            started = room.position is None and info.game_record_id is not None
            if started:
                await self._load(room, position)
            room.broadcast(messages.dump({"type": "lobby", "lobby": room.lobby()}))
            if started:
                for conn in room.connections:
                    conn.push(self._snapshot(room, conn.seat))
            elif room.position is not None:
                room.broadcast(self._presence(room))  # a bot may have taken an absent seat
                self.on_position(room)

    # --- connections ---

    async def join(self, conn: Connection, code: str, since: int | None) -> Room | None:
        room = await self._room(code)
        if room is None:
            return None
        history = await self.directory.recent_chat(code, self.chat_history)
        async with room.lock:
            if room.position is not None and not self.kept_current():
                await self._catch_up_room(room)  # another process may have moved it on
            was_connected = conn.seat is not None and room.connected()[conn.seat] > 0
            room.connections.add(conn)
            if conn.seat is not None:
                room.seen.add(conn.seat)
            room.idle_since = None
            if conn.seat is not None:
                room.absent_since.pop(conn.seat, None)
                if conn.seat in room.away():
                    await self._came_back(room, conn.seat)
            conn.push(messages.dump({"type": "lobby", "lobby": room.lobby()}))
            for name, text, at in history:
                conn.push(messages.chat(name, text, at))
            self._catch_up_client(room, conn, since)
            # Patches never carry who is connected: a client resuming with since=N learns it
            # from a presence message of its own (a snapshot already holds it; once more is
            # harmless). The others hear of a seat that came with the room's next announcement.
            if room.position is not None:
                conn.push(self._presence(room))
            if conn.seat is not None and not was_connected:
                self._presence_changed(room)
        return room

    async def _came_back(self, room: Room, seat: int) -> None:
        """The person is back in their seat: the bot playing for them leaves at once."""
        try:
            info = await self.directory.came_back(room.code, seat)
        except SQLAlchemyError:
            log.exception("could not take the bot out of seat %s of %s", seat, room.code)
            return
        if info is not None:
            room.info = info
            if self.tell_others is not None:
                await self.tell_others(room.code)

    def leave(self, conn: Connection, room: Room, now: float) -> None:
        conn.close()
        room.connections.discard(conn)
        if conn.seat is not None and room.connected()[conn.seat] == 0:
            room.absent_since[conn.seat] = self.now()
            self._presence_changed(room)
        if not room.connections:
            room.idle_since = now

    def sweep(self, now: float, max_idle: float) -> int:
        """Forget rooms nobody has been connected to for `max_idle` seconds; how many."""
        idle = [
            code
            for code, room in self.rooms.items()
            if room.idle_since is not None and now - room.idle_since >= max_idle
        ]
        for code in idle:
            del self.rooms[code]
        return len(idle)

    def _presence(self, room: Room) -> str:
        return messages.dump({"type": "presence", "players": room.players()})

    def _presence_changed(self, room: Room) -> None:
        """A seat came or went: tell the room now, or with the next announcement."""
        if room.announcement is not None:
            return  # it will tell this change too
        loop = asyncio.get_running_loop()
        wait = room.announced_at + self.presence_seconds - loop.time()
        if wait <= 0:
            self._announce_presence(room)
        else:
            room.announcement = loop.call_later(wait, self._announce_presence, room)

    def _announce_pending_presence(self, room: Room) -> None:
        """Before the room is told anything else: the presence still waiting, now."""
        if room.announcement is not None:
            room.announcement.cancel()
            self._announce_presence(room)

    def _announce_presence(self, room: Room) -> None:
        """Tell the room who is connected, if that is not what it was told last."""
        room.announcement = None
        seats = frozenset(room.connected())
        if seats == room.announced:
            return
        room.announced = seats
        room.announced_at = asyncio.get_running_loop().time()
        if room.position is not None:
            room.broadcast(self._presence(room))
        room.broadcast(messages.dump({"type": "lobby", "lobby": room.lobby()}))

    def _view(self, room: Room, viewer: Viewer) -> dict[str, Any]:
        """The viewer's rules view at the room's position, made once per position."""
        view = room.views.get(viewer)
        if view is None:
            view = room.views[viewer] = self._rules_view(room, viewer)
        return view

    def _snapshot(self, room: Room, viewer: Viewer) -> str:
        assert room.position is not None
        view = full_view(self._view(room, viewer), room.players())
        # `now`: the server's time, so that a page can run the clocks on the server's time.
        snapshot = {"type": "snapshot", "seq": room.position.seq, "view": view, "now": self.now()}
        return messages.dump(snapshot)

    def _catch_up_client(self, room: Room, conn: Connection, since: int | None) -> None:
        """Bring a client holding the view at `since` to the current view."""
        if room.position is None:
            return
        seq = room.position.seq
        if since == seq:
            return
        if since is not None and since < seq and room.buffer and room.buffer[0][0] <= since + 1:
            start = since + 1 - room.buffer[0][0]
            missed = [
                room.buffer[index][1].get(conn.seat) for index in range(start, len(room.buffer))
            ]
            if None not in missed:  # else nobody watched for this viewer meanwhile
                for text in missed:
                    conn.push(text)
                return
        conn.push(self._snapshot(room, conn.seat))

    # --- messages from clients ---

    async def receive(self, conn: Connection, room: Room, text: str) -> None:
        self._announce_pending_presence(room)
        try:
            message = messages.parse(text)
        except messages.BadMessage as bad:
            conn.push(messages.error(bad.code, bad.message, bad.ref))
            return
        if isinstance(message, messages.ActionMessage):
            await self._action(conn, room, message)
        elif isinstance(message, messages.SyncMessage):
            async with room.lock:
                self._catch_up_client(room, conn, message.seq)
        else:
            await self._chat(conn, room, message.text)

    async def _chat(self, conn: Connection, room: Room, text: str) -> None:
        if conn.name is None:
            conn.push(messages.error("forbidden", "join the lobby to chat"))
            return
        try:
            at = await self.directory.save_chat(room.code, conn.name, text)
        except SQLAlchemyError:
            log.exception("could not save a chat line")
            conn.push(messages.error("unavailable", "the database is unavailable; try again"))
            return
        room.broadcast(messages.chat(conn.name, text, at))

    async def _action(self, conn: Connection, room: Room, message: messages.ActionMessage) -> None:
        if conn.seat is None:
            conn.push(messages.error("forbidden", "spectators cannot act", message.id))
            return
        refused = await self.act(room, conn.seat, message.action)
        if refused is not None:
            conn.push(messages.error(refused.code, refused.message, message.id))

    async def act(
        self,
        room: Room,
        seat: Seat,
        action: Action,
        *,
        chosen_at: int | None = None,
        by: str | None = None,
    ) -> Refusal | None:
        """The one way into a game, for people and bots: check `action` against the rules,
        record it (the version check on the game row), publish it. None once accepted.

        A person's action that loses the race to another process is tried again on the newer
        position (and refused if no longer legal there). A bot says `chosen_at`, the `seq` it
        decided at: once the game has moved past it the bot is refused with STALE and decides
        again on what it sees now. A bot playing a person's seat says `by`: AWAY while they are
        away, CLOCK once their time has run out; STALE when that is no longer so.
        """
        async with room.lock:
            if room.position is None:
                return Refusal("conflict", "the game has not started")
            for _attempt in range(5):
                position = room.position
                if chosen_at is not None and position.seq != chosen_at:
                    return Refusal(STALE, "the game has moved on since this was chosen")
                now = self.now()
                out_of_time = position.clocks is not None and position.clocks.expired(seat, now)
                if by == AWAY and seat not in room.away():
                    return Refusal(STALE, "the player is back")
                if by == CLOCK and not out_of_time:
                    return Refusal(STALE, "the player's clock is not out of time")
                if by is None and out_of_time:
                    return Refusal("out_of_time", "your time has run out: a bot decides this turn")
                try:
                    after = position.game.apply(position.state, seat, action)
                except GameError as refused:
                    return Refusal(refused.code, str(refused))
                at = datetime.fromtimestamp(round(now, 6), UTC)
                moved = position.advance(seat, after, by, at)
                try:
                    await self.runner.record(moved, seat, action, by, at)
                except StaleGame:
                    pass
                except SQLAlchemyError:
                    log.exception("could not record an action")
                    return UNAVAILABLE
                else:
                    self._publish(room, moved)
                    return None
                try:  # another process got there first: look at the game as it is now
                    await self._catch_up_room(room)
                except SQLAlchemyError:
                    log.exception("could not read the actions another process recorded")
                    return UNAVAILABLE
            return Refusal("conflict", "the game is too busy; try again")

    # --- other processes (app.play.notices) ---

    async def heard_action(self, record_id: int, seq: int) -> None:
        """Another process recorded action `seq` of a game: bring the room up to it, if held."""
        room = next((r for r in self.rooms.values() if r.info.game_record_id == record_id), None)
        if room is None or room.position is None or room.position.seq >= seq:
            return
        async with room.lock:
            if room.position.seq < seq:
                await self._catch_up_room(room)

    async def heard_lobby(self, code: str) -> None:
        """Another process changed a lobby: a room held here, or being opened (from the lobby
        as it was, perhaps), takes the change."""
        if code in self.rooms or code in self._opening:
            await self.lobby_changed(code, here_only=True)

    async def catch_up_all(self) -> None:
        """After notices may have been missed: every room held reads what it lacks."""
        for code in list(self.rooms):
            room = self.rooms.get(code)
            if room is None:
                continue
            await self.lobby_changed(code, here_only=True)
            if room.position is not None:
                async with room.lock:
                    await self._catch_up_room(room)

    # --- accepted actions ---

    async def _catch_up_room(self, room: Room) -> None:
        """Apply and publish actions that another process recorded for this game."""
        assert room.position is not None
        for record in await self.runner.actions_after(room.position.record_id, room.position.seq):
            position = room.position
            if record.seq != position.seq + 1:
                await self._load(room)
                for conn in room.connections:
                    conn.push(self._snapshot(room, conn.seat))
                return
            after = position.game.apply(position.state, record.seat, record.action)
            self._publish(room, position.advance(record.seat, after, record.by, record.at))

    def _publish(self, room: Room, position: Position) -> None:
        """Make `position` current and send every connection its patch for it: one view and
        one patch per viewer followed, whatever their number of connections."""
        self._announce_pending_presence(room)
        room.position = position
        texts: dict[Viewer, str] = {}
        views: dict[Viewer, dict[str, Any]] = {}
        for viewer in room.followed():
            views[viewer] = self._rules_view(room, viewer)
            before = room.views.get(viewer)
            if before is not None:
                ops = diff(before, views[viewer])
                texts[viewer] = messages.dump({"type": "patch", "seq": position.seq, "ops": ops})
        room.views = views
        room.buffer.append((position.seq, texts))
        while len(room.buffer) > self.buffer_size:
            room.buffer.popleft()
        for conn in room.connections:
            text = texts.get(conn.seat)
            conn.push(text if text is not None else self._snapshot(room, conn.seat))
        self.on_position(room)
