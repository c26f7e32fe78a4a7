"""Innovation's answers to a dogma's questions said in words, for the review
(`Game.action_words`): "{seat1} picks Sailing to give {seat0} their highest card (Archery)".

The turn's four actions and the opening pick always write a log line; an answer to the open
question (`state["asking"]`) often writes none (a card picked among several to return, a pile's
new order, a "no"). Its words are the question's own, turned about the seat that answers: the
prompt's "you" and "your" become "they" and "their", "the demander" is named, and the card whose
dogma asks is named last. Pure: the state is only read.
"""

from __future__ import annotations

import re
from typing import Any

from app.games.core import Action, Seat, State
from app.games.innovation.dogma import SCRIPT
from app.games.log import seat_token

_PRONOUNS = {"you": "they", "your": "their", "yours": "theirs", "You": "They", "Your": "Their"}
_PRONOUN = re.compile(r"\b(yours|your|you|Yours|Your|You)\b")
_SPLAY = re.compile(r"^splay (?:their|one)\b.*\b(left|right|up)(?: instead)?$")
_RETURN_NEXT = re.compile(
    r"^(?:which card goes back first"
    r"|order the cards to return \(first goes first\)"
    r"|order the (age-\d+) cards (?:going back \(the first goes back first\)|they return))$"
)
_MELD_NEXT = re.compile(
    r"^(?:which card do they meld next|order the cards to meld( \(the last ends on top\)))$"
)
_PILE_ORDER = re.compile(r"^order their (\w+) pile from top to bottom$")
_RECEIVER = re.compile(r"^which opponent receives the card$")


def turned(prompt: str, info: dict[str, Any]) -> str:
    """The question `prompt` (said to the seat asked) said about that seat: "You may return a
    card from your hand" -> "return a card from their hand"."""
    text = prompt.strip().rstrip("?").strip().removesuffix(", one at a time")
    if text.startswith("You may "):
        text = text[len("You may ") :]
    demander = info.get("demander")
    if isinstance(demander, int):
        text = text.replace("the demander's", seat_token(demander) + "'s")
        text = text.replace("the demander", seat_token(demander))
    player = info.get("player")
    if isinstance(player, int):
        text = text.replace("the affected player", seat_token(player))
    text = _PRONOUN.sub(lambda match: _PRONOUNS[match.group(0).lower()], text)
    return text[:1].lower() + text[1:] if not text.startswith("{") else text


def _value(action: Action) -> str:
    kind = action["type"]
    if kind == "player":
        return seat_token(int(action["player"]))
    return str(action[kind])


def _chosen(seat: str, value: str, kind: str, phrase: str) -> str:
    """`seat` picks `value` (a card, color, age, icon or player) in answer to `phrase`."""
    returning = _RETURN_NEXT.match(phrase)
    if kind == "card" and returning:
        among = f" of their {returning.group(1)} cards" if returning.group(1) else ""
        return f"{seat} returns {value} next{among}"
    melding = _MELD_NEXT.match(phrase)
    if kind == "card" and melding:
        return f"{seat} melds {value} next{', the last ending on top' if melding.group(1) else ''}"
    pile = _PILE_ORDER.match(phrase)
    if kind == "card" and pile:
        return f"{seat} puts {value} next in their new {pile.group(1)} pile, from the top"
    if kind == "player" and _RECEIVER.match(phrase):
        return f"{seat} gives the card to {value}"
    if kind == "color":
        splay = _SPLAY.match(phrase)
        if splay:
            return f"{seat} splays their {value} pile {splay.group(1)}"
    if phrase.startswith("order "):
        return f"{seat} puts {value} next in order: {phrase[len('order ') :]}"
    if phrase.startswith("name "):
        return f"{seat} names {value} as {phrase[len('name ') :]}"
    if phrase.startswith(("pick the cards ", "pick the top cards ")):
        return f"{seat} picks {value} among {phrase[len('pick ') :]}"
    if phrase.startswith("pick "):
        return f"{seat} picks {value} as {phrase[len('pick ') :]}"
    return f"{seat} picks {value} to {phrase}"


def answer_words(state: State, seat: Seat, action: Action) -> str | None:
    """`seat`'s answer `action` to the open question of a dogma action, in that question's
    words; None when no question is open to `seat` or the action answers none."""
    ask = SCRIPT.asking(state)
    if ask is None or ask.seat != seat:
        return None
    kind = action.get("type")
    phrase = turned(ask.prompt, ask.info)
    who = seat_token(seat)
    dogma = ask.info.get("card")
    said: str
    if kind == "yes":
        said = f"{who} {'chooses' if action.get('yes') else 'declines'} to {phrase}"
    elif kind == "done":
        if ask.info.get("optional"):
            said = f"{who} declines to {phrase}"
        else:  # choosing several cards one at a time: no more
            said = f"{who} stops picking cards to {phrase}"
    elif kind in ("card", "color", "player", "age", "icon") and kind in action:
        said = _chosen(who, _value(action), str(kind), phrase)
    else:
        return None
    return f"{said} ({dogma})" if dogma else said
