"""Innovation's printed components as the server serves them (/api/games/innovation/components):
every card face and the special achievements, which its views name by id only."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_innovation_components_hold_every_card_face(client: TestClient) -> None:
    response = client.get("/api/games/innovation/components")
    assert response.status_code == 200
    assert "max-age" in response.headers["cache-control"]
    components = response.json()
    cards = components["cards"]
    assert len(cards) == 105 and len({card["name"] for card in cards}) == 105
    assert {card["age"] for card in cards} == set(range(1, 11))
    assert [special["name"] for special in components["special_achievements"]] == [
        "Monument",
        "Empire",
        "World",
        "Wonder",
        "Universe",
    ]
