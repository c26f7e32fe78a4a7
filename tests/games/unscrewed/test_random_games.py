"""UNSCREWED: whole games of random legal actions, with the invariants checked at every step.

TT_RANDOM_GAMES (default 1000) sets the count; one game is several times as costly as a game of
the card games, so the test plays TT_RANDOM_GAMES // DIVISOR games (at least one), cycling
through 2 to 5 players, both modes and every stand-in map. The random players choose uniformly
among the legal actions, but rarely take a schemed card back (so that Scheming ends).
"""

from __future__ import annotations

import json
import os
from typing import Any

from app.games.core import Rng
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.board import POOL, available, portal_active, space_type
from app.games.unscrewed.quirks import has_quirk, quirk_limit
from app.games.unscrewed.rounds import SCRIPTS

game = Unscrewed()
GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000"))
DIVISOR = 2
MAPS = [entry["id"] for entry in game.box.maps]
MAX_ACTIONS = 2000
VIEW_EVERY = 40


def arrived(state: dict[str, Any], thing_id: str, at: list[int]) -> bool:
    """Whether this action's events brought the thing to `at` (a step, a switch, a placing);
    one that stood there already may stay after losing the Quirk that let it (rules.md)."""
    for event in state["events"]:
        if event["kind"] == "step" and event["thing"] == thing_id and event["to"] == at:
            return True
        if event["kind"] in ("place", "spawn", "spit") and event.get("thing") == thing_id:
            return event["at"] == at
        if event["kind"] == "switch" and thing_id in event["things"]:
            return event["at"][event["things"].index(thing_id)] == at
    return False


def broken_invariant(state: dict[str, Any]) -> str | None:
    """What is wrong, if anything (plain `if`s: this runs after every action)."""
    seen: dict[tuple[int, int], str] = {}
    for thing_id, thing in state["things"].items():
        at = thing["at"]
        if at is None:
            continue
        pos = (at[0], at[1])
        if pos in seen:
            return f"{thing_id} and {seen[pos]} share {pos}"
        seen[pos] = thing_id
        if not available(state, pos):
            return f"{thing_id} stands beyond The Edge at {pos}"
        kind = space_type(state, pos)
        if kind in ("wall", "fan"):
            return f"{thing_id} stands on a {kind} at {pos}"
        seat = thing.get("seat")
        quirk = seat is not None and has_quirk(state, seat, "portal_proof")
        if portal_active(state, pos) and not quirk and arrived(state, thing_id, at):
            return f"{thing_id} went onto a working portal at {pos}"
    for space in state["tokens"]:
        x, y = (int(v) for v in space.split(","))
        if not available(state, (x, y)):
            return f"a token lies under a cover at {space}"
    for token in ("slick", "hole"):
        used = sum(1 for placed in state["tokens"].values() if placed == token)
        if used > POOL[token]:
            return f"{used} {token} tokens on the map"
    ask = SCRIPTS.asking(state)
    for seat, player in enumerate(state["seats"]):
        on_map = state["things"][f"c{seat}"]["at"] is not None
        if player["alive"] != on_map and state["phase"] not in ("characters", "spawning"):
            return f"seat {seat} alive={player['alive']} but on the map={on_map}"
        if not player["alive"] and state["phase"] not in ("characters", "spawning"):
            cards = [slot["card"] for slot in player["slots"] if slot is not None]
            if any(card != "plan" for card in cards):
                return f"dead seat {seat} still has a scheme {cards}"
        if len(player["quirks"]) > quirk_limit(state, seat) and not discarding(ask, seat):
            return f"seat {seat} holds {len(player['quirks'])} quirks"
    playing = state["phase"] not in ("characters", "spawning")
    asked_dead = ask is not None and not state["seats"][ask.seat]["alive"]
    if playing and asked_dead and ask.options[0]["type"] != "spawn":
        return f"dead seat {ask.seat} is asked {ask.prompt}"
    if state["phase"] == "scheming":
        if state["covers"] != state["round"] - 1:
            return f"round {state['round']} with {state['covers']} covers"
        for seat in game.active(state):
            if not state["seats"][seat]["alive"]:
                return f"dead seat {seat} schemes"
    return None


def discarding(ask: Any, seat: int) -> bool:
    return ask is not None and ask.seat == seat and ask.options[0]["type"] == "discard_quirk"


def check_view(state: dict[str, Any]) -> str | None:
    text = json.dumps(game.view(state, None))
    if state["rng"] in text:
        return "the view shows the generator"
    draw = state["improv_deck"]["draw"]
    if draw and json.dumps(draw[:3]) in text:
        return "the view shows the Improv deck order"
    return None


def play_one(seed: int) -> str | None:
    rng = Rng.from_seed(seed)
    players = 2 + seed % 4
    mode = ("full", "first")[(seed // 4) % 2]
    chosen = MAPS[(seed // 8) % len(MAPS)]
    state = game.start(players, {"mode": mode, "map": chosen}, seed)
    for count in range(MAX_ACTIONS):
        if game.result(state) is not None:
            if game.active(state) or any(game.legal(state, seat) for seat in range(players)):
                return f"seed {seed}: a finished game still waits for someone"
            return None
        active = game.active(state)
        if not active:
            return f"seed {seed}: nobody to act in phase {state['phase']}"
        seat = active[rng.below(len(active))]
        legal = game.legal(state, seat)
        if not legal:
            return f"seed {seed}: seat {seat} is active with no legal action"
        if rng.below(8):
            legal = [action for action in legal if action["type"] != "unscheme"] or legal
        state = game.apply(state, seat, legal[rng.below(len(legal))])
        problem = broken_invariant(state)
        if problem is None and count % VIEW_EVERY == 0:
            problem = check_view(state)
        if problem is not None:
            return f"seed {seed}, action {count}: {problem}"
    return f"seed {seed}: no end after {MAX_ACTIONS} actions"


def test_random_games_end_with_the_invariants_holding():
    problems = []
    for seed in range(max(1, GAMES // DIVISOR)):
        problem = play_one(seed)
        if problem is not None:
            problems.append(problem)
    assert problems == []


def test_the_same_seed_and_actions_give_the_same_game():
    def run() -> str:
        rng = Rng.from_seed(99)
        state = game.start(4, {"mode": "full"}, 99)
        while game.result(state) is None:
            seat = game.active(state)[0]
            legal = [a for a in game.legal(state, seat) if a["type"] != "unscheme"]
            state = game.apply(state, seat, legal[rng.below(len(legal))])
        return json.dumps(state, sort_keys=True)

    assert run() == run()
