"""A host restarts the server mid-game (issue 20): the pages say so, come back by themselves
with what they hold, and the game plays on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.servers import free_port
from tests.registered import a_game

from .fixtures import bounded_context, serving
from .pages import join, new_table, seq, start, wait_live, wait_seq

pytestmark = pytest.mark.browser


def act_first_legal(pages: list[Page]) -> None:
    """The seat the game waits on takes its first legal action."""
    for page in pages:
        if page.evaluate("() => window.tinkertable.client.view.legal.length > 0"):
            page.evaluate("() => window.tinkertable.act(window.tinkertable.client.view.legal[0])")
            return
    raise AssertionError("no seat has an action to take")


def test_a_restart_tells_the_pages_and_the_game_plays_on(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    contexts = []
    try:
        with serving(tmp_path, port=port) as url:
            for _ in range(2):
                contexts.append(bounded_context(browser, base_url=url))
            ann, bob = (context.new_page() for context in contexts)
            link = new_table(ann, a_game(players=2), "Ann")
            join(bob, link, "Bob")
            start(ann, bob)
            act_first_legal([ann, bob])
            wait_seq(ann, 1)
            wait_seq(bob, 1)
        # The server stopped as a host's restart stops it (SIGTERM): every page is told.
        for page in (ann, bob):
            expect(page.locator("#connection")).to_contain_text("Server restarting")
        with serving(tmp_path, port=port):
            for page in (ann, bob):
                wait_live(page)
                expect(page.locator("#connection")).to_be_hidden()
                assert seq(page) == 1
            act_first_legal([ann, bob])
            wait_seq(ann, 2)
            wait_seq(bob, 2)
    finally:
        for context in contexts:
            context.close()
