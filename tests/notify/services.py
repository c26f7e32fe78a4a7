"""Test doubles of the world outside: a push service, a browser's push subscription, and an
SMTP server's inbox (for aiosmtpd).

The push service is a plain HTTP server on 127.0.0.1 (a thread of its own): it keeps every
message posted to it and answers with the status the test sets. The subscription is what a
browser makes: a P-256 key pair and a 16-byte auth secret, so that the test decrypts what the
server sent (http_ece, RFC 8291) as a browser would.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from starlette.testclient import TestClient

from tests.play.tables import Table, Viewer


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Posted:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    url: str
    posted: list[Posted] = field(default_factory=list)
    status: int = 201


@contextmanager
def push_service() -> Iterator[PushService]:
    service = PushService("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            length = int(self.headers.get("content-length", "0"))
            body = self.rfile.read(length)
            headers = {key.lower(): value for key, value in self.headers.items()}
            service.posted.append(Posted(self.path, headers, body))
            self.send_response(service.status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class Browser:
    """A browser's subscription to the push service: its keys, and reading what comes."""

    def __init__(self, service: PushService, name: str = "browser") -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = f"{service.url}/push/{name}-{b64url(os.urandom(8))}"

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)},
        }

    def read(self, posted: Posted) -> dict[str, Any]:
        """The message as the browser decrypts it."""
        assert posted.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            posted.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def notified(client: TestClient) -> None:
    """Wait for every message the server is sending to have been sent."""
    assert client.portal is not None
    client.portal.call(client.app.state.alerts.idle)  # type: ignore[attr-defined]


def let_in_local_services(client: TestClient) -> None:
    """The server posts only to https push services on the internet; the test's is local."""
    alerts = client.app.state.alerts  # type: ignore[attr-defined]
    alerts.endpoint_refusal = lambda endpoint: None
    alerts.pusher.may_reach = lambda address: True


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def status(table: Table, seat: int) -> dict[str, Any]:
    answer = table.client.get(
        f"/api/lobbies/{table.code}/notify", headers=bearer(table.tokens[seat])
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(table: Table, watcher: Viewer, seat: int) -> None:
    """The seat takes its first legal action (connecting for it, unless it is the watcher's);
    `watcher` sees it."""
    assert watcher.view is not None and watcher.seq is not None
    target = watcher.seq + 1
    if seat == 0:
        mover = watcher
    else:
        mover = table.connect(seat)
        mover.until("snapshot")
    assert mover.view is not None and seat in mover.view["active"], mover.view
    mover.act(mover.view["legal"][0], ref=target)
    watcher.until_seq(target)
    if mover is not watcher:
        mover.until_seq(target)
        mover.close()


def until_turn_of(table: Table, watcher: Viewer, seat: int) -> None:
    """Play (the active seats' first legal actions) until the game turns to `seat`."""
    assert watcher.view is not None
    while seat in watcher.view["active"]:
        act(table, watcher, watcher.view["active"][0])
    while seat not in watcher.view["active"]:
        act(table, watcher, watcher.view["active"][0])


class Inbox:
    """The SMTP server's handler: every email it accepts."""

    def __init__(self) -> None:
        self.received: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.received.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"
