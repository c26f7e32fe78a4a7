"""The ten invention abilities: what each asks, step by step, and what it does.

Each ability is data plus two small functions:

    steps(state, seat, card_id, picks) -> the actions offered for the next choice, or None
        when every choice is made. `picks` are the choices made so far. Every option offered
        leads to a complete use (no dead ends), so at picks == [] an empty list means the
        ability has nothing it could do now and cannot be used.
    resolve(state, seat, card_id, picks) -> carry the ability out (the card is already tapped).

The choices are actions of their own: {"type": "choose_die", "die": id},
{"type": "choose_value", "value": v}, {"type": "choose_row", "slot": k},
{"type": "choose_tool", "card": tool id} and {"type": "pass_tool", "seat": s}.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.games.core import Action, Seat, State
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.ending import end
from app.games.randomness import randomness

Steps = Callable[[State, Seat, str, list[Action]], "list[Action] | None"]
Resolve = Callable[[State, Seat, str, list[Action]], None]


@dataclass(frozen=True)
class Ability:
    slug: str
    icon: str  # the rulebook's icon, which names the ability in the rulebook
    title: str
    text: str  # the effect, in our words, for the page
    asks: tuple[str, ...]  # what the player is asked at each step
    steps: Steps
    resolve: Resolve


def choose_die(die_id: int) -> Action:
    return {"type": "choose_die", "die": die_id}


def choose_row(slot: int) -> Action:
    return {"type": "choose_row", "slot": slot}


def deck_emptied(state: State) -> None:
    """Note, once, that the deck has run out: the game ends before the starting player's turn."""
    if not state["deck"] and not state["final_round"]:
        state["final_round"] = True
        log(
            state,
            f"The deck is empty: the game ends when {seat_token(state['first_player'])} "
            "would start the next turn",
        )


# --- shuffle_row: the camera ----------------------------------------------------------------


def shuffle_row_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if not state["deck"] and not any(state["row"]):
        return []
    return None


def shuffle_row(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    """Every row card into the deck, shuffle, deal 6 (tile 1 first, so gaps are at the top)."""
    state["deck"].extend(card for card in state["row"] if card is not None)
    state["row"] = [None] * 6
    with randomness(state) as rng:
        rng.shuffle(state["deck"])
    for slot in range(1, 7):
        board.put(state, slot, board.draw(state))
    dealt = sum(card is not None for card in state["row"])
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: the row was shuffled into the "
        f"deck and {dealt} new cards were dealt",
    )
    deck_emptied(state)


# --- minus_one, minus_two: the pocket watch and the clamp ------------------------------------


def lower_steps(by: int) -> Steps:
    def steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
        if picks:
            return None
        return [choose_die(held["id"]) for held in state["dice"] if held["value"] - by >= 1]

    return steps


