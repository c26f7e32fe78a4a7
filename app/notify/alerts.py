"""When the game turns to a person who is not looking: their push subscriptions and their email
address (when the host set SMTP_URL) get "Your turn: <the game> with Ann and Bob" and a link
to the game.

The referee calls `recorded` after it has recorded an action (a person's, a bot's, a clock's):
only the process that recorded it sends, so each turn is told once however many processes
serve the game. A seat is told when it has just become active (not while it goes on acting),
is a person's (not a bot's, nor one a bot plays while they are away), and has no open
connection on this process nor on any other (app/play/presence.py). The start is no action:
its first player is told nothing (a table's people are on its page when it starts, and the
switch is on that page). The sending runs in tasks of its own: the table never waits for it.

Push: each of the seat's subscriptions gets one message (app/notify/push.py); a push service
that answers 404 or 410 has dropped the subscription, and so do we. Email: at most one per
game per hour to an address; the hour is claimed in the database before sending, so two
processes never both send.

When the game ends, its subscriptions and addresses are deleted (and within a minute for a
game ended another way, by the server's owner).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
from email.utils import parseaddr
from typing import Any, cast

from sqlalchemy import Table, delete, or_, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.notify.keys import ServerKeys
from app.notify.mail import Mailer
from app.notify.push import GONE, Pusher, Subscription, endpoint_refusal, message
from app.play.presence import Presence
from app.play.rooms import Room
from app.play.runner import Position
from app.status import Status
from app.store.db import utcnow
from app.store.tables.games import GameRecord
from app.store.tables.lobbies import Lobby, Player
from app.store.tables.notifications import EmailAddress, PushSubscription

log = logging.getLogger(__name__)

_PUSH = cast(Table, PushSubscription.__table__)
_EMAIL = cast(Table, EmailAddress.__table__)
_PLAYERS = cast(Table, Player.__table__)
_LOBBIES = cast(Table, Lobby.__table__)
_GAMES = cast(Table, GameRecord.__table__)

EMAIL_EVERY = timedelta(hours=1)
SWEEP_SECONDS = 60.0
# The VAPID `sub` when nothing better is known (py-vapid accepts it; services may not).
FALLBACK_CONTACT = "mailto:tinkertable@localhost"


def names_words(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def turn_title(game_name: str, names: list[str], seat: int) -> str:
    """ "Your turn: <the game> with Ann and Bob": the game and the others at the table."""
    others = [name for index, name in enumerate(names) if index != seat]
    return (
        f"Your turn: {game_name} with {names_words(others)}"
        if others
        else f"Your turn: {game_name}"
    )


def turned_to(before: Position, after: Position) -> list[int]:
    """The seats that `after` made active and `before` had not."""
    was = set(before.game.active(before.state))
    return sorted(set(after.game.active(after.state)) - was)


class Alerts:
    """Tells people that the game turned to them. `mailer` None: no email (no SMTP_URL)."""

    def __init__(
        self,
        engine: AsyncEngine,
        presence: Presence,
        pusher: Pusher,
        keys: ServerKeys,
        mailer: Mailer | None,
        *,
        contact: str | None,
    ) -> None:
        self.engine = engine
        self.presence = presence
        self.pusher = pusher
        self.keys = keys
        self.mailer = mailer
        self.contact = contact
        # Where a push subscription may point (the tests' local push service is let in here).
        self.endpoint_refusal: Callable[[str], str | None] = endpoint_refusal
        self.now: Callable[[], datetime] = utcnow  # the email's hour (tests move it on)
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep(), name="notifications sweep")

    async def close(self) -> None:
        tasks = [*self._tasks, *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.presence.close()

    async def idle(self) -> None:
        """Wait until every message under way has been sent (tests)."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    # --- the referee's hook ---

    def recorded(self, room: Room, before: Position, after: Position) -> None:
        """The action that made `after` from `before` is recorded (by this process)."""
        if after.game.result(after.state) is not None:
            self._spawn(self.forget_game(room.code))
            return
        away, connected = room.away(), room.connected()
        seats = [
            seat
            for seat in turned_to(before, after)
            if not after.seats[seat].get("bot") and seat not in away and connected[seat] == 0
        ]
        if seats:
            self._spawn(self._tell(room.code, after.game.name, after.names, seats))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        async def run() -> None:
            try:
                await work
            except SQLAlchemyError:
                log.warning("notifications: the database is unavailable; a turn went untold")
            except Exception:
                log.exception("notifications: telling a turn failed")

        task = asyncio.create_task(run(), name="your turn")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- telling ---

    async def _tell(self, code: str, game_name: str, names: list[str], seats: list[int]) -> None:
        for seat in seats:
            pushes, email = await self._reached_by(code, seat)
            if self.mailer is None:
                email = None
            if not pushes and email is None:
                continue  # nothing to tell them by: no need to ask where they are
            if await self.presence.elsewhere(code, seat):
                continue
            title = turn_title(game_name, names, seat)
            sends = [self._push(row, title, code) for row in pushes]
            if email is not None:
                sends.append(self._email(email, title, code))
            await asyncio.gather(*sends)

    async def _reached_by(self, code: str, seat: int) -> tuple[list[Any], Any]:
        player = (
            select(_PLAYERS.c.id)
            .join(_LOBBIES, _LOBBIES.c.id == _PLAYERS.c.lobby_id)
            .where(_LOBBIES.c.code == code, _PLAYERS.c.seat == seat)
            .scalar_subquery()
        )
        async with self.engine.connect() as connection:
            pushes = await connection.execute(select(_PUSH).where(_PUSH.c.player_id == player))
            pushes_rows = list(pushes)
            email = (
                await connection.execute(select(_EMAIL).where(_EMAIL.c.player_id == player))
            ).first()
        return pushes_rows, email

    def _contact(self, origin: str) -> str:
        if self.contact:
            return self.contact
        if self.mailer is not None:
            address = parseaddr(self.mailer.sender)[1]
            if "@" in address:
                return f"mailto:{address}"
        return origin if origin.startswith("https://") else FALLBACK_CONTACT

    async def _push(self, row: Any, title: str, code: str) -> None:
        subscription = Subscription(row.endpoint, row.p256dh, row.auth)
        data = message(title, f"{row.origin}/l/{code}", f"tinkertable-{code}")
        vapid, _public_key = await self.keys.pair()
        status = await self.pusher.send(vapid, subscription, data, self._contact(row.origin))
        if status in GONE:
            async with self.engine.begin() as connection:
                await connection.execute(delete(_PUSH).where(_PUSH.c.id == row.id))

    async def _email(self, row: Any, title: str, code: str) -> None:
        assert self.mailer is not None
        now = self.now()
        free = or_(_EMAIL.c.last_sent_at.is_(None), _EMAIL.c.last_sent_at <= now - EMAIL_EVERY)
        async with self.engine.begin() as connection:  # this game's hour, claimed once
            claimed = await connection.execute(
                update(_EMAIL).where(_EMAIL.c.id == row.id, free).values(last_sent_at=now)
            )
        if claimed.rowcount != 1:
            return
        link = f"{row.origin}/l/{code}"
        text = (
            f"{title}.\n\nOpen the game to play: {link}\n\n"
            "You get this because you left this address on the game's page. It is deleted when"
            " the game ends; you can remove it there sooner. At most one email an hour per game."
        )
        await self.mailer.send(row.address, title, text)

    # --- the end of a game ---

    async def forget_game(self, code: str) -> None:
        """The game is over: its subscriptions and addresses go."""
        players = (
            select(_PLAYERS.c.id)
            .join(_LOBBIES, _LOBBIES.c.id == _PLAYERS.c.lobby_id)
            .where(_LOBBIES.c.code == code)
        )
        async with self.engine.begin() as connection:
            await connection.execute(delete(_EMAIL).where(_EMAIL.c.player_id.in_(players)))
            await connection.execute(delete(_PUSH).where(_PUSH.c.player_id.in_(players)))

    async def forget_finished(self) -> None:
        """Every finished game's subscriptions and addresses go (a game ended by the owner
        did not pass through `recorded`)."""
        players = (
            select(_PLAYERS.c.id)
            .join(_GAMES, _GAMES.c.lobby_id == _PLAYERS.c.lobby_id)
            .where(_GAMES.c.status == Status.FINISHED)
        )
        async with self.engine.begin() as connection:
            await connection.execute(delete(_EMAIL).where(_EMAIL.c.player_id.in_(players)))
            await connection.execute(delete(_PUSH).where(_PUSH.c.player_id.in_(players)))

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.forget_finished()
            except SQLAlchemyError:
                log.warning("notifications: could not delete the finished games' addresses")
