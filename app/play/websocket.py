"""The websocket endpoint `/ws/{code}`: authenticate, then hand the connection to the hub.

A handshake from a page of another origin (another port of this host included: the browser
hands it the lobby cookie too) is closed with 4403 before anything is looked up
(app/edge/security.py says which origins are ours).

The limits of app/edge/limits.py apply here, before the hub sees anything:

- opening a socket looks a lobby up: past the address's lookup rate it is closed with 4429;
- a lobby takes so many sockets (in this process): past it a spectator's is closed with 4429,
  and a player's past their own seat's number of sockets;
- an action (an undo and a hint too) or chat line past its socket's or its address's rate is
  refused with an `error` `too_many` (its `ref` the message's id) and handed to nobody: the
  client may slow down and go on. A client that keeps sending past its socket's rate for
  messages of any kind, errors or not, is closed with 4429 and the reason.
- a `sync` the server must answer (with patches or a snapshot: not one at the current seq,
  which costs nothing) past its socket's or its address's rate closes the socket with 4429
  after an `error` `too_many`: a client that needs that many answers is lost, and a page
  reconnecting with `since` is caught up at once; a flood of them would cost a snapshot each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Protocol

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.edge.admission import Openings
from app.edge.error_codes import ErrorCode
from app.edge.limits import Limits, SocketLimits, client_address, retry_after
from app.edge.plain_numbers import whole_number
from app.edge.security import socket_refusal
from app.play import fanout, messages
from app.play.hub import Hub
from app.play.rooms import Connection, Room

log = logging.getLogger(__name__)

router = APIRouter()

# Close codes (4000-4999 are the application's own).
CLOSE_UNKNOWN_LOBBY = 4404
CLOSE_UNAUTHORIZED = 4401
CLOSE_FOREIGN_ORIGIN = 4403
CLOSE_BAD_REQUEST = 4400
CLOSE_TOO_MANY = 4429

# Seconds a socket closed for flooding has to receive what was queued for it (its last error).
FLUSH_SECONDS = 1.0


class Seats(Protocol):
    """Who a token belongs to: (seat, name), or None for an unknown token."""

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None: ...


def lobby_cookie(code: str) -> str:
    return f"tt_{code}"


@router.websocket("/ws/{code}")
async def play_socket(websocket: WebSocket, code: str) -> None:
    hub: Hub = websocket.app.state.hub
    seats: Seats = websocket.app.state.seats
    limits: Limits = websocket.app.state.limits
    openings: Openings = websocket.app.state.openings
    address = client_address(websocket.scope)
    await websocket.accept()
    if not await _from_our_pages(websocket):
        return

    waiting = limits.take(limits.lookups, address)
    if waiting:
        wait = retry_after(waiting)
        message = f"too many lobby lookups from your address; try again in {wait} s"
        await _refuse(websocket, CLOSE_TOO_MANY, ErrorCode.TOO_MANY, message)
        return

    since_text = websocket.query_params.get("since")
    since: int | None = None
    if since_text is not None:
        since = whole_number(since_text, max_digits=12)
        if since is None:
            await _refuse(
                websocket, CLOSE_BAD_REQUEST, ErrorCode.BAD_INPUT, "since must be a number"
            )
            return

    seat: int | None = None
    name: str | None = None
    query_token = websocket.query_params.get("token")
    token = query_token or websocket.cookies.get(lobby_cookie(code))
    if token:
        async with openings.turn():
            found = await seats.seat_for_token(code, token)
        if found is None and query_token:
            await _refuse(websocket, CLOSE_UNAUTHORIZED, ErrorCode.UNAUTHORIZED, "unknown token")
            return
        if found is not None:
            seat, name = found  # a stale cookie alone makes a spectator, not an error

    crowded = limits.lobbies.enter(code, seat)
    if crowded is not None:
        await _refuse(websocket, CLOSE_TOO_MANY, ErrorCode.TOO_MANY, crowded)
        return
    try:
        conn = Connection(websocket.send_text, seat, name)
        await _play(websocket, hub, conn, code, since, limits.socket(address))
    finally:
        limits.lobbies.leave(code, seat)


async def _from_our_pages(websocket: WebSocket) -> bool:
    """Whether the socket comes from one of our pages (or from no page); else it is refused."""
    refusal = socket_refusal(websocket.scope, websocket.app.state.settings.allowed_origins)
    if refusal is None:
        return True
    await _refuse(websocket, CLOSE_FOREIGN_ORIGIN, ErrorCode.FORBIDDEN, refusal)
    return False


async def _play(
    websocket: WebSocket,
    hub: Hub,
    conn: Connection,
    code: str,
    since: int | None,
    limits: SocketLimits,
) -> None:
    """Join the lobby's room and pass the client's messages to the hub until either side goes."""
    openings: Openings = websocket.app.state.openings
    async with openings.turn():
        room = await hub.join(conn, code, since)
    if room is None:
        await _refuse(websocket, CLOSE_UNKNOWN_LOBBY, ErrorCode.NOT_FOUND, "no such lobby")
        return
    writer = asyncio.create_task(conn.pump())
    flooded: str | None = None  # why the socket is closed for sending too much
    try:
        while not conn.closed:
            receiving = asyncio.ensure_future(websocket.receive())
            done, _ = await asyncio.wait({receiving, writer}, return_when=asyncio.FIRST_COMPLETED)
            if writer in done:
                receiving.cancel()
                break
            frame = receiving.result()
            if frame["type"] == "websocket.disconnect":
                break
            if not limits.frame():
                flooded = "too many messages; slow down"
                conn.push(messages.error(ErrorCode.TOO_MANY, flooded))
                log.warning("closed a socket of %s to %s: %s", limits.address, code, flooded)
                break
            text = frame.get("text")
            if text is None:
                conn.push(messages.error(ErrorCode.BAD_INPUT, "messages must be JSON text frames"))
                continue
            message = _parsed(text)
            flooded = _too_many_syncs(limits, room, message)
            if flooded is not None:
                conn.push(messages.error(ErrorCode.TOO_MANY, flooded))
                log.warning("closed a socket of %s to %s: %s", limits.address, code, flooded)
                break
            refusal = _over_rate(limits, message)
            if refusal is not None:
                conn.push(refusal)
                continue
            await hub.receive(conn, room, text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.leave(conn, room, time.monotonic())  # the writer sends what is queued, then stops
        if flooded is None:
            writer.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(writer, FLUSH_SECONDS)
        with contextlib.suppress(Exception):
            if flooded is None:
                await websocket.close()
            else:
                await websocket.close(CLOSE_TOO_MANY, reason=flooded)


def _parsed(text: str) -> messages.Parsed | None:
    """The client's message, or None when it does not parse (the hub answers it with what is
    wrong)."""
    try:
        return messages.parse(text)
    except messages.BadMessage:
        return None


def _too_many_syncs(
    limits: SocketLimits, room: Room, message: messages.Parsed | None
) -> str | None:
    """Why the socket is closed, for a `sync` that would cost the server an answer past the
    socket's or the address's rate of syncs; None for any other message, and for a sync at
    the current seq (answered with nothing: app.play.fanout `holds_current`)."""
    if not isinstance(message, messages.SyncMessage) or fanout.holds_current(room, message.seq):
        return None
    if not limits.message("sync"):
        return None
    return "too many syncs; slow down"


def _over_rate(limits: SocketLimits, message: messages.Parsed | None) -> str | None:
    """The `error` for an action or chat line past its rate; None when the hub may have it
    (a message that does not parse too: the hub answers it with what is wrong; a sync has its
    own rate, `_too_many_syncs`)."""
    if message is None or isinstance(message, messages.SyncMessage):
        return None
    # An undo and a hint count as actions.
    kind = "action" if message.type in ("undo", "hint") else message.type
    waiting = limits.message(kind)
    if not waiting:
        return None
    what = "actions" if kind == "action" else "chat lines"
    ref = message.id if isinstance(message, messages.WithId) else None
    wait = retry_after(waiting)
    return messages.error(ErrorCode.TOO_MANY, f"too many {what}; try again in {wait} s", ref)


async def _refuse(websocket: WebSocket, close_code: int, error: str, message: str) -> None:
    """Tell the client why, and close. A client already gone (a page reconnecting in a loop
    drops its sockets at once) is no error: there is nobody left to tell."""
    try:
        await websocket.send_text(messages.error(error, message))
        await websocket.close(close_code, reason=message)
    except WebSocketDisconnect:
        pass
