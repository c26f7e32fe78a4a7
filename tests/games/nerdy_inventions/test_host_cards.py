"""A host's own card list for Nerdy Inventions (the setting NERDY_INVENTIONS_CARDS): played,
kept in the record of a game already set up, used by the workers that replay an old record,
refused with a reason when it does not fit; the stand-in cards are marked on the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.play.registry import ComponentsError, games_for
from tests.conftest import run
from tests.games.nerdy_inventions.test_played_over_the_protocol import host_card_list
from tests.play.tables import Table, serving
from tests.play.test_off_loop import _record, replay


def test_a_hosts_card_list_is_played_and_kept_in_the_record(
    database_url: str, tmp_path: Path
) -> None:
    cards = host_card_list(tmp_path / "cards.json")
    settings = Settings(
        database_url=database_url,
        migrate_on_start=False,
        components={"NERDY_INVENTIONS_CARDS": cards},
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
    settings = Settings(_env_file=None, components={"NERDY_INVENTIONS_CARDS": path})
    with pytest.raises(ComponentsError, match=complaint):
        games_for(settings)


def test_the_stand_in_cards_are_marked_on_the_page(client: TestClient) -> None:
    rules = client.get("/rules/nerdy-inventions")
    assert rules.status_code == 200 and "stand-in" in rules.text.lower()
    table = Table.open(client, game="nerdy-inventions")
    assert "/static/games/nerdy-inventions/game.css" in client.get(f"/l/{table.code}").text
    assert "nerdy-inventions" in {game["id"] for game in json.loads(client.get("/api/games").text)}


def test_an_old_record_without_its_setup_is_replayed_with_the_hosts_components(
    database_url: str, tmp_path: Path
) -> None:
    """The workers build the games from the server's settings: a game set up again from its
    seed in a worker has the host's cards."""
    settings = Settings(
        database_url=database_url,
        migrate_on_start=False,
        components={"NERDY_INVENTIONS_CARDS": host_card_list(tmp_path / "cards.json")},
        _env_file=None,
    )
    game = games_for(settings)["nerdy-inventions"]
    with serving(settings) as client:
        code = run(_record(database_url, game, 7, [], keep_setup=False, finished=True))
        view = replay(client, code, step=0)["view"]
    names = [slot["card"]["name"] for slot in view["state"]["row"] if slot["card"]]
    assert names and all(name.startswith("Host ") for name in names)
