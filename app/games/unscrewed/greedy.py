"""UNSCREWED's greedy sparring bot: stay farthest from danger, one step at a time.

Only the benchmarks play it (`Game.sparring_bots`), as the yardstick a good bot must beat. It
guesses one position from its view (foresight.guess_state) and looks one step ahead, alone:

- Scheming: its own cards already schemed are played in order (nobody else moves), then each
  card in hand is tried in the next slot; the card that leaves it alive and safest
  (`foresight.judge`) goes in. A full scheme is locked; a card is never taken back.
- Aiming, a direction, a Master Plan action, an Improv card: the option is resolved on the
  guessed position and judged at once, with no playout after it.
- Spawning, the Friend and the Plan token: the space farthest from the Edge and the dangers.
- Quirks and characters as the good bot keeps them; anything else, the first option.

Deterministic for the same view and generator; its values are `judge`'s points.
"""

from __future__ import annotations

from contextlib import suppress

from app.games.bots import POINTS, Bot, View, Weighed
from app.games.core import Action, Game, Rng, State
from app.games.unscrewed.board import character, ring
from app.games.unscrewed.bot import aim_trial, direction_trial, improv_trial, plan_trial
from app.games.unscrewed.deaths import GameEnded
from app.games.unscrewed.foresight import drive, fork, guess_state, judge, safety
from app.games.unscrewed.hand import own_slots
from app.games.unscrewed.rounds import act
from app.games.unscrewed.thumbs import CHARACTER_PREFERENCE, QUIRK_VALUE
from app.games.unscrewed.wary import first_option

TRIALS = {
    "aim": aim_trial,
    "master_plan": plan_trial,
    "pick_improv": improv_trial,
    "direction": direction_trial,
    "shift": direction_trial,
}


class GreedyBot(Bot):
    """The option that leaves it safest one step ahead (see the module docstring)."""

    level = "greedy"
    label = "Greedy"
    unit = POINTS

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        try:
            values = self._values(game, view, legal, rng)
        except Exception:  # noqa: BLE001 - a bot must answer whatever its view holds
            values = [0.0] * len(legal)
        order = sorted(range(len(legal)), key=lambda index: (-values[index], index))
        return [Weighed(legal[i], values[i], "Safest one step ahead") for i in order]

    def _values(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[float]:
        if len(legal) == 1:
            return [0.0]
        kinds = {action["type"] for action in legal}
        seat = view["state"]["you"]["seat"]
        if kinds & {"scheme", "lock", "unscheme"}:
            return scheme_values(game, view, legal, rng)
        kind = (view["state"].get("asking") or {}).get("kind")
        if kind == "character":
            return [-float(_preference(action["name"])) for action in legal]
        if kind in ("keep_quirk", "discard_quirk"):
            quirks = getattr(getattr(game, "box", None), "quirks", [])
            effects = {quirk["id"]: quirk["effect"] for quirk in quirks}
            sign = 1.0 if kind == "keep_quirk" else -1.0
            return [
                sign * QUIRK_VALUE.get(effects.get(action["quirk"].split(".")[0], ""), 1)
                for action in legal
            ]
        state = guess_state(game, view, rng)
        if kind in ("spawn", "friend", "plan"):
            return [_space_value(state, seat, action) for action in legal]
        if kind in TRIALS:
            trial = TRIALS[kind](view)
            values = []
            for option in legal:
                copy = fork(state)
                with suppress(GameEnded):
                    trial(copy, seat, option, first_option)
                values.append(judge(copy, seat))
            return values
        return [0.0] * len(legal)


def _preference(name: str) -> int:
    return CHARACTER_PREFERENCE.index(name) if name in CHARACTER_PREFERENCE else 9


def _space_value(state: State, seat: int, action: Action) -> float:
    at = action["at"]
    value = 20.0 * ring(state, at)
    if action["type"] == "spawn":
        me = state["things"][character(seat)]
        saved = me["at"]
        me["at"] = list(at)
        value += safety(state, seat)
        me["at"] = saved
    return value


def scheme_values(game: Game, view: View, legal: list[Action], rng: Rng) -> list[float]:
    """Each card tried in the next empty slot after the bot's own schemed cards, alone."""
    seat = view["state"]["you"]["seat"]
    empty = [index for index, slot in enumerate(own_slots(view["state"])) if slot is None]
    if not empty:
        return [1.0 if action["type"] == "lock" else 0.0 for action in legal]
    slot = empty[0]
    base = guess_state(game, view, rng)
    mine = base["seats"][seat]["slots"]
    for index in range(slot):
        if mine[index] is not None:
            with suppress(GameEnded):
                drive(base, act(base, seat=seat, step=index), first_option)
    values = []
    for action in legal:
        if action["type"] != "scheme":
            values.append(-1e9)
            continue
        state = fork(base)
        state["seats"][seat]["slots"][slot] = {
            "card": action["card"],
            "flipped": False,
            "did": None,
        }
        with suppress(GameEnded):
            drive(state, act(state, seat=seat, step=slot), first_option)
        values.append(judge(state, seat))
    return values
