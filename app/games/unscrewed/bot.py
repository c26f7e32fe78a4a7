"""UNSCREWED's good bot: schemes tried out on guessed positions, attacks aimed where they hurt.

Every decision starts from the bot's view alone (foresight.py builds full states from it, the
hidden parts guessed: the deck orders, the other seats' face-down cards, the dice):

- Scheming: every way of filling the empty slots from the hand is played out to the end of
  the round (the Aftermath and the new cover included) on a few guessed states, the other
  seats playing random guessed schemes and answering their questions at random; the best on
  average is kept after a second, longer look at the most promising ones (a playout in which
  the bot falls counts twice: it would rather stand than gamble on the others falling). The
  first card of that scheme goes in; the next call does the same for the slots still empty,
  with more playouts each as there are fewer schemes left to try; a full scheme is locked. A
  card is never taken back.
- Aiming an attack, choosing a Master Plan action, a direction or an Improv card: each option
  is resolved on guessed states and the round played out from there (falls weighed likewise).
  The playouts' policies and these trials are in trials.py.
- Spawning, the Friend and Plan tokens: the safest space, far from the Edge and the dangers.
- Quirks: kept or discarded by how much they protect.
- Everything else (coin calls, the order of an Improv card's moves): a random legal answer.

`foresight.judge` scores where a playout ends: a win or a death first, then how far the bot
stands from the Edge, holes, fans and bombs, and how close the others stand to them.

`consider` gives every legal action that way, the bot's choice first: each with a chance of
winning read from its playouts (weighing.py says how) or from the rule of thumb that decides
it (thumbs.py), and a reason naming the cards, directions and spaces, and how the playouts went.
"""

from __future__ import annotations

from contextlib import suppress
from itertools import permutations
from typing import Any

from app.games.bots import CHANCE, Bot, View, Weighed
from app.games.core import Action, Game, Rng, canonical
from app.games.unscrewed.box import improv_card
from app.games.unscrewed.deaths import GameEnded
from app.games.unscrewed.foresight import DEATH, fork, guess_state, judge, play_out
from app.games.unscrewed.hand import hand_shown, own_slots
from app.games.unscrewed.thumbs import best, character_choice, quirk_choice, safest_space
from app.games.unscrewed.trials import (
    Playing,
    aim_trial,
    direction_trial,
    improv_trial,
    plan_trial,
)
from app.games.unscrewed.wary import guessed_slots, wary_scheme
from app.games.unscrewed.weighing import Scored, cards_text, id_name, living, outcome, ranked

__all__ = ["GoodBot", "aim_trial", "direction_trial", "improv_trial", "plan_trial"]

# A scheme is first tried on FIRST_LOOK guessed states (divided by the living players, as a
# playout takes longer with more of them), or on more when there are few schemes to try:
# FIRST_BUDGET playouts shared among them (divided likewise), at most MAX_FIRST_LOOK each. The
# SHORTLIST best get a second look on SECOND_LOOK more (divided likewise, at least
# MIN_SECOND_LOOK). The last cards of a scheme so get far more playouts than the first.
FIRST_LOOK = 6
FIRST_BUDGET = 720
MAX_FIRST_LOOK = 48
SHORTLIST = 8
SECOND_LOOK = 24
MIN_SECOND_LOOK = 4
# Guessed states for the other choices: OPTION_BUDGET playouts shared among the options, each
# tried on OPTION_LOOK to MAX_OPTION_LOOK of them.
OPTION_LOOK = 6
OPTION_BUDGET = 48
MAX_OPTION_LOOK = 16
# One guessed state in WARY_EVERY (from the second) has the others scheme carefully (wary.py).
WARY_EVERY = 2
# A playout in which the bot falls counts FALL_WEIGHT times its judgement: against players who
# often fall by themselves (and so hand the bot a win in many playouts), the bot would rather
# stand than gamble (it lost to the easy bot only by falling).
FALL_WEIGHT = 2.0


