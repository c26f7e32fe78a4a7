"""A host's own maps and decks for UNSCREWED (the setting UNSCREWED_COMPONENTS): the host's map
is the one offered and played; components that do not fit stop the server with a reason; the
stand-ins are marked, and the rules page keeps the host's part last."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import ROOT, Settings
from app.play.registry import ComponentsError, games_for
from tests.play.tables import Table, serving

UNSCREWED = ROOT / "app" / "games" / "unscrewed"


def host_unscrewed_components(path: Path) -> Path:
    """The stand-in decks with one map of the host's own: the first stand-in map, renamed."""
    cards = json.loads((UNSCREWED / "cards.json").read_text())
    (first, *_) = json.loads((UNSCREWED / "maps.json").read_text())["maps"]
    first.update(id="H1", name="The host's arena", stand_in=False)
    components = {key: value for key, value in cards.items() if key not in ("stand_in", "note")}
    path.write_text(json.dumps({**components, "maps": [first]}))
    return path


def test_a_hosts_unscrewed_map_is_the_one_offered_and_played(
    database_url: str, tmp_path: Path
) -> None:
    components = host_unscrewed_components(tmp_path / "unscrewed.json")
    settings = Settings(
        database_url=database_url,
        migrate_on_start=False,
        components={"UNSCREWED_COMPONENTS": components},
    )
    with serving(settings) as client:
        games = {game["id"]: game for game in client.get("/api/games").json()}
        assert games["unscrewed"]["options"]["map"]["choices"] == ["H1"]
        faces = client.get("/api/games/unscrewed/components").json()
        assert [(entry["id"], entry["name"]) for entry in faces["maps"]] == [
            ("H1", "The host's arena")
        ]
        table = Table.open(client, game="unscrewed")
        table.start()
        view = table.connect(0).until("snapshot")["view"]
        assert view["state"]["map"] == {  # its name and spaces: in the components above
            "id": "H1",
            "covers": 0,
            "cover_names": ["Outer", "Middle", "Inner", "Core"],
            "next_cover": "Outer",
        }


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda data: data.pop("maps"), "maps"),
        (lambda data: data["maps"][0].update(rows=[". ."]), "H1"),
        (lambda data: data.update(extra=1), "extra"),
    ],
)
def test_unscrewed_components_that_do_not_fit_stop_the_server_with_a_reason(
    tmp_path: Path, change: Any, complaint: str
) -> None:
    path = host_unscrewed_components(tmp_path / "unscrewed.json")
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    settings = Settings(_env_file=None, components={"UNSCREWED_COMPONENTS": path})
    with pytest.raises(ComponentsError, match=complaint):
        games_for(settings)


def test_the_stand_in_maps_and_decks_are_marked_on_the_rules_page(client: TestClient) -> None:
    rules = client.get("/rules/unscrewed")
    assert rules.status_code == 200
    assert "stand-in" in rules.text.lower() and "UNSCREWED_COMPONENTS" in rules.text
    for name in ("maps.json", "cards.json"):
        data = json.loads((UNSCREWED / name).read_text())
        assert data["stand_in"] is True and "UNSCREWED_COMPONENTS" in data["note"]


def test_the_rules_come_first_and_the_hosts_part_last(client: TestClient) -> None:
    """A newcomer reads the rules before any file, format or setting: those are the host's, at
    the end under their own heading; the stand-in note on the board leads there."""
    text = client.get("/rules/unscrewed").text
    host = text.index('id="for-the-host-your-own-maps-and-decks"')
    assert text.index('id="components"') < text.index('id="our-decisions"') < host
    before = text[:host]
    for technical in ("UNSCREWED_COMPONENTS", "JSON", ".json", "components.py", "stand_in"):
        assert technical not in before, f"{technical} comes before the host's part"
    assert text.index('id="stand-in-components"') > host
