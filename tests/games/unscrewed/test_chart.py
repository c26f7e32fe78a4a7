"""UNSCREWED's score chart (its progress.py through app/play/progress.py): who is still standing,
in words, from a start where everyone is."""

from __future__ import annotations

from app.play.progress import series
from tests.play.test_off_loop import GAMES
from tests.play.test_progress_and_log import states_of
from tests.registered import ENTRIES


def test_unscrewed_charts_who_is_still_standing_from_a_start_where_everyone_is() -> None:
    """A survival chart: every seat standing at the start (choosing a character and spawning is
    no fall), out only while its character is dead, the winner standing at the end; its levels
    are named in words, not counted."""
    states, _ = states_of("unscrewed")
    chart = series(ENTRIES["unscrewed"].progress, iter(states))
    assert chart["levels"] == ["Out", "Standing"]
    assert chart["points"][0] == [0, [1, 1]]
    winners = GAMES["unscrewed"].result(states[-1]).winners
    assert chart["points"][-1][1] == [int(seat in winners) for seat in range(2)]
    opening = ("characters", "spawning")
    spawned = next(i for i, state in enumerate(states) if state["phase"] not in opening)
    assert all(standing == [1, 1] for step, standing in chart["points"] if step < spawned)
    for step, standing in chart["points"]:
        if step >= spawned:
            assert standing == [int(seat["alive"]) for seat in states[step]["seats"]]
