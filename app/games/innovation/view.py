"""What one seat (or a spectator, seat None) sees of an Innovation game.

`view(state, seat)` returns {"active": [seats], "prompt": text, "state": {...}, "log": [lines]}.
Cards are named only (the page reads icons, colors and texts from cards.json). "state" holds:

    phase          "opening" | "turn" | "over"
    edition        "third" | "first";  teams: bool (seats 0 & 2 against 1 & 3)
    turn, current, actions_left
    you            the viewing seat (None for a spectator)
    players        one per seat, in seat order:
        seat, team (0/1, or None)
        board      {color: {"cards": [top, ..., bottom], "splay": None|"left"|"right"|"up"}}
                   (all five colors; every board card is public)
        icons      {icon: visible count} for the six icons
        hand       [names] for yourself; [ages] (sorted) for anyone else
        hand_size
        score_pile [names] for yourself; [ages] (sorted) for anyone else
        score      the score pile's total (public; what the seat achieves with);
                   team_score (team game: the team's, which counts at the end by score)
        achievements  [ages] of the standard achievements claimed (face down: ages only)
        specials   [names] of the special achievements claimed
        achievement_count  standard + special (team game: the team's combined)
        tucked, scored     Monument tallies this turn
    supply         {"1": count, ..., "10": count}
    removed        how many cards are out of the game (Fission)
    available      [ages] of standard achievements not yet claimed
    specials       [names] of special achievements not yet claimed
    target         achievements needed to win
    revealed       [names] of cards revealed to everyone in the last action
    dogma          None, or {"card", "player", "affected": [seats], "sharing": [seats]}
                   while a dogma action waits for a decision
    question       None, or the pending question: {"seat", "kind", "card", "effect", "player",
                   "demander", "optional"}; for the seat that must answer also "prompt" and
                   "options" (the legal actions, e.g. {"type": "card", "card": "Oars"})
    opening        during the opening: {"waiting": [seats], "pick": your pick or None}
    result         None, or {"winners": [seats], "reason": text}
"""

from __future__ import annotations

from typing import Any

from app.games.core import Seat, Simultaneous, State
from app.games.innovation import board
from app.games.innovation.board import Phase
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import (
    achievement_count,
    own_score,
    target,
    team_score,
    teammate,
    token,
)
from app.games.innovation.turn import OPENING

Table = dict[str, Any]  # (typed below)


def ages(cards: list[str]) -> list[int]:
    return sorted(CARDS[card].age for card in cards)


def player_view(state: State, seat: int, viewer: Seat | None, everything: bool) -> dict[str, Any]:
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
        "icons": board.icons(state, seat),
        "hand": list(mine["hand"]) if yours else ages(mine["hand"]),
        "hand_size": len(mine["hand"]),
        "score_pile": list(mine["score"]) if yours else ages(mine["score"]),
        "score": own_score(state, seat),
        "team_score": team_score(state, seat),
        "achievements": list(mine["achievements"]) if everything else ages(mine["achievements"]),
        "specials": list(mine["specials"]),
        "achievement_count": achievement_count(state, seat),
        "tucked": mine["tucked"],
        "scored": mine["scored"],
    }


def question(state: State, viewer: Seat | None) -> dict[str, Any] | None:
    ask = SCRIPT.asking(state)
    if ask is None:
        return None
    shown: dict[str, Any] = {"seat": ask.seat, **ask.info}
    if viewer == ask.seat:
        shown["prompt"] = ask.prompt
        shown["options"] = ask.options
    return shown


def table(state: State, viewer: Seat | None, everything: bool = False) -> dict[str, Any]:
    shown: dict[str, Any] = {
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
        "dogma": dict(state["dogma"]) if "dogma" in state else None,
        "question": question(state, viewer),
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
        return f"Waiting for {token(ask.seat)} to choose ({ask.info.get('card')})"
    if seat == state["current"]:
        left = state["actions_left"]
        return f"Your turn: {left} action{'s' if left != 1 else ''} left"
    return f"Waiting for {token(state['current'])}"
