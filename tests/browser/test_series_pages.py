"""The home page's "Your games" by this browser's player key (the finished games with their
replays, the latest first, ten a page and "Older games"), the result banner's series line (at
the table and on the replay), and the lobby of the next game with the series so far: in a real
browser at a desktop's and a phone's size, with screenshots (artifacts/screens/, as
fixtures.py's `shoot` saves them)."""

from __future__ import annotations

import json
import secrets
import urllib.request
from datetime import timedelta
from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import select, update

from app.lobby.keys import KEY_COOKIE, hash_key
from app.store.db import make_engine, utcnow
from app.store.tables.games import GameRecord
from app.store.tables.lobbies import Lobby, Player
from tests.conftest import run
from tests.play.test_off_loop import GAMES, NAMES, random_game
from tests.registered import a_game

from .fixtures import bounded_context, shoot
from .recorded import RecordedServer, recorded_server_fixture
from .test_home_pages import OVERFLOW, fits_the_hand

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

ENDED = 11  # finished games of Ann's: a page of ten, and one older


async def _as_played(database_url: str, codes: list[str], key: str) -> None:
    """Ann's seats (seat 0) of `codes` taken with the player key `key`; the games ended a
    minute apart, in order; the last three a series of "Play again"."""
    engine = make_engine(database_url)
    start = utcnow() - timedelta(hours=1)
    try:
        async with engine.begin() as connection:
            for index, code in enumerate(codes):
                lobby_id = await connection.scalar(select(Lobby.id).where(Lobby.code == code))
                await connection.execute(
                    update(Player)
                    .where(Player.lobby_id == lobby_id, Player.seat == 0)
                    .values(key_hash=hash_key(key))
                )
                await connection.execute(
                    update(GameRecord)
                    .where(GameRecord.lobby_id == lobby_id)
                    .values(finished_at=start + timedelta(minutes=index))
                )
            first, second, third = codes[-3:]
            series = {first: (None, 1, second), second: (first, 2, third), third: (first, 3, None)}
            for code, (series_code, number, next_code) in series.items():
                await connection.execute(
                    update(Lobby)
                    .where(Lobby.code == code)
                    .values(series_code=series_code, series_number=number, next_code=next_code)
                )
    finally:
        await engine.dispose()


def lobby_at(server: RecordedServer, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/lobbies/{code}") as answer:
        return json.load(answer)


def score_words(series: dict[str, Any]) -> str:
    return " - ".join(f"{entry['name']} {entry['wins']}" for entry in series["score"])


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_your_games_the_banner_s_series_and_the_next_lobby(
    browser: Any, recorded_server: RecordedServer, width: int, height: int
) -> None:
    game = GAMES[a_game(players=2)]
    seed, moves = random_game(game.id, 1)
    recorded = [recorded_server.record(game.id, moves, seed, host_token=True) for _ in range(ENDED)]
    state = game.start(2, {}, seed)
    for seat, action in moves:
        state = game.apply(state, seat, action)
    result = game.result(state)
    assert result is not None
    winners = " and ".join(NAMES[seat] for seat in result.winners)
    won = f"{winners} won" if winners else "nobody won"
    codes = [game.code for game in recorded]
    key = secrets.token_urlsafe(32)
    run(_as_played(recorded_server.database_url, codes, key))
    context = bounded_context(
        browser, base_url=recorded_server.url, viewport={"width": width, "height": height}
    )
    try:
        context.add_cookies(
            [
                {"name": KEY_COOKIE, "value": key, "url": recorded_server.url},
                *recorded[-1].cookies(recorded_server.url),
            ]
        )
        page = context.new_page()

        # "Your games": the latest ten, each with its replay; the eleventh under "Older games".
        page.goto("/")
        listed = page.locator("#your-finished .your-finished-game")
        expect(listed).to_have_count(10)  # nothing going on: shown unfolded
        newest_first = codes[::-1]
        for index in range(10):
            item = listed.nth(index)
            expect(item).to_contain_text(f"{game.name} with Bob: {won}")
            expect(item.locator(".your-game-link")).to_have_attribute(
                "href", f"/l/{newest_first[index]}"
            )
            expect(item.locator(".your-game-replay")).to_have_attribute(
                "href", f"/l/{newest_first[index]}/replay"
            )
        older = page.locator("#your-games-older")
        expect(older).to_be_visible()
        fits_the_hand(page)
        shoot(page, "home-your-games")
        older.click()
        expect(listed).to_have_count(ENDED)
        expect(listed.nth(ENDED - 1).locator(".your-game-replay")).to_have_attribute(
            "href", f"/l/{codes[0]}/replay"
        )
        expect(older).to_be_hidden()
        listed.nth(0).locator(".your-game-replay").click()
        expect(page).to_have_url(f"{recorded_server.url}/l/{codes[-1]}/replay")

        # The banner of the series' third game, on its replay and at its table: the score
        # after it.
        series = lobby_at(recorded_server, codes[-1])["series"]
        assert series["number"] == 3 and series["played"] == 3
        after = f"Series after 3 games: {score_words(series)} in {game.name}"
        line = page.locator("#result #result-series")
        expect(line).to_have_text(after)  # the replay opens at the end
        assert page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
        shoot(page, "replay-series-end")
        page.goto(f"/l/{codes[-1]}")
        expect(line).to_have_text(after)
        assert page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
        shoot(page, "table-series-end")

        # Play again: the next lobby shows the series so far.
        page.locator("#play-again").click()
        expect(page.locator("#lobby")).to_be_visible()
        next_code = page.url.rstrip("/").rsplit("/", 1)[1]
        assert next_code != codes[-1]
        so_far = page.locator("#series")
        expect(so_far).to_have_text(
            f"Game 4 of a series. So far: {score_words(series)} in {game.name}."
        )
        fits_the_hand(page)
        shoot(page, "lobby-series")

        # ... and it is the first of "Your games", live, above the finished ones, now folded.
        page.goto("/")
        live = page.locator("#your-games-list .your-game")
        expect(live).to_have_count(1)
        expect(live).to_contain_text("Waiting for you to start")
        expect(live.locator(".your-game-link")).to_have_attribute("href", f"/l/{next_code}")
        expect(listed.nth(0)).to_be_hidden()
        page.locator("#your-finished summary").click()
        expect(listed.nth(0).locator(".your-game-link")).to_have_attribute(
            "href", f"/l/{codes[-1]}"
        )
        fits_the_hand(page)
        shoot(page, "home-your-games-live")
    finally:
        context.close()
