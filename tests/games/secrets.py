"""What each seat (or a spectator) must never learn in each game, and how to look for it.

One `Keeper` per game says, from the rules STATE alone:

- `learn`: what each viewer has legitimately seen so far (a card melded, revealed, held in one's
  own hand, dealt to a public discard pile...). Knowledge only grows: it is gathered after
  every step of a game, so a card that was public once is never called a secret again;
- `canaries`: the secret values that are unique enough to look for in text (a card in a hidden
  hand that the viewer never saw, the id of a card in a deck): none may appear in anything the
  viewer is sent;
- `check`: the structural rules of the game's view (another seat's hand as ages only, a deck as
  a count, a face-down scheme card as null...);
- `disguise`: a state the viewer must not be able to tell from the real one, every secret of it
  changed at random (hidden cards exchanged for other hidden cards of the same age, decks
  shuffled, face-down scheme cards dealt again, the generator moved): the viewer's view must
  not change. This finds leaks no canary can (a count that depends on a hidden card, a face-down
  "north" among the many public ones).
- `step_problem`: what the log lines of one step tell everyone that they may not know, though
  every card they name is known: where a known card went while nobody but its owner could see
  it (Innovation: a card revealed earlier, kept in hand, then scored).

Every game also keeps the generator's state and the seed out of every view.

What is secret comes from the rulebooks (../shared/rules/) and each game's rules.md:

- Convolution, Unvention: nothing but the generator (the next dice).
- Nerdy Inventions: the order of the deck (views show its length).
- Innovation: other players' hands and score piles (ages only), every achievement card (ages
  only, even to its owner), the supply piles and their order, the cards removed from the game
  (a number only); the opening pick until everyone has picked. Public: every card that has been
  on a board or revealed (`state["seen"]`); a seat also knows the cards that passed through its
  own hand or score pile.
- UNSCREWED: other players' face-down scheme cards, the Improv and Quirk deck orders, the two
  Quirks the Dibs player looks at and the two Improv cards a picky player picks from.
  Public: Quirks held (the rulebook says so), discard piles, flipped cards, Master Plans.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from app.games.convolution import Convolution
from app.games.core import Action, Game, Rng, Seat, State, clone
from app.games.innovation import Innovation
from app.games.innovation.cards import CARDS
from app.games.innovation.dogma import SCRIPT as INNOVATION_SCRIPT
from app.games.innovation.turn import OPENING
from app.games.nerdy_inventions import NerdyInventions
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.box import box as unscrewed_box
from app.games.unscrewed.box import improv_card as unscrewed_improv
from app.games.unscrewed.box import quirk_card as unscrewed_quirk
from app.games.unscrewed.improv import ACTION_CARDS, hand_of
from app.games.unscrewed.rounds import SCRIPTS as UNSCREWED_SCRIPTS
from app.games.unscrewed.view import PRIVATE_ASKS
from app.games.unvention import Unvention
from app.play.patches import diff
from app.play.views import name_seats, rules_view

Viewer = Seat | None
NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay")


def viewers(players: int) -> list[Viewer]:
    """The spectator and every seat."""
    return [None, *range(players)]


def who(viewer: Viewer) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


@dataclass
class Knowledge:
    """What each viewer has legitimately seen so far (card names or ids), and how many log
    entries have been read for it. It only grows."""

    of: dict[Viewer, set[str]]
    log_read: int = 0

    @classmethod
    def nothing(cls, players: int) -> Knowledge:
        return cls({viewer: set() for viewer in viewers(players)})

    def __getitem__(self, viewer: Viewer) -> set[str]:
        return self.of[viewer]

    def tell_everyone(self, seen: set[str]) -> None:
        for cards in self.of.values():
            cards |= seen


def text_of(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@cache
def _word(word: str, edge: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![{edge}]){re.escape(word)}(?![{edge}])")


def mentions(text: str, word: str, edge: str = r"\w", longer: tuple[str, ...] = ()) -> bool:
    """Whether `text` names `word` on its own: not inside a longer word (characters of `edge`
    on either side) nor inside one of the `longer` names that contain it ("Tools" in
    "Machine Tools")."""
    if word not in text:  # the quick test first: most secrets are nowhere
        return False
    for name in longer:
        text = text.replace(name, "\x00")
    return _word(word, edge).search(text) is not None


def moved_generator(state: State, rng: Rng) -> None:
    """Put the state's generator somewhere else: the future dice and shuffles change."""
    state["rng"] = format(rng.next64(), "016x")


