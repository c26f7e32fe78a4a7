"""A host's own components (a game's card list, maps or decks, named by its entry's
`components.setting`) through the settings: a file that does not fit stops the server with a
reason, and the rules page says that ours are stand-ins. Each game's own components, played and
kept, are tested in its folder (tests/games/<package>/test_host_*.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.play.registry import ComponentsError, games_for
from tests.registered import ENTRIES

WITH_COMPONENTS = [game_id for game_id, entry in ENTRIES.items() if entry.components is not None]


@pytest.mark.parametrize("game_id", WITH_COMPONENTS)
@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ("not json", "cannot use"),
        (None, "No such file"),
    ],
)
def test_a_component_file_that_does_not_fit_stops_the_server_with_a_reason(
    tmp_path: Path, game_id: str, content: str | None, complaint: str
) -> None:
    components = ENTRIES[game_id].components
    assert components is not None
    path = tmp_path / "components.json"
    if content is not None:
        path.write_text(content)
    settings = Settings(_env_file=None, components={components.setting: path})
    with pytest.raises(ComponentsError, match=complaint):
        games_for(settings)


@pytest.mark.parametrize("game_id", WITH_COMPONENTS)
def test_the_stand_in_components_are_marked_on_the_rules_page(
    client: TestClient, game_id: str
) -> None:
    rules = client.get(f"/rules/{game_id}")
    assert rules.status_code == 200 and "stand-in" in rules.text.lower()
