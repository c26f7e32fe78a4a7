"""The websocket endpoint `/ws/{code}`: authenticate, then hand the connection to the hub."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.play import messages
from app.play.hub import Connection, Hub

router = APIRouter()

# Close codes (4000-4999 are the application's own).
CLOSE_UNKNOWN_LOBBY = 4404
CLOSE_UNAUTHORIZED = 4401
CLOSE_BAD_REQUEST = 4400


class Seats(Protocol):
    """Who a token belongs to: (seat, name), or None for an unknown token."""

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None: ...


def lobby_cookie(code: str) -> str:
    return f"tt_{code}"


@router.websocket("/ws/{code}")
async def play_socket(websocket: WebSocket, code: str) -> None:
    hub: Hub = websocket.app.state.hub
    seats: Seats = websocket.app.state.seats
    await websocket.accept()

    since_text = websocket.query_params.get("since")
    since: int | None = None
    if since_text is not None:
        if not since_text.isdigit() or len(since_text) > 12:
            await _refuse(websocket, CLOSE_BAD_REQUEST, "bad_input", "since must be a number")
            return
        since = int(since_text)

    seat: int | None = None
    name: str | None = None
    query_token = websocket.query_params.get("token")
    token = query_token or websocket.cookies.get(lobby_cookie(code))
    if token:
        found = await seats.seat_for_token(code, token)
        if found is None and query_token:
            await _refuse(websocket, CLOSE_UNAUTHORIZED, "unauthorized", "unknown token")
            return
        if found is not None:
            seat, name = found  # a stale cookie alone makes a spectator, not an error

    conn = Connection(websocket.send_text, seat, name)
    room = await hub.join(conn, code, since)
    if room is None:
        await _refuse(websocket, CLOSE_UNKNOWN_LOBBY, "not_found", "no such lobby")
        return
    writer = asyncio.create_task(conn.pump())
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
            text = frame.get("text")
            if text is None:
                conn.push(messages.error("bad_input", "messages must be JSON text frames"))
                continue
            await hub.receive(conn, room, text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.leave(conn, room, time.monotonic())
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer
        with contextlib.suppress(Exception):
            await websocket.close()


async def _refuse(websocket: WebSocket, close_code: int, error: str, message: str) -> None:
    await websocket.send_text(messages.error(error, message))
    await websocket.close(close_code, reason=message)