# --- the keepers ----------------------------------------------------------------------------


@dataclass
class Keeper:
    """The secrets of one game; the base class has none but the generator."""

    game: Game
    variants: tuple[tuple[int, dict[str, Any]], ...]
    edge: str = r"\w"  # characters that may not touch a canary where it is named

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """A random player's choice (games override it so that random games end)."""
        return legal[rng.below(len(legal))]

    def learn(self, state: State, known: Knowledge) -> None:
        """Add to each viewer's knowledge what it has legitimately seen in `state`."""

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        return set()

    def longer(self, canary: str) -> tuple[str, ...]:
        return ()

    def scanned(self, view: dict[str, Any]) -> dict[str, Any]:
        """The part of a view to search for canaries (the printed components, which name every
        card, are left out by the games that send them)."""
        return view

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        """What is wrong with the shape of `viewer`'s view, if anything."""
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        """A copy of `state` with every secret of `viewer` changed at random."""
        other = clone(state)
        moved_generator(other, rng)
        return other

    def step_problem(self, before: State, after: State) -> str | None:
        """What the log lines written by the step from `before` to `after` tell everyone that
        they may not learn, if anything."""
        return None


class ConvolutionKeeper(Keeper):
    """Nothing is secret: every seat sees the same dice and sheets (rules.md)."""

    def __init__(self) -> None:
        super().__init__(
            Convolution(),
            ((2, {"first_player": "random"}), (2, {"first_player": "guest"})),
        )


class UnventionKeeper(Keeper):
    """Sheets are public and every step is seen at once (rules.md): only the next dice are
    secret."""

    def __init__(self) -> None:
        super().__init__(Unvention(), tuple((players, {}) for players in (2, 3, 1, 4, 6, 5)))

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """As tests/games/unvention: an action type at random, then one of its actions, builds
        usually finished and inventions usually presented."""
        kinds = sorted({action["type"] for action in legal})
        if "build_place" in kinds and rng.below(10) < 7:
            wanted = "build_place"
        elif "present" in kinds and rng.below(10) < 8:
            wanted = "present"
        elif "build_start" in kinds and rng.below(10) < 5:
            wanted = "build_start"
        else:
            choices = [kind for kind in kinds if kind != "build_cancel"] or kinds
            wanted = rng.choice(choices)
        return rng.choice([action for action in legal if action["type"] == wanted])


