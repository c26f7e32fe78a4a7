"""The good bot's answers to a dogma's question, every option weighed (bot_answers picks one).

Each option gets the worth (bot_worth, in points) of the position its move leaves, the same
moves bot_answers plays; the rules of thumb of bot_answers become values too, so that the
option it picks is always among the best: an optional cost ("you may ...", with Done beside it)
is paid for a reward the copy cannot see, counted as AFFORDABLE points; a "you may" yes the bot
cannot play out is worth that reward; an option whose move it cannot tell (an order, a naming, a
player) is worth the position as it stands. Reasons say what the option does in the seat's
words; the option cards are in the seat's own question, so naming them reveals nothing.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State
from app.games.innovation.bot_answers import (
    AFFORDABLE,
    Move,
    _direction,
    _return_age,
    _splay,
    _victim,
    after,
    card_move,
    yes_move,
)
from app.games.innovation.bot_reasons import reason
from app.games.innovation.bot_worth import worth
from app.games.log import seat_token

Option = tuple[Action, float, str]


def label(option: Action) -> str:
    """An option as the question shows it."""
    kind = option.get("type")
    if kind == "card":
        return str(option.get("card"))
    if kind == "color":
        return f"Your {option.get('color')} pile"
    if kind == "yes":
        return "Yes" if option.get("yes") is True else "No"
    if kind == "player" and isinstance(option.get("player"), int):
        return seat_token(option["player"])
    if kind == "age":
        return f"Age {option.get('age')}"
    if kind == "done":
        return "Done"
    return str(kind or "This option").capitalize()


def _moved(state: State, seat: int, option: Action, move: Move | None, bonus: float) -> Option:
    """An option with a move: the worth it leaves (plus `bonus`) and what it changes."""
    here = worth(state, seat)
    if move is None:
        return option, here + bonus, f"{label(option)}: the bot cannot see it change anything"
    moved = after(state, move)
    return option, worth(moved, seat) + bonus, reason(label(option), [state], [moved], seat)


def weigh_answer(
    state: State, seat: int, prompt: str, options: list[Action], info: dict[str, Any]
) -> list[Option]:
    """Every option of the question, with a worth in points and a reason (not ordered)."""
    here = worth(state, seat)
    p = prompt.lower()

    def plain(option: Action, why: str) -> Option:
        return option, here, f"{label(option)}: {why}"

    if len(options) == 1:
        return [plain(options[0], "the only answer")]
    kinds = {option.get("type") for option in options}
    choices = [option for option in options if option.get("type") != "done"]
    done = [option for option in options if option.get("type") == "done"]
    kind = choices[0].get("type") if choices else None
    if not choices or kinds - {kind, "done"}:
        return [plain(option, "changes nothing the bot can judge") for option in options]
    if kind == "yes":
        yes = yes_move(seat, prompt)
        weighed = []
        for option in options:
            if option.get("yes") is not True:
                weighed.append(plain(option, "leaves things as they are"))
            elif yes is None:
                weighed.append((option, here + AFFORDABLE, "Yes: takes what the effect offers"))
            else:
                weighed.append(_moved(state, seat, option, yes, 0.0))
        return weighed
    if kind == "player":
        why = "the weakest player receives it" if "receive" in p else "the strongest player loses"
        return [plain(option, why) for option in options]
    if kind == "age" and "score card" in p:
        every = "every" in p
        victim = seat if every else _victim(state, seat)
        return [
            _moved(state, seat, option, _return_age(seat, victim, option["age"], every), 0.0)
            if isinstance(option.get("age"), int)
            else plain(option, "changes nothing the bot can judge")
            for option in options
        ]
    if kind not in ("card", "color"):
        return [plain(option, "changes nothing the bot can judge") for option in options]
    bonus = AFFORDABLE if done else 0.0
    weighed = [plain(option, "stops here, paying nothing") for option in done]
    for option in choices:
        move: Move | None = None
        if kind == "card" and isinstance(option.get("card"), str):
            move = card_move(state, seat, prompt, info, option["card"])
        elif kind == "color" and "splay" in p:
            direction = _direction(prompt)
            move = _splay(seat, option["color"], direction) if direction else None
        weighed.append(_moved(state, seat, option, move, bonus))
    return weighed
