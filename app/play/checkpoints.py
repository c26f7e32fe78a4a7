"""Checkpoints of finished games, so that stepping through a replay costs a few applies.

A finished game never changes, but showing it after `step` actions means applying every action
from its setup: for a long game of cards, a second or more of work for each click on "next".
`Checkpoints` keeps the state after every EVERY actions, filled in as replays go along, so a
step costs at most EVERY applies from the nearest checkpoint before it. States are kept as
their JSON bytes: compact, and nothing a step does can change them; beside each, the actions
that could still be taken back there (app.play.fold), so that an undo after it folds too.

`Kept` holds the checkpoints of the games replayed lately, at most `limit` bytes in all, the
least recently used game forgotten first. It lives in a worker process (app.play.workers).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import orjson

from app.games.core import Action, Game, Seat, State, clone
from app.play import fold

EVERY = 16  # actions between two checkpoints
KEPT_BYTES = 32 * 2**20  # checkpoints one worker keeps, over all its games


class Checkpoints:
    """One finished game: its actions and its states every EVERY actions (those reached yet)."""

    def __init__(self, game: Game, setup: State, actions: list[tuple[Seat, Action]]) -> None:
        self.game = game
        self.actions = actions
        self.states = [orjson.dumps(setup)]  # states[i]: after i * EVERY actions
        self.backs = [orjson.dumps([])]  # backs[i]: what could be taken back there
        self._actions_size = len(orjson.dumps(actions))

    @classmethod
    def from_record(cls, game: Game, record: dict[str, Any]) -> Checkpoints:
        """From a record as `replay_inputs` writes it (app.play.replays); a setup stored by an
        earlier version of the game in today's shape (`Game.upgrade`)."""
        setup = record["setup"]
        if setup is None:  # games recorded before setups were kept: set up again from the seed
            setup = game.start(record["players"], record["options"], record["seed"])
        actions = [(seat, action) for seat, action in record["actions"]]
        return cls(game, game.upgrade(clone(setup)), actions)

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def size(self) -> int:
        """Bytes held, roughly: the states' JSON and the actions'."""
        kept = self.states + self.backs
        return self._actions_size + sum(len(state) for state in kept)

    def state_after(self, step: int) -> State:
        """The state after `step` actions (0 to `steps`), checkpoints filled in on the way."""
        if not 0 <= step <= self.steps:
            raise ValueError(f"step {step} is not between 0 and {self.steps}")
        index = min(step // EVERY, len(self.states) - 1)
        back = fold.back_from_json(orjson.loads(self.backs[index]))
        folded = fold.Fold(orjson.loads(self.states[index]), back)
        for seq in range(index * EVERY, step):
            seat, action = self.actions[seq]
            folded = fold.step(self.game, folded, seat, action)
            if seq + 1 == len(self.states) * EVERY:
                self.states.append(orjson.dumps(folded.state))
                self.backs.append(orjson.dumps(fold.back_to_json(folded.back)))
        return folded.state


class Kept:
    """The checkpoints of recently replayed games, by key, within `limit` bytes."""

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self.limit = limit
        self._games: OrderedDict[Hashable, Checkpoints] = OrderedDict()

    def get(self, key: Hashable) -> Checkpoints | None:
        checkpoints = self._games.get(key)
        if checkpoints is not None:
            self._games.move_to_end(key)
        return checkpoints

    def add(self, key: Hashable, checkpoints: Checkpoints) -> Checkpoints:
        self._games[key] = checkpoints
        self._games.move_to_end(key)
        return checkpoints

    def trim(self) -> None:
        """Forget the least recently used games while over the limit (never the latest)."""
        total = sum(checkpoints.size for checkpoints in self._games.values())
        while total > self.limit and len(self._games) > 1:
            _, forgotten = self._games.popitem(last=False)
            total -= forgotten.size

    def __contains__(self, key: Hashable) -> bool:
        return key in self._games

    def __len__(self) -> int:
        return len(self._games)
