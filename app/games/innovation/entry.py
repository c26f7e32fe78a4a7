"""Innovation's entry: what the server and the tests take from this package (app/games/entry.py),
declared in pyproject.toml under the entry point group `tinkertable.games`."""

from __future__ import annotations

from app.games.entry import Bench, GameEntry, Progress, Recording, package_entry
from app.games.innovation import Innovation, progress
from app.games.innovation.secrets import InnovationKeeper


def entry() -> GameEntry:
    return package_entry(
        __file__,
        Innovation(),
        InnovationKeeper(),
        Progress(progress.MEASURE, progress.progress, progress.breakdown),
        (
            Recording("innovation-2p", 2, 104, prefer=("achieve", "dogma", "draw")),
            Recording("innovation-3p-first-edition", 3, 105, {"edition": "first"}, ("achieve",)),
            Recording("innovation-4p-teams", 4, 106, {"teams": True}, ("achieve", "dogma")),
        ),
        Bench(
            prefer=("achieve", "dogma", "draw"),
            cost=160,
            record_cost=50,
            load_players=4,
            load_games=100,
            load_rate=60,
            hint_target=2.0,
            # The log's new lines, the prompt and the legal actions alone are about 0.115 of
            # its snapshot; its state's changes bring it to 0.18.
            patch_share=0.19,
        ),
    )
