"""A TCP proxy in front of the database server that a test can cut and mend, so that the database
"goes away" for one server process without touching the PostgreSQL server other tests share.

- `cut("refuse")`: every open connection is closed and new ones are closed at once, as when the
  database server has stopped (the client sees its connections end and connecting fail).
- `cut("silent")`: nothing passes any more, but nothing is closed either, as when the network to
  the database is down (the client waits for answers that never come).
- `mend()`: new connections are forwarded again (connections cut silently stay dead).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Literal

Mode = Literal["open", "refuse", "silent"]
CHUNK = 64 * 1024


class DatabaseProxy:
    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self.upstream = (upstream_host, upstream_port)
        self.mode: Mode = "open"
        self.server: asyncio.Server | None = None
        self.port = 0
        self.links: set[Link] = set()
        self.handlers: set[asyncio.Task[None]] = set()  # one per accepted connection
        self.accepted = 0

    async def start(self, listener: socket.socket | None = None) -> int:
        """Listen on 127.0.0.1 (a port of its own), or on `listener`, a socket made elsewhere
        (on another host: tests/e2e/netns.py); the port."""
        if listener is not None:
            self.server = await asyncio.start_server(self._accept, sock=listener)
        else:
            self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    def cut(self, mode: Literal["refuse", "silent"]) -> None:
        self.mode = mode
        for link in list(self.links):
            if mode == "refuse":
                link.close()
            else:
                link.silence()

    def mend(self) -> None:
        self.mode = "open"

    async def close(self) -> None:
        for link in list(self.links):
            link.close()
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 5)
        if self.handlers:  # each ends once its link is closed
            await asyncio.wait(set(self.handlers), timeout=5)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        handler = asyncio.current_task()
        if handler is not None:
            self.handlers.add(handler)
            handler.add_done_callback(self.handlers.discard)
        if self.mode == "refuse":
            writer.close()
            return
        if self.mode == "silent":
            link = Link(reader, writer, None, None)
            link.silence()
        else:
            try:
                up_reader, up_writer = await asyncio.open_connection(*self.upstream)
            except OSError:
                writer.close()
                return
            link = Link(reader, writer, up_reader, up_writer)
        self.links.add(link)
        try:
            await link.run()
        finally:
            self.links.discard(link)
            link.close()


class Link:
    """One client connection and its connection upstream, copied both ways."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader | None,
        up_writer: asyncio.StreamWriter | None,
    ) -> None:
        self.ends = (reader, writer, up_reader, up_writer)
        self.silent = False
        self.closed = asyncio.Event()

    def silence(self) -> None:
        self.silent = True

    def close(self) -> None:
        for end in (self.ends[1], self.ends[3]):
            if end is not None:
                end.close()
        self.closed.set()

    async def run(self) -> None:
        reader, writer, up_reader, up_writer = self.ends
        copies = [asyncio.create_task(self._copy(reader, up_writer))]
        if up_reader is not None:
            copies.append(asyncio.create_task(self._copy(up_reader, writer)))
        closing = asyncio.create_task(self.closed.wait())
        await asyncio.wait([*copies, closing], return_when=asyncio.FIRST_COMPLETED)
        for task in [*copies, closing]:
            task.cancel()
        await asyncio.gather(*copies, closing, return_exceptions=True)

    async def _copy(
        self, source: asyncio.StreamReader, target: asyncio.StreamWriter | None
    ) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await source.read(CHUNK):
                if self.silent or target is None:
                    continue  # swallowed: the other side never hears of it
                target.write(data)
                await target.drain()
