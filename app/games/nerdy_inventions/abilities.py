"""The ten invention abilities (`ABILITIES`): what each asks, step by step, and what it does.

Each ability is data plus two small functions:

    steps(state, seat, card_id, picks) -> the actions offered for the next choice, or None
        when every choice is made. `picks` are the choices made so far. Every option offered
        leads to a complete use (no dead ends), so at picks == [] an empty list means the
        ability has nothing it could do now and cannot be used.
    resolve(state, seat, card_id, picks) -> carry the ability out (the card is already tapped).

The choices are actions of their own: {"type": "choose_die", "die": id},
{"type": "choose_value", "value": v}, {"type": "choose_row", "slot": k},
{"type": "choose_tool", "card": tool id} and {"type": "pass_tool", "seat": s}.

The abilities that change dice are in dice_abilities.py, those that move row cards in
row_abilities.py; the flintlock and the zeppelin are here, beside the list of all ten.
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.ability import Ability
from app.games.nerdy_inventions.dice_abilities import (
    lower,
    lower_steps,
    redistribute,
    redistribute_steps,
    reroll,
    reroll_steps,
    split,
    split_steps,
)
from app.games.nerdy_inventions.ending import end
from app.games.nerdy_inventions.row_abilities import (
    exchange,
    exchange_steps,
    shuffle_row,
    shuffle_row_steps,
    swap_neighbours,
    swap_steps,
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
