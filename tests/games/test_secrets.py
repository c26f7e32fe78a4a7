"""Secrets never leak (issue #11): no view, patch, log line or public record of an action shows a
seat or a spectator anything another seat keeps secret, nor the seed or the generator.

What is secret in each game is its keeper's (app/games/<package>/secrets.py); the three ways of
looking for it (a structural check of each view, canary values searched in its text, a disguised
state the viewer must not tell from the real one) are in tests/games/secrets.py. Each game's own
planted leaks, and its own cases, are in its folder's test_secrets.py.

TT_RANDOM_GAMES (default 1000, as for the other random tests) sets how many random games are
played. A game of each kind costs differently (the dearest game costs as much as a hundred of
the cheapest), so each plays TT_RANDOM_GAMES // its cost (its entry's `bench`) games, at least
one, with every view looked at; for the public record only (quicker), TT_RANDOM_GAMES // its
record cost where its bench has one.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.games.core import Action, Game, Seat, State
from app.games.secrets import text_of, viewers
from app.play.views import rules_view
from tests.games.secrets import (
    KEEPERS,
    NAMES,
    Playout,
    expect_planted_leak,
    playouts,
    seed_for,
    with_state,
)
from tests.play.tables import Table, Viewer
from tests.registered import ENTRIES, GAME_IDS, with_secrets

GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000"))
# The games with more than the generator to keep: their canaries were there to be found.
WITH_SECRETS = [game_id for game_id, entry in ENTRIES.items() if with_secrets(entry)]
# Games played whole through the app: the quickest, and the quickest whose public record of an
# action leaves something out while the game is on (its own `action_for_log`).
CHEAPEST = sorted(ENTRIES, key=lambda game_id: ENTRIES[game_id].bench.cost)
REDACTING = [
    game_id
    for game_id in CHEAPEST
    if type(ENTRIES[game_id].game).action_for_log is not Game.action_for_log
]
PLAYED_WHOLE = list(dict.fromkeys([CHEAPEST[0], *REDACTING[:1]]))


def games_of(game_id: str, record: bool = False) -> int:
    """The random games of `game_id` to play: TT_RANDOM_GAMES // its cost (its entry's bench)."""
    bench = ENTRIES[game_id].bench
    cost = bench.record_cost if record and bench.record_cost is not None else bench.cost
    return max(1, GAMES // cost)


def expect_no_leak(leaks: list[str]) -> None:
    assert leaks == [], leaks[:3]


# --- random games ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_view_or_patch_shows_a_secret(game_id: str) -> None:
    """Every step of every random game: each seat's and the spectator's view, and its patch
    from the view before, hold no secret of theirs; each view in turn is the same as the view
    of a state whose secrets are all changed."""
    views = canaries = disguises = 0
    for playout in playouts(KEEPERS[game_id], games_of(game_id)):
        playout.run()
        assert playout.game.result(playout.state) is not None
        views += playout.views
        canaries += playout.canaries
        disguises += playout.disguises
    assert views > 0 and disguises > 0
    if game_id in WITH_SECRETS:  # the canaries were there to be found
        assert canaries > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_public_record_of_an_action_shows_no_secret(game_id: str) -> None:
    """What GET /api/lobbies/{code}/log shows of each action while the game is on
    (`action_for_log`) names nothing that any other seat or the spectator may not know."""
    leaks = []
    for playout in playouts(KEEPERS[game_id], games_of(game_id, record=True)):
        playout.run(look=False)
        leaks += playout.record_leaks
    expect_no_leak(leaks)


# --- the checks find leaks ------------------------------------------------------------------
#
# The generator in the text of any game's view. Each game's view with one of its secrets planted
# in it (a card id among the canaries, a hand shown whole, a number that depends on hidden
# cards, a log line kept for another seat) is in its folder's test_secrets.py.


def generator_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    return with_state(type(game).view(game, state, seat), generator=state["rng"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_checks_find_the_generator_planted_in_any_view(game_id: str) -> None:
    expect_planted_leak(game_id, generator_shown, "generator")


# --- through the app ------------------------------------------------------------------------

STEPS = 20


def open_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, playout: Playout
) -> tuple[Table, dict[Seat | None, Viewer]]:
    """A lobby of the playout's game whose game gets the playout's seed (the server draws it
    otherwise), started, with a socket for every seat and one for a spectator."""
    monkeypatch.setattr("app.play.runner.new_seed", lambda: playout.seed)
    table = Table.open(client, NAMES[: playout.players], game=playout.game.id, **playout.options)
    table.start()
    sockets = {viewer: table.connect(viewer) for viewer in viewers(playout.players)}
    for socket in sockets.values():
        socket.until("snapshot")
    return table, sockets


def play_through(sockets: dict[Seat | None, Viewer], playout: Playout) -> tuple[Seat, Action]:
    """The playout's next move, sent by its seat's socket and received by every socket."""
    seat, action = playout.next_move()
    step = playout.steps + 1
    sockets[seat].act(action, ref=step)
    for socket in sockets.values():
        socket.until_seq(step)
    playout.advance(seat, action)
    return seat, action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_app_shows_no_secret_in_views_or_the_log(
    game_id: str, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game played through the app: after each action every socket's view holds what the
    rules give that viewer and no secret of another; the log answer has no seed, shows each
    action as the game redacts it, and names nothing another seat or the spectator may not
    know."""
    keeper = KEEPERS[game_id]
    playout = Playout(keeper, seed_for(0), *keeper.variants[0])
    table, sockets = open_table(client, monkeypatch, playout)
    log_leaks = []
    for _ in range(STEPS):
        seat, action = play_through(sockets, playout)
        for viewer, socket in sockets.items():
            expected = rules_view(playout.game, playout.state, viewer, playout.names)
            assert {key: socket.view[key] for key in expected} == expected
            assert playout.view_problem(viewer, socket.view) is None
        answer = client.get(f"/api/lobbies/{table.code}/log").json()
        if playout.game.result(playout.state) is not None:
            assert answer["seed"] == playout.seed  # the game is over: nothing is secret now
            break
        text = text_of(answer)
        assert answer["seed"] is None
        assert str(playout.seed) not in text and playout.state["rng"] not in text
        entry = answer["actions"][-1]
        assert (entry["seq"], entry["seat"]) == (playout.steps, seat)
        assert entry["action"] == playout.game.action_for_log(action)
        leak = playout.record_problem(seat, text_of(entry))
        if leak is not None:
            log_leaks.append(f"{game_id}, action {playout.steps} of the log answer: {leak}")
    expect_no_leak(log_leaks)


@pytest.mark.parametrize("game_id", PLAYED_WHOLE)
def test_the_log_shows_the_seed_and_whole_actions_once_the_game_is_over(
    game_id: str, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    keeper = KEEPERS[game_id]
    playout = Playout(keeper, seed_for(11), *keeper.variants[1])
    table, sockets = open_table(client, monkeypatch, playout)
    played, redacted = [], 0
    while playout.game.result(playout.state) is None:
        answer = client.get(f"/api/lobbies/{table.code}/log").json()
        assert answer["seed"] is None and answer["status"] == "playing"
        seat, action = play_through(sockets, playout)
        played.append({"seat": seat, "action": action})
        redacted += playout.game.action_for_log(action) != action
    answer = client.get(f"/api/lobbies/{table.code}/log").json()
    assert answer["status"] == "finished" and answer["seed"] == playout.seed
    assert [{"seat": e["seat"], "action": e["action"]} for e in answer["actions"]] == played
    if game_id in REDACTING:  # some actions were shown without their secrets until now
        assert redacted > 0
