"""`Server-Timing: app;dur=MS` on every HTTP answer: the server's own time for the request, from
the moment the app has it to the start of the answer (what a benchmark or a browser's network
panel reads apart from the network and the client)."""

from __future__ import annotations

import time

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTimingMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()

        async def send_timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - began) * 1000
                MutableHeaders(scope=message).append("Server-Timing", f"app;dur={took:.2f}")
            await send(message)

        await self.app(scope, receive, send_timed)
