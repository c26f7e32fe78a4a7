"""How the good bot answers the questions asked inside a dogma action.

A question carries its prompt, its options and who asks for what (the dogma card, the effect,
the demander). The bot reads the prompt's verb to know what each option does to the position:
a card is returned, scored, melded, tucked, given to the demander, taken into the hand...; a
color is splayed; a yes swaps, scores or melds a whole hand or pile. It plays each option's
move on a copy of the position and keeps the one the evaluation (bot_worth) likes best, from
the asking seat's side. An optional "you may" (almost always a cost paid for a reward the
effect gives afterwards, which the copy cannot see) is taken when its cost is small; orders
and namings that change nothing the bot can judge take the first option.

The same answers serve the real questions (on a guessed position) and the questions met while
the bot looks ahead (on a simulated one), so the look-ahead expects its own play.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from app.games.core import Action, State
from app.games.innovation import supply
from app.games.innovation.bot_worth import seat_worth, worth
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.ending import EndAction, GameOver, opponents

# What an optional cost may take from the position and still be paid ("you may return a card
# to ..." nearly always brings something back that the copy does not show).
AFFORDABLE = 6.0

Move = Callable[[State], Any]


def bare(state: State) -> State:
    """A copy of the position alone: no running script, no log."""
    kept = {key: value for key, value in state.items() if key not in ("asking", "log")}
    copy: State = json.loads(json.dumps(kept))
    copy["asking"] = None
    copy["log"] = []
    return copy


def after(state: State, move: Move) -> State:
    """The position once `move` is played on a bare copy (a move that cannot be played leaves
    the copy as it was; a move that ends the game leaves the result in it)."""
    copy = bare(state)
    try:
        move(copy)
    except (GameOver, EndAction):
        pass
    except (KeyError, ValueError, IndexError):
        return bare(state)
    return copy


# --- the moves an option stands for --------------------------------------------------------


def _to(card: str, place: str, owner: int, verb: str, *, bottom: bool = False) -> Move:
    def move(state: State) -> None:
        supply.move(state, card, place, owner, verb=verb, actor=owner, bottom=bottom)

    return move


def _return(card: str) -> Move:
    def move(state: State) -> None:
        supply.move(state, card, "supply", CARDS[card].age, verb="returns")

    return move


def _receiver(state: State, seat: int, info: dict[str, Any]) -> int:
    """Who gets a card given away: the demander, or else the weakest opponent."""
    demander = info.get("demander")
    if isinstance(demander, int) and demander != seat:
        return demander
    player = info.get("player")
    if isinstance(player, int) and player != seat:
        return player
    rivals = opponents(state, seat) or [seat]
    return min(rivals, key=lambda other: seat_worth(state, other))


def card_move(state: State, seat: int, prompt: str, info: dict[str, Any], card: str) -> Move | None:
    """What choosing `card` does, read from the prompt; None when the bot cannot tell."""
    p = prompt.lower()
    if "top to bottom" in p:
        return _to(card, "board", seat, "melds")
    if any(word in p for word in ("order", "goes first", "first goes", "back first", "next?")):
        return None
    if "take one of the demander's top cards" in p or "onto your board" in p:
        return _to(card, "board", seat, "transfer")
    if "in your score" in p:
        return _to(card, "score", seat, "transfer")
    if "into your hand" in p or "you keep" in p:
        return _to(card, "hand", seat, "transfer")
    if "other player takes" in p:
        return _to(card, "hand", _receiver(state, seat, info), "transfer")
    if any(word in p for word in ("give", "demander", "opponent", "another player")):
        receiver = _receiver(state, seat, info)
        if "score" in p:
            return _to(card, "score", receiver, "transfer")
        if "board" in p or "top " in p:
            return _to(card, "board", receiver, "transfer")
        return _to(card, "hand", receiver, "transfer")
    if "return" in p:
        return _return(card)
    if "score" in p:
        return _to(card, "score", seat, "scores")
    if "meld" in p or "carry out" in p:
        return _to(card, "board", seat, "melds")
    if "tuck" in p:
        return _to(card, "board", seat, "tucks", bottom=True)
    if "achieve" in p:
        return _to(card, "achievements", seat, "achieves")
    return None


def _splay(seat: int, color: str, direction: str) -> Move:
    def move(state: State) -> None:
        supply.splay(state, seat, color, direction)

    return move


def _direction(prompt: str) -> str | None:
    p = prompt.lower()
    for direction in ("up", "right", "left"):
        # "to the right instead" names the new direction last; the others name one.
        if f" {direction}" in p and (direction != "left" or "right" not in p):
            return direction
    return None


def _whole(seat: int, source: str, dest: str, verb: str, which: str = "all") -> Move:
    """Every card (or every highest card) of a hand or score pile moved somewhere."""

    def move(state: State) -> None:
        cards = list(state["seats"][seat][source])
        if which == "highest" and cards:
            top = max(CARDS[card].age for card in cards)
            cards = [card for card in cards if CARDS[card].age == top]
        for card in cards:
            bottom = verb == "tucks"
            supply.move(state, card, dest, seat, verb=verb, actor=seat, bottom=bottom)

    return move


def _swap(seat: int, which: str) -> Move:
    def move(state: State) -> None:
        mine = state["seats"][seat]
        hand, score = list(mine["hand"]), list(mine["score"])
        if which == "highest":
            hand = [c for c in hand if CARDS[c].age == max(CARDS[x].age for x in hand)]
            score = [c for c in score if CARDS[c].age == max(CARDS[x].age for x in score)]
        for card in hand:
            supply.move(state, card, "score", seat, verb="transfer", check=False)
        for card in score:
            supply.move(state, card, "hand", seat, verb="transfer", check=False)

    return move


def yes_move(seat: int, prompt: str) -> Move | None:
    """What answering yes does, for the questions whose yes the bot can weigh."""
    p = prompt.lower()
    if p.startswith("splay"):
        direction = _direction(p)
        color = next((color for color in COLORS if color in p), None)
        if direction and color:
            return _splay(seat, color, direction)
    if "swap your whole hand" in p:
        return _swap(seat, "all")
    if "swap your highest" in p:
        return _swap(seat, "highest")
    if "score your entire hand" in p:
        return _whole(seat, "hand", "score", "scores")
    if "tuck your whole hand" in p:
        return _whole(seat, "hand", "board", "tucks")
    if "meld every highest card of your score pile" in p:
        return _whole(seat, "score", "board", "melds", "highest")
    if p.startswith("meld all"):
        return _whole(seat, "score", "board", "melds")
    return None


def _return_age(seat: int, victim: int, age: int, every: bool) -> Move:
    def move(state: State) -> None:
        owners = range(state["players"]) if every else [victim]
        for owner in owners:
            for card in list(state["seats"][owner]["score"]):
                if CARDS[card].age == age:
                    supply.move(state, card, "supply", age, verb="returns")
                    if not every:
                        return

    return move


# --- choosing ------------------------------------------------------------------------------


def _best(state: State, seat: int, moves: list[tuple[Action, Move | None]]) -> Action:
    """The option whose move leaves the best position for `seat` (the first on a tie)."""
    here = worth(state, seat)
    best, best_value = moves[0][0], None
    for option, move in moves:
        value = here if move is None else worth(after(state, move), seat)
        if best_value is None or value > best_value:
            best, best_value = option, value
    return best


def answer(
    state: State, seat: int, prompt: str, options: list[Action], info: dict[str, Any]
) -> Action:
    """The bot's answer for `seat` to one question of a dogma action on `state`."""
    if len(options) == 1:
        return options[0]
    kinds = {option.get("type") for option in options}
    done = next((option for option in options if option.get("type") == "done"), None)
    choices = [option for option in options if option.get("type") != "done"]
    if not choices:
        return options[0]
    kind = choices[0].get("type")
    if kinds - {kind, "done"}:
        return choices[0]
    if kind == "yes":
        return _answer_yes(state, seat, prompt, options)
    if kind == "player":
        return _answer_player(state, seat, prompt, choices)
    if kind == "age":
        return _answer_age(state, seat, prompt, choices)
    moves: list[tuple[Action, Move | None]] = []
    for option in choices:
        if kind == "card":
            moves.append((option, card_move(state, seat, prompt, info, option["card"])))
        elif kind == "color":
            direction = _direction(prompt) if "splay" in prompt.lower() else None
            moves.append((option, _splay(seat, option["color"], direction) if direction else None))
        else:
            moves.append((option, None))
    if all(move is None for _, move in moves):
        return choices[0]
    chosen = _best(state, seat, moves)
    if done is None:
        return chosen
    move = dict((canonical_key(option), move) for option, move in moves)[canonical_key(chosen)]
    if move is None:
        return chosen
    cost = worth(state, seat) - worth(after(state, move), seat)
    return chosen if cost <= AFFORDABLE else done


