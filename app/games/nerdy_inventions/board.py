"""The table of a game of Nerdy Inventions as plain JSON, and the small helpers every part uses.

The state (see rules.py for how it moves):

    rng              the seeded generator (core.randomness); never shown
    players          how many seats, 2..4
    starting_player  the seat that took the first turn (it started without a tool)
    current          the seat whose turn it is
    turn             the turn being played, 1, 2, ... over all seats
    cards            every card in play by id ("camera-1", "starter-camera-1", "tool-2") ->
                     its facts: id, slug, name, group ("invention" | "starting" | "tool"),
                     and for inventions ability, level, cost (a list, or None: never built),
                     points; tools have points only. Copied from the card list at setup, so a
                     stored game never reads the card file again.
    stand_in         whether the card list is a stand-in (for the page's note)
    deck             the face-down deck, top first; SECRET: views show its length only
    row              6 entries, row[k - 1] the card under the dice-value tile k, or None
    tableaus         per seat, its inventions in the order they came: {"card": id, "tapped": b}
    tools            tool id -> {"holder": seat, "tapped": b}; players - 1 tools, at most one
                     per seat
    dice             the current player's dice: [{"id": n, "value": 1..6}], ids stable in a turn
    next_die         the id the next die of this turn gets (splitting adds dice)
    pending          None, or the step being chosen (rules.py: "ability", "build", "research",
                     "tool_pass")
    final_round      the deck has been emptied: the game ends when the starting player's turn
                     would come round again
    ended            None, "zeppelin" or "deck"
    log              core.log entries
"""

from __future__ import annotations

from typing import Any

from app.games.core import Seat, State

TILES = (6, 5, 4, 3, 2, 1)  # the dice-value tiles, left to right
SET_BONUS = {7: 3, 8: 4, 9: 5, 10: 6}
DICE_PER_TURN = 3

Card = dict[str, Any]


def token(seat: Seat) -> str:
    """How a log line or prompt names a seat; the server puts the player's name there."""
    return "{seat" + str(seat) + "}"


def card(state: State, card_id: str) -> Card:
    return state["cards"][card_id]


def name(state: State, card_id: str) -> str:
    return state["cards"][card_id]["name"]


# --- dice -----------------------------------------------------------------------------------


def die(state: State, die_id: int) -> dict[str, int]:
    for held in state["dice"]:
        if held["id"] == die_id:
            return held
    raise KeyError(f"no die {die_id}")


def add_die(state: State, value: int, after: int | None = None) -> int:
    """A new die of `value` in hand (right after die `after`, else last); its id."""
    die_id = state["next_die"]
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
    return state["row"][slot - 1]


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
    for held in state["tableaus"][seat]:
        if held["card"] == card_id:
            return held
    raise KeyError(f"seat {seat} has no {card_id}")


def tool_of(state: State, seat: Seat) -> str | None:
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


def score(state: State, seat: Seat) -> dict[str, int]:
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
