"""What one seat (or a spectator, seat None) sees of an Innovation game.

`table(state, seat)` is the "state" of `Game.view`: contract.Table. Cards are named only (the
page reads icons, colors and texts from the components).

After every action each seat is sent a patch from its last view to the new one, so the view holds
what the page cannot work out and nothing else: what a seat's board shows (its icons), its score,
its team's score and its achievements counted are the page's to count (page/tally.js), from the
piles and the cards' faces; a dogma's question carries no copy of the prompt and the legal
actions that the view already holds beside the table.
"""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.decisions import Simultaneous
from app.games.innovation.board import Phase
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.contract import Dogma, Player, Question, Table
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import target, teammate
from app.games.innovation.turn import OPENING
from app.games.log import seat_token


def ages(cards: list[str]) -> list[int]:
    return sorted(CARDS[card].age for card in cards)


def player_view(state: State, seat: int, viewer: Seat | None, everything: bool) -> Player:
    mine = state["seats"][seat]
    yours = everything or viewer == seat
    return {
        "seat": seat,
        "team": seat % 2 if state["teams"] else None,
        "teammate": teammate(state, seat),
        "board": {
            color: {"cards": list(mine["board"][color]), "splay": mine["splays"][color]}
            for color in COLORS
        },
        "hand": list(mine["hand"]) if yours else ages(mine["hand"]),
        "score_pile": list(mine["score"]) if yours else ages(mine["score"]),
        "achievements": list(mine["achievements"]) if everything else ages(mine["achievements"]),
        "specials": list(mine["specials"]),
        "tucked": mine["tucked"],
        "scored": mine["scored"],
    }


def asking(state: State) -> Question | None:
    """The open question of a dogma, the same for every seat: the seat asked reads its words
    and answers in the view's own `prompt` and `legal`."""
    ask = SCRIPT.asking(state)
    if ask is None:
        return None
    shown: Question = {"seat": ask.seat, **ask.info}  # type: ignore[typeddict-item]
    return shown


def table(state: State, viewer: Seat | None, everything: bool = False) -> Table:
    running: Dogma | None = state.get("dogma")
    shown: Table = {
        "phase": state["phase"],
        "edition": state["edition"],
        "teams": state["teams"],
        "turn": state["turn"],
        "current": state["current"],
        "actions_left": state["actions_left"],
        "you": viewer,
        "players": [
            player_view(state, seat, viewer, everything) for seat in range(state["players"])
        ],
        "supply": {age: len(cards) for age, cards in state["supply"].items()},
        "removed": len(state["removed"]),
        "available": sorted(int(age) for age in state["available"]),
        "specials": list(state["specials"]),
        "target": target(state),
        "revealed": list(state["revealed"]),
        "dogma": None if running is None else {**running},
        "asking": asking(state),
        "opening": None,
        "result": (
            {"winners": state["result"]["winners"], "reason": state["result"]["reason"]}
            if state["result"]
            else None
        ),
    }
    if everything:
        shown["supply_cards"] = {age: list(cards) for age, cards in state["supply"].items()}
        shown["available_cards"] = dict(state["available"])
    if state["phase"] == Phase.OPENING and OPENING in state:
        picks = state[OPENING]["answers"]
        shown["opening"] = {
            "waiting": Simultaneous.waiting(state, OPENING),
            "pick": picks.get(str(viewer)) if viewer is not None else None,
        }
    return shown


def prompt(state: State, seat: Seat | None) -> str | None:
    if state["result"] is not None:
        return None
    if state["phase"] == Phase.OPENING:
        if seat in Simultaneous.waiting(state, OPENING):
            return "Pick one of your two cards to meld"
        return "Waiting for the others to pick their first card"
    ask = SCRIPT.asking(state)
    if ask is not None:
        if seat == ask.seat:
            return ask.prompt
        return f"Waiting for {seat_token(ask.seat)} to choose ({ask.info.get('card')})"
    if seat == state["current"]:
        left = state["actions_left"]
        return f"Your turn: {left} action{'s' if left != 1 else ''} left"
    return f"Waiting for {seat_token(state['current'])}"
