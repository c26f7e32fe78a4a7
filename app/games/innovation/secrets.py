"""What a seat may know in Innovation (rules.md): its own hand and score pile, the ages of the
others', every card once on a board or revealed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from app.games.core import Action, Rng, Seat, State
from app.games.innovation import Innovation
from app.games.innovation.cards import CARDS
from app.games.innovation.dogma import SCRIPT as INNOVATION_SCRIPT
from app.games.innovation.turn import OPENING
from app.games.secrets import Keeper, Knowledge, Viewer, who

INNOVATION_NAME = re.compile(
    r"(?<!\w)(" + "|".join(map(re.escape, sorted(CARDS, key=len, reverse=True))) + r")(?!\w)"
)
INNOVATION_LONGER = {
    name: tuple(other for other in CARDS if other != name and name in other) for name in CARDS
}
# The public lines that name cards on a board: moves to or from one (melds and tucks go to one),
# the activation of a top card, the end of its dogma action, a pile put in a new order.
INNOVATION_ON_A_BOARD = re.compile(
    r"board| melds | tucks | activates |^The dogma action on | reorders "
)


def innovation_ages(cards: list[str]) -> list[int]:
    return sorted(CARDS[card].age for card in cards)


def innovation_hidden_places(state: State, viewer: Viewer) -> Iterator[list[str]]:
    """Every list of cards whose faces `viewer` may not look at: the supply piles, the cards
    removed from the game, every achievement, and the other seats' hands and score piles."""
    yield from state["supply"].values()
    yield state["removed"]
    for seat, mine in enumerate(state["seats"]):
        yield mine["achievements"]
        if seat != viewer:
            yield mine["hand"]
            yield mine["score"]


class InnovationKeeper(Keeper):
    """Hands and score piles are seen by their owners only, achievements and the supply by
    nobody; others see their ages (rulebook, rules.md). Cards are named by their titles."""

    def __init__(self) -> None:
        super().__init__(
            Innovation(),
            (
                (2, {"edition": "third", "teams": False}),
                (3, {"edition": "third", "teams": False}),
                (4, {"edition": "third", "teams": False}),
                (2, {"edition": "first", "teams": False}),
                (4, {"edition": "third", "teams": True}),
                (3, {"edition": "first", "teams": False}),
            ),
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """As tests/games/innovation: achieve whenever possible (mostly) and draw often, so that
        games end; answer dogma questions at random."""
        if state["phase"] == "turn" and state[INNOVATION_SCRIPT.key] is None:
            achieves = [action for action in legal if action["type"] == "achieve"]
            if achieves and rng.below(10) < 9:
                return achieves[-1]
            if rng.below(10) < 3:
                return {"type": "draw"}
        return legal[rng.below(len(legal))]

    def learn(self, state: State, known: Knowledge) -> None:
        """Cards seen on a board or revealed are public; a seat knows the cards of its own hand
        and score pile, and those named to it by a log line about them (a card drawn and
        given away within one step never shows in its hand between steps)."""
        known.tell_everyone(set(state["seen"]) | set(state["revealed"]))
        for seat, mine in enumerate(state["seats"]):
            known[seat].update(mine["hand"], mine["score"])
        for entry in state["log"][known.log_read :]:
            for seat in entry.get("seats", ()):
                if f"{{seat{seat}}}" in entry["text"]:
                    known[seat].update(INNOVATION_NAME.findall(entry["text"]))
        known.log_read = len(state["log"])

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        return set(CARDS) - known[viewer]

    def longer(self, canary: str) -> tuple[str, ...]:
        return INNOVATION_LONGER[canary]

    def step_problem(self, before: State, after: State) -> str | None:
        """A line everyone reads names a card only where everyone sees it: on a board, or on
        show where it was revealed, which it stays until it moves (its move from there is
        named) or the effect that revealed it ends. The cards on show when the step starts are
        the rules' `on_show` (effects end unseen); a card revealed in the step is on show for
        the rest of it (so a reveal and a later effect in one step are not looked at)."""
        shown = set(before.get("on_show", ()))
        for entry in after["log"][len(before["log"]) :]:
            text = entry["text"]
            if "seats" in entry or INNOVATION_ON_A_BOARD.search(text):
                continue
            for card in INNOVATION_NAME.findall(text):
                if text == f"{card} is revealed":
                    shown.add(card)
                elif card in shown:
                    shown.discard(card)  # it moves away from where it was on show
                else:
                    return f"the line {text!r} names {card}, which only its owner sees there"
        return None

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        shown = view["state"]
        for seat, (mine, seen) in enumerate(zip(state["seats"], shown["players"], strict=True)):
            if seat == viewer:
                expected = {"hand": mine["hand"], "score_pile": mine["score"]}
            else:
                expected = {
                    "hand": innovation_ages(mine["hand"]),
                    "score_pile": innovation_ages(mine["score"]),
                }
            expected["achievements"] = innovation_ages(mine["achievements"])
            for key, value in expected.items():
                if seen[key] != value:
                    return f"seat {seat}'s {key} is shown to {who(viewer)} as {seen[key]}"
        supply = {age: len(cards) for age, cards in state["supply"].items()}
        if shown["supply"] != supply or "supply_cards" in shown or "available_cards" in shown:
            return "the supply is shown by more than its counts"
        if shown["available"] != sorted(int(age) for age in state["available"]):
            return f"the available achievements are shown as {shown['available']}"
        if state["phase"] == "opening" and OPENING in state:
            picked = state[OPENING]["answers"].get(str(viewer)) if viewer is not None else None
            if shown["opening"]["pick"] != picked:
                return f"the opening shows {who(viewer)} the pick {shown['opening']['pick']}"
        ask = INNOVATION_SCRIPT.asking(state)
        question = shown["asking"]
        if ask is not None and ask.seat != viewer and {"options", "prompt"} & set(question):
            return f"seat {ask.seat}'s question is shown whole to {who(viewer)}"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        """Exchange every hidden card the viewer never saw for another such card of the same
        age, wherever both lie (so every pile keeps its ages), and the opening picks with them."""
        other = super().disguise(state, viewer, known, rng)
        places = [
            *innovation_hidden_places(other, viewer),
            *([card] for card in other["available"].values()),
        ]
        unseen: dict[int, list[str]] = {}
        for cards in places:
            for card in cards:
                if card not in known[viewer]:
                    unseen.setdefault(CARDS[card].age, []).append(card)
        swap: dict[str, str] = {}
        for cards in unseen.values():
            shuffled = list(cards)
            rng.shuffle(shuffled)
            swap.update(zip(cards, shuffled, strict=True))
        for cards in innovation_hidden_places(other, viewer):
            cards[:] = [swap.get(card, card) for card in cards]
        other["available"] = {age: swap.get(c, c) for age, c in other["available"].items()}
        if OPENING in other:
            answers = other[OPENING]["answers"]
            for seat, card in answers.items():
                if seat != str(viewer):
                    answers[seat] = swap.get(card, card)
        return other
