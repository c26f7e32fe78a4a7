"""What each seat (or a spectator) must never learn in a game, and how to look for it.

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
  it (a card revealed earlier, kept in hand, then scored).

Every game also keeps the generator's state and the seed out of every view. What is secret comes
from the rulebooks (../shared/rules/) and each game's rules.md; each game's keeper is in its
package (app/games/<game>/secrets.py), in its entry (app/games/entry.py), and the tests
(tests/games/secrets.py) play random games and look with it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from app.games.core import Action, Game, Rng, Seat, State, clone

Viewer = Seat | None


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