class GoodBot(Bot):
    """Plays UNSCREWED to win from its view alone (see the module docstring)."""

    level = "good"
    label = "Good"
    unit = CHANCE

    def __init__(self, careful: bool = True) -> None:
        # careful: a decision that fails falls back to a random legal action (tests turn this
        # off to see failures)
        self.careful = careful

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        ordered = sorted(legal, key=canonical)
        try:
            chosen, scored = self._weigh(game, view, ordered, rng)
        except Exception:
            if not self.careful:
                raise
            chosen, scored = None, []
        mine = {canonical(option): option for option in legal}
        if chosen is None or canonical(chosen) not in mine:
            chosen = rng.choice(ordered)
            scored = []
        scored = [entry for entry in scored if canonical(entry[0]) in mine]
        seen = {canonical(entry[0]) for entry in scored}
        floor = min((entry[1] for entry in scored), default=0.0)
        scored += [
            (option, floor, describe(option)) for option in ordered if canonical(option) not in seen
        ]
        try:
            players = living(view["state"])
        except Exception:  # noqa: BLE001 - a view it cannot read is an even game of two
            players = 2
        return [
            Weighed(mine[canonical(entry.action)], entry.value, entry.reason)
            for entry in ranked(chosen, scored, players)
        ]

    def _weigh(
        self, game: Game, view: View, legal: list[Action], rng: Rng
    ) -> tuple[Action | None, list[Scored]]:
        """The bot's choice and every option scored in judge's points, with a reason."""
        if len(legal) == 1:
            return legal[0], [(legal[0], 0.0, f"{describe(legal[0])}: the only choice")]
        kinds = {action["type"] for action in legal}
        if kinds & {"scheme", "lock", "unscheme"}:
            return scheme(game, view, legal, rng)
        asking = view["state"].get("asking") or {}
        kind = asking.get("kind")
        scored: list[Scored]
        if kind == "character":
            scored = character_choice(legal)
            return scored[0][0], scored
        if kind in ("spawn", "friend", "plan"):
            scored = safest_space(game, view, legal, rng)
            return best(scored), scored
        if kind in ("keep_quirk", "discard_quirk"):
            scored = quirk_choice(game, view, legal, keep=kind == "keep_quirk")
            return best(scored), scored
        trials = {
            "aim": aim_trial,
            "master_plan": plan_trial,
            "pick_improv": improv_trial,
            "direction": direction_trial,
            "shift": direction_trial,
        }
        if kind in trials:
            return by_playout(game, view, legal, rng, trials[kind](view))
        chosen = rng.choice(legal)
        why = "either side is as good" if kind == "call" else "no difference the bot can see"
        return chosen, [(option, 0.0, f"{named(view, option)}: {why}") for option in legal]


def describe(option: Action) -> str:
    """An option in the game's words, without reading the position."""
    kind = option.get("type")
    what = str(option.get("direction") or option.get("card") or option.get("action") or "")
    words = {
        "scheme": f"Schemes {what.capitalize()}",
        "lock": "Locks in your scheme",
        "unscheme": "Takes back your last card",
        "aim": f"Aims {what.capitalize()}",
        "direction": f"Goes {what.capitalize()}",
        "shift": "Stays put" if what == "stay" else f"Shifts {what.capitalize()}",
        "master_plan": f"Master Plan: {what.capitalize()}",
        "call": f"Calls {str(option.get('side')).capitalize()}",
    }
    return words.get(str(kind), str(kind).replace("_", " ").capitalize())


def thing_name(table: dict[str, Any], thing: str) -> str:
    """A thingamajig as the page names it: a character, "Bomb 3", "Anvil 1"."""
    for kind in ("bomb", "anvil"):
        if thing.startswith(kind):
            return f"{kind.capitalize()} {thing[len(kind) :]}"
    seat = int(thing[1:]) if thing[:1] == "c" and thing[1:].isdigit() else None
    if seat is not None and 0 <= seat < len(table["players"]):
        return id_name(str(table["players"][seat].get("character") or "a character"))
    return thing


def feared(value: float) -> float:
    """A playout's judgement as the bot weighs it: a fall counts FALL_WEIGHT times."""
    return value * FALL_WEIGHT if value <= -DEATH else value


# --- Scheming ---------------------------------------------------------------------------------


