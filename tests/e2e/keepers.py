"""A page's way with a dropped connection, for websocket players (tests/e2e/players.py): when
the connection ends, connect again (through Caddy, to whichever app host it sends us to) with
`since=<seq>`, trying again every RETRY_SECONDS until it holds, and let the player play on.

A keeper notes when each connection was seen to end and when the player was back (caught up:
its barrier answered), so that a test can tell how long the seats were away.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import WebSocketException

from tests.e2e.players import Player, ProtocolFailure

RETRY_SECONDS = 0.25  # between two attempts to connect, as a page waits before it tries again
WATCH_SECONDS = 0.05  # how often the connection is looked at


@dataclass
class Keeper:
    player: Player
    ws_base: str
    code: str
    options: dict[str, Any]
    drops: list[float] = field(default_factory=list)  # time.monotonic() of each end seen
    backs: list[float] = field(default_factory=list)  # and of each return
    attempts: int = 0

    async def keep(self, stop: asyncio.Event) -> None:
        """Until `stop`: whenever the connection ends, connect again."""
        player = self.player
        while not stop.is_set():
            if player.connected:
                await asyncio.sleep(WATCH_SECONDS)
                continue
            self.drops.append(time.monotonic())
            if player.playing:  # its play loop lets go of the connection first
                await player.parked.wait()
            while not stop.is_set() and not await self._attempt():
                await asyncio.sleep(RETRY_SECONDS)
            if player.connected:
                self.backs.append(time.monotonic())
                player.release()

    async def _attempt(self) -> bool:
        """One reconnection; False when it failed (refused, or the connection ended before the
        player caught up), leaving the player disconnected."""
        player = self.player
        self.attempts += 1
        player.awaited.add(None)  # a refusal of the connection itself has no ref
        try:
            await player.reconnect(self.ws_base, self.code, **self.options)
            return True
        except (OSError, TimeoutError, WebSocketException, ProtocolFailure):
            await player.close()
            return False
        finally:
            player.awaited.discard(None)
            player.errors.pop(None, None)
