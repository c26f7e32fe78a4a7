"""Convolution's score chart (its progress.py through app/play/progress.py): the result's
columns, categories won then calculated categories won."""

from __future__ import annotations

from app.play.progress import series
from tests.play.test_progress_and_log import states_of
from tests.registered import ENTRIES


def test_convolution_lists_categories_then_calculated_categories() -> None:
    states, _ = states_of("convolution")
    columns = series(ENTRIES["convolution"].progress, iter(states))["columns"]
    assert [column["label"] for column in columns] == [
        "Categories won",
        "Calculated categories won",
    ]
    assert sum(columns[0]["values"]) == 12 and sum(columns[1]["values"]) == 3
