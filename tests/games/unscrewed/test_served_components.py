"""UNSCREWED's printed components as the server serves them (/api/games/unscrewed/components):
the maps the lobby offers, and every card face its views name by id only."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_unscrewed_components_hold_its_maps_and_every_card_face(client: TestClient) -> None:
    components = client.get("/api/games/unscrewed/components").json()
    games = {game["id"]: game for game in client.get("/api/games").json()}
    maps = [entry["id"] for entry in components["maps"]]
    assert maps == games["unscrewed"]["options"]["map"]["choices"]
    assert all(entry["rows"] for entry in components["maps"])
    for deck in ("improv", "quirks", "master_plans"):
        assert components[deck] and all(card["name"] and card["text"] for card in components[deck])
    assert components["friend"]["name"] and components["gimmicks"]
    assert components["stand_in"] is True
