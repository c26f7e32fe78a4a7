"""Every game keeps its typed contract: each state, each view and each legal action of the
recorded games and of seeded random ones fits the game's `Contract` exactly (no key missing,
none extra, every value of its type)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args, is_typeddict

import pytest

from app.config import Settings
from app.games.core import BadOptions, Contract, Game, Rng, State, View
from app.play.registry import games_for
from tests.games.contract import keys_of, problems
from tests.games.replays import golden_files

GAMES = games_for(Settings())
FILES = golden_files()
RANDOM_SEEDS = range(2)  # per game and player count; the golden games add whole long ones
RANDOM_STEPS = 120  # the first steps of each random game (random play can take long to end)
VIEWS_EVERY = 10  # steps between two checks of every seat's views (each state is checked)


def test_every_game_declares_its_contract() -> None:
    for game in GAMES.values():
        contract = game.__class__.__dict__.get("contract")  # its own, not inherited
        assert isinstance(contract, Contract), game.id
        assert is_typeddict(contract.state) and is_typeddict(contract.table), game.id
        actions = get_args(contract.action) or (contract.action,)
        assert all(is_typeddict(action) for action in actions), game.id


def test_every_game_plays_through_its_moves_table() -> None:
    """One dispatch style: no game overrides `play`, and its moves table takes every type of
    action its recorded games hold."""
    for game in GAMES.values():
        assert "play" not in type(game).__dict__, game.id
        assert type(game).play is Game.play, game.id
    for path in FILES:
        recorded = json.loads(path.read_text())
        game = GAMES[recorded["game"]]
        types = {entry["action"]["type"] for entry in recorded["actions"]}
        assert types <= set(game.moves()), (path.name, types - set(game.moves()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_type(game_id: str) -> None:
    """On each game's first state (each game's own cases: tests/games/<package>/)."""
    game = GAMES[game_id]
    contract = game.contract.state
    state = game.start(max(game.min_players, 2), {}, 1)
    assert problems(state, contract) == []
    hints, required = keys_of(contract)
    key = next(key for key in state if key in required)
    missing = {name: value for name, value in state.items() if name != key}
    assert problems(missing, contract) == [f"$: no {key} ({contract.__name__})"]
    assert problems({**state, "extra": 1}, contract) == [f"$: extra is not in {contract.__name__}"]
    for name in (name for name in state if hints[name] is int):
        assert problems({**state, name: True}, contract) == [f"$.{name}: True is not int"]


def checked(game: Game, state: State, players: int, views: bool = True) -> list[str]:
    """What does not fit the contract in `state`, its legal actions and (with `views`) every
    seat's view and replay view."""
    found = problems(state, game.contract.state, "state")
    for seat in game.active(state):
        for action in game.legal(state, seat):
            found += problems(action, game.contract.action, f"legal({seat})")
    for seat in [*range(players), None] if views else []:
        shown = {"view": game.view(state, seat), "replay": game.replay_view(state, seat)}
        for name, view in shown.items():
            found += problems(view, View, f"{name}({seat})")
            found += problems(view["state"], game.contract.table, f"{name}({seat}).state")
    return found


def recorded(path: Path) -> Iterator[tuple[State, int]]:
    golden = json.loads(path.read_text())
    game = GAMES[golden["game"]]
    state = game.start(golden["players"], golden["options"], golden["seed"])
    yield state, golden["players"]
    for step in golden["actions"]:
        state = game.apply(state, step["seat"], step["action"])
        yield state, golden["players"]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_every_step_of_a_recorded_game_fits_the_contract(path: Path) -> None:
    game = GAMES[json.loads(path.read_text())["game"]]
    for step, (state, players) in enumerate(recorded(path)):
        assert checked(game, state, players)[:5] == [], f"after {step} actions"


def random_game(game: Game, players: int, options: dict[str, Any], seed: int) -> Iterator[State]:
    rng = Rng.from_seed(seed)
    state = game.start(players, options, seed)
    yield state
    for _ in range(RANDOM_STEPS):
        if game.result(state) is not None:
            return
        seat = rng.choice(game.active(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        yield state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_fit_the_contract(game_id: str) -> None:
    game = GAMES[game_id]
    for players in sorted({game.min_players, game.max_players}):
        for seed in RANDOM_SEEDS:
            options = {
                option.name: option.choices[seed % len(option.choices)] for option in game.options
            }
            try:
                states = list(random_game(game, players, options, seed))
            except BadOptions:  # an option for other player counts (teams, say)
                continue
            for step, state in enumerate(states):
                views = step % VIEWS_EVERY == 0 or step == len(states) - 1
                found = checked(game, state, players, views)
                assert found[:5] == [], f"{players} players, seed {seed}, {options}, step {step}"
