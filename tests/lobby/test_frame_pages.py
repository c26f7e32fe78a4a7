"""The pages around a game (the frame): an address with nothing there answers a browser the
friendly page, never the API's JSON; the replay's heading names the winner."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.site.pages import reason_words, winner_words
from tests.conftest import run
from tests.play.tables import serving
from tests.play.test_off_loop import GAMES, _record, random_game
from tests.registered import ENTRIES, a_game

GAME = a_game(players=2)


@pytest.mark.parametrize(
    "path",
    [
        "/l/",
        "/l",
        "/l/zzzzzzzzzzzzz",
        "/l/zzzzzzzzzzzzz/replay",
        "/l/zzzzzzzzzzzzz/anything/else",
        "/rules/",
        "/rules",
        "/rules/chess",
        f"/rules/{GAME}/extra",
        "/nowhere",
        "/lobby/zzzzzzzzzzzzz",
        "/static/no-such-page",
    ],
)
def test_a_page_with_nothing_there_is_the_friendly_page(client: TestClient, path: str) -> None:
    page = client.get(path, headers={"accept": "text/html"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "Nothing here" in page.text and "start a new game" in page.text


def test_the_api_still_answers_json_for_what_it_does_not_have(client: TestClient) -> None:
    answer = client.get("/api/lobbies/zzzzzzzzzzzzz", headers={"accept": "text/html"})
    assert answer.status_code == 404 and answer.json()["error"] == "unknown_lobby"
    nowhere = client.get("/api/nowhere", headers={"accept": "text/html"})
    assert nowhere.status_code == 404 and nowhere.json()["error"] == "not_found"


def test_what_does_not_ask_for_a_page_gets_json(client: TestClient) -> None:
    """A script, a style sheet or the API's client asks for something else than HTML."""
    for accept in ("*/*", "application/json", "text/css,*/*;q=0.1"):
        answer = client.get("/static/js/no-such-module.js", headers={"accept": accept})
        assert answer.status_code == 404 and answer.json()["error"] == "not_found", accept
    posted = client.post("/nowhere", headers={"accept": "text/html"})
    assert posted.status_code == 404 and posted.json()["error"] == "not_found"


def test_the_replay_heading_names_the_winner(settings: Settings) -> None:
    game = GAMES[GAME]
    seed, moves = random_game(GAME, 1)
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        page = client.get(f"/l/{code}/replay")
        playing = run(_record(settings.database_url, game, seed, moves[:3]))
        unfinished = client.get(f"/l/{playing}/replay")
    state = game.start(2, {}, seed)
    for seat, action in moves:
        state = game.apply(state, seat, action)
    result = game.result(state)
    assert result is not None
    winner = ["Ann", "Bob"][result.winners[0]]
    assert page.status_code == 200
    assert f'data-module="{ENTRIES[GAME].module}"' in page.text  # its entry's
    assert f"<strong>{winner} won!</strong> {winner} won " in page.text
    assert 'id="replay-winner"' not in unfinished.text


def test_the_result_in_words() -> None:
    names = ["Ann", "Bob"]
    assert winner_words([1], names) == "Bob won!"
    assert winner_words([0, 1], names) == "Ann and Bob won!"
    assert winner_words([], names) == "Nobody won."
    assert reason_words("won 7 categories to 5", [0], names) == "Ann won 7 categories to 5."
    assert reason_words("the zeppelin ended the game: 40 to 32.", [1], names) == (
        "The zeppelin ended the game: 40 to 32."
    )
