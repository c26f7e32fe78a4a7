"""Convolution as the lobby lists it (GET /api/games): its name, two seats exactly, and the
choice of who rolls first."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_games_lists_convolution(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    convolution = games["convolution"]
    assert convolution["name"] == "Convolution"
    assert convolution["min_players"] == 2 and convolution["max_players"] == 2
    first = convolution["options"]["first_player"]
    assert first["choices"] == ["random", "host", "guest"]
    assert first["default"] == "random"