class NerdyKeeper(Keeper):
    """The deck is face down: views show how many cards it holds, never which or in what
    order (rules.md: "Nothing is secret but the deck")."""

    def __init__(self) -> None:
        super().__init__(
            NerdyInventions(),
            tuple(
                (players, {"first_player": start})
                for players, start in ((2, "random"), (3, "host"), (4, "random"), (3, "third"))
            ),
            edge=r"\w.-",
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """Build when possible (most of the time) and end long turns, so that games end."""
        builds = [action for action in legal if action["type"] in ("build", "pay")]
        if builds and rng.below(10) < 8:
            return rng.choice(builds)
        if {"type": "end_turn"} in legal and rng.below(4) == 0:
            return {"type": "end_turn"}
        return rng.choice(legal)

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        return set(state["deck"])

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        if view["state"]["deck"] != len(state["deck"]):
            return f"the deck is shown as {view['state']['deck']!r}, not its length"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        other = super().disguise(state, viewer, known, rng)
        rng.shuffle(other["deck"])
        return other


# --- Innovation -----------------------------------------------------------------------------

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


# --- UNSCREWED ------------------------------------------------------------------------------


def unscrewed_private_ask(state: State) -> tuple[Seat, list[str]] | None:
    """The seat looking at two Quirks or two Improv cards, and their ids."""
    ask = UNSCREWED_SCRIPTS.asking(state)
    if ask is None or ask.info.get("kind") not in PRIVATE_ASKS:
        return None
    key = ask.options[0]["type"]
    return ask.seat, [option["quirk" if key == "keep_quirk" else "card"] for option in ask.options]


def unscrewed_name(state: State, card: str) -> str:
    """The printed name of a Quirk ("<id>.<copy>") or of an Improv card ("<kind>.<copy>")."""
    kind = card.rsplit(".", 1)[0]
    if kind in unscrewed_box(state).quirk_cards:
        return unscrewed_quirk(state, card)["name"]
    return unscrewed_improv(state, card)["name"]


def face_down(slot: dict[str, Any] | None) -> bool:
    return slot is not None and not slot["flipped"] and slot["card"] != "plan"


class UnscrewedKeeper(Keeper):
    """Schemes are laid face down and the decks are shuffled; Quirks held are public (rulebook).
    Cards drawn are named by id ("<kind>.<copy>"); the printed texts are in the components,
    never in a view."""

    def __init__(self) -> None:
        game = Unscrewed()
        maps = [entry["id"] for entry in game.box.maps]
        super().__init__(
            game,
            tuple(
                (players, {"mode": mode, "map": maps[index % len(maps)]})
                for index, (players, mode) in enumerate(
                    ((3, "full"), (2, "first"), (4, "full"), (5, "full"), (3, "first"), (2, "full"))
                )
            ),
            edge=r"\w.",
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """Uniform, but rarely take a schemed card back (so that Scheming ends)."""
        if rng.below(8):
            legal = [action for action in legal if action["type"] != "unscheme"] or legal
        return legal[rng.below(len(legal))]

    def learn(self, state: State, known: Knowledge) -> None:
        """Discards, cards in play and Quirks held are public, and so are the cards the events
        show being resolved, gained or trashed (by id and by name); the cards of a private
        choice are known to the seat making it."""
        public = set(state["improv_deck"]["discard"]) | set(state["improv_deck"]["in_play"])
        public |= set(state["quirk_deck"]["discard"])
        for player in state["seats"]:
            public |= set(player["quirks"])
        for event in state["events"]:
            if event["kind"] == "improv":
                public.add(event["card"])
            elif event["kind"] in ("quirk", "trash"):
                public.add(event["quirk"])
        known.tell_everyone(public | {unscrewed_name(state, card) for card in public})
        private = unscrewed_private_ask(state)
        if private is not None:
            known[private[0]].update(private[1])
            known[private[0]].update(unscrewed_name(state, card) for card in private[1])

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        """The ids of the cards in the decks, and the ids and names (unless a card of the same
        name has been public) of the cards of another seat's private choice."""
        hidden = set(state["improv_deck"]["draw"]) | set(state["quirk_deck"]["draw"])
        private = unscrewed_private_ask(state)
        if private is not None and private[0] != viewer:
            hidden.update(private[1])
            hidden.update(unscrewed_name(state, card) for card in private[1])
        return hidden - known[viewer]

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        shown = view["state"]
        for seat, player in enumerate(state["seats"]):
            if seat == viewer:
                continue
            for index, slot in enumerate(player["slots"]):
                if face_down(slot) and shown["players"][seat]["slots"][index]["card"] is not None:
                    return f"seat {seat}'s face-down slot {index + 1} is shown to {who(viewer)}"
        you = shown["you"]
        if viewer is None and you is not None:
            return "the spectator is shown a hand"
        if viewer is not None and (you["seat"] != viewer or you["hand"] != hand_of(state, viewer)):
            return f"seat {viewer} is shown another hand: {you}"
        decks = shown["decks"]
        if decks["improv"] != len(state["improv_deck"]["draw"]) or decks["quirks"] != len(
            state["quirk_deck"]["draw"]
        ):
            return "a deck is shown by more than its count"
        if {"improv_order", "quirk_order"} & set(decks):
            return "a deck's order is shown"
        private = unscrewed_private_ask(state)
        if private is not None and private[0] != viewer and shown["asking"]["info"]:
            return f"seat {private[0]}'s private choice is shown to {who(viewer)}"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        """Deal the other seats' face-down cards again from what they could hold, shuffle the
        decks, and exchange the cards of another seat's private choice for cards of the deck."""
        other = super().disguise(state, viewer, known, rng)
        for seat, player in enumerate(other["seats"]):
            if seat == viewer:
                continue
            down = [index for index, slot in enumerate(player["slots"]) if face_down(slot)]
            shown = {slot["card"] for slot in player["slots"] if slot and not face_down(slot)}
            could = [card for card in ACTION_CARDS if card not in shown]
            rng.shuffle(could)
            for index, card in zip(down, could, strict=False):
                player["slots"][index]["card"] = card
        private = unscrewed_private_ask(other)
        if private is not None and private[0] != viewer:
            ask = other[UNSCREWED_SCRIPTS.key]["ask"]
            quirks = ask["options"][0]["type"] == "keep_quirk"
            deck = other["quirk_deck" if quirks else "improv_deck"]["draw"]
            swap = {}
            for card in private[1]:
                if deck:
                    index = rng.below(len(deck))
                    swap[card], deck[index] = deck[index], card
            field = "quirk" if quirks else "card"
            for option in ask["options"]:
                option[field] = swap.get(option[field], option[field])
            if "quirks" in ask["info"]:
                ask["info"]["quirks"] = [swap.get(q, q) for q in ask["info"]["quirks"]]
        rng.shuffle(other["improv_deck"]["draw"])
        rng.shuffle(other["quirk_deck"]["draw"])
        return other


KEEPERS: dict[str, Keeper] = {
    keeper.game.id: keeper
    for keeper in (
        ConvolutionKeeper(),
        UnventionKeeper(),
        NerdyKeeper(),
        InnovationKeeper(),
        UnscrewedKeeper(),
    )
}


# --- playing and looking --------------------------------------------------------------------


def seed_for(index: int) -> int:
    """A 53-bit seed, as the server draws them (long enough that its digits never show up in a
    view by chance)."""
    return Rng.from_seed(index).next64() >> 11


class Leak(AssertionError):
    """A secret found where a viewer can read it."""


@dataclass
class Playout:
    """One game of random legal actions through `start`, `legal` and `apply`.

    After every step each viewer's view (as the hub builds it: `rules_view`) and its patch from
    the viewer's previous view (`diff`) are looked at, and one viewer's view, each in turn, is
    compared with its view of a disguised state; the first problem raises `Leak`. The public
    record of each action (`action_for_log`) is looked at too, its leaks collected in
    `record_leaks`.
    """

    keeper: Keeper
    seed: int
    players: int
    options: dict[str, Any]
    max_steps: int = 5000
    steps: int = 0
    views: int = 0
    canaries: int = 0
    disguises: int = 0
    record_leaks: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = self.keeper.game
        self.rng = Rng.from_seed(self.seed)
        self.disguiser = Rng.from_seed(self.seed ^ 0x5EC2E7)
        self.names = list(NAMES[: self.players])
        self.state = self.game.start(self.players, self.options, self.seed)
        self.known = Knowledge.nothing(self.players)
        self.keeper.learn(self.state, self.known)
        self.previous: dict[Viewer, dict[str, Any]] = {}

    def where(self) -> str:
        return f"{self.game.id} on seed {self.seed} ({self.players} players, {self.options})"

    # -- playing --

    def run(self, look: bool = True) -> State:
        """Play to the end; `look=False` looks at the public record only (much quicker)."""
        if look:
            self.look()
        while self.game.result(self.state) is None:
            if self.steps >= self.max_steps:
                raise AssertionError(f"{self.where()}: the game does not end")
            self.advance(*self.next_move())
            if look:
                self.look()
        return self.state

    def next_move(self) -> tuple[Seat, Action]:
        """An active seat, drawn at random, and its random player's choice."""
        active = self.game.active(self.state)
        seat = active[self.rng.below(len(active))]
        legal = self.game.legal(self.state, seat)
        return seat, self.keeper.choose(self.state, seat, legal, self.rng)

    def advance(self, seat: Seat, action: Action) -> None:
        """Apply the action, look at what its log lines told everyone, learn what it showed,
        and look at its public record."""
        before = self.state
        self.state = self.game.apply(before, seat, action)
        self.steps += 1
        problem = self.keeper.step_problem(before, self.state)
        if problem is not None:
            raise Leak(f"{self.where()}, step {self.steps}: {problem}")
        self.keeper.learn(self.state, self.known)
        leak = self.record_problem(seat, text_of(self.game.action_for_log(action)))
        if leak is not None:
            self.record_leaks.append(f"{self.where()}, step {self.steps}: {leak}")

    # -- looking --

    def look(self) -> None:
        for viewer in viewers(self.players):
            view = rules_view(self.game, self.state, viewer, self.names)
            self.views += 1
            problem = self.view_problem(viewer, view)
            if problem is None and viewer in self.previous:
                ops = json.dumps(diff(self.previous[viewer], view), ensure_ascii=False)
                problem = self.text_problem(ops, ops, viewer)
                problem = problem and f"its patch: {problem}"
            if problem is None and viewer == self.disguised():
                problem = self.disguise_problem(viewer, view)
            if problem is not None:
                raise Leak(f"{self.where()}, step {self.steps}, {who(viewer)}'s view: {problem}")
            self.previous[viewer] = view

    def view_problem(self, viewer: Viewer, view: dict[str, Any]) -> str | None:
        """What is wrong with `viewer`'s view now: its shape, its log, its text."""
        problem = self.keeper.check(self.state, viewer, view) or self.log_problem(viewer, view)
        if problem is not None:
            return problem
        scanned = self.keeper.scanned(view)
        text = json.dumps(view, ensure_ascii=False)
        scanned_text = text if scanned is view else json.dumps(scanned, ensure_ascii=False)
        return self.text_problem(text, scanned_text, viewer)

    def text_problem(self, text: str, scanned: str, viewer: Viewer) -> str | None:
        """`text`: a whole view or patch; `scanned`: the part of it that must name no secret."""
        if self.state["rng"] in text:
            return "it shows the generator's state"
        if str(self.seed) in text:
            return "it shows the seed"
        if '"rng":' in text or '"base":' in text:
            return "it holds the rules' generator or a script's saved state"
        canaries = self.keeper.canaries(self.state, viewer, self.known)
        self.canaries += len(canaries)
        named = self.named(scanned, canaries)
        return f"it names {sorted(named)}" if named else None

    def named(self, text: str, canaries: set[str]) -> set[str]:
        keeper = self.keeper
        return {c for c in canaries if mentions(text, c, keeper.edge, keeper.longer(c))}

    def log_problem(self, viewer: Viewer, view: dict[str, Any]) -> str | None:
        """No line kept for other seats is in the viewer's log (unless the same words are in a
        line it may read)."""
        hidden, visible = set(), set()
        for entry in reversed(self.state.get("log", [])):
            if len(visible) >= len(view["log"]):
                break
            seats = entry.get("seats")
            if seats is None or viewer in seats:
                visible.add(entry["text"])
            else:
                hidden.add(entry["text"])
        shown = set(view["log"])
        for text in hidden - visible:
            line = name_seats(text, self.names)
            if line in shown:
                return f"its log shows {line!r}, kept for other seats"
        return None

    def disguised(self) -> Viewer:
        """The viewer whose view is compared with a disguise at this step: each in turn."""
        return viewers(self.players)[self.steps % (self.players + 1)]

    def disguise_problem(self, viewer: Viewer, view: dict[str, Any]) -> str | None:
        other = self.keeper.disguise(self.state, viewer, self.known, self.disguiser)
        self.disguises += 1
        seen = rules_view(self.game, other, viewer, self.names)
        if seen != view:
            return f"it changes with the secrets: {diff(view, seen)[:3]}"
        return None

    def record_problem(self, seat: Seat, record: str) -> str | None:
        """What the public record of `seat`'s action, which everyone may read, tells another
        viewer that it may not know."""
        for viewer in viewers(self.players):
            if viewer != seat:
                named = self.named(record, self.keeper.canaries(self.state, viewer, self.known))
                if named:
                    return (
                        f"seat {seat}'s {record} names {sorted(named)}, hidden from {who(viewer)}"
                    )
        return None
