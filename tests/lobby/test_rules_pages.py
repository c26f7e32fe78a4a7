"""Every game's rules page reads as words for players: none shows the engine's placeholders for
a player's name (`{seat0}`), which only the log's lines carry, replaced before anyone sees them."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.play.test_off_loop import GAMES


def test_no_rules_page_shows_a_seat_placeholder(client: TestClient) -> None:
    assert len(GAMES) >= 5
    for game_id in sorted(GAMES):
        page = client.get(f"/rules/{game_id}")
        assert page.status_code == 200, game_id
        assert "{seat" not in page.text, f"the {game_id} rules page shows {{seat...}}"
