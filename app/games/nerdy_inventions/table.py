"""What a Nerdy Inventions page is shown (`Table`): the same for every seat and for spectators,
the deck as a count."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from app.games.core import Action, Seat, State
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.board import TILES
from app.games.nerdy_inventions.choices import CANCEL, asking_options, asking_text


class CardShown(board.CardFacts):
    tapped: NotRequired[bool]  # on a tableau


class ToolShown(TypedDict):
    card: CardShown
    holder: Seat
    tapped: bool


class Tableau(TypedDict):
    seat: Seat
    cards: list[CardShown]
    tool: ToolShown | None
    score: board.Score


class Tile(TypedDict):
    slot: int  # tiles 6..1
    gear: int
    card: CardShown | None


class AskingShown(TypedDict):
    """The choice being made, whatever its kind."""

    kind: str
    card: str | None
    ability: str | None
    choosing: str | None
    text: str
    picks: list[Action]
    slot: int | None
    die: int | None
    needs: list[int | str] | None
    paid: list[int] | None
    cancel: bool


class Table(TypedDict):
    """What a page needs to draw the game; the same for every seat (the deck as a count)."""

    players: int
    first_player: Seat
    current: Seat | None
    turn: int
    round: int
    final_round: bool
    deck: int  # how many cards are left in it
    row: list[Tile]
    tableaus: list[Tableau]
    tools: list[ToolShown]
    dice: list[board.Die]
    asking: AskingShown | None
    scores: list[board.Score]  # per seat, as in the tableaus
    stand_in: bool


# What the page shows for the kind of choice a step's options make.
CHOOSING = {
    "choose_die": "die",
    "choose_value": "value",
    "choose_row": "row",
    "choose_tool": "tool",
    "pass_tool": "seat",
    "pay": "pay",
    "research_swap": "swap",
}


def card_view(state: State, card_id: str, **extra: Any) -> CardShown:
    shown: CardShown = {**board.card(state, card_id), **extra}  # type: ignore[typeddict-item]
    return shown


def asking_view(state: State, seat: Seat) -> AskingShown | None:
    asking = state["asking"]
    if asking is None:
        return None
    options = asking_options(state, seat, asking)
    choosing = next((CHOOSING[option["type"]] for option in options if option != CANCEL), None)
    return {
        "kind": asking["kind"],
        "card": asking.get("card", asking.get("tool")),
        "ability": asking.get("ability"),
        "choosing": choosing,
        "text": asking_text(state, asking),
        "picks": [dict(pick) for pick in asking.get("picks", [])],
        "slot": asking.get("slot"),
        "die": asking.get("die"),
        "needs": list(asking["needs"]) if "needs" in asking else None,
        "paid": list(asking["paid"]) if "paid" in asking else None,
        "cancel": CANCEL in options,
    }


def table(state: State) -> Table:
    """What a page needs to draw the game; the same for every seat (the deck as a count)."""
    players = state["players"]
    tools: list[ToolShown] = [
        {"card": card_view(state, tool_id), "holder": tool["holder"], "tapped": tool["tapped"]}
        for tool_id, tool in sorted(state["tools"].items())
    ]
    scores = [board.score(state, seat) for seat in range(players)]
    tableaus: list[Tableau] = []
    for seat in range(players):
        held = next((tool for tool in tools if tool["holder"] == seat), None)
        tableaus.append(
            {
                "seat": seat,
                "cards": [
                    card_view(state, entry["card"], tapped=entry["tapped"])
                    for entry in state["tableaus"][seat]
                ],
                "tool": held,
                "score": scores[seat],
            }
        )
    return {
        "players": players,
        "first_player": state["first_player"],
        "current": None if state["result"] is not None else state["current"],
        "turn": state["turn"],
        "round": (state["turn"] - 1) // players + 1,
        "final_round": state["final_round"],
        "deck": len(state["deck"]),
        "row": [
            {
                "slot": slot,
                "gear": slot,
                "card": card_view(state, here) if (here := board.at(state, slot)) else None,
            }
            for slot in TILES
        ],
        "tableaus": tableaus,
        "tools": tools,
        "dice": [{"id": die["id"], "value": die["value"]} for die in state["dice"]],
        "asking": asking_view(state, state["current"]),
        "scores": scores,
        "stand_in": state["stand_in"],
    }
