"""Test helpers for Innovation: build a position in the middle of a turn, act, answer, look.

    state = position(players=2, current=0, boards={0: {"red": ["Archery"]}}, hands={1: ["Oars"]},
                     supply_top={1: ["Metalworking"]})
    state = dogma(state, "Archery")
    seat, options = asking(state)            # asking(state) is None when nothing is asked
    state = choose(state, "card", "Oars")    # or answer(state, options[0])

Every action goes through `game.apply`, so only legal actions are accepted. Places reported by
`where`: ("hand" | "score" | "board" | "achievements", seat), ("supply", age) and
("available", age) for a standard achievement not yet claimed.

The small helpers the card tests share are at the end (answering: `pick`, `take`, `done`,
`finish`, `yes`, `no`; looking: `offers`, `offered`, `seat_asked`, `idle`, `in_supply`, `pile`,
`splay_of`, `winners`). A card test imports helpers from here only, never from another test.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action
from app.games.innovation import Innovation
from app.games.innovation.cards import AGES, CARDS, COLORS
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import own_achievements
from app.games.innovation.rules import new_state
from app.games.innovation.supply import locate

game = Innovation()

State = dict[str, Any]


def position(
    players: int = 2,
    current: int = 0,
    boards: dict[int, dict[str, list[str]]] | None = None,
    splays: dict[int, dict[str, str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    scores: dict[int, list[str]] | None = None,
    achievements: dict[int, list[int | str]] | None = None,
    specials: dict[int, list[str]] | None = None,
    supply_top: dict[int, list[str]] | None = None,
    edition: str = "third",
    teams: bool = False,
    seed: int = 0,
    actions_left: int = 2,
    turn: int = 5,
    tucked: dict[int, int] | None = None,
    scored: dict[int, int] | None = None,
) -> State:
    """A state in the middle of a normal turn of `current`, with the given cards placed.

    Cards not placed are in the supply (seeded order), after one card of each age 1-9 not
    placed is set aside as the standard achievement; `supply_top` cards are drawn first.
    `achievements` lists per seat the ages of standard achievements already claimed (or card
    names, claimed as achievements); `specials` the special achievements claimed.
    """
    boards, splays, hands = boards or {}, splays or {}, hands or {}
    scores, achievements, specials = scores or {}, achievements or {}, specials or {}
    supply_top = supply_top or {}
    state = new_state(players, edition, teams, seed)
    piles = {age: [state["available"].get(str(age))] + state["supply"][str(age)] for age in AGES}
    piles = {age: [card for card in cards if card] for age, cards in piles.items()}
    placed: list[str] = []
    for piles_of in boards.values():
        for cards in piles_of.values():
            placed += cards
    for group in (hands, scores, supply_top):
        for cards in group.values():
            placed += cards
    for claimed in achievements.values():
        placed += [item for item in claimed if isinstance(item, str)]
    unknown = [card for card in placed if card not in CARDS]
    if unknown or len(set(placed)) != len(placed):
        raise ValueError(f"unknown or doubled cards: {unknown or sorted(placed)}")
    free = {age: [card for card in cards if card not in placed] for age, cards in piles.items()}
    state["available"] = {str(age): free[age].pop(0) for age in range(1, 10) if free[age]}
    state["supply"] = {str(age): list(supply_top.get(age, [])) + free[age] for age in AGES}
    for seat, piles_of in boards.items():
        for color, cards in piles_of.items():
            if any(CARDS[card].color != color for card in cards):
                raise ValueError(f"not all {color}: {cards}")
            state["seats"][seat]["board"][color] = list(cards)
    for seat, splayed in splays.items():
        for color, direction in splayed.items():
            state["seats"][seat]["splays"][color] = direction
    for seat, cards in hands.items():
        state["seats"][seat]["hand"] = list(cards)
    for seat, cards in scores.items():
        state["seats"][seat]["score"] = list(cards)
    for seat, claimed in achievements.items():
        for item in claimed:
            card = item if isinstance(item, str) else state["available"].pop(str(item))
            state["seats"][seat]["achievements"].append(card)
    for seat, names in specials.items():
        for name in names:
            state["specials"].remove(name)
            state["seats"][seat]["specials"].append(name)
    for seat, count in (tucked or {}).items():
        state["seats"][seat]["tucked"] = count
    for seat, count in (scored or {}).items():
        state["seats"][seat]["scored"] = count
    state.update(phase="turn", current=current, actions_left=actions_left, turn=turn)
    state["seen"] = [
        card for seat in state["seats"] for color in COLORS for card in seat["board"][color]
    ]
    return state


def asking(state: State) -> tuple[int, list[Action]] | None:
    """(the seat that must choose, the actions offered) or None when no question is pending."""
    ask = SCRIPT.asking(state)
    if ask is None:
        return None
    return ask.seat, list(ask.options)


def answer(state: State, action: Action) -> State:
    pending = asking(state)
    if pending is None:
        raise AssertionError("no question is pending")
    return game.apply(state, pending[0], action)


def choose(state: State, kind: str, value: Any = None) -> State:
    """Answer the pending question with the option of that kind (and value)."""
    pending = asking(state)
    if pending is None:
        raise AssertionError("no question is pending")
    for option in pending[1]:
        if option["type"] == kind and (kind == "done" or option.get(kind) == value):
            return game.apply(state, pending[0], option)
    raise AssertionError(f"no option {kind}={value!r} among {pending[1]}")


def dogma(state: State, card: str) -> State:
    return game.apply(state, state["current"], {"type": "dogma", "card": card})


def meld(state: State, card: str) -> State:
    return game.apply(state, state["current"], {"type": "meld", "card": card})


def draw(state: State) -> State:
    return game.apply(state, state["current"], {"type": "draw"})


def achieve(state: State, age: int) -> State:
    return game.apply(state, state["current"], {"type": "achieve", "age": age})


def where(state: State, card: str) -> tuple[str, int]:
    return locate(state, card)


def hand(state: State, seat: int) -> list[str]:
    return list(state["seats"][seat]["hand"])


def score_pile(state: State, seat: int) -> list[str]:
    return list(state["seats"][seat]["score"])


def board(state: State, seat: int) -> dict[str, list[str]]:
    """The seat's non-empty piles, top card first."""
    piles = state["seats"][seat]["board"]
    return {color: list(piles[color]) for color in COLORS if piles[color]}


