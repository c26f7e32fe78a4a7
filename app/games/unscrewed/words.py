"""UNSCREWED's steps that write no log line, said in the game's words for the review.

`Unscrewed.action_words` (core.Game.action_words): a present-tense line about the seat, naming
it "{seatN}" first and then a verb (the review's page turns "Ann schemes" into "you scheme"), so
the player is named without their character here ("{seat0} (Slappy) ..." would not read as
"you ..."); other thingamajigs are named as the log names them (`thing_name`).

The steps said: Scheming's `scheme`, `unscheme` and `lock` (secret while the game runs, all
revealed when the review is shown), and the questions whose answer may write nothing:
`aim`, `direction`, `shift`, `order`, `friend`, `plan`. Everything else always writes a line
(a character "plays", a spawn "spawns", a Quirk "gains"/"discards", a coin "calls", a Master
Plan "plays", a picked Improv card "improvises"): None.

Pure: reads the state the action is taken in, changes nothing.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Seat, State
from app.games.log import seat_token
from app.games.unscrewed.attacks import victims
from app.games.unscrewed.board import ALL_DIRECTIONS, character, name_of
from app.games.unscrewed.box import box, improv_card, quirk_card
from app.games.unscrewed.events import thing_name
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.rounds import SCRIPTS, SLOTS

CARD_TITLES = {card: card.capitalize() for card in ACTION_CARDS}  # as the page's CARD_TITLES


def action_words(state: State, seat: Seat, action: Action) -> str | None:
    said = SAYING.get(action.get("type", ""))
    return said(state, seat, action) if said is not None else None


# --- Scheming ---------------------------------------------------------------------------------


def _card(slot: dict[str, Any]) -> str:
    if slot["card"] == "plan":
        return "a Master Plan"
    return CARD_TITLES.get(slot["card"], str(slot["card"]))


def _scheme(state: State, seat: Seat, action: Action) -> str:
    slots = state["seats"][seat]["slots"]
    index = slots.index(None) if None in slots else SLOTS - 1
    card = CARD_TITLES.get(action["card"], action["card"])
    return f"{seat_token(seat)} schemes {card} into slot {index + 1}"


def _unscheme(state: State, seat: Seat, action: Action) -> str:
    slots = state["seats"][seat]["slots"]
    schemed = [i for i in range(SLOTS) if slots[i] and slots[i]["card"] != "plan"]
    if not schemed:
        return f"{seat_token(seat)} takes back the last card schemed"
    index = schemed[-1]
    return f"{seat_token(seat)} takes {_card(slots[index])} back out of slot {index + 1}"


def _lock(state: State, seat: Seat, action: Action) -> str:
    slots = state["seats"][seat]["slots"]
    cards = ", ".join(_card(slot) if slot else "nothing" for slot in slots)
    return f"{seat_token(seat)} locks in the scheme {cards}"


# --- questions during a card --------------------------------------------------------------


def _asked(state: State) -> dict[str, Any]:
    ask = SCRIPTS.asking(state)
    return ask.info if ask is not None else {}


def _card_in_play(state: State, name: str | None) -> dict[str, Any] | None:
    """The Improv card being resolved (the innermost), when it is the one named `name`."""
    in_play = state["improv_deck"]["in_play"]
    if not in_play:
        return None
    card = improv_card(state, in_play[-1])
    return card if name is None or card["name"] == name else None


def _aim(state: State, seat: Seat, action: Action) -> str:
    info = _asked(state)
    direction = action["direction"]
    card_id = info.get("card") or (state["improv_deck"]["in_play"] or [None])[-1]
    if card_id is None:
        return f"{seat_token(seat)} aims the attack {direction}"
    card = improv_card(state, card_id)
    said = f"{seat_token(seat)} aims {card['name']} {direction}"
    hit = _hit(state, seat, card, direction)
    if hit is None:
        return said
    return f"{said}, hitting {_listed([thing_name(state, thing) for thing in hit]) or 'nothing'}"


def _hit(state: State, seat: Seat, card: dict[str, Any], direction: str) -> list[str] | None:
    """The victims the aim finds now; None when the attacker moves before the victims are
    found (a path, or a move of their own first), or when the card has no victims."""
    at = state["things"][character(seat)]["at"]
    if at is None:
        return None
    for effect in _flat(card["effects"]):
        if effect["do"] == "path" or (effect["do"] == "move" and effect["who"] == "self"):
            return None
        if effect.get("who") == "victims" or effect.get("with") == "victim":
            return victims(state, card["grid"], at, direction)
    return None


def _flat(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The effects in the order they may happen (a coin's outcomes one after the other)."""
    flat = []
    for effect in effects:
        flat.append(effect)
        if effect["do"] == "coin":
            flat.extend(_flat(effect["win"]) + _flat(effect["lose"]))
    return flat


