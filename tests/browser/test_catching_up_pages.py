"""A table page whose view falls out of step with the server's catches up by itself
(static/js/table-connection.js, docs/protocol.md's `sync`): a patch that does not follow the one
before is answered by asking for what was missed, and a patch that does not apply to the page's view
(the view is not the server's) starts the page afresh from a snapshot, on a new connection without
`since`. Either way the page ends up showing the game as the other seat's page does.

The page's socket runs through Playwright's websocket routing, which drops or spoils one of the
server's patches on its way to the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute

from .pages import NewContext, click_a_control, create_game, join, seq, start, state

pytestmark = pytest.mark.browser

Spoil = Callable[[dict[str, Any]], dict[str, Any] | None]  # a patch -> what the page gets, or None


class Tampered:
    """The server's messages to a page, passed on as they are except one patch (the first after
    the game's first snapshot), which `spoil` changes or drops; the page's connections, as their
    URLs."""

    def __init__(self, page: Page, spoil: Spoil) -> None:
        self.spoil = spoil
        self.spoiled = False
        self.started = False
        self.urls: list[str] = []
        page.route_web_socket("**/ws/**", self.route)

    def route(self, socket: WebSocketRoute) -> None:
        self.urls.append(socket.url)
        server = socket.connect_to_server()
        socket.on_message(server.send)
        server.on_message(lambda message: self.pass_on(socket, message))

    def pass_on(self, socket: WebSocketRoute, message: str | bytes) -> None:
        parsed = json.loads(message)
        if parsed["type"] == "snapshot":
            self.started = True
        elif parsed["type"] == "patch" and self.started and not self.spoiled:
            self.spoiled = True
            changed = self.spoil(parsed)
            if changed is not None:
                socket.send(json.dumps(changed))
            return
        socket.send(message)


def two_at_the_table(new_context: NewContext, spoil: Spoil) -> tuple[Page, Page, Tampered]:
    """Ann hosts and goes first; Bob's socket is tampered with."""
    ann = new_context().new_page()
    link = create_game(ann, "Ann")
    bob = new_context().new_page()
    tampered = Tampered(bob, spoil)
    join(bob, link, "Bob")
    start(ann, bob)
    return ann, bob, tampered


def in_step(ann: Page, bob: Page) -> None:
    """Bob's page reaches Ann's seq, with the same game state."""
    bob.wait_for_function("n => window.tinkertable.client.seq === n", arg=seq(ann))
    assert state(bob) == state(ann)


def test_a_missed_patch_is_asked_for_again(new_context: NewContext) -> None:
    ann, bob, tampered = two_at_the_table(new_context, lambda patch: None)
    connections = len(tampered.urls)  # joining reloads the page: a connection before the seat's
    click_a_control(ann)  # its patch never reaches Bob's page
    click_a_control(ann)  # this one does: one seq too far
    in_step(ann, bob)  # (Playwright hands the page's messages to Tampered while it waits)
    assert tampered.spoiled
    assert len(tampered.urls) == connections, "the page caught up on its own connection"


def test_a_patch_that_does_not_apply_starts_the_page_afresh(new_context: NewContext) -> None:
    def spoil(patch: dict[str, Any]) -> dict[str, Any]:
        return {**patch, "ops": [{"op": "replace", "path": "/no/such/part", "value": 1}]}

    ann, bob, tampered = two_at_the_table(new_context, spoil)
    connections = len(tampered.urls)
    click_a_control(ann)
    in_step(ann, bob)
    assert tampered.spoiled
    click_a_control(ann)  # and it plays on from there
    in_step(ann, bob)
    assert len(tampered.urls) == connections + 1, tampered.urls
    assert "since=" not in tampered.urls[-1], "a fresh start asks for a snapshot, not patches"