def scheme(game: Game, view: View, legal: list[Action], rng: Rng) -> tuple[Action, list[Scored]]:
    """The next card of the best scheme, every card in hand weighed by the best scheme it
    begins (a full scheme: locked, worth its playouts)."""
    table = view["state"]
    empty = [index for index, slot in enumerate(own_slots(table)) if slot is None]
    candidates = list(permutations(hand_shown(table), len(empty)))
    seat = table["you"]["seat"]
    living_now = max(2, sum(1 for player in view["state"]["players"] if player.get("alive")))
    first_look = max(1, FIRST_LOOK // living_now)
    second_look = max(MIN_SECOND_LOOK, SECOND_LOOK // living_now)
    if not empty:
        candidates, second_look = [()], 0
    else:
        shared = FIRST_BUDGET // (living_now * len(candidates))
        first_look = max(first_look, min(MAX_FIRST_LOOK // living_now, shared))
    bases = [guess_state(game, view, rng) for _ in range(first_look + second_look)]
    seeds = [rng.next64() for _ in bases]
    others = [
        (other, guessed_slots(view, other))
        for other, player in enumerate(view["state"]["players"])
        if other != seat and player.get("alive")
    ]
    for base in bases[WARY_EVERY - 1 :: WARY_EVERY]:
        for other, guessed in others:
            wary_scheme(base, other, guessed)
    judged: dict[tuple[str, ...], list[float]] = {}

    def score(cards: tuple[str, ...], looks: range) -> float:
        total = 0.0
        for look in looks:
            state = fork(bases[look])
            slots = state["seats"][seat]["slots"]
            for index, card in zip(empty, cards, strict=True):
                slots[index] = {"card": card, "flipped": False, "did": None}
            play_out(state, Playing(seat, seeds[look]), 0)
            value = feared(judge(state, seat))
            judged.setdefault(cards, []).append(value)
            total += value
        return total / len(looks)

    first = {cards: score(cards, range(first_look)) for cards in candidates}
    shortlist = sorted(candidates, key=lambda cards: -first[cards])[:SHORTLIST]
    mean = dict(first)
    if len(shortlist) > 1:
        more = range(first_look, first_look + second_look)
        second = {
            cards: first[cards] * first_look + score(cards, more) * second_look
            for cards in shortlist
        }
        chosen = max(shortlist, key=lambda cards: second[cards])
        mean.update({cards: second[cards] / (first_look + second_look) for cards in shortlist})
    else:
        chosen = shortlist[0]
    if not empty:
        scheme = [slot["card"] for slot in own_slots(table) if slot and slot["card"]]
        said = f"Locks in {cards_text(scheme)}"
        why = f"{said}: {outcome(judged[()])}"
        locked = [(option, mean[()], why) for option in legal if option["type"] == "lock"]
        return {"type": "lock"}, locked + _taking_back(legal, mean[()])
    # Each card: the best scheme it begins, by its longest look.
    tops: dict[str, tuple[str, ...]] = {}
    for cards in candidates:
        held = tops.get(cards[0])
        if held is None or _better(cards, held, mean, judged, chosen):
            tops[cards[0]] = cards
    scored: list[Scored] = []
    for option in legal:
        top = tops.get(option.get("card", ""))
        if option["type"] == "scheme" and top is not None:
            why = f"Schemes {cards_text(top)}: {outcome(judged[top])}"
            scored.append((option, mean[top], why))
    return {"type": "scheme", "card": chosen[0]}, scored + _taking_back(legal, mean[chosen])


def _better(
    cards: tuple[str, ...],
    held: tuple[str, ...],
    mean: dict[tuple[str, ...], float],
    judged: dict[tuple[str, ...], list[float]],
    chosen: tuple[str, ...],
) -> bool:
    """Whether `cards` stands for its first card better than `held`: the bot's own scheme
    first, then the longer look, then the higher mean."""
    if held == chosen or cards == chosen:
        return cards == chosen
    longer, shorter = len(judged[cards]), len(judged[held])
    return longer > shorter or (longer == shorter and mean[cards] > mean[held])


def _taking_back(legal: list[Action], value: float) -> list[Scored]:
    """Taking a card back: the bot never does, and can always put it back (as good, no more)."""
    why = "Takes back your last card: the bot would keep its scheme"
    return [(option, value, why) for option in legal if option["type"] == "unscheme"]


# --- questions in the middle of a round -------------------------------------------------------


def by_playout(
    game: Game, view: View, legal: list[Action], rng: Rng, trial: Any
) -> tuple[Action, list[Scored]]:
    """The option whose trial, followed by the rest of the round, scores best on average (the
    first on a tie); every option with its mean and how its playouts went."""
    seat = view["state"]["you"]["seat"]
    looks = max(OPTION_LOOK, min(MAX_OPTION_LOOK, OPTION_BUDGET // len(legal)))
    bases = [guess_state(game, view, rng) for _ in range(looks)]
    seeds = [rng.next64() for _ in bases]
    table = view["state"]
    execution = table.get("execution")
    best_option, best_score = legal[0], None
    scored: list[Scored] = []
    for option in legal:
        total = 0.0
        judged = []
        for base, seed in zip(bases, seeds, strict=True):
            state = fork(base)
            policy = Playing(seat, seed)
            with suppress(GameEnded):  # the trial's own moves may end the game
                trial(state, seat, option, policy)
            if state.get("result") is None and execution is not None:
                play_out(state, policy, execution["step"], after=seat)
            judged.append(feared(judge(state, seat)))
            total += judged[-1]
        scored.append((option, total / len(bases), f"{named(view, option)}: {outcome(judged)}"))
        if best_score is None or total > best_score:
            best_option, best_score = option, total
    return best_option, scored


def named(view: View, option: Action) -> str:
    """An option in the game's words, with the Improv card it is about."""
    kind = option.get("type")
    table = view["state"]
    try:
        if kind == "aim":
            card = improv_card(table, table["asking"]["info"]["card"])["name"]
            return f"Aims {card} {str(option['direction']).capitalize()}"
        if kind == "pick_improv":
            return f"Resolves {improv_card(table, option['card'])['name']}"
        if kind == "order":
            return f"{thing_name(table, str(option['thing']))} goes first"
    except Exception:  # noqa: BLE001 - a name is only words
        pass
    return describe(option)
