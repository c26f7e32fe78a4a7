"""Nerdy Inventions' "good" bot: it plans the rest of its turn with the rules engine.

A turn is a chain of small steps (use, charge, research, build, pay, tool, ...) that ends with
"end turn". On each step the bot rebuilds a full game state from its view (`workbench`), then
searches every way of finishing the turn (`TurnPlanner`): a depth-first search over the
engine's own `legal` and `play`, remembering positions already judged, where a step whose
outcome is left to chance (a reroll, the camera's shuffle) is judged on a few sampled outcomes.
Each way of ending the turn is judged by `worth`: the score it leaves (points, tools, set
bonus) against the best other player, plus a little for each untapped invention (what it can
still do on later turns) and for each kind of invention held. A zeppelin that ends the game is
judged by who wins. The bot takes the first step of the best plan; on the next step it plans
again from what it then sees.

What `consider` gives: every legal step, best first, valued at the best way of finishing the
turn that starts with it, in points (unit POINTS): the seat's lead over the best other player
once the turn is over, plus the little the bot counts for untapped inventions and kinds held,
or 100 plus the lead for a game the plan ends with a win (minus 100 for a loss). A step the
search leaves out is worth as much as the one it differs from only by an equal die; "cancel"
(nothing changes, the same turn stays open) is placed just after the best. Reasons say what
the step does with the cards and dice on the table (reasons.py), never the deck's order.

What the bot cannot see is the deck's order: its workbench holds the cards no one can see
(the game's invention cards not in the row or in a tableau), shuffled with the bot's own `rng`,
and a generator state drawn from that `rng` for the dice it would roll. It never reads the
true state.
"""

from __future__ import annotations

import json
from typing import Any

from app.games.bots import Bot, View, Weighed
from app.games.core import Action, Game, Rng, State, canonical
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.board import END_TURN, facts
from app.games.nerdy_inventions.reasons import words

NODES = 800  # positions the planner may expand per decision; beyond, it judges as it stands
OUTCOMES = 3  # sampled outcomes of a chance step (reroll, camera)
STEP = 0.01  # what each step costs a plan, so that of two equal plans the shorter is taken

# What an untapped invention is worth for later turns, by ability (a guess at the points its
# use is worth): the fixes little, the dice-makers more, the takers most.
READY = {
    "reroll": 0.3,
    "minus_one": 0.3,
    "minus_two": 0.35,
    "split": 0.45,
    "redistribute": 0.45,
    "swap_neighbours": 0.15,
    "shuffle_row": 0.1,
    "exchange": 0.8,
    "pass_tool": 0.8,
    "zeppelin": 1.5,
}
KIND = 0.25  # each kind of invention held, on the way to the set bonus
WIN = 100.0  # a game over: won, lost or shared


# --- the workbench: a full state built from the view ----------------------------------------


def workbench(game: Game, view: View, rng: Rng) -> State:
    """A state the engine can play on, showing what `view` shows; the deck's order sampled."""
    table = view["state"]
    cards: dict[str, dict[str, Any]] = {}
    row: list[str | None] = [None] * 6
    for cell in table["row"]:
        if cell["card"] is not None:
            cards[cell["card"]["id"]] = dict(cell["card"])
            row[int(cell["slot"]) - 1] = cell["card"]["id"]
    tableaus = []
    for tableau in table["tableaus"]:
        held = []
        for entry in tableau["cards"]:
            cards[entry["id"]] = {key: value for key, value in entry.items() if key != "tapped"}
            held.append({"card": entry["id"], "tapped": bool(entry["tapped"])})
        tableaus.append(held)
    tools = {}
    for tool in table["tools"]:
        cards[tool["card"]["id"]] = dict(tool["card"])
        tools[tool["card"]["id"]] = {"holder": int(tool["holder"]), "tapped": bool(tool["tapped"])}
    unseen = []
    for kind in game.cards.inventions:  # type: ignore[attr-defined]
        for copy in range(1, kind.count + 1):
            card_id = f"{kind.slug}-{copy}"
            if card_id not in cards:
                cards[card_id] = facts(card_id, kind, "invention")
                unseen.append(card_id)
    rng.shuffle(unseen)
    dice = [{"id": int(die["id"]), "value": int(die["value"])} for die in table["dice"]]
    return {
        "rng": format(rng.next64(), "016x"),
        "players": int(table["players"]),
        "first_player": int(table["first_player"]),
        "current": int(view["you"]),
        "turn": int(table["turn"]),
        "cards": cards,
        "stand_in": table["stand_in"],
        "deck": unseen[: int(table["deck"])],
        "row": row,
        "tableaus": tableaus,
        "tools": tools,
        "dice": dice,
        "next_die": max((die["id"] for die in dice), default=-1) + 1,
        "asking": asking_from(table["asking"]),
        "final_round": bool(table["final_round"]),
        "result": None,  # a bot is asked only while the game goes on
        "log": [],
    }


