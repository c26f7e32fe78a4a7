"""UNSCREWED's good bot: schemes tried out on guessed positions, attacks aimed where they hurt.

Every decision starts from the bot's view alone (foresight.py builds full states from it, the
hidden parts guessed: the deck orders, the other seats' face-down cards, the dice):

- Scheming: every way of filling the empty slots from the hand is played out to the end of
  the round (the Aftermath and the new cover included) on a few guessed states, the other
  seats playing random guessed schemes and answering their questions at random; the best on
  average is kept after a second, longer look at the most promising ones. The first card of
  that scheme goes in; the next call does the same for the slots still empty; a full scheme
  is locked. A card is never taken back.
- Aiming an attack, choosing a Master Plan action, a direction or an Improv card: each option
  is resolved on guessed states and the round played out from there.
- Spawning, the Friend and Plan tokens: the safest space, far from the Edge and the dangers.
- Quirks: kept or discarded by how much they protect.
- Everything else (coin calls, the order of an Improv card's moves): a random legal answer.

`foresight.judge` scores where a playout ends: a win or a death first, then how far the bot
stands from the Edge, holes, fans and bombs, and how close the others stand to them.
"""

from __future__ import annotations

from contextlib import suppress
from itertools import permutations
from typing import Any

from app.games.bots import Bot, View
from app.games.core import Action, Ask, Game, Rng, State, canonical
from app.games.unscrewed.attacks import victims
from app.games.unscrewed.board import ALL_DIRECTIONS, character, ring
from app.games.unscrewed.box import improv_card
from app.games.unscrewed.foresight import (
    drive,
    fork,
    guess_state,
    judge,
    play_out,
    safety,
)
from app.games.unscrewed.improv import resolve, run_effects
from app.games.unscrewed.movement import GameEnded, move
from app.games.unscrewed.rounds import perform

# A scheme is first tried on FIRST_LOOK guessed states (divided by the living players, as a
# playout takes longer with more of them), the SHORTLIST best get a second look on SECOND_LOOK
# more (divided likewise, at least MIN_SECOND_LOOK).
FIRST_LOOK = 6
SHORTLIST = 8
SECOND_LOOK = 16
MIN_SECOND_LOOK = 4
# Guessed states for the other choices.
OPTION_LOOK = 6

CHARACTER_PREFERENCE = ("the_mad_cow", "moe_skeeto", "freddy_fraidy", "slappy", "dr_piddles")
QUIRK_VALUE = {
    "edge_grip": 10,
    "hole_proof": 8,
    "fan_wary": 8,
    "unpushable": 8,
    "shove": 7,
    "fan_still": 6,
    "bomb_proof": 6,
    "steady": 6,
    "crush_proof": 5,
    "defuser": 5,
    "slick_proof": 5,
    "ducker": 4,
    "thick_skin": 4,
    "picky": 4,
    "collector": 3,
    "light_step": 3,
    "lucky": 3,
    "portal_proof": 2,
    "stride": 2,
    "bouncy": 0,
}


