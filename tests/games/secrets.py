"""Looking for secrets in every view and patch of random games: each game's `keeper` (its
entry's, app/games/<game>/secrets.py) says what each viewer may know; a `Playout` plays a game
and looks.

Every game also keeps the generator's state and the seed out of every view.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from app.config import Settings
from app.games.core import Action, Game, Rng, Seat, State
from app.games.secrets import Keeper, Knowledge, Viewer, mentions, text_of, viewers, who
from app.play.patches import diff
from app.play.registry import entries_for
from app.play.views import name_seats, rules_view

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay")
KEEPERS: dict[str, Keeper] = {
    game_id: entry.keeper for game_id, entry in entries_for(Settings()).items()
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


def playouts(keeper: Keeper, count: int) -> list[Playout]:
    """`count` games on their own seeds, going round the keeper's player counts and options."""
    return [
        Playout(keeper, seed_for(index), *keeper.variants[index % len(keeper.variants)])
        for index in range(count)
    ]


# --- the checks find leaks ------------------------------------------------------------------

LeakyView = Callable[[Game, State, Seat | None], dict[str, Any]]


def with_state(view: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The view with more in its table."""
    return {**view, "state": {**view["state"], **extra}}


def expect_planted_leak(game_id: str, leaky: LeakyView, found: str) -> None:
    """A few random games of `game_id` whose views are `leaky`'s: the checks raise a `Leak`
    whose words match `found`."""
    keeper: Keeper = type(KEEPERS[game_id])()  # a keeper of its own, with its own game
    game = keeper.game
    game.view = lambda state, seat: leaky(game, state, seat)  # type: ignore[method-assign]
    with pytest.raises(Leak, match=found):
        for playout in playouts(keeper, 5):
            playout.run()