def lower(by: int) -> Resolve:
    def resolve(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
        held = board.die(state, picks[0]["die"])
        before = held["value"]
        held["value"] -= by
        log(
            state,
            f"{seat_token(seat)} used the {board.name(state, card_id)}: a {before} became "
            f"a {held['value']}",
        )

    return resolve


# --- exchange: the top hat ------------------------------------------------------------------


def exchange_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if picks:
        return None
    slug = board.card(state, card_id)["slug"]
    return [
        choose_row(slot)
        for slot in board.TILES
        if board.at(state, slot) is not None
        and board.card(state, board.occupant(state, slot))["slug"] != slug
    ]


def exchange(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    slot = picks[0]["slot"]
    taken = board.occupant(state, slot)
    board.put(state, slot, card_id)
    held = board.entry(state, seat, card_id)
    held["card"], held["tapped"] = taken, False
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: exchanged it for the "
        f"{board.name(state, taken)} under tile {slot}, both untapped",
    )


# --- redistribute: the locomotive -----------------------------------------------------------


def new_values(first: int, second: int) -> list[int]:
    """The values the first of two dice may take, keeping the total, both 1..6, a change."""
    total = first + second
    return [value for value in range(max(1, total - 6), min(6, total - 1) + 1) if value != first]


def redistribute_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    dice = state["dice"]
    if not picks:
        return [
            choose_die(a["id"])
            for a in dice
            if any(b["id"] != a["id"] and new_values(a["value"], b["value"]) for b in dice)
        ]
    first = board.die(state, picks[0]["die"])
    if len(picks) == 1:
        return [
            choose_die(b["id"])
            for b in dice
            if b["id"] != first["id"] and new_values(first["value"], b["value"])
        ]
    if len(picks) == 2:
        second = board.die(state, picks[1]["die"])
        return [
            {"type": "choose_value", "value": value}
            for value in new_values(first["value"], second["value"])
        ]
    return None


def redistribute(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    first, second = (board.die(state, pick["die"]) for pick in picks[:2])
    before = (first["value"], second["value"])
    total = first["value"] + second["value"]
    first["value"] = picks[2]["value"]
    second["value"] = total - first["value"]
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: {before[0]} and {before[1]} "
        f"became {first['value']} and {second['value']}",
    )


# --- swap_neighbours: the dragonfly ---------------------------------------------------------


def swap_steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
    if not picks:
        return [choose_row(slot) for slot in board.TILES if board.swaps(state, slot)]
    if len(picks) == 1:
        return [choose_row(slot) for slot in board.swaps(state, picks[0]["slot"])]
    return None


def swap_row_cards(state: State, first: int, second: int) -> None:
    a, b = board.at(state, first), board.at(state, second)
    board.put(state, first, b)
    board.put(state, second, a)


def swap_neighbours(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    first, second = picks[0]["slot"], picks[1]["slot"]
    swap_row_cards(state, first, second)
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: swapped the "
        f"{board.name(state, board.occupant(state, second))} under tile {first} with the "
        f"{board.name(state, board.occupant(state, first))} under tile {second}",
    )


# --- pass_tool: the flintlock ---------------------------------------------------------------


def pass_tool_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    receivers = board.without_tool(state)
    if not picks:
        if not receivers:
            return []
        return [{"type": "choose_tool", "card": tool_id} for tool_id in sorted(state["tools"])]
    if len(picks) == 1:
        return [{"type": "pass_tool", "seat": other} for other in receivers]
    return None


def pass_tool(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    tool_id, receiver = picks[0]["card"], picks[1]["seat"]
    giver = state["tools"][tool_id]["holder"]
    state["tools"][tool_id]["holder"] = receiver
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: the "
        f"{board.name(state, tool_id)} of {seat_token(giver)} went to {seat_token(receiver)}",
    )


# --- reroll: the cuckoo clock ---------------------------------------------------------------


def reroll_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if picks:
        return None
    return [choose_die(held["id"]) for held in state["dice"]]


def reroll(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    held = board.die(state, picks[0]["die"])
    before = held["value"]
    with randomness(state) as rng:
        held["value"] = rng.die()
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: rerolled a {before} "
        f"and got a {held['value']}",
    )


# --- split: the hot air balloon -------------------------------------------------------------


def split_steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
    if not picks:
        return [choose_die(held["id"]) for held in state["dice"] if held["value"] >= 2]
    if len(picks) == 1:
        value = board.die(state, picks[0]["die"])["value"]
        return [{"type": "choose_value", "value": part} for part in range(1, value // 2 + 1)]
    return None


def split(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    """The chosen die keeps the larger part; a new die right after it shows the smaller."""
    held = board.die(state, picks[0]["die"])
    before, part = held["value"], picks[1]["value"]
    held["value"] = before - part
    board.add_die(state, part, after=held["id"])
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: split a {before} into "
        f"{held['value']} and {part}",
    )


# --- zeppelin -------------------------------------------------------------------------------


def zeppelin_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    return None


def zeppelin(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    log(state, f"{seat_token(seat)} used the {board.name(state, card_id)}: the game ends at once")
    end(state, "zeppelin")


# --- the registry ---------------------------------------------------------------------------

ABILITIES: dict[str, Ability] = {
    ability.slug: ability
    for ability in (
        Ability(
            "shuffle_row",
            "camera",
            "Shuffle the row",
            "Shuffle every card of the invention row into the deck, then deal 6 new cards to "
            "the row (6 even if the row had fewer; it works with an empty deck too).",
            (),
            shuffle_row_steps,
            shuffle_row,
        ),
        Ability(
            "minus_one",
            "pocket watch",
            "Minus one",
            "Lower one of your dice by 1 (not below 1).",
            ("Choose a die to lower by 1",),
            lower_steps(1),
            lower(1),
        ),
        Ability(
            "exchange",
            "top hat",
            "Exchange",
            "Exchange this card with any card of the invention row (not one of its own kind); "
            "both cards end up untapped, the row card in front of you.",
            ("Choose the row card to exchange this card for",),
            exchange_steps,
            exchange,
        ),
        Ability(
            "minus_two",
            "clamp",
            "Minus two",
            "Lower one of your dice by 2 (not below 1).",
            ("Choose a die to lower by 2",),
            lower_steps(2),
            lower(2),
        ),
        Ability(
            "redistribute",
            "locomotive",
            "Redistribute",
            "Change the values of two of your dice, keeping their total; each stays 1 to 6.",
            (
                "Choose the first die to redistribute",
                "Choose the second die",
                "Choose the first die's new value",
            ),
            redistribute_steps,
            redistribute,
        ),
        Ability(
            "swap_neighbours",
            "dragonfly",
            "Swap neighbours",
            "Swap a card of the invention row with the card beside it.",
            ("Choose a row card to move", "Choose the neighbouring card to swap it with"),
            swap_steps,
            swap_neighbours,
        ),
        Ability(
            "pass_tool",
            "flintlock",
            "Pass a tool",
            "Take any tool in play and give it to a player who has no tool (you, if you have "
            "none).",
            ("Choose the tool to pass", "Choose who gets it"),
            pass_tool_steps,
            pass_tool,
        ),
        Ability(
            "reroll",
            "cuckoo clock",
            "Reroll",
            "Roll one of your dice again.",
            ("Choose a die to reroll",),
            reroll_steps,
            reroll,
        ),
        Ability(
            "split",
            "hot air balloon",
            "Split",
            "Split one of your dice into two dice with the same total (a 5 into 4 and 1, or "
            "3 and 2). Charge it to split again.",
            ("Choose a die to split", "Choose the smaller part"),
            split_steps,
            split,
        ),
        Ability(
            "zeppelin",
            "zeppelin",
            "Zeppelin",
            "The game ends at once, and the scores are counted.",
            (),
            zeppelin_steps,
            zeppelin,
        ),
    )
}

TOOL_TEXT = (
    "Tap another of your untapped inventions to raise one of your dice by that invention's "
    "level (at most 6), then pass this tool, untapped, to a player who has no tool."
)
