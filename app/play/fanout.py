"""Fan-out: what each viewer of a room is sent, made once per viewer whatever their sockets.

After each accepted action every viewer the room follows (`Room.followed`) gets its rules view
made once, and a `patch` against the view it was last sent; the patches are kept in a bounded
buffer, so that a client that reconnects with `since=N` or sends `sync` is caught up with the
patches it missed, and any other gets a snapshot (each viewer's encoded once per position). A
client that holds the current view already is sent nothing (`holds_current`): that answer costs
nothing, so a `sync` counts against its own rate only when it costs something (app/edge/limits.py).
"""

from __future__ import annotations

from typing import Any

from app.play import messages
from app.play.patches import diff
from app.play.rooms import Connection, Room, Viewer
from app.play.runner import Position
from app.play.table import takebacks
from app.play.views import full_view, name_seats, rules_view


def _rules_view(room: Room, viewer: Viewer) -> dict[str, Any]:
    """The game's rules view plus the table's: `clocks`, `timeouts`, the latest decisions a
    bot made for someone whose time had run out, and `undo`, whether the viewer may take back
    their last action now."""
    assert room.position is not None
    position = room.position
    names = position.names
    view = rules_view(position.game, position.state, viewer, names)
    view["clocks"] = position.clocks.view() if position.clocks is not None else None
    view["timeouts"] = [
        f"{names[seat]} ran out of time, so a bot played for them: {name_seats(did, names)}"
        for _seq, seat, did in position.timeouts
    ]
    view["undo"] = _may_undo(room, position, viewer)
    return view


def _may_undo(room: Room, position: Position, viewer: Viewer) -> bool:
    """A person's seat at a table with take-backs, whose last action is the game's latest and
    may be taken back (app.play.fold); never a bot's seat, a spectator, or a finished game."""
    if viewer is None or position.seats[viewer].get("bot"):
        return False
    if not takebacks(room.info.public.get("options", {})) or position.game.result(position.state):
        return False
    return position.folded.may_undo(viewer)


def _view(room: Room, viewer: Viewer) -> dict[str, Any]:
    """The viewer's rules view at the room's position, made once per position."""
    view = room.views.get(viewer)
    if view is None:
        view = room.views[viewer] = _rules_view(room, viewer)
    return view


def snapshot(room: Room, viewer: Viewer, now: float) -> str:
    """The viewer's `snapshot` of the room's game; `now`, the server's time, lets a page run
    the clocks on the server's time."""
    assert room.position is not None
    seq, players = room.position.seq, room.players()
    cached = room.snapshots.get(viewer)
    if cached is None or cached[0] != seq or cached[1] != players:
        view = messages.dump(full_view(_view(room, viewer), players))
        cached = room.snapshots[viewer] = (seq, players, view)
    return messages.snapshot(seq, cached[2], now)


def snapshot_all(room: Room, now: float) -> None:
    """Every connection gets a snapshot (the game started, or was loaded again)."""
    for conn in room.connections:
        conn.push(snapshot(room, conn.seat, now))


def holds_current(room: Room, seq: int) -> bool:
    """Whether a client holding the view at `seq` has nothing to catch up on: it holds the
    current view, or there is no game yet (its snapshot comes when the game starts). Such a
    `sync` is answered with nothing, and costs neither a view nor a snapshot: every later
    position reaches the client as a patch, as it reaches everyone."""
    return room.position is None or seq == room.position.seq


def catch_up(room: Room, conn: Connection, since: int | None, now: float) -> None:
    """Bring a client holding the view at `since` to the current view: the patches it
    missed while the buffer holds them (each encoded once, when it was published), else a
    snapshot (a `since` before the buffer, or ahead of the game, or of a viewer the room did
    not follow then)."""
    if room.position is None:
        return
    seq = room.position.seq
    if since == seq:
        return
    if since is not None and since < seq and room.buffer and room.buffer[0][0] <= since + 1:
        start = since + 1 - room.buffer[0][0]
        patches = [room.buffer[index][1] for index in range(start, len(room.buffer))]
        if all(conn.seat in texts for texts in patches):  # else nobody watched this viewer
            for texts in patches:
                conn.push(texts[conn.seat])
            return
    conn.push(snapshot(room, conn.seat, now))


def publish(room: Room, position: Position, now: float) -> None:
    """Make `position` current and send every connection its patch for it: one view and
    one patch per viewer followed, whatever their number of connections."""
    room.announce_pending_presence()
    room.position = position
    texts: dict[Viewer, str] = {}
    views: dict[Viewer, dict[str, Any]] = {}
    for viewer in room.followed():
        views[viewer] = _rules_view(room, viewer)
        before = room.views.get(viewer)
        if before is not None:
            texts[viewer] = messages.patch(position.seq, diff(before, views[viewer]))
    room.views = views
    room.buffer.append((position.seq, texts))
    while len(room.buffer) > room.buffer_size:
        room.buffer.popleft()
    for conn in room.connections:
        text = texts.get(conn.seat)
        conn.push(text if text is not None else snapshot(room, conn.seat, now))
