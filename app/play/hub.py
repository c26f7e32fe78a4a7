"""The websocket hub: the rooms of this process, and the messages that come into them.

On connect a client gets the lobby and, once the game has started, a snapshot of its view (or
the patches since the `seq` it already holds: app.play.fanout). Its messages come here, and
app.play.inbox answers each: an action goes to the referee (app.play.referee), the one way into
a game for people and bots (`Hub.act`); a hint to app.play.hints (`on_hint`); `sync` is
answered from the room's buffer; a chat line is kept and sent to all.
The lobby layer tells the hub of its changes (`lobby_changed`), and so do other processes
(app.play.notices), who tell it only of the lobbies it holds a room for: `on_room_open` is
awaited before a room reads its lobby (its listener LISTENs on the lobby's channel then, so
nothing committed after the read goes unheard), `on_room_close` told when it goes. The hub's
hooks are lists of listeners (app.play.listeners) that the application fills as it builds its
parts: `on_position` is told whenever a room's game is loaded or moves on (the bot driver
listens there), `on_seat_presence` of seats connecting and leaving (app.notify), `on_act` of
each action offered and its time (app.ops.metrics).

The hub never knows which game it runs: views come from `views.rules_view`, rules from the
registry through the runner's `Position`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from sqlalchemy.exc import SQLAlchemyError

from app.games.core import Action, Seat
from app.play import fanout, inbox, messages
from app.play.listeners import AsyncListeners, Listeners
from app.play.referee import Referee, Refusal
from app.play.rooms import PRESENCE_SECONDS, SPECTATORS, Connection, Directory, LobbyInfo, Room
from app.play.runner import Position, Runner
from app.status import Status

log = logging.getLogger(__name__)


def _ended_elsewhere(room: Room, info: LobbyInfo) -> bool:
    """The lobby says its game is over while the room's game goes on: it was ended (by the
    server's owner, app/play/ended.py) or finished by another process; read it again."""
    position = room.position
    finished = info.public["status"] == Status.FINISHED
    return finished and position is not None and position.game.result(position.state) is None


