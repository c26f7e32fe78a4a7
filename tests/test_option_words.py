"""The option names and choices the pages show, in words: every option of every game reads as
something, and no two choices of one option read alike."""

from __future__ import annotations

import pytest

from app.config import Settings
from app.play import table
from app.play.registry import games_for
from app.site.option_words import choice_text, label

GAMES = games_for(Settings())
OPTIONS = [
    (game.id, name, option)
    for game in GAMES.values()
    for name, option in table.info(game)["options"].items()
]


@pytest.mark.parametrize(("game", "name", "option"), OPTIONS, ids=lambda v: str(v)[:30])
def test_every_option_reads_in_words(game: str, name: str, option: dict) -> None:
    assert label(name, option["label"]).strip()
    texts = [choice_text(name, choice) for choice in option["choices"]]
    assert all(text.strip() for text in texts)
    assert len(set(texts)) == len(texts), texts


def test_the_words_of_issue_18() -> None:
    assert (label("teams", "x"), choice_text("teams", True), choice_text("teams", False)) == (
        "Team game",
        "yes",
        "no",
    )
    assert [choice_text("edition", value) for value in ("third", "first")] == [
        "third edition",
        "first edition",
    ]
    assert [choice_text("mode", value) for value in ("full", "first")] == [
        "full game",
        "first game",
    ]
    assert choice_text("clock_minutes", 0) == "no clock"
    assert choice_text("clock_minutes", 1) == "1 minute"
    assert choice_text("clock_increment", 30) == "30 seconds"
    assert choice_text("map", "1A") == "1A"  # unknown to the list: as declared


def test_an_option_not_listed_reads_as_declared() -> None:
    assert label("new_option", "New option") == "New option"
    assert choice_text("new_option", "deluxe_box") == "deluxe box"
    assert choice_text("new_option", 7) == "7"
