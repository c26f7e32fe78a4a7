"""A host's own components (Nerdy Inventions' card list) through the settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.config import Settings
from app.play.registry import ComponentsError, games_for
from tests.e2e.test_protocol_script import host_card_list

from .tables import Table, serving


def test_a_hosts_card_list_is_played_and_kept_in_the_record(
    database_url: str, tmp_path: Path
) -> None:
    cards = host_card_list(tmp_path / "cards.json")
    settings = Settings(
        database_url=database_url, migrate_on_start=False, nerdy_inventions_cards=cards
    )
    with serving(settings) as client:
        table = Table.open(client, game="nerdy-inventions")
        table.start()
        ann = table.connect(0)
        view = ann.until("snapshot")["view"]
        names = [slot["card"]["name"] for slot in view["state"]["row"] if slot["card"]]
        assert names and all(name.startswith("Host ") for name in names)
        assert view["state"]["stand_in"] is False
    cards.write_text("{}")  # the host changes the file: the game already set up keeps its cards
    settings = Settings(database_url=database_url, migrate_on_start=False)
    with serving(settings) as client:
        table.client = client
        again = table.connect(0).until("snapshot")["view"]
        assert again["state"]["row"] == view["state"]["row"]


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ("not json", "cannot use"),
        ('{"cards": []}', "unknown field"),
        (None, "No such file"),
    ],
)
def test_a_card_list_that_does_not_fit_stops_the_server_with_a_reason(
    tmp_path: Path, content: str | None, complaint: str
) -> None:
    path = tmp_path / "cards.json"
    if content is not None:
        path.write_text(content)
    settings = Settings(_env_file=None, nerdy_inventions_cards=path)
    with pytest.raises(ComponentsError, match=complaint):
        games_for(settings)


def test_the_stand_in_cards_are_marked_on_the_page(client) -> None:  # noqa: ANN001
    rules = client.get("/rules/nerdy-inventions")
    assert rules.status_code == 200 and "stand-in" in rules.text.lower()
    table = Table.open(client, game="nerdy-inventions")
    assert "nerdy-inventions.css" in client.get(f"/l/{table.code}").text
    assert json.loads(client.get("/api/games").text)[1]["id"] == "nerdy-inventions"