class Hub:
    def __init__(
        self,
        runner: Runner,
        directory: Directory,
        *,
        buffer_size: int,
        chat_history: int,
        tell_others: Callable[[str], Awaitable[None]] | None = None,
        kept_current: Callable[[], bool] = lambda: True,
    ) -> None:
        self.runner = runner
        self.directory = directory
        self.buffer_size = buffer_size
        self.chat_history = chat_history
        self.rooms: dict[str, Room] = {}
        # Rooms being opened (their lobby being read), so that a lobby is opened once.
        self._opening: dict[str, asyncio.Task[Room | None]] = {}
        # Told of every room whose game was just loaded or moved on (the bot driver).
        self.on_position: Listeners[Room] = Listeners()
        # Wall-clock time, epoch seconds: the clocks' and absences' time (tests move it on).
        self.now: Callable[[], float] = time.time
        # Tells the other processes on the database that a lobby changed (app.play.notices).
        self.tell_others = tell_others
        # Whether every room is as current as the database: true with one process (SQLite),
        # and while this process hears the others' notices (each room catches up on each
        # notice, and all of them when the listener comes back); else a socket that joins
        # reads what its room lacks first.
        self.kept_current = kept_current
        self.presence_seconds = PRESENCE_SECONDS
        # Told when a seat's first connection to this process opens or its last one closes,
        # and with the seat SPECTATORS when its first spectator's does or its last one's
        # (app.notify writes it down for the other processes; the expiry reads it too).
        self.on_seat_presence: Listeners[str, int] = Listeners()
        # Answer a `hint` message (app.play.hints): each refuses it at once or starts a task
        # that answers it. With none, hints are refused.
        self.on_hint: Listeners[Connection, Room, messages.HintMessage] = Listeners()
        # Told of every action offered through `act`: the room, the refusal (None: accepted)
        # and the seconds it took to check, record and publish it (app.ops.metrics).
        self.on_act: Listeners[Room, Refusal | None, float] = Listeners()
        # Awaited before a room of the lobby reads its lobby and game, and told once it has
        # no room here (app.play.notices: LISTEN and UNLISTEN on the lobby's channel).
        self.on_room_open: AsyncListeners[str] = AsyncListeners()
        self.on_room_close: Listeners[str] = Listeners()
        self.referee = Referee(runner, lambda: self.now(), self.on_position)

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
                    await self.referee.load(room)
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
        await self.on_room_open(code)  # before the read: whatever is committed after is heard
        room = self.rooms.get(code)  # opened by the game's start meanwhile
        if room is not None:
            return room
        info = await self.directory.lobby_info(code)
        if info is None:
            self.on_room_close(code)
            return None
        room = self.rooms[code] = self._new_room(info)
        return room

    def _closed(self, code: str) -> None:
        """The lobby's room is gone: tell `on_room_close`, unless a room is being opened
        again for it (that opening's listener needs the channel)."""
        opening = self._opening.get(code)
        if code not in self.rooms and (opening is None or opening.done()):
            self.on_room_close(code)

    def _new_room(self, info: LobbyInfo) -> Room:
        # Idle until someone connects: a room opened for its bots alone is swept too.
        room = Room(
            info.code,
            info,
            self.buffer_size,
            idle_since=time.monotonic(),
            presence_seconds=self.presence_seconds,
        )
        now = self.now()
        room.absent_since = {
            player["seat"]: now for player in info.public["players"] if not player["bot"]
        }
        return room

    def connected_seats(self, code: str) -> set[int]:
        room = self.rooms.get(code)
        return set(room.connected()) if room else set()

    def holds(self, code: str, seat: int) -> bool:
        """Whether a connection of the seat (SPECTATORS: of a spectator) is open here."""
        room = self.rooms.get(code)
        if room is None:
            return False
        return room.watched() if seat == SPECTATORS else room.connected()[seat] > 0

    async def absent_for(self, code: str, seat: int) -> float | None:
        """For how many seconds the person in `seat` has had no connection (as this process
        saw it: since it opened the room, at most); None while they are connected."""
        room = await self._room(code)
        if room is None or room.connected()[seat] > 0:
            return None
        return max(0.0, self.now() - room.absent_since.get(seat, self.now()))

    async def overdue(self, code: str, seat: int) -> bool:
        """Is the game waiting on `seat`, whose time (a turn-based table's time per move) has
        run out? The vote for a bot on a turn-based table that waits asks this."""
        room = await self._room(code)
        clocks = room.position.clocks if room is not None and room.position is not None else None
        return clocks is not None and clocks.overdue(seat, self.now())

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
        if position is not None and code not in self.rooms:
            # Its room opens below with the game as it starts: heard from before the others
            # can hear of the start and act.
            await self.on_room_open(code)
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
                self.forget(code)  # deleted (by the server's owner): its sockets close
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
            room.announce_pending_presence()
            for seat in room.away():
                if room.connected()[seat] > 0:  # handed over by a process that did not see them
                    await self._came_back(room, seat)
            started = info.game_record_id is not None and (
                room.position is None or _ended_elsewhere(room, info)
            )
            if started:
                await self.referee.load(room, position)
            room.broadcast(messages.lobby(room.lobby()))
            if started:
                fanout.snapshot_all(room, self.now())
            elif room.position is not None:
                room.broadcast(room.presence())  # a bot may have taken an absent seat
                self.on_position(room)

    # --- connections ---

    async def join(self, conn: Connection, code: str, since: int | None) -> Room | None:
        room = await self._room(code)
        if room is None:
            return None
        history = await self.directory.recent_chat(code, self.chat_history)
        async with room.lock:
            if room.position is not None and not self.kept_current():
                await self.referee.catch_up(room)  # another process may have moved it on
            seat = conn.seat
            was_connected = room.watched() if seat is None else room.connected()[seat] > 0
            room.connections.add(conn)
            if conn.seat is not None:
                room.seen.add(conn.seat)
            room.idle_since = None
            if conn.seat is not None:
                room.absent_since.pop(conn.seat, None)
                if conn.seat in room.away():
                    await self._came_back(room, conn.seat)
            conn.push(messages.lobby(room.lobby()))
            for name, text, at in history:
                conn.push(messages.chat(name, text, at))
            fanout.catch_up(room, conn, since, self.now())
            # Patches never carry who is connected: a client resuming with since=N learns it
            # from a presence message of its own (a snapshot already holds it; once more is
            # harmless). The others hear of a seat that came with the room's next announcement.
            if room.position is not None:
                conn.push(room.presence())
            if conn.seat is not None and not was_connected:
                room.presence_changed()
                self.on_seat_presence(room.code, conn.seat)
            elif conn.seat is None and not was_connected:
                self.on_seat_presence(room.code, SPECTATORS)
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
            room.presence_changed()
            self.on_seat_presence(room.code, conn.seat)
        elif conn.seat is None and not room.watched():
            self.on_seat_presence(room.code, SPECTATORS)
        if not room.connections:
            room.idle_since = now

    def forget(self, code: str) -> None:
        """Drop the lobby's room and close its sockets (the lobby is gone)."""
        room = self.rooms.pop(code, None)
        for conn in room.connections if room is not None else ():
            conn.close()
        self._closed(code)

    def sweep(self, now: float, max_idle: float) -> int:
        """Forget rooms nobody has been connected to for `max_idle` seconds; how many."""
        idle = [
            code
            for code, room in self.rooms.items()
            if room.idle_since is not None and now - room.idle_since >= max_idle
        ]
        for code in idle:
            del self.rooms[code]
            self._closed(code)
        return len(idle)

    # --- messages from clients (app.play.inbox) ---

    async def receive(self, conn: Connection, room: Room, text: str) -> None:
        await inbox.receive(self, conn, room, text)

    async def act(
        self,
        room: Room,
        seat: Seat,
        action: Action,
        *,
        chosen_at: int | None = None,
        by: str | None = None,
    ) -> Refusal | None:
        """An action into the room's game, for people and bots: see `Referee.act`."""
        began = time.perf_counter()
        refused = await self.referee.act(room, seat, action, chosen_at=chosen_at, by=by)
        self.on_act(room, refused, time.perf_counter() - began)
        return refused

    # --- other processes (app.play.notices) ---

    async def heard_action(self, record_id: int, seq: int) -> None:
        """Another process recorded action `seq` of a game: bring the room up to it, if held."""
        room = next((r for r in self.rooms.values() if r.info.game_record_id == record_id), None)
        if room is None or (room.position is not None and room.position.seq >= seq):
            return
        # A game being loaded holds the lock, and may have been read before this action:
        # wait for it, then catch up.
        async with room.lock:
            if room.position is not None and room.position.seq < seq:
                await self.referee.catch_up(room)

    async def heard_lobby(self, code: str) -> None:
        """Another process changed a lobby: a room held here, or being opened (from the lobby
        as it was, perhaps), takes the change."""
        if code in self.rooms or code in self._opening:
            await self.lobby_changed(code, here_only=True)

    async def catch_up_all(self) -> None:
        """After notices may have been missed: every room held, or being opened (it may have
        read its lobby before the listener came back), reads what it lacks."""
        for code in dict.fromkeys([*self.rooms, *self._opening]):
            if code not in self.rooms and code not in self._opening:
                continue  # gone meanwhile
            await self.lobby_changed(code, here_only=True)  # after the opening, if under way
            room = self.rooms.get(code)
            if room is not None and room.position is not None:
                async with room.lock:
                    await self.referee.catch_up(room)
