"""The review on the pages (static/js/review.js): the result banner at the table and the replay
page list each person's costliest decisions as lines that open the replay at their step.

The review is written into the server's database beside the finished game (a review as a bot
of our own weighs it: the games' good bots are not what is tested here), as the server stores
one it computed. Screenshots at a desktop's and a phone's size go to artifacts/screens/."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.play import review
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.games import GameRecord, ReviewRecord
from app.store.tables.lobbies import Lobby
from tests.conftest import run
from tests.play.test_review import GAMES, played
from tests.play.test_review_ranking import Valuer

from .fixtures import SCREENS, bounded_context
from .recorded import Recorded, RecordedServer, recorded_server_fixture

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

SIZES = [(1280, 800), (375, 740)]
# Every game, each at one of the two sizes in turn (both sizes over the games; the banner and the
# replay page are the same script for every game).
CASES = [(game, SIZES[index % 2]) for index, game in enumerate(sorted(GAMES))]
SEATS = [{"name": "Ann", "bot": False}, {"name": "Bob", "bot": False}]


async def _store(database_url: str, code: str, players: list[dict[str, Any]]) -> None:
    engine = make_engine(database_url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            game_id = await session.scalar(
                select(GameRecord.id).join(Lobby).where(Lobby.code == code)
            )
            session.add(ReviewRecord(game_id=game_id, players=players))
    finally:
        await engine.dispose()


def reviewed(server: RecordedServer, game_id: str) -> tuple[Recorded, list[Any], int]:
    """A finished game of Ann and Bob with its review: the lobby, its players' moments, its
    number of steps."""
    seed, entries = played(game_id)
    game = GAMES[game_id]
    moves = [(seat, action) for seat, action, _ in entries]
    recorded = server.record(game_id, moves, seed, host_token=True)
    everyone = [(seat, action, None) for seat, action in moves]
    players = review.review(game, Valuer(), game.start(2, {}, seed), everyone, seed, SEATS)
    run(_store(server.database_url, recorded.code, players))
    assert players[0]["moments"] and players[1]["moments"], "a decision cost nothing"
    return recorded, players, len(moves)


def page_at(
    browser: Any, server: RecordedServer, recorded: Recorded, size: tuple[int, int]
) -> Page:
    context = bounded_context(
        browser, base_url=server.url, viewport={"width": size[0], "height": size[1]}
    )
    context.add_cookies(recorded.cookies(server.url))  # Ann's seat
    return context.new_page()


def step_shown(page: Page, step: int, steps: int) -> None:
    expect(page.locator("#replay-step")).to_have_text(f"Move {step} of {steps}")
    page.wait_for_function("step => window.tinkertable.replay.step === step", arg=step)


@pytest.mark.parametrize(("game", "size"), CASES, ids=[f"{g}-{w}" for g, (w, _) in CASES])
def test_the_reviews_first_moment_opens_the_replay_at_its_step(
    browser: Any, recorded_server: RecordedServer, game: str, size: tuple[int, int]
) -> None:
    recorded, players, steps = reviewed(recorded_server, game)
    moments = players[0]["moments"]  # Ann's, first: this browser holds her seat
    page = page_at(browser, recorded_server, recorded, size)
    try:
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.goto(f"/l/{recorded.code}")
        # The banner is drawn once more when the chart comes (the review's box moved into it):
        # wait for it, so that the links are not taken away while they are pressed.
        expect(page.locator("#result .score-chart")).to_be_visible()
        links = page.locator("#result #review .review-moments a")
        expect(links).to_have_count(sum(len(player["moments"]) for player in players))
        first = links.first
        expect(first).to_contain_text(f"Turn {moments[0]['turn']}: you ")
        expect(page.locator("#result #review")).to_contain_text("Bob")  # the other person's too
        first.scroll_into_view_if_needed()
        page.screenshot(
            path=SCREENS / f"review-banner-{game}-{size[0]}x{size[1]}.png", full_page=True
        )
        first.focus()
        page.keyboard.press("Enter")  # by the keyboard
        page.wait_for_url(f"**/l/{recorded.code}/replay?step={moments[0]['seq']}&seat=0")
        step_shown(page, moments[0]["seq"], steps)
        assert page.locator("#replay-seat").input_value() == "0"
        # On the replay page, a moment steps to its own in place.
        last = page.locator("#review .review-moments a").nth(len(moments) - 1)
        expect(last).to_be_visible()
        last.click()
        step_shown(page, moments[-1]["seq"], steps)
        assert f"step={moments[-1]['seq']}&seat=0" in page.url
        expect(last).to_have_attribute("aria-current", "step")  # the moment shown
        page.screenshot(
            path=SCREENS / f"review-replay-{game}-{size[0]}x{size[1]}.png", full_page=True
        )
    finally:
        page.context.close()


def test_a_moment_is_said_of_you(browser: Any, recorded_server: RecordedServer) -> None:
    context = bounded_context(browser, base_url=recorded_server.url)
    page = context.new_page()
    try:
        page.goto("/")
        said = page.evaluate(
            """async () => {
                const { asYou } = await import("/static/js/review.js");
                return ["has scored 12", "melds Pottery", "(Slappy) has schemed",
                        "(Moe Skeeto) discards Sticky Fingers", "touches a fan"].map(asYou);
            }"""
        )
        assert said == [
            "have scored 12",
            "meld Pottery",
            "(Slappy) have schemed",
            "(Moe Skeeto) discard Sticky Fingers",
            "touch a fan",
        ]
    finally:
        context.close()