def asking_from(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """The engine's half-made choice from the view's description of it."""
    if shown is None:
        return None
    kind = shown["kind"]
    if kind == "ability":
        return {
            "kind": kind,
            "ability": shown["ability"],
            "card": shown["card"],
            "picks": [dict(pick) for pick in shown["picks"]],
        }
    if kind == "build":
        return {
            "kind": kind,
            "slot": shown["slot"],
            "card": shown["card"],
            "needs": list(shown["needs"]),
            "paid": list(shown["paid"]),
        }
    if kind == "research":
        return {"kind": kind, "die": shown["die"], "slot": shown["slot"]}
    return {"kind": "tool_pass", "tool": shown["card"]}


def copy(state: State) -> State:
    """A copy to play a step on; the card facts, which no step changes, are shared."""
    asking = state["asking"]
    return {
        **state,
        "deck": list(state["deck"]),
        "row": list(state["row"]),
        "tableaus": [[dict(held) for held in tableau] for tableau in state["tableaus"]],
        "tools": {tool_id: dict(tool) for tool_id, tool in state["tools"].items()},
        "dice": [dict(die) for die in state["dice"]],
        "asking": None if asking is None else json.loads(json.dumps(asking)),
        "log": [],
    }


# --- judging a position ---------------------------------------------------------------------


def worth(state: State, seat: int) -> float:
    """How good `state` is for `seat` at the end of its turn (see the module docstring)."""
    players = range(state["players"])
    totals = [board.score(state, other)["total"] for other in players]
    lead = totals[seat] - max(total for other, total in enumerate(totals) if other != seat)
    if state["result"] is not None:
        best = max(totals)
        if totals[seat] < best:
            return -WIN + lead
        return (WIN if totals.count(best) == 1 else WIN / 4) + lead
    ready = 0.0
    kinds = set()
    for held in state["tableaus"][seat]:
        ability = board.card(state, held["card"])["ability"]
        kinds.add(ability)
        if not held["tapped"]:
            ready += READY.get(ability, 0.2)
    later = 0.3 if state["final_round"] else 1.0  # the game ends within a round
    return lead + later * ready + KIND * len(kinds)


def key(state: State) -> str:
    """What tells two positions of one turn apart (dice by value when no choice is half made)."""
    asking = state["asking"]
    dice = (
        sorted(die["value"] for die in state["dice"])
        if asking is None
        else [(die["id"], die["value"]) for die in state["dice"]]
    )
    return json.dumps(
        [dice, state["row"], state["tableaus"], state["tools"], asking, len(state["deck"])]
    )


ORDER = {"build": 0, "pay": 0, "use": 1, "tool": 2, "charge": 3, "research": 4, "end_turn": 5}


def steps(state: State, legal: list[Action]) -> list[Action]:
    """The actions worth trying, most promising first: no cancel, and of the actions that
    differ only in which of two equal dice they take, the first."""
    values = {die["id"]: die["value"] for die in state["dice"]}
    kept, seen = [], set()
    for action in sorted(legal, key=lambda action: ORDER.get(action["type"], 1)):
        if action["type"] == "cancel":
            continue
        twin = canonical(
            {**action, "die": values.get(action["die"])} if "die" in action else action
        )
        if twin not in seen:
            seen.add(twin)
            kept.append(action)
    return kept


# --- the planner ----------------------------------------------------------------------------


class TurnPlanner:
    """Depth-first search over the rest of one turn of `seat`, with the engine's rules."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.left = NODES
        self.known: dict[str, float] = {}

    def value(self, state: State) -> float:
        """The best this turn can still become from `state`. Once the planner has used up its
        positions, it only finishes what is half made and builds what it can."""
        seen = key(state)
        if seen in self.known:
            return self.known[seen]
        self.left -= 1
        best = worth(state, self.seat) if self.left < 0 and state["asking"] is None else -1e9
        for action in steps(state, self.game.legal(state, self.seat)):
            if self.left < 0 and state["asking"] is None and action["type"] != "build":
                continue
            best = max(best, self.after(state, action))
        if best == -1e9:  # nothing but cancel: judge the position as it stands
            best = worth(state, self.seat)
        self.known[seen] = best
        return best

    def after(self, state: State, action: Action) -> float:
        """The value of taking `action` in `state`, then playing the rest of the turn well."""
        if action == END_TURN:
            return self.ending(state)
        outcomes = []
        for _ in range(OUTCOMES):
            child = copy(state)
            child["rng"] = drawn = format(self.rng.next64(), "016x")
            self.game.play(child, self.seat, action)
            over = child["result"] is not None
            outcomes.append((worth(child, self.seat) if over else self.value(child)) - STEP)
            if child["rng"] == drawn:  # nothing was left to chance: one outcome is enough
                break
        return sum(outcomes) / len(outcomes)

    def ending(self, state: State) -> float:
        """Ending the turn now: the game ends if the deck is out and the round is done."""
        following = (self.seat + 1) % state["players"]
        if state["final_round"] and following == state["first_player"]:
            child = copy(state)
            self.game.play(child, self.seat, END_TURN)
            return worth(child, self.seat)
        return worth(state, self.seat)


# --- the bot --------------------------------------------------------------------------------


class GoodBot(Bot):
    level = "good"
    label = "Good"

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        ordered = sorted(legal, key=canonical)
        if len(ordered) == 1:
            return [Weighed(ordered[0], 0.0, "The only thing to do now")]
        try:
            return self.weigh(game, view, ordered, rng)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # A view the bot cannot read: end the turn if it may, else any legal action.
            action = END_TURN if END_TURN in ordered else rng.choice(ordered)
            return [Weighed(action, 0.0, "A plain choice: the table could not be read")]

    def weigh(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        """Each step by the best turn that starts with it; the bot takes the first best."""
        seat = int(view["you"])
        state = workbench(game, view, rng)
        planner = TurnPlanner(game, seat, rng)
        tried = steps(state, legal)
        values = [planner.after(state, action) for action in tried]
        if not tried:
            action = rng.choice(legal)
            return [Weighed(action, 0.0, words(state, seat, action))]
        best = max(values)
        weighed = list(zip(tried, values, strict=True))
        # The steps the search leaves out, after the ones it tried: a die equal to one tried
        # is worth as much; leaving a choice unfinished changes nothing (the same turn is still
        # open from there), so it is worth the best, placed after it.
        done = {canonical(action) for action in tried}
        for action in legal:
            if canonical(action) in done:
                continue
            twin = next((v for a, v in weighed if twins(state, a, action)), None)
            weighed.append((action, best if twin is None else twin))
        weighed.sort(key=lambda entry: -entry[1])  # stable: the first best stays first
        return [
            Weighed(action, round(value, 3), words(state, seat, action))
            for action, value in weighed
        ]


def twins(state: State, tried: Action, other: Action) -> bool:
    """Two actions alike but for which of two equal dice they take."""
    if "die" not in tried or "die" not in other:
        return False
    values = {die["id"]: die["value"] for die in state["dice"]}
    return canonical({**tried, "die": values.get(tried["die"])}) == canonical(
        {**other, "die": values.get(other["die"])}
    )
