"""The good bot's guess at the whole position: a full engine state built from one seat's view.

Everything the view shows is laid as shown: every board with its splays, the bot's own hand and
score pile, the specials, the turn. Everything hidden (other players' hands and score piles,
every claimed or available standard achievement, the supply piles, the cards out of the game)
is dealt at random, with the bot's generator, from the cards the seat has not seen, each slot
getting a card of the age the view gives it (the supply piles hold only cards of their own
age). The guess never reads the true state: a view with nonsense in its hidden parts still
gives a playable state (slots that cannot be read are left empty).
"""

from __future__ import annotations

from typing import Any

from app.games.core import Rng, State
from app.games.innovation.board import Phase, new_seat
from app.games.innovation.cards import AGES, BY_AGE, CARDS, COLORS, SPECIAL_NAMES, SPLAYS
from app.games.randomness import seed_state


def _age(value: Any) -> int | None:
    """An age the view gives, or None for anything that is not one."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if value in AGES else None


def _ages(values: Any) -> list[int]:
    if not isinstance(values, list):
        return []
    return [age for age in (_age(value) for value in values) if age is not None]


def _names(values: Any) -> list[str]:
    if not isinstance(values, list):
        return []
    return [value for value in values if isinstance(value, str) and value in CARDS]


def guess(view: dict[str, Any], rng: Rng) -> State:
    """One full state consistent with `view` (the seat's own view, with "you")."""
    table = view["state"]
    me = view["you"]
    shown = table["players"]
    players = len(shown)
    state: State = {}
    seed_state(state, rng.next64())
    seats = [new_seat() for _ in range(players)]
    known: set[str] = set()

    for seat, public in enumerate(shown):
        mine = seats[seat]
        boards = public.get("board") if isinstance(public, dict) else None
        for color in COLORS:
            pile = boards.get(color) if isinstance(boards, dict) else None
            cards = pile.get("cards") if isinstance(pile, dict) else None
            cards = [card for card in _names(cards) if CARDS[card].color == color]
            cards = [card for card in cards if card not in known]
            mine["board"][color] = cards
            known.update(cards)
            splay = pile.get("splay") if isinstance(pile, dict) else None
            mine["splays"][color] = splay if splay in SPLAYS and len(cards) >= 2 else None
        if isinstance(public, dict):
            mine["specials"] = [
                name for name in public.get("specials") or [] if name in SPECIAL_NAMES
            ]
            for tally in ("tucked", "scored"):
                value = public.get(tally)
                mine[tally] = value if isinstance(value, int) and not isinstance(value, bool) else 0

    own = shown[me]
    seats[me]["hand"] = [card for card in _names(own.get("hand")) if card not in known]
    known.update(seats[me]["hand"])
    seats[me]["score"] = [card for card in _names(own.get("score_pile")) if card not in known]
    known.update(seats[me]["score"])

    unseen = {age: [card for card in BY_AGE[age] if card not in known] for age in AGES}
    for cards in unseen.values():
        rng.shuffle(cards)

    def deal(age: int) -> str | None:
        return unseen[age].pop() if unseen[age] else None

    for seat, public in enumerate(shown):
        if not isinstance(public, dict):
            continue
        if seat != me:
            seats[seat]["hand"] = [c for c in map(deal, _ages(public.get("hand"))) if c]
            seats[seat]["score"] = [c for c in map(deal, _ages(public.get("score_pile"))) if c]
        seats[seat]["achievements"] = [c for c in map(deal, _ages(public.get("achievements"))) if c]

    available: dict[str, str] = {}
    for age in _ages(table.get("available")):
        card = deal(age)
        if card:
            available[str(age)] = card

    counts = table.get("supply") if isinstance(table.get("supply"), dict) else {}
    supply: dict[str, list[str]] = {}
    for age in AGES:
        wanted = counts.get(str(age))
        wanted = wanted if isinstance(wanted, int) and not isinstance(wanted, bool) else 0
        pile = [c for c in (deal(age) for _ in range(max(0, wanted))) if c]
        supply[str(age)] = pile
    removed = [card for age in AGES for card in unseen[age]]

    specials = [name for name in table.get("specials") or [] if name in SPECIAL_NAMES]
    current = table.get("current")
    state.update(
        players=players,
        edition=table.get("edition") if table.get("edition") in ("third", "first") else "third",
        teams=bool(table.get("teams")) and players == 4,
        phase=Phase.TURN,
        supply=supply,
        available=available,
        specials=specials,
        seats=seats,
        current=current if isinstance(current, int) and 0 <= current < players else me,
        turn=max(1, table.get("turn") if isinstance(table.get("turn"), int) else 1),
        actions_left=table.get("actions_left") if isinstance(table.get("actions_left"), int) else 1,
        changes=0,
        removed=removed,
        revealed=[],
        on_show=[],
        seen=[],
        asking=None,
        result=None,
        won_by=None,
        log=[],
    )
    return state
