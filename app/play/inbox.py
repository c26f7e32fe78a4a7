"""A client's messages to the room it joined (PROTOCOL.md): an action and an undo go to the
referee through the hub (`Hub.act`, the one way into a game), a hint to app.play.hints (the
hub's `on_hint`), a sync is answered from the room's buffer (app.play.fanout), a chat line is
kept and sent to all. Anything else is answered with the error that says what was wrong."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from app.edge.error_codes import ErrorCode
from app.games.core import Action, Seat
from app.play import fanout, messages
from app.play.listeners import Listeners
from app.play.referee import Referee, Refusal
from app.play.rooms import Connection, Directory, Room

log = logging.getLogger(__name__)


class Hub(Protocol):
    """What the hub (app.play.hub) lends its inbox."""

    directory: Directory
    referee: Referee
    on_hint: Listeners[Connection, Room, messages.HintMessage]
    now: Callable[[], float]

    async def act(self, room: Room, seat: Seat, action: Action) -> Refusal | None: ...


def _no_hints(conn: Connection, room: Room, message: messages.HintMessage) -> None:
    conn.push(messages.error(ErrorCode.UNAVAILABLE, "this server gives no hints", message.id))


async def receive(hub: Hub, conn: Connection, room: Room, text: str) -> None:
    room.announce_pending_presence()
    try:
        message = messages.parse(text)
    except messages.BadMessage as bad:
        conn.push(messages.error(bad.code, bad.message, bad.ref))
        return
    if isinstance(message, messages.ActionMessage):
        await _action(hub, conn, room, message)
    elif isinstance(message, messages.UndoMessage):
        await _undo(hub, conn, room, message)
    elif isinstance(message, messages.HintMessage):
        if hub.on_hint:
            hub.on_hint(conn, room, message)
        else:
            _no_hints(conn, room, message)
    elif isinstance(message, messages.SyncMessage):
        await _sync(hub, conn, room, message.seq)
    else:
        await _chat(hub, conn, room, message.text)


async def _sync(hub: Hub, conn: Connection, room: Room, seq: int) -> None:
    """Answer a client that says it holds the view at `seq`: with nothing when that is the
    current view, without waiting for the room (an action being recorded reaches this
    client as a patch, as it reaches everyone; answered after it, the sync would send that
    patch twice); else with the patches since `seq`, or a snapshot (app.play.fanout)."""
    if fanout.holds_current(room, seq):
        return
    async with room.lock:
        fanout.catch_up(room, conn, seq, hub.now())


async def _chat(hub: Hub, conn: Connection, room: Room, text: str) -> None:
    if conn.name is None:
        conn.push(messages.error(ErrorCode.FORBIDDEN, "join the lobby to chat"))
        return
    try:
        at = await hub.directory.save_chat(room.code, conn.name, text)
    except SQLAlchemyError:
        log.exception("could not save a chat line")
        conn.push(messages.error(ErrorCode.UNAVAILABLE, "the database is unavailable; try again"))
        return
    room.broadcast(messages.chat(conn.name, text, at))


async def _action(hub: Hub, conn: Connection, room: Room, message: messages.ActionMessage) -> None:
    if conn.seat is None:
        conn.push(messages.error(ErrorCode.FORBIDDEN, "spectators cannot act", message.id))
        return
    refused = await hub.act(room, conn.seat, message.action)
    if refused is not None:
        conn.push(messages.error(refused.code, refused.message, message.id))


async def _undo(hub: Hub, conn: Connection, room: Room, message: messages.UndoMessage) -> None:
    if conn.seat is None:
        conn.push(messages.error(ErrorCode.FORBIDDEN, "spectators cannot undo", message.id))
        return
    refused = await hub.referee.undo(room, conn.seat)
    if refused is not None:
        conn.push(messages.error(refused.code, refused.message, message.id))
