"""The table of a game of Nerdy Inventions as plain JSON, and the small helpers every part uses.

The state is `NerdyState` below (see rules.py for how it moves).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from app.games.core import Action, Ending, Seat, State
from app.games.log import LogEntry


class CardFacts(TypedDict):
    """A card's facts, copied from the card list at setup (a stored game never reads the card
    file again). Tools have points only (ability, level and cost None)."""

    id: str  # "camera-1", "starter-camera-1", "tool-2"
    slug: str
    name: str
    group: Literal["invention", "starting", "tool"]
    ability: str | None
    level: int | None
    cost: list[int | str] | None  # None: never built
    points: int
    seat_order: NotRequired[int]  # starting inventions only


class Held(TypedDict):
    card: str
    tapped: bool


class ToolHeld(TypedDict):
    holder: Seat
    tapped: bool


class Die(TypedDict):
    id: int  # stable during a turn
    value: int  # 1..6


class AbilityStep(TypedDict):
    kind: Literal["ability"]
    ability: str
    card: str
    picks: list[Action]  # the choices made so far (abilities.py)


class BuildStep(TypedDict):
    kind: Literal["build"]
    slot: int
    card: str
    needs: list[int | str]
    paid: list[int]


class ResearchStep(TypedDict):
    kind: Literal["research"]
    die: int
    slot: int


class ToolPassStep(TypedDict):
    kind: Literal["tool_pass"]
    tool: str


Asking = AbilityStep | BuildStep | ResearchStep | ToolPassStep


class NerdyState(TypedDict):
    rng: str  # the seeded generator (randomness.py); never shown
    players: int  # 2..4
    first_player: Seat  # the seat that took the first turn (it started without a tool)
    current: Seat  # the seat whose turn it is
    turn: int  # the turn being played, 1, 2, ... over all seats
    cards: dict[str, CardFacts]  # every card in play by id
    stand_in: bool  # whether the card list is a stand-in (for the page's note)
    deck: list[str]  # the face-down deck, top first; SECRET: views show its length only
    row: list[str | None]  # row[k - 1]: the card under the dice-value tile k
    tableaus: list[list[Held]]  # per seat, its inventions in the order they came
    tools: dict[str, ToolHeld]  # players - 1 tools, at most one per seat
    dice: list[Die]  # the current player's dice
    next_die: int  # the id the next die of this turn gets (splitting adds dice)
    asking: Asking | None  # the choice being made: the game's open decision
    final_round: bool  # the deck is empty: the game ends when the starting player's turn
    # would come round again
    result: Ending | None  # written by core.finish (ending.py)
    log: list[LogEntry]


class Score(TypedDict):
    inventions: int
    tools: int
    kinds: int
    bonus: int
    total: int


TILES = (6, 5, 4, 3, 2, 1)  # the dice-value tiles, left to right
END_TURN: Action = {"type": "end_turn"}
SET_BONUS = {7: 3, 8: 4, 9: 5, 10: 6}
DICE_PER_TURN = 3

Card = dict[str, Any]


def card(state: State, card_id: str) -> Card:
    found: Card = state["cards"][card_id]
    return found


def name(state: State, card_id: str) -> str:
    title: str = card(state, card_id)["name"]
    return title


# --- dice -----------------------------------------------------------------------------------


def die(state: State, die_id: int) -> dict[str, int]:
    held: dict[str, int]
    for held in state["dice"]:
        if held["id"] == die_id:
            return held
    raise KeyError(f"no die {die_id}")


def add_die(state: State, value: int, after: int | None = None) -> int:
    """A new die of `value` in hand (right after die `after`, else last); its id."""
    die_id: int = state["next_die"]
    state["next_die"] += 1
    new = {"id": die_id, "value": value}
    dice = state["dice"]
    if after is None:
        dice.append(new)
    else:
        index = next(i for i, held in enumerate(dice) if held["id"] == after)
        dice.insert(index + 1, new)
    return die_id


def spend(state: State, *die_ids: int) -> None:
    state["dice"] = [held for held in state["dice"] if held["id"] not in die_ids]


def shown(values: list[int]) -> str:
    return ", ".join(str(value) for value in values)


# --- the invention row ----------------------------------------------------------------------


def at(state: State, slot: int) -> str | None:
    """The card under the tile `slot` (1..6), or None."""
    card_id: str | None = state["row"][slot - 1]
    return card_id


def occupant(state: State, slot: int) -> str:
    """The card under the tile `slot` (1..6), which must hold one."""
    card_id = at(state, slot)
    if card_id is None:
        raise KeyError(f"no card under tile {slot}")
    return card_id


def put(state: State, slot: int, card_id: str | None) -> None:
    state["row"][slot - 1] = card_id


def neighbours(slot: int) -> list[int]:
    """The slots beside `slot`, left (the higher tile) first."""
    return [other for other in (slot + 1, slot - 1) if 1 <= other <= 6]


def swaps(state: State, slot: int) -> list[int]:
    """The neighbours of `slot` whose card can swap with its card: both there, not alike."""
    here = at(state, slot)
    if here is None:
        return []
    slug = card(state, here)["slug"]
    found = []
    for other in neighbours(slot):
        there = at(state, other)
        if there is not None and card(state, there)["slug"] != slug:
            found.append(other)
    return found


def draw(state: State) -> str | None:
    return state["deck"].pop(0) if state["deck"] else None


# --- tableaus and tools ---------------------------------------------------------------------


def entry(state: State, seat: Seat, card_id: str) -> dict[str, Any]:
    held: dict[str, Any]
    for held in state["tableaus"][seat]:
        if held["card"] == card_id:
            return held
    raise KeyError(f"seat {seat} has no {card_id}")


def tool_of(state: State, seat: Seat) -> str | None:
    tool_id: str
    for tool_id, tool in state["tools"].items():
        if tool["holder"] == seat:
            return tool_id
    return None


def without_tool(state: State) -> list[Seat]:
    holders = {tool["holder"] for tool in state["tools"].values()}
    return [seat for seat in range(state["players"]) if seat not in holders]


# --- paying for a build ---------------------------------------------------------------------


def needs(facts: Card, slot: int) -> list[int]:
    """The die values a card's cost asks for while under tile `slot` (a gear is `slot`)."""
    return [slot if requirement == "gear" else requirement for requirement in facts["cost"]]


