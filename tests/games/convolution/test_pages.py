"""Convolution in real browsers: the home page, the lobby, a whole game, a spectator, a phone, a
lost connection, a refused action, and names and chat that try to inject markup.

Each player is a browser context of its own (seat cookies are HttpOnly and per lobby); the
spectator is a context that opens the invite link without joining.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    CLICKABLE,
    NewContext,
    join,
    my_turn,
    new_table,
    seq,
    start,
    state,
    wait_live,
    wait_seq,
)

pytestmark = pytest.mark.browser

MOVES = 27  # 9 rolls and 18 scores
PHONE = {"width": 375, "height": 740}


# --- helpers ------------------------------------------------------------------------------------


def result_text(page: Page) -> str:
    """The result box's text without its controls (players get a "Play again" button, the
    spectator does not)."""
    return page.evaluate(
        """() => [...document.getElementById("result").children]
            .filter((child) => !child.matches(".result-actions, button, a"))
            .map((child) => child.innerText).join("\\n")"""
    )


def create_game(page: Page, name: str, first: str | None = "host") -> str:
    """Start a Convolution lobby from the home page; the invite link."""
    options = {"Who goes first": first} if first is not None else {}
    new_table(page, "convolution", name, options=options)
    invite = page.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"^https?://.+/l/[^/]+$"))
    link = invite.input_value()
    assert link == page.url
    return link


def two_player_game(new_context: NewContext, **host_options: Any) -> tuple[Page, Page, str]:
    """Ann hosts (and goes first), Bob joins, the game starts: (Ann's page, Bob's page, link)."""
    ann = new_context(**host_options).new_page()
    link = create_game(ann, "Ann")
    bob = new_context().new_page()
    join(bob, link, "Bob")
    start(ann, bob)
    return ann, bob, link


def active_page(players: list[Page]) -> Page:
    """The one player page that offers clickable actions (the one whose turn it is); the others
    offer none."""
    counts = [page.locator(CLICKABLE).count() for page in players]
    movers = [page for page, count in zip(players, counts, strict=True) if count]
    assert len(movers) == 1, f"clickable actions on {len(movers)} pages: {counts}"
    assert [my_turn(page) for page in players] == [page is movers[0] for page in players]
    return movers[0]


def move(players: list[Page], watchers: list[Page], choice: int) -> Page:
    """The active player clicks its `choice`-th action (modulo the count); every page catches up.
    Returns the page that moved."""
    mover = active_page(players)
    before = seq(mover)
    assert before is not None
    buttons = mover.locator(CLICKABLE)
    buttons.nth(choice % buttons.count()).click()
    for page in (mover, *[p for p in players if p is not mover], *watchers):
        wait_seq(page, before + 1)
    return mover


# --- tests --------------------------------------------------------------------------------------


def test_two_players_play_a_whole_game_and_a_spectator_watches(
    new_context: NewContext, artifacts: Path
) -> None:
    ann = new_context().new_page()
    ann.goto("/")
    expect(ann.locator("#game-convolution")).to_be_visible()
    ann.screenshot(path=artifacts / "home.png", full_page=True)
    link = create_game(ann, "Ann")
    expect(ann.locator("#seats")).to_contain_text("Ann")
    expect(ann.locator("#start")).to_be_disabled()

    bob = new_context().new_page()
    join(bob, link, "Bob")
    expect(ann.locator("#seats")).to_contain_text("Bob")
    expect(bob.locator("#seats")).to_contain_text("Ann")
    ann.screenshot(path=artifacts / "lobby.png", full_page=True)
    start(ann, bob)

    # The spectator's first load of the game page: count the bytes of every response.
    spectator = new_context().new_page()
    responses: list[Any] = []
    spectator.on("response", lambda response: responses.append(response))
    spectator.goto(link)
    spectator.wait_for_function("() => window.tinkertable && window.tinkertable.client.view")
    spectator.wait_for_load_state("networkidle")
    loaded = 0
    for response in responses:
        if 300 <= response.status < 400:
            continue  # a redirect has no body
        loaded += len(response.body())
    print(
        f"\nfirst load of the game page /l/{{code}}: {len(responses)} responses, {loaded} bytes: "
        + ", ".join(re.sub(r"^https?://[^/]+", "", r.url) for r in responses)
    )
    expect(spectator.locator("#game")).to_be_visible()
    expect(spectator.locator("#join")).to_be_hidden()
    expect(spectator.locator("#chat-form")).to_have_count(0)

    players = [ann, bob]
    moves = 0
    while not ann.locator("#result").is_visible():
        assert moves < MOVES, "the game did not end after 27 moves"
        move(players, [spectator], moves)
        moves += 1
        for page in players:
            if not my_turn(page):
                assert page.locator(CLICKABLE).count() == 0
        assert spectator.locator("[data-action]").count() == 0
        if moves == 13:
            ann.screenshot(path=artifacts / "game-midway.png", full_page=True)
    assert moves == MOVES

    pages = [ann, bob, spectator]
    for page in pages:
        expect(page.locator("#result")).to_be_visible()
        assert page.locator("[data-action]").count() == 0
    texts = [result_text(page) for page in pages]
    assert texts[0].strip() and texts[0] == texts[1] == texts[2]
    assert "won" in texts[0].lower()
    results = [page.evaluate("() => window.tinkertable.client.view.result") for page in pages]
    assert results[0] and results[0] == results[1] == results[2]
    states = [state(page) for page in pages]
    assert states[0] == states[1] == states[2]
    assert len({seq(page) for page in pages}) == 1
    ann.screenshot(path=artifacts / "result.png", full_page=True)
    spectator.screenshot(path=artifacts / "spectator.png", full_page=True)

    # The replay, from the spectator's page: it opens at the end and steps back to the start.
    spectator.locator("#watch-replay").click()
    spectator.wait_for_function("() => window.tinkertable?.replay?.step === 27")
    assert spectator.evaluate("() => window.tinkertable?.replay?.view.state") == states[0]
    spectator.locator("#replay-back").click()
    spectator.wait_for_function("() => window.tinkertable?.replay?.step === 26")
    spectator.locator("#replay-first").click()
    spectator.wait_for_function("() => window.tinkertable?.replay?.step === 0")
    expect(spectator.locator("#replay-step")).to_have_text("Move 0 of 27")
    expect(spectator.locator("#board")).to_contain_text("No dice rolled yet")
    expect(spectator.locator("#replay-back")).to_be_disabled()
    spectator.locator("#replay-forward").click()
    spectator.wait_for_function("() => window.tinkertable?.replay?.step === 1")
    spectator.locator("#replay-seat").select_option("1")
    spectator.wait_for_function("() => window.tinkertable?.replay?.view.you === 1")
    assert spectator.locator("[data-action]").count() == 0
    # Clicks faster than the answers (four before the first is answered): one step asked at a
    # time (the server's limit per address), each click counted, never a "too many".
    spectator.evaluate(
        "() => { for (const _ of [1, 2, 3, 4]) document.getElementById('replay-forward').click() }"
    )
    spectator.wait_for_function("() => window.tinkertable?.replay?.step === 5")
    expect(spectator.locator("#replay-step")).to_have_text("Move 5 of 27")
    expect(spectator.locator("#replay-error")).to_be_hidden()  # never a "too many"
    spectator.screenshot(path=artifacts / "replay.png", full_page=True)

    # Play again: Ann opens the next lobby; Bob's page offers to join it.
    ann_url = ann.url
    ann.locator("#play-again").click()
    ann.wait_for_url(lambda url: re.search(r"/l/[0-9a-z]{13}$", url) and url != ann_url)
    expect(ann.locator("#seats li.held")).to_contain_text("Held for Bob until")
    expect(bob.locator("#play-again")).to_have_text("Join the next game")
    bob.locator("#play-again").click()
    bob.wait_for_url(ann.url)
    expect(ann.locator("#seats li.held")).to_have_count(0)
    expect(ann.locator("#seats")).to_contain_text("Bob")
    expect(ann.locator("#start")).to_be_enabled()


def test_a_phone_sized_window_can_play(new_context: NewContext, artifacts: Path) -> None:
    ann, bob, _ = two_player_game(
        new_context, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    players = [ann, bob]
    checked = 0
    for choice in range(8):
        if active_page(players) is ann:
            buttons = ann.locator(CLICKABLE)
            for index in range(buttons.count()):
                box = buttons.nth(index).bounding_box()
                assert box is not None
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (
                    f"{buttons.nth(index).get_attribute('aria-label')} is outside the screen: {box}"
                )
                checked += 1
            width = ann.evaluate("() => document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the page scrolls sideways: {width}px wide"
        move(players, [], choice)
    assert checked > 1
    ann.screenshot(path=artifacts / "phone.png", full_page=True)


def test_no_empty_gap_above_the_sheet_on_a_desktop(new_context: NewContext) -> None:
    """With nothing to roll, the sheet follows the dice at once (an empty bar for the roll's
    button once left 3.5 rem of nothing above it)."""
    ann, bob, _ = two_player_game(new_context, viewport={"width": 1280, "height": 800})
    expect(ann.get_by_role("button", name="Roll the dice")).to_be_visible()
    expect(ann.locator("#prompt")).to_have_text("Roll the dice")  # the bar says it too
    move([ann, bob], [], 0)  # Ann rolls; now she scores
    expect(ann.locator("#prompt")).to_have_text("Choose a category to score")
    expect(ann.locator("#board .dice")).to_be_visible()
    dice = ann.locator("#board .dice").bounding_box()
    sheet = ann.locator("#board .sheet").bounding_box()
    assert dice is not None and sheet is not None
    gap = sheet["y"] - (dice["y"] + dice["height"])
    assert 0 <= gap <= 16, f"{gap}px between the dice and the sheet"


def test_a_lost_connection_recovers(new_context: NewContext) -> None:
    ann, bob, _ = two_player_game(new_context)
    players = [ann, bob]
    while active_page(players) is ann:  # Ann rolls and scores turn 1; then it is Bob's turn
        move(players, [], 0)

    # Offline, so that Ann's reconnection attempts fail until Bob has moved.
    ann.context.set_offline(True)
    ann.evaluate("() => window.tinkertable.drop()")
    connection = ann.locator("#connection")
    expect(connection).to_be_visible()
    expect(connection).to_contain_text("Reconnecting")
    assert not ann.evaluate("() => window.tinkertable.client.live")

    held = seq(ann)
    assert held is not None
    buttons = bob.locator(CLICKABLE)
    buttons.first.click()
    wait_seq(bob, held + 1)
    assert seq(ann) == held, "the dropped page moved on while it was away"
    ann.context.set_offline(False)

    expect(connection).to_be_hidden(timeout=60_000)
    wait_live(ann)
    wait_seq(ann, held + 1)
    assert state(ann) == state(bob)
    expect(ann.locator("#table")).not_to_have_class(re.compile(r"\boffline\b"))

    # The board still works: play on until Ann moves, from both pages.
    mover = move(players, [], 1)
    while mover is not ann:
        mover = move(players, [], 0)
    assert seq(ann) == seq(bob)
    assert state(ann) == state(bob)


def test_a_refused_action_shows_the_servers_message(new_context: NewContext) -> None:
    ann, bob, _ = two_player_game(new_context)
    assert active_page([ann, bob]) is ann  # the host goes first
    before = seq(ann)
    assert seq(bob) == before
    expect(bob.locator("#refused")).to_be_hidden()

    bob.evaluate("() => window.tinkertable.act({type: 'roll'})")
    refused = bob.locator("#refused")
    expect(refused).to_be_visible()
    expect(refused).to_have_attribute("role", "alert")
    expect(refused).to_contain_text("not a legal action")
    assert refused.inner_text().strip()

    assert seq(ann) == before and seq(bob) == before
    assert state(ann) == state(bob)
    assert bob.locator(CLICKABLE).count() == 0
    expect(ann.locator("#refused")).to_be_hidden()
    assert ann.locator(CLICKABLE).count() == 1  # Ann can still roll


def test_script_injection_in_a_name_and_chat_is_shown_as_text(new_context: NewContext) -> None:
    # Names hold at most 32 characters, so the brief's 34-character
    # `<img src=x onerror=window.pwned=1>` would be refused; this one does the same.
    name = "<img src=x onerror=pwned=1>"
    line = "<script>window.pwned=2</script>"
    ann = new_context().new_page()
    link = create_game(ann, "Ann")
    bob = new_context().new_page()
    join(bob, link, name)

    for page in (ann, bob):
        expect(page.locator("#seats")).to_contain_text(name)
        assert page.locator("#seats img").count() == 0

    bob.locator("#chat-text").fill(line)
    bob.locator("#chat-form").get_by_role("button", name="Send").click()
    for page in (ann, bob):
        expect(page.locator("#chat")).to_contain_text(f"{name}: {line}")
        assert page.locator("#chat script, #chat img").count() == 0

    bob.reload()  # the seats as the server renders them
    wait_live(bob)
    expect(bob.locator("#seats")).to_contain_text(name)
    start(ann, bob)
    for page in (ann, bob):
        expect(page.locator("#players")).to_contain_text(name)
        expect(page.locator("#board")).to_contain_text(name)
        assert page.locator("#game img, #game script").count() == 0
        assert page.evaluate("() => typeof window.pwned") == "undefined"


def test_the_api_explorer_works_under_the_content_security_policy(
    new_context: NewContext,
) -> None:
    page = new_context().new_page()
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tinkertable")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert refused == []


def test_a_reload_and_a_second_tab_keep_the_seat(new_context: NewContext) -> None:
    ann_context = new_context()
    ann = ann_context.new_page()
    link = create_game(ann, "Ann")
    bob = new_context().new_page()
    join(bob, link, "Bob")
    start(ann, bob)
    assert my_turn(ann)  # Ann goes first

    ann.reload()
    wait_live(ann)
    assert ann.evaluate("() => window.tinkertable.client.view.you") == 0
    expect(ann.locator(CLICKABLE)).to_have_count(1)  # "Roll the dice", hers to press

    second_tab = ann_context.new_page()
    second_tab.goto(link)
    wait_live(second_tab)
    assert second_tab.evaluate("() => window.tinkertable.client.view.you") == 0
    expect(second_tab.locator("#join")).to_have_count(0)
    second_tab.locator(CLICKABLE).first.click()  # roll from the second tab
    for page in (ann, bob, second_tab):
        wait_seq(page, 1)
    assert state(ann) == state(second_tab) == state(bob)
