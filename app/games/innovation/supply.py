"""Where every card is, and the primitive moves between places.

Every one of the 105 cards is in exactly one place at any time:

    ("supply", age)        state["supply"][str(age)], top card first
    ("available", age)     state["available"][str(age)]: a standard achievement not yet claimed
    ("hand", seat)         ("score", seat)         ("board", seat)
    ("achievements", seat) (a card claimed as an achievement; face down)
    ("removed", 0)         state["removed"]: out of the game (Fission)

Each move logs itself, naming the card for each seat that sees it where it is now or where it
goes: for everyone when it comes from or goes to a board, or comes from where it is on show
(`on_show`: revealed by the effect going on and not moved since); otherwise by age for everyone
and by name only for the owners of the hand or score pile it leaves or enters. A revealed card
that moved, or whose effect is over, is as secret as its place. Each move counts one change in
`state["changes"]` (the sharing bonus looks at it), updates the Monument tallies and checks the
special achievements (achievements.py).
"""

from __future__ import annotations

from app.games.core import State
from app.games.innovation import achievements
from app.games.innovation.board import settle_splay
from app.games.innovation.cards import CARDS
from app.games.innovation.ending import check_target, end_by_score
from app.games.log import log, seat_token

SEAT_PLACES = ("hand", "score", "board", "achievements")


def locate(state: State, card: str) -> tuple[str, int]:
    """The place of a card: (place, seat) or ("supply" / "available", age)."""
    age = CARDS[card].age
    if card in state["supply"][str(age)]:
        return ("supply", age)
    if state["available"].get(str(age)) == card:
        return ("available", age)
    if card in state["removed"]:
        return ("removed", 0)
    color = CARDS[card].color
    for seat, mine in enumerate(state["seats"]):
        if card in mine["hand"]:
            return ("hand", seat)
        if card in mine["board"][color]:
            return ("board", seat)
        if card in mine["score"]:
            return ("score", seat)
        if card in mine["achievements"]:
            return ("achievements", seat)
    raise KeyError(f"{card} is nowhere")


def take(state: State, card: str) -> tuple[str, int]:
    """Lift a card from its place; returns where it was."""
    place, owner = locate(state, card)
    if place == "supply":
        state["supply"][str(owner)].remove(card)
    elif place == "available":
        del state["available"][str(owner)]
    elif place == "removed":
        state["removed"].remove(card)
    elif place == "board":
        color = CARDS[card].color
        state["seats"][owner]["board"][color].remove(card)
        settle_splay(state, owner, color)
    else:
        state["seats"][owner][place].remove(card)
    return place, owner


def put(state: State, card: str, place: str, owner: int, *, bottom: bool = False) -> None:
    """Lay a lifted card in a place (on top of a board pile unless `bottom`)."""
    if place == "supply":
        state["supply"][str(owner)].append(card)
    elif place == "available":
        state["available"][str(owner)] = card
    elif place == "removed":
        state["removed"].append(card)
    elif place == "board":
        cards = state["seats"][owner]["board"][CARDS[card].color]
        if bottom:
            cards.append(card)
        else:
            cards.insert(0, card)
        if card not in state["seen"]:
            state["seen"].append(card)
    else:
        state["seats"][owner][place].append(card)


def describe_place(place: str, owner: int) -> str:
    if place == "supply":
        return f"the age-{owner} supply pile"
    if place == "available":
        return "the available achievements"
    if place == "removed":
        return "out of the game"
    words = {
        "hand": "hand",
        "score": "score pile",
        "board": "board",
        "achievements": "achievements",
    }
    return f"{seat_token(owner)}'s {words[place]}"


def move(
    state: State,
    card: str,
    place: str,
    owner: int,
    *,
    verb: str,
    actor: int | None = None,
    bottom: bool = False,
    check: bool = True,
) -> str:
    """Move a card from wherever it is to (place, owner), log it, and check the specials.

    `verb` names the kind of move in the log ("draws", "melds", "tucks", "scores", "returns",
    "achieves", or "transfer"); `actor` the seat doing it (the log's subject).
    """
    source, source_owner = take(state, card)
    put(state, card, place, owner, bottom=bottom)
    state["changes"] += 1
    if verb == "tucks":
        state["seats"][owner]["tucked"] += 1
    elif verb == "scores":
        state["seats"][owner]["scored"] += 1
    log_move(state, card, (source, source_owner), (place, owner), verb, actor)
    if card in on_show(state):
        on_show(state).remove(card)  # shown where it was revealed, not where it goes
    if check:
        achievements.check(state)
        if place == "achievements":
            check_target(state)
    return card