def _listed(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _spaces(state: State, card: dict[str, Any], steps: Any) -> str:
    if steps == "roll":
        rolled = [
            event["value"]
            for event in state["events"]
            if event["kind"] == "roll" and event.get("why") == card["name"]
        ]
        if not rolled:
            return "the rolled number of spaces"
        steps = rolled[-1]
    return "1 space" if steps == 1 else f"{steps} spaces"


def _direction(state: State, seat: Seat, action: Action) -> str:
    """A direction chosen for an Improv card's move, a Steady stumble or Freddy's Reward."""
    who = seat_token(seat)
    direction = action["direction"]
    info = _asked(state)
    why = info.get("why")
    if action["type"] == "shift" and why is None:  # Freddy Fraidy's Reward
        if direction == "stay":
            return f"{who} stays put rather than shift 1 space (a Goal's Reward)"
        return f"{who} shifts 1 space {direction} (a Goal's Reward)"
    if why == "a steady stumble":
        steady = [
            quirk_card(state, quirk)["name"]
            for quirk in state["seats"][seat]["quirks"]
            if quirk_card(state, quirk)["effect"] == "steady"
        ]
        return f"{who} chooses to stumble {direction} ({(steady or ['a Quirk'])[0]})"
    card = _card_in_play(state, why)
    name = why or (card["name"] if card else "the card")
    effect = next(
        (
            effect
            for effect in _flat(card["effects"] if card else [])
            if effect["do"] == "move" and effect["dir"] in ("choose", "shift")
        ),
        None,
    )
    if card is None or effect is None:
        return f"{who} chooses {direction} for {name}"
    spaces = _spaces(state, card, effect.get("n", 1))
    if effect["who"] == "self":
        verb = "shifts" if effect["dir"] == "shift" else "moves"
        return f"{who} {verb} {spaces} {direction} ({name})"
    movers = {"everyone": "every player", "others": "every other player"}.get(
        effect["who"], "the victims"
    )
    return f"{who} moves {movers} {spaces} {direction} ({name})"


def _order(state: State, seat: Seat, action: Action) -> str:
    info = _asked(state)
    ask = SCRIPTS.asking(state)
    left = [option["thing"] for option in (ask.options if ask else [])]
    why = info.get("why")
    thing = action["thing"]
    rest = [other for other in left if other != thing]
    mine = thing == character(seat)
    first = (
        f"{seat_token(seat)} goes"
        if mine
        else f"{seat_token(seat)} moves {thing_name(state, thing)}"
    )
    if len(rest) == 1:
        said = f"{first} before {thing_name(state, rest[0])}"
    else:
        said = f"{first} first of {len(left)}" if left else f"{first} first"
    return f"{said} for {why}" if why else said


# --- tokens -----------------------------------------------------------------------------------


def _space(at: list[int]) -> str:
    return f"column {at[0] + 1}, row {at[1] + 1}"  # as the page's buttons say a space


def _friend(state: State, seat: Seat, action: Action) -> str:
    at = action["at"]
    friend = box(state).friend.get("name") or "the Friend token"
    me = state["things"][character(seat)]["at"]
    said = f"{seat_token(seat)} puts {friend} at {_space(at)}"
    delta = (at[0] - me[0], at[1] - me[1]) if me is not None else None
    if delta is None or delta not in ALL_DIRECTIONS.values():
        return said
    return f"{said} ({name_of(delta)} of {state['seats'][seat]['name']})"


def _plan(state: State, seat: Seat, action: Action) -> str:
    return f"{seat_token(seat)} puts the Plan token at {_space(action['at'])}"


SAYING = {
    "scheme": _scheme,
    "unscheme": _unscheme,
    "lock": _lock,
    "aim": _aim,
    "direction": _direction,
    "shift": _direction,
    "order": _order,
    "friend": _friend,
    "plan": _plan,
}
