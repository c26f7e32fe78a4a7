"""Secrets never leak (issue #11): no view, patch, log line or public record of an action shows a
seat or a spectator anything another seat keeps secret, nor the seed or the generator.

What is secret in each game, and the three ways of looking for it (a structural check of each
view, canary values searched in its text, a disguised state the viewer must not tell from the
real one), are in tests/games/secrets.py.

TT_RANDOM_GAMES (default 1000, as for the other random tests) sets how many random games are
played. A game of each kind costs differently (one Unvention game costs as much as a hundred of
Convolution), so each plays TT_RANDOM_GAMES // its cost (its entry's `bench`) games, at least
one: with the default,
100 Convolution, 1 Unvention, 4 Nerdy Inventions, 6 Innovation and 12 UNSCREWED games with every
view looked at; for the public record only (quicker), 20 Innovation and 25 UNSCREWED games and as
many of the others as above.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.games.core import Action, Game, Seat, State
from app.games.innovation import supply
from app.games.innovation.view import table as innovation_table
from app.games.randomness import randomness
from app.games.secrets import Keeper, text_of, viewers
from app.games.unscrewed.secrets import face_down
from app.play.registry import entries_for
from app.play.views import rules_view
from tests.games.secrets import KEEPERS, NAMES, Leak, Playout, seed_for
from tests.play.tables import Table, Viewer

GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000"))
ENTRIES = entries_for(Settings())
GAME_IDS = list(ENTRIES)  # a game without a keeper fails (test_registry.py too)
# The games with more than the generator to keep: their canaries were there to be found.
WITH_SECRETS = [
    game_id
    for game_id, entry in ENTRIES.items()
    if type(entry.keeper).canaries is not Keeper.canaries
]


def games_of(game_id: str, record: bool = False) -> int:
    """The random games of `game_id` to play: TT_RANDOM_GAMES // its cost (its entry's bench)."""
    bench = ENTRIES[game_id].bench
    cost = bench.record_cost if record and bench.record_cost is not None else bench.cost
    return max(1, GAMES // cost)


def playouts(keeper: Keeper, count: int) -> list[Playout]:
    """`count` games on their own seeds, going round the keeper's player counts and options."""
    return [
        Playout(keeper, seed_for(index), *keeper.variants[index % len(keeper.variants)])
        for index in range(count)
    ]


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
# Each game's view with one secret planted in it, found by each kind of check in turn: the
# generator in the text, a card id among the canaries, a hand shown whole (the structure), a
# number that depends on hidden cards (only the disguise sees it), a log line kept for another
# seat.

LeakyView = Callable[[Game, State, Seat | None], dict[str, Any]]


def with_state(view: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**view, "state": {**view["state"], **extra}}


def generator_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    return with_state(type(game).view(game, state, seat), generator=state["rng"])


def next_dice_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    """The dice the generator will roll next: no generator in the text, but they change with
    it."""
    ahead = {"rng": state["rng"]}
    with randomness(ahead) as rng:
        dice = [rng.die() for _ in range(5)]
    return with_state(type(game).view(game, state, seat), coming=dice)


def next_card_logged(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    top = state["deck"][0] if state["deck"] else "none"
    return {**view, "log": [*view["log"], f"the next card is {top}"]}


def hands_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    return {**view, "state": innovation_table(state, seat, everything=True)}


def long_names_counted(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    """How many cards of another seat's hand have a name of more than 8 letters: no name is
    shown, but the number tells the cards apart where their ages do not."""
    view = type(game).view(game, state, seat)
    others = [other for other in range(state["players"]) if other != seat]
    long_names = sum(len(card) > 8 for card in state["seats"][others[0]]["hand"])
    return with_state(view, long_names=long_names)


def whole_log(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    return {**view, "log": [entry["text"] for entry in state["log"]][-40:]}


def norths_counted(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    norths = sum(
        1
        for player in state["seats"]
        for slot in player["slots"]
        if face_down(slot) and slot["card"] == "north"
    )
    return with_state(view, norths=norths)


def schemes_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    shown = game.table(state, None, everything=True)
    view = type(game).view(game, state, seat)
    players = [
        {**player, "slots": everything["slots"]}
        for player, everything in zip(view["state"]["players"], shown["players"], strict=True)
    ]
    return with_state(view, players=players)


PLANTED = [
    ("convolution", generator_shown, "generator"),
    ("unvention", next_dice_shown, "changes with the secrets"),
    ("nerdy-inventions", next_card_logged, "names"),
    ("innovation", hands_shown, "hand is shown"),
    ("innovation", long_names_counted, "changes with the secrets"),
    ("innovation", whole_log, "kept for other seats"),
    ("unscrewed", norths_counted, "changes with the secrets"),
    ("unscrewed", schemes_shown, "face-down slot"),
]


@pytest.mark.parametrize(
    ("game_id", "leaky", "found"), PLANTED, ids=[leaky.__name__ for _, leaky, _ in PLANTED]
)
def test_the_checks_find_a_planted_leak(game_id: str, leaky: LeakyView, found: str) -> None:
    keeper: Keeper = type(KEEPERS[game_id])()  # a keeper of its own, with its own game
    game = keeper.game
    game.view = lambda state, seat: leaky(game, state, seat)  # type: ignore[method-assign]
    with pytest.raises(Leak, match=found):
        for playout in playouts(keeper, 5):
            playout.run()


def test_the_step_check_finds_a_revealed_card_named_where_it_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Innovation named a card revealed at any time in the action wherever it went next (the
    card Alchemy kept in hand was named when scored later): the log lines of a step give it
    away, though the card is known to everyone."""

    def revealed_in_this_action(state: State, card: str, source: Any, target: Any) -> bool:
        return "board" in (source[0], target[0]) or card in state["revealed"]

    monkeypatch.setattr(supply, "seen_by_everyone", revealed_in_this_action)
    with pytest.raises(Leak, match="which only its owner sees there"):
        for playout in playouts(KEEPERS["innovation"], 40):
            playout.run(look=False)


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


@pytest.mark.parametrize("game_id", ["convolution", "unscrewed"])
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
    if game_id == "unscrewed":  # its schemes were shown without their cards until now
        assert redacted > 0
