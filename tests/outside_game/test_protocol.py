"""A whole game of Noughts in the Dark over the protocol, as a person plays it: a lobby, a good
bot seated, the start, Ann's moves over her websocket until the game ends; what a spectator saw
of her hidden mark while the game was on; the public record; the replay,
from each seat and a spectator's; and its score chart."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from tests.outside_game.plays import GAME, ann_against, play_to_the_end
from tests.play.tables import serving


@pytest.fixture
def fast(settings: Settings) -> Settings:
    """The test database's settings with bots that do not wait."""
    return settings.model_copy(update={"bot_delay": 0.0})


def test_a_lobby_starts_a_game_against_the_good_bot(fast: Settings) -> None:
    with serving(fast) as client:
        table, ann = ann_against(client, "good", first_player="host")
        lobby = client.get(f"/api/lobbies/{table.code}").json()
        assert lobby["game"] == GAME and lobby["status"] == "playing"
        assert [(p["name"], p["bot"], p["level"]) for p in lobby["players"]] == [
            ("Ann", False, None),
            ("Good bot", True, "good"),
        ]
        assert ann.view is not None
        assert ann.view["game"] == GAME and ann.view["active"] == [0]
        assert ann.view["prompt"] == "Place a mark (or your one hidden mark)"
        assert len(ann.view["legal"]) == 18  # nine cells, face up or face down


def test_a_whole_game_against_the_good_bot_then_its_replay(fast: Settings) -> None:
    with serving(fast) as client:
        table, ann = ann_against(client, "good", first_player="host")
        spectator = table.connect(None)
        spectator.until("snapshot")
        sent = play_to_the_end(ann, seed=1)
        assert ann.view is not None and ann.view["result"] is not None
        assert sent[0]["type"] == "hide"

        # While it was on, the spectator saw that Ann's mark was face down, never where; over,
        # the record shows every action whole and every mark is face up for everyone.
        record = client.get(f"/api/lobbies/{table.code}/log").json()
        assert record["status"] == "finished" and record["seed"] is not None
        assert record["actions"][0]["action"] == sent[0]  # whole, now that it is over
        for seq in range(1, len(record["actions"]) + 1):  # the spectator's views, in order
            spectator.until_seq(seq)
            assert spectator.view is not None
            if spectator.view["result"] is None:
                assert spectator.view["state"]["hidden"] == [None, None]
                assert spectator.view["state"]["cells"][sent[0]["cell"]] is None or seq > 1
        assert spectator.view is not None
        assert spectator.view["state"] == ann.view["state"]  # the end shows every mark
        assert all(cell is None for cell in spectator.view["state"]["hidden"])
        check_the_replay(client, table.code, len(record["actions"]), sent[0]["cell"])
        check_the_chart(client, table.code, len(record["actions"]), ann.view["result"])


def check_the_chart(client: TestClient, code: str, steps: int, result: dict[str, Any]) -> None:
    """The score chart counts each seat's marks in its best open line, from the start (none)
    to the end (three for a winner)."""
    answer = client.get(f"/api/lobbies/{code}/progress")
    assert answer.status_code == 200, answer.text
    chart = answer.json()
    assert chart["measure"] == "Marks in the best open line" and chart["steps"] == steps
    first, last = chart["points"][0], chart["points"][-1]
    assert first == [0, [0, 0]] and last[0] == steps
    for winner in result["winners"]:
        assert last[1][winner] == 3


def check_the_replay(client: TestClient, code: str, steps: int, hidden_cell: int) -> None:
    """Every step from each seat and a spectator's; Ann's face-down mark is hers to see at the
    table's steps, and everyone's at the end."""
    last: dict[str, object] = {}
    for seat in (None, 0, 1):
        query = "" if seat is None else f"&seat={seat}"
        for step in range(steps + 1):
            answer = client.get(f"/api/lobbies/{code}/replay?step={step}{query}")
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["steps"] == steps
            board = body["view"]["state"]
            if step == 1:  # Ann's hidden mark has just gone down
                assert board["face_down"][0] is True
                assert board["hidden"][0] == (hidden_cell if seat == 0 else None)
                assert board["cells"][hidden_cell] is None
        last[str(seat)] = body["view"]["state"]
        assert body["view"]["result"] is not None
    assert last["None"] == last["0"] == last["1"]  # the end: every mark face up for everyone
