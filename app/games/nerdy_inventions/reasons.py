"""What a step of a Nerdy Inventions turn does, in one line of the game's words, for the good
bot's reasons (bot.py): "Build the Top Hat from tile 3: +3 points".

Only what every seat sees is named: the dice in hand, the cards of the row, the tableaus and
the tools. Never the deck (its order is the one secret), nor what a chance step will bring.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.abilities import ABILITIES


def words(state: State, seat: int, action: Action) -> str:
    """The step `action` of `seat` in `state`, in words."""
    kind = action.get("type")
    asking = state["asking"]
    if kind == "end_turn":
        return f"End the turn, {standing(state, seat)}"
    if kind == "cancel":
        return "Leave this choice unfinished: nothing changes, and it stays open"
    if kind == "use":
        return use_words(state, seat, action["card"])
    if kind == "tool":
        value = die_value(state, action["die"])
        level = int(board.card(state, action["card"])["level"])
        tool = board.tool_of(state, seat)
        held = f"the {board.name(state, tool)}" if tool else "your tool"
        return (
            f"Use {held}, tapping the {board.name(state, action['card'])}: a {value} becomes a "
            f"{min(6, value + level)}"
        )
    if kind == "charge":
        card = board.name(state, action["card"])
        return f"Charge the {card} with a {die_value(state, action['die'])} to use it again"
    if kind == "research":
        value = die_value(state, action["die"])
        return f"Research with a {value}: move the {row_card(state, value)} under tile {value}"
    if kind == "research_swap" and asking is not None:
        slot, other = asking["slot"], action["with"]
        return (
            f"Swap the {row_card(state, slot)} under tile {slot} with the "
            f"{row_card(state, other)} under tile {other}"
        )
    if kind == "build":
        slot = action["slot"]
        built = board.card(state, board.occupant(state, slot))
        return f"Build the {built['name']} from tile {slot}: +{points(built['points'])}"
    if kind == "pay" and asking is not None:
        paid = board.name(state, asking["card"])
        return f"Pay a {die_value(state, action['die'])} toward the {paid}"
    if kind == "pass_tool":
        tool = asking["tool"] if asking is not None and asking["kind"] == "tool_pass" else None
        what = f"the {board.name(state, tool)}" if tool else "the tool"
        return f"Pass {what} to {who(state, seat, action['seat'])}"
    return choice_words(state, seat, action, asking)


def choice_words(state: State, seat: int, action: Action, asking: Any) -> str:
    """A choice in the middle of an ability: the die, value, row card or tool chosen."""
    kind = action.get("type")
    title = ABILITIES[asking["ability"]].title if asking and "ability" in asking else "Choose"
    if kind == "choose_die":
        return f"{title}: the {die_value(state, action['die'])}"
    if kind == "choose_value":
        return f"{title}: make it a {action['value']}"
    if kind == "choose_row":
        slot = action["slot"]
        return f"{title}: the {row_card(state, slot)} under tile {slot}"
    if kind == "choose_tool":
        return f"{title}: the {board.name(state, action['card'])}"
    return f"{title}: {kind}"


def use_words(state: State, seat: int, card_id: str) -> str:
    card = board.card(state, card_id)
    ability = ABILITIES[card["ability"]]
    if card["ability"] == "zeppelin":
        return f"Fly the {card['name']}: the game ends now, {standing(state, seat)}"
    return f"Use the {card['name']}: {ability.title.lower()}"


def standing(state: State, seat: int) -> str:
    """The seat's points against the best other seat's, as the tableaus show them now."""
    totals = [board.score(state, other)["total"] for other in range(state["players"])]
    mine = totals[seat]
    best = max(total for other, total in enumerate(totals) if other != seat)
    if mine > best:
        return f"{points(mine - best)} ahead, on {mine}"
    if mine < best:
        return f"{points(best - mine)} behind, on {mine}"
    return f"level on {points(mine)}"


def points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


def who(state: State, seat: int, other: int) -> str:
    if other == seat:
        return "yourself"
    if state["players"] == 2:
        return "your opponent"
    return f"player {other + 1}"


def die_value(state: State, die_id: int) -> int:
    return int(board.die(state, die_id)["value"])


def row_card(state: State, slot: int) -> str:
    card_id = board.at(state, slot)
    return board.name(state, card_id) if card_id is not None else "empty place"
