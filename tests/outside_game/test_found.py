"""Noughts in the Dark is a game from outside: a distribution of its own, found through the
entry point group `tinkertable.games`, its page, rules and icon served from its own package,
and no line of the server (app/) names it."""

from __future__ import annotations

from importlib.metadata import distribution, entry_points
from pathlib import Path

from starlette.testclient import TestClient

from app.config import ROOT
from app.games.entry import ENTRY_POINTS, PAGE_FILES
from tests.outside_game.plays import GAME
from tests.test_purity import offences

HERE = Path(__file__).resolve().parent


def test_it_is_found_through_the_entry_point_of_its_own_distribution() -> None:
    (point,) = [point for point in entry_points(group=ENTRY_POINTS) if point.name == GAME]
    assert point.value == "noughts_in_the_dark.entry:entry"
    assert point.dist is not None and point.dist.name == "tinkertable-noughts-in-the-dark"
    names = {p.name for p in distribution("tinkertable").entry_points.select(group=ENTRY_POINTS)}
    assert GAME not in names  # the server's own distribution does not declare it
    entry = point.load()()
    assert entry.page.is_relative_to(HERE / "noughts_in_the_dark")


def test_no_line_of_the_server_names_it() -> None:
    words = (GAME, "noughts_in_the_dark", "Noughts in the Dark", "NoughtsInTheDark")
    for path in (ROOT / "app").rglob("*"):
        if path.is_file() and path.suffix != ".pyc":
            text = path.read_text(errors="replace")
            assert not any(word in text for word in words), path


def test_the_lobby_offers_it_with_its_bots_and_serves_its_page(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert games[GAME]["name"] == "Noughts in the Dark"
    assert [bot["level"] for bot in games[GAME]["bots"]] == ["easy", "good"]
    assert (games[GAME]["min_players"], games[GAME]["max_players"]) == (2, 2)
    for name in PAGE_FILES:
        served = client.get(f"/static/games/{GAME}/{name}")
        assert served.status_code == 200, name
        assert served.content == (HERE / "noughts_in_the_dark" / "page" / name).read_bytes()
    rules = client.get(f"/rules/{GAME}")
    assert rules.status_code == 200 and "Bumping into a hidden mark" in rules.text
    home = client.get("/").text
    assert f'id="game-{GAME}"' in home
    assert "<title>Noughts in the Dark: a grid of noughts and crosses" in home  # its icon


def test_its_rules_and_bots_import_nothing_impure() -> None:
    """As the built-in games (tests/test_purity.py): no web, database, clock or `random`."""
    sources = sorted((HERE / "noughts_in_the_dark").glob("*.py"))
    assert len(sources) >= 8
    for path in sources:
        assert offences(path.read_text(), path) == []