def canonical_key(option: Action) -> str:
    return json.dumps(option, sort_keys=True)


def _answer_yes(state: State, seat: int, prompt: str, options: list[Action]) -> Action:
    yes = next(option for option in options if option.get("yes") is True)
    no = next((option for option in options if option.get("yes") is False), yes)
    move = yes_move(seat, prompt)
    if move is None:
        return yes  # "you may ..." questions offer something the bot takes
    return yes if worth(after(state, move), seat) >= worth(state, seat) else no


def _answer_player(state: State, seat: int, prompt: str, choices: list[Action]) -> Action:
    """A gift goes to the weakest player; a loss to the strongest."""
    players = [option for option in choices if isinstance(option.get("player"), int)]
    if not players:
        return choices[0]

    def strength(option: Action) -> float:
        other = option["player"]
        if not 0 <= other < len(state["seats"]):
            return 0.0
        return seat_worth(state, other)

    if "receive" in prompt.lower():
        return min(players, key=strength)
    return max(players, key=strength)


def _answer_age(state: State, seat: int, prompt: str, choices: list[Action]) -> Action:
    p = prompt.lower()
    ages = [option for option in choices if isinstance(option.get("age"), int)]
    if not ages:
        return choices[0]
    if "score card" not in p:
        return ages[-1]
    every = "every" in p
    victim = seat if every else _victim(state, seat)
    moves: list[tuple[Action, Move | None]] = [
        (option, _return_age(seat, victim, option["age"], every)) for option in ages
    ]
    return _best(state, seat, moves)


def _victim(state: State, seat: int) -> int:
    """Whose score card is at stake when a value is named for one (the strongest rival)."""
    rivals = opponents(state, seat) or [seat]
    return max(rivals, key=lambda other: seat_worth(state, other))