class GoodBot(Bot):
    """Plays UNSCREWED to win from its view alone (see the module docstring)."""

    level = "good"
    label = "Good"

    def __init__(self, careful: bool = True) -> None:
        # careful: a decision that fails falls back to a random legal action (tests turn this
        # off to see failures)
        self.careful = careful

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        ordered = sorted(legal, key=canonical)
        try:
            action = self._decide(game, view, ordered, rng)
        except Exception:
            if not self.careful:
                raise
            action = None
        wanted = canonical(action) if action is not None else None
        for option in legal:
            if canonical(option) == wanted:
                return option
        return rng.choice(ordered)

    def _decide(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        kinds = {action["type"] for action in legal}
        if kinds & {"scheme", "lock", "unscheme"}:
            return scheme(game, view, legal, rng)
        asking = view["state"].get("asking") or {}
        kind = asking.get("kind")
        if kind == "character":
            names = [action["name"] for action in legal]
            best = min(
                names,
                key=lambda n: CHARACTER_PREFERENCE.index(n) if n in CHARACTER_PREFERENCE else 9,
            )
            return {"type": "character", "name": best}
        if kind in ("spawn", "friend", "plan"):
            return safest_space(game, view, legal, rng)
        if kind in ("keep_quirk", "discard_quirk"):
            return quirk_choice(game, legal, keep=kind == "keep_quirk")
        if kind == "aim":
            return by_playout(game, view, legal, rng, aim_trial(view))
        if kind == "master_plan":
            return by_playout(game, view, legal, rng, plan_trial(view))
        if kind == "pick_improv":
            return by_playout(game, view, legal, rng, improv_trial(view))
        if kind in ("direction", "shift"):
            return by_playout(game, view, legal, rng, direction_trial(view))
        return rng.choice(legal)


# --- Scheming ---------------------------------------------------------------------------------


def scheme(game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
    you = view["state"]["you"]
    empty = [index for index, slot in enumerate(you["slots"]) if slot is None]
    if not empty:
        return {"type": "lock"}
    hand = list(you["hand"])
    candidates = list(permutations(hand, len(empty)))
    seat = you["seat"]
    living = max(2, sum(1 for player in view["state"]["players"] if player.get("alive")))
    first_look = max(1, FIRST_LOOK // living)
    second_look = max(MIN_SECOND_LOOK, SECOND_LOOK // living)
    bases = [guess_state(game, view, rng) for _ in range(first_look + second_look)]
    seeds = [rng.next64() for _ in bases]

    def score(cards: tuple[str, ...], looks: range) -> float:
        total = 0.0
        for look in looks:
            state = fork(bases[look])
            slots = state["seats"][seat]["slots"]
            for index, card in zip(empty, cards, strict=True):
                slots[index] = {"card": card, "flipped": False, "did": None}
            play_out(state, Playing(seat, seeds[look]), 0)
            total += judge(state, seat)
        return total / len(looks)

    first = {cards: score(cards, range(first_look)) for cards in candidates}
    shortlist = sorted(candidates, key=lambda cards: -first[cards])[:SHORTLIST]
    if len(shortlist) > 1:
        more = range(first_look, first_look + second_look)
        second = {
            cards: first[cards] * first_look + score(cards, more) * second_look
            for cards in shortlist
        }
        best = max(shortlist, key=lambda cards: second[cards])
    else:
        best = shortlist[0]
    return {"type": "scheme", "card": best[0]}


class Playing:
    """How the seats answer questions in a playout: the bot aims at the most characters, and
    everything else (the other seats included) is random, from the playout's own generator."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng.from_seed(seed)

    def __call__(self, state: State, ask: Ask) -> Action:
        options = ask.options
        if ask.seat == self.seat and ask.info.get("kind") == "aim":
            card = improv_card(state, ask.info["card"])
            at = state["things"][character(self.seat)]["at"]
            hits = [
                sum(
                    1
                    for thing in victims(state, card["grid"], at, option["direction"])
                    if thing.startswith("c")
                )
                for option in options
            ]
            most = max(hits)
            best = [option for option, hit in zip(options, hits, strict=True) if hit == most]
            return self.rng.choice(best)
        return self.rng.choice(options)


# --- questions in the middle of a round -------------------------------------------------------


def by_playout(game: Game, view: View, legal: list[Action], rng: Rng, trial: Any) -> Action:
    """The option whose trial, followed by the rest of the round, scores best on average."""
    seat = view["state"]["you"]["seat"]
    bases = [guess_state(game, view, rng) for _ in range(OPTION_LOOK)]
    seeds = [rng.next64() for _ in bases]
    table = view["state"]
    execution = table.get("execution")
    best, best_score = legal[0], None
    for option in legal:
        total = 0.0
        for base, seed in zip(bases, seeds, strict=True):
            state = fork(base)
            policy = Playing(seat, seed)
            with suppress(GameEnded):  # the trial's own moves may end the game
                trial(state, seat, option, policy)
            if state.get("result") is None and execution is not None:
                play_out(state, policy, execution["step"], after=seat)
            total += judge(state, seat)
        if best_score is None or total > best_score:
            best, best_score = option, total
    return best


def aim_trial(view: View) -> Any:
    card_id = view["state"]["asking"]["info"]["card"]

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        card = improv_card(state, card_id)
        context = {"seat": seat, "card": card, "aim": option["direction"], "depth": 0}
        drive(state, run_effects(state, context, card["effects"]), policy)

    return trial


def plan_trial(view: View) -> Any:
    execution = view["state"].get("execution") or {"step": 0}

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        drive(state, perform(state, seat, execution["step"], option["action"]), policy)

    return trial


def improv_trial(view: View) -> Any:
    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        drive(state, resolve(state, seat, option["card"]), policy)

    return trial


def direction_trial(view: View) -> Any:
    """A chosen direction: the rest of the Improv card being resolved (the last one the view's
    events show the bot drawing) with that answer; without such a card (a steady stumble, a
    shift as a Reward), a step of the bot's own character that way."""
    seat = view["state"]["you"]["seat"]
    drawn = [
        event["card"]
        for event in view["state"].get("events", [])
        if event.get("kind") == "improv" and event.get("seat") == seat
    ]
    card_id = drawn[-1] if drawn else None

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        card = improv_card(state, card_id) if card_id else None
        effects = card["effects"] if card else []
        choosing = [
            index
            for index, effect in enumerate(effects)
            if effect.get("dir") in ("choose", "shift")
        ]
        if card is not None and choosing:
            context = {"seat": seat, "card": card, "aim": None, "depth": 0}
            rest = effects[choosing[0] :]
            drive(state, run_effects(state, context, rest), Answering(policy, seat, option))
            return
        direction = option["direction"]
        if direction in ALL_DIRECTIONS and state["things"][character(seat)]["at"] is not None:
            move(state, character(seat), ALL_DIRECTIONS[direction], 1)

    return trial


class Answering:
    """A playout policy that gives `option` to the bot's first question of its kind."""

    def __init__(self, policy: Playing, seat: int, option: Action) -> None:
        self.policy = policy
        self.seat = seat
        self.option = option
        self.given = False

    def __call__(self, state: State, ask: Ask) -> Action:
        if not self.given and ask.seat == self.seat and self.option in ask.options:
            self.given = True
            return self.option
        return self.policy(state, ask)


# --- spaces and Quirks ------------------------------------------------------------------------


def safest_space(game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
    """The space (for a spawn, the Friend or the Plan token) farthest from the Edge and the
    dangers; for a spawn, also away from the other characters."""
    state = guess_state(game, view, rng)
    seat = view["state"]["you"]["seat"]
    me = character(seat)
    others = [
        thing["at"]
        for thing_id, thing in state["things"].items()
        if thing["kind"] == "character" and thing_id != me and thing["at"] is not None
    ]
    spawning = legal[0]["type"] == "spawn"
    best, best_score = legal[0], None
    for option in legal:
        at = option["at"]
        score = 20.0 * ring(state, at)
        if spawning:
            saved = state["things"][me]["at"]
            state["things"][me]["at"] = list(at)
            score += safety(state, seat)
            state["things"][me]["at"] = saved
            if others:
                score += 5.0 * min(max(abs(at[0] - o[0]), abs(at[1] - o[1])) for o in others)
        if best_score is None or score > best_score:
            best, best_score = option, score
    return best


def quirk_choice(game: Game, legal: list[Action], keep: bool) -> Action:
    components = getattr(game, "box", None)
    effects = {quirk["id"]: quirk["effect"] for quirk in components.quirks} if components else {}

    def value(action: Action) -> int:
        return QUIRK_VALUE.get(effects.get(action["quirk"].split(".")[0], ""), 1)

    return max(legal, key=value) if keep else min(legal, key=value)