def splays(state: State, seat: int) -> dict[str, str]:
    """The seat's splayed piles and their directions."""
    return {
        color: direction
        for color, direction in state["seats"][seat]["splays"].items()
        if direction is not None
    }


def achievements(state: State, seat: int) -> int:
    """How many achievements (standard and special) the seat itself has claimed."""
    return own_achievements(state, seat)


def specials(state: State, seat: int) -> list[str]:
    return list(state["seats"][seat]["specials"])


def log_lines(state: State, seat: int | None = None) -> list[str]:
    """The whole log as `seat` may read it (None: a spectator)."""
    return [
        entry["text"]
        for entry in state["log"]
        if "seats" not in entry or (seat is not None and seat in entry["seats"])
    ]


# --- answering and looking: the small helpers every card test uses ---------------------------


def offers(state: State, kind: str, value: Any) -> bool:
    """Whether the pending question offers the answer of that kind and value."""
    pending = asking(state)
    if pending is None:
        return False
    _seat, options = pending
    return any(
        option["type"] == kind and (kind == "done" or option.get(kind) == value)
        for option in options
    )


def offered(state: State, kind: str) -> list[Any]:
    """The values of the options of `kind` in the pending question ([] when none is pending)."""
    pending = asking(state)
    options = pending[1] if pending else []
    return [option[kind] for option in options if option["type"] == kind]


def seat_asked(state: State) -> int | None:
    """The seat that must answer now (None when nobody is asked)."""
    pending = asking(state)
    return None if pending is None else pending[0]


def idle(state: State) -> bool:
    """Nobody is being asked anything: the action is over."""
    return asking(state) is None


def pick(state: State, *cards: str) -> State:
    """Pick these cards one after the other (each must be offered)."""
    for card in cards:
        state = choose(state, "card", card)
    return state


def take(state: State, *cards: str) -> State:
    """Pick these cards one after the other; a pick the machinery makes by itself (one possible
    answer) is not asked and is skipped here."""
    for card in cards:
        if offers(state, "card", card):
            state = choose(state, "card", card)
    return state


def done(state: State) -> State:
    """Answer "done": stop picking, or decline an optional choice (its "no")."""
    return choose(state, "done", None)


def finish(state: State) -> State:
    """Stop picking if the question is still open (it closes by itself once nothing is left)."""
    return done(state) if offers(state, "done", None) else state


def yes(state: State) -> State:
    return choose(state, "yes", True)


def no(state: State) -> State:
    return choose(state, "yes", False)


def in_supply(state: State, card: str) -> bool:
    return where(state, card)[0] == "supply"


def pile(state: State, seat: int, color: str) -> list[str]:
    """One color pile of a seat's board, top first ([] when empty)."""
    return board(state, seat).get(color, [])


def splay_of(state: State, seat: int, color: str) -> str | None:
    """The direction of one pile's splay (None: not splayed)."""
    return splays(state, seat).get(color)


def winners(state: State) -> list[int] | None:
    """The seats that won (sorted), or None while the game goes on."""
    result = game.result(state)
    return None if result is None else sorted(result.winners)