def pays(value: int, need: int) -> bool:
    """A die pays one requirement if it shows that number, or a six (wild)."""
    return value == need or value == 6


def can_pay(values: list[int], wanted: list[int]) -> bool:
    """Whether distinct dice among `values` pay each of `wanted`, one die per requirement."""
    if not wanted:
        return True
    need, rest = wanted[0], wanted[1:]
    tried: set[int] = set()
    for index, value in enumerate(values):
        if value in tried or not pays(value, need):
            continue
        tried.add(value)
        if can_pay(values[:index] + values[index + 1 :], rest):
            return True
    return False


# --- scores ---------------------------------------------------------------------------------


def set_bonus(kinds: int) -> int:
    return SET_BONUS[min(kinds, 10)] if kinds >= 7 else 0


def score(state: State, seat: Seat) -> Score:
    """Points from inventions and tools, the kinds of invention and their set bonus, the total.

    A kind of invention is an ability: a starting invention counts as the kind of its ability.
    """
    held = [card(state, held["card"]) for held in state["tableaus"][seat]]
    inventions = sum(facts["points"] for facts in held)
    tools = sum(
        card(state, tool_id)["points"]
        for tool_id, tool in state["tools"].items()
        if tool["holder"] == seat
    )
    kinds = len({facts["ability"] for facts in held})
    bonus = set_bonus(kinds)
    return {
        "inventions": inventions,
        "tools": tools,
        "kinds": kinds,
        "bonus": bonus,
        "total": inventions + tools + bonus,
    }


def facts(card_id: str, card: Any, group: str) -> dict[str, Any]:
    """A card's facts as the state keeps them (copied from the card list)."""
    cost = getattr(card, "cost", None)
    data = {
        "id": card_id,
        "slug": card.slug,
        "name": card.name,
        "group": group,
        "ability": getattr(card, "ability", None),
        "level": getattr(card, "level", None),
        "cost": list(cost) if cost is not None else None,
        "points": card.points,
    }
    if group == "starting":
        data["seat_order"] = card.seat_order
    return data
