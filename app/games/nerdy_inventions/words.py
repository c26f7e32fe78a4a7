"""Nerdy Inventions' steps that write no log line, in words for the review (Game.action_words).

Using an invention that asks something, choosing a die or a row card for it, researching with a
die, choosing a card to build and paying all but its last requirement, and cancelling: the log
has a line only once the use, the research or the build is done. Each is said here as the log
and the page say them ("{seat0} researches with a 4, to move the Clamp from tile 4"). Read-only:
the state is never changed.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Seat, State
from app.games.log import seat_token
from app.games.nerdy_inventions import board

# What using each invention that asks something is for, after "uses the Clamp".
PURPOSE = {
    "minus_one": "to lower a die by 1",
    "minus_two": "to lower a die by 2",
    "exchange": "to exchange it for a row card",
    "redistribute": "to change two dice, keeping their total",
    "swap_neighbours": "to swap two neighbouring row cards",
    "pass_tool": "to pass a tool",
    "reroll": "to reroll a die",
    "split": "to split a die in two",
    "shuffle_row": "to shuffle the row into the deck",
    "zeppelin": "to end the game at once",
}

# What a chosen die is for, per ability, after "chooses the 4" (the redistribute's by pick).
DIE_FOR = {
    "minus_one": "to lower by 1",
    "minus_two": "to lower by 2",
    "reroll": "to reroll",
    "split": "to split",
}


def listed(values: list[Any]) -> str:
    """ "a 3", "a 3 and a 5", "a 3, a 5 and a 6"."""
    shown = [f"a {value}" for value in values]
    if len(shown) < 2:
        return "".join(shown)
    return f"{', '.join(shown[:-1])} and {shown[-1]}"


def action_words(state: State, seat: Seat, action: Action) -> str | None:
    """`seat`'s `action` in words, for one that can write no log line; None for the others
    (or for one that makes no sense in `state`)."""
    try:
        return _words(state, seat, action)
    except (KeyError, IndexError, TypeError):
        return None


def _words(state: State, seat: Seat, action: Action) -> str | None:
    who = seat_token(seat)
    kind = action["type"]
    asking = state.get("asking")
    if kind == "use":
        card = board.card(state, action["card"])
        purpose = PURPOSE.get(card["ability"] or "")
        return f"{who} uses the {card['name']} {purpose}" if purpose else None
    if kind == "research":
        value = board.die(state, action["die"])["value"]
        moved = board.name(state, board.occupant(state, value))
        return f"{who} researches with a {value}, to move the {moved} from tile {value}"
    if kind == "build":
        slot = action["slot"]
        card = board.card(state, board.occupant(state, slot))
        needs = listed(board.needs(card, slot))
        return f"{who} chooses to build the {card['name']} from tile {slot}, needing {needs}"
    if kind == "cancel":
        return cancel_words(state, who, asking)
    if asking is None:
        return None
    if kind == "pay" and asking["kind"] == "build":
        return pay_words(state, who, asking, action["die"])
    if asking["kind"] == "ability":
        return choice_words(state, seat, who, asking, action)
    return None


def cancel_words(state: State, who: str, asking: dict[str, Any] | None) -> str | None:
    if asking is None:
        return None
    if asking["kind"] == "ability":
        name = board.name(state, asking["card"])
        return f"{who} cancels using the {name} (it is untapped again)"
    if asking["kind"] == "build":
        name = board.name(state, asking["card"])
        return f"{who} cancels building the {name} (no die is spent)"
    if asking["kind"] == "research":
        return f"{who} cancels researching with the {asking['slot']} (the die is not spent)"
    return None


def pay_words(state: State, who: str, asking: dict[str, Any], die_id: int) -> str | None:
    value = board.die(state, die_id)["value"]
    step = len(asking["paid"])
    wanted = asking["needs"]
    name = board.name(state, asking["card"])
    if step + 1 == len(wanted):
        return None  # the last payment builds it: "{seat0} builds the Clamp ..."
    need = wanted[step]
    paid = f"a {value}" if value == need else f"a {value} as the {need}"
    return f"{who} pays {paid} toward the {name} (requirement {step + 1} of {len(wanted)})"


def choice_words(
    state: State, seat: Seat, who: str, asking: dict[str, Any], action: Action
) -> str | None:
    """A choice made for an invention being used (abilities.py) before its last: the last
    (a value, a second card, the player given a tool) writes the use's own line."""
    ability = asking["ability"]
    picks = asking["picks"]
    name = board.name(state, asking["card"])
    kind = action["type"]
    if kind == "choose_die":
        value = board.die(state, action["die"])["value"]
        if ability == "redistribute":
            which = "first" if not picks else "second"
            return f"{who} chooses the {value} as the {which} die to redistribute with the {name}"
        return f"{who} chooses the {value} {DIE_FOR.get(ability, 'for')} with the {name}"
    if kind == "choose_row":
        slot = action["slot"]
        there = board.name(state, board.occupant(state, slot))
        if ability == "exchange" or picks:
            return None  # the exchange, the swap: the use's own line
        return f"{who} chooses the {there} under tile {slot} to swap with a neighbour"
    if kind == "choose_tool":
        holder = state["tools"][action["card"]]["holder"]
        tool = board.name(state, action["card"])
        whose = "their own" if holder == seat else f"{seat_token(holder)}'s"
        return f"{who} chooses {whose} {tool} to pass to a player without one"
    return None
