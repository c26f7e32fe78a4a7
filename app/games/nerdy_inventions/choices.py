"""What the current Nerdy Inventions player may do: the free actions of a turn, or the options
of the choice half made (`state["asking"]`: an ability's, a build's, a research's, or the tool
just used going on), and that choice in words."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Seat, State
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.abilities import ABILITIES
from app.games.nerdy_inventions.board import END_TURN, TILES

CANCEL: Action = {"type": "cancel"}


def free_actions(state: State, seat: Seat) -> list[Action]:
    """What the current player may do when no choice is half made, in a stable order."""
    tableau = state["tableaus"][seat]
    dice = state["dice"]
    actions: list[Action] = []
    for held in tableau:
        if not held["tapped"]:
            card = board.card(state, held["card"])
            options = ABILITIES[card["ability"]].steps(state, seat, held["card"], [])
            if options is None or options:
                actions.append({"type": "use", "card": held["card"]})
    tool_id = board.tool_of(state, seat)
    if tool_id is not None and board.without_tool(state):
        for held in tableau:
            if not held["tapped"]:
                actions.extend(
                    {"type": "tool", "card": held["card"], "die": die["id"]}
                    for die in dice
                    if die["value"] < 6
                )
    for held in tableau:
        if held["tapped"]:
            level = board.card(state, held["card"])["level"]
            actions.extend(
                {"type": "charge", "card": held["card"], "die": die["id"]}
                for die in dice
                if die["value"] >= level
            )
    actions.extend(
        {"type": "research", "die": die["id"]} for die in dice if board.swaps(state, die["value"])
    )
    values = [die["value"] for die in dice]
    for slot in TILES:
        card_id = board.at(state, slot)
        if card_id is None:
            continue
        card = board.card(state, card_id)
        if card["cost"] is not None and board.can_pay(values, board.needs(card, slot)):
            actions.append({"type": "build", "slot": slot})
    actions.append(END_TURN)
    return actions


def asking_options(state: State, seat: Seat, asking: dict[str, Any]) -> list[Action]:
    kind = asking["kind"]
    if kind == "ability":
        steps = ABILITIES[asking["ability"]].steps
        options = steps(state, seat, asking["card"], asking["picks"])
        if options is None:  # every choice made: `advance` has already carried it out
            raise RuntimeError(f"the {asking['ability']} ability asks nothing more")
        return [*options, CANCEL]
    if kind == "build":
        wanted = asking["needs"]
        step = len(asking["paid"])
        free = [die for die in state["dice"] if die["id"] not in asking["paid"]]
        options = []
        for die in free:
            if board.pays(die["value"], wanted[step]):
                rest = [other["value"] for other in free if other is not die]
                if board.can_pay(rest, wanted[step + 1 :]):
                    options.append({"type": "pay", "die": die["id"]})
        return [*options, CANCEL]
    if kind == "research":
        swaps = board.swaps(state, asking["slot"])
        return [*({"type": "research_swap", "with": slot} for slot in swaps), CANCEL]
    # "tool_pass": the tool has been used and must go on; there is no going back
    return [{"type": "pass_tool", "seat": other} for other in board.without_tool(state)]


def asking_text(state: State, asking: dict[str, Any]) -> str:
    kind = asking["kind"]
    if kind == "ability":
        asks = ABILITIES[asking["ability"]].asks
        return asks[len(asking["picks"])]
    if kind == "build":
        step = len(asking["paid"])
        wanted = asking["needs"]
        return (
            f"Pay for the {board.name(state, asking['card'])}: requirement {step + 1} of "
            f"{len(wanted)}, a {wanted[step]} (or a six)"
        )
    if kind == "research":
        card = board.name(state, board.occupant(state, asking["slot"]))
        return f"Choose the neighbouring card to swap the {card} with"
    return f"Pass the {board.name(state, asking['tool'])} to a player without a tool"
