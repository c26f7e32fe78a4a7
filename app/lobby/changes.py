"""A lobby's change told to the hub (which tells its sockets and the other processes), and the
lobby as the API answers it: with whose seats are connected here."""

from __future__ import annotations

from typing import Any

from app.lobby.rows import LobbyRow
from app.lobby.store import LobbyStore
from app.play.hub import Hub
from app.play.lobby_message import with_connected


def connected(hub: Hub, public: dict[str, Any]) -> dict[str, Any]:
    """The lobby as the API answers it (`LobbyStore.public`), with who is connected."""
    return with_connected(public, hub.connected_seats(public["code"]))


async def changed(hub: Hub, store: LobbyStore, lobby: LobbyRow) -> dict[str, Any]:
    """Tell the hub of the lobby as a change left it; the lobby as the API answers it."""
    info = store.info(lobby)
    await hub.lobby_changed(lobby.code, info=info)
    return connected(hub, info.public)