def seen_by_everyone(
    state: State, card: str, source: tuple[str, int], target: tuple[str, int]
) -> bool:
    """Whether everyone sees a moving card where it is now or where it goes: on a board, or on
    show where it was revealed."""
    return source[0] == "board" or target[0] == "board" or card in on_show(state)


def log_move(
    state: State,
    card: str,
    source: tuple[str, int],
    target: tuple[str, int],
    verb: str,
    actor: int | None,
) -> None:
    public = seen_by_everyone(state, card, source, target)
    viewers = sorted({owner for place, owner in (source, target) if place in ("hand", "score")})
    age = CARDS[card].age

    def line(what: str) -> str:
        if target[0] == "removed":
            return f"{what[0].upper()}{what[1:]} from {describe_place(*source)} leaves the game"
        if verb == "transfer" or actor is None:
            return (
                f"{what[0].upper()}{what[1:]} moves from {describe_place(*source)} to "
                f"{describe_place(*target)}"
            )
        where = ""
        if verb == "returns" or (verb in ("scores", "achieves") and source[0] != "hand"):
            where = f" from {describe_place(*source)}"
        return f"{seat_token(actor)} {verb} {what}{where}"

    if public:
        log(state, line(card))
        return
    log(state, line(f"an age-{age} card"))
    if viewers:
        log(state, line(card), seats=viewers)


def draw_age(state: State, age: int) -> int:
    """The age actually drawn when asked for `age`: the next non-empty pile from it, or 11."""
    age = max(age, 1)
    while age <= 10 and not state["supply"][str(age)]:
        age += 1
    return age


def draw(state: State, seat: int, age: int) -> str:
    """Draw by the draw rule into the seat's hand; above age 10 the game ends (never returns)."""
    actual = draw_age(state, age)
    if actual > 10:
        log(state, f"{seat_token(seat)} must draw above age 10")
        end_by_score(state)
    card = state["supply"][str(actual)][0]
    return move(state, card, "hand", seat, verb="draws", actor=seat)


def splay(state: State, seat: int, color: str, direction: str) -> bool:
    """Splay a pile of two or more cards; False (no change) for a smaller pile."""
    mine = state["seats"][seat]
    if len(mine["board"][color]) < 2:
        return False
    if mine["splays"][color] != direction:
        mine["splays"][color] = direction
        state["changes"] += 1
        log(state, f"{seat_token(seat)} splays {color} {direction}")
        achievements.check(state)
    return True


def reorder(state: State, seat: int, color: str, cards: list[str]) -> bool:
    """Put a pile's own cards in a new order (top first) in one step, keeping its splay."""
    pile = state["seats"][seat]["board"][color]
    if sorted(cards) != sorted(pile) or len(set(cards)) != len(cards):
        raise ValueError(f"{cards} are not the cards of the {color} pile {pile}")
    if list(cards) == pile:
        return False
    pile[:] = list(cards)
    state["changes"] += 1
    log(state, f"{seat_token(seat)} reorders the {color} pile: {', '.join(cards)}")
    achievements.check(state)
    return True


def unsplay(state: State, seat: int, color: str) -> bool:
    mine = state["seats"][seat]
    if mine["splays"][color] is None:
        return False
    mine["splays"][color] = None
    state["changes"] += 1
    log(state, f"{seat_token(seat)} unsplays {color}")
    achievements.check(state)
    return True


def reveal(state: State, card: str) -> None:
    """Show a card to everyone (logged by name): it stays on show where it is until it moves or
    the effect that revealed it ends (`cover`)."""
    if card not in state["revealed"]:
        state["revealed"].append(card)
    if card not in state["seen"]:
        state["seen"].append(card)
    if card not in on_show(state):
        on_show(state).append(card)
    log(state, f"{card} is revealed")


def on_show(state: State) -> list[str]:
    """The cards revealed by the effects going on that have not moved since: everyone sees them
    where they are. (A state saved before this list existed has none on show.)"""
    shown: list[str] = state.setdefault("on_show", [])
    return shown


def cover(state: State, keep: list[str] | tuple[str, ...] = ()) -> None:
    """End the show of every revealed card but those in `keep` (revealed by an effect that is
    still going on): they are as secret as their place again."""
    shown = on_show(state)
    shown[:] = [card for card in shown if card in keep]
