"""The game contract: what every game is (`Game`), its options, results, views and errors,
and how it ends (`finish`).

A game is a plain object (a subclass of `Game`) whose methods are pure functions of plain JSON
data. Nothing here, nor in any game package, may import the web, the database, templates, the
clock or the module-level `random`: a game is a function of its seed and its actions.

What games share beside the contract has its own modules: the terms a game is written in
(terms.py, re-exported here), seeded randomness (randomness.py, determinism.py), the log
(log.py), decisions (decisions.py) and taking a move back (undo.py).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict, final

from app.games.bots import Bot, bots_for
from app.games.determinism import Rng as Rng
from app.games.determinism import canonical as canonical
from app.games.determinism import clone as clone
from app.games.log import LOG_STEP, visible_log
from app.games.terms import Action as Action
from app.games.terms import Move as Move
from app.games.terms import Seat as Seat
from app.games.terms import State as State

# --- errors ---------------------------------------------------------------------------------


class GameError(Exception):
    """Something a player or host asked of a game that the rules refuse."""

    code = "game_error"


class IllegalAction(GameError):
    """The action is not one of the seat's legal actions right now."""

    code = "illegal_action"


class BadOptions(GameError):
    """The lobby options do not fit the game."""

    code = "bad_options"


class BadPlayerCount(GameError):
    code = "bad_player_count"


# --- options and results --------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One lobby option: a choice from a fixed list, with a default."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""

    def check(self, value: Any) -> Any:
        """`value` if it is one of the choices (True is not 1); else BadOptions."""
        if value not in self.choices or type(value) is not type(self.default):
            choices = ", ".join(json.dumps(choice) for choice in self.choices)
            raise BadOptions(f"option {self.name} must be one of {choices}")
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "choices": list(self.choices),
            "default": self.default,
            "help": self.help,
        }


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (empty for nobody), scores by seat, and why."""

    winners: list[Seat]
    scores: dict[str, Any]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": self.scores, "reason": self.reason}


# --- the interface --------------------------------------------------------------------------


class View(TypedDict):
    """What `Game.view` gives a seat (None: a spectator), the same four keys in every game."""

    active: list[Seat]  # the seats the game waits for
    prompt: str | None  # what it waits for from this seat, in words
    state: Mapping[str, Any]  # the game's own table: `Contract.table`
    log: list[str]  # the log lines this seat may read, oldest first


@dataclass(frozen=True)
class Contract:
    """The shapes of a game's JSON, each a TypedDict (or a union of them): its state, its table
    (the "state" of every view) and its actions. mypy checks them where the game builds them;
    tests/games/test_contract.py checks every state, view and legal action of random games
    against them, extra keys included."""

    state: type
    table: type
    action: Any  # a union of TypedDicts, one per action type


class Game(ABC):
    """The static facts of one game and the pure functions that play it.

    Subclasses set the class attributes and implement `setup`, `legal`, `moves` (or `play`),
    `table` and `active`; a game ends by `finish`, keeps its open decision in `state["asking"]`
    and, once its stored states change shape, implements `upgrade`. `apply` is shared: it
    refuses anything not listed by `legal`, copies the state, and hands the copy to `play`, so a
    state passed in is never changed. `view` is shared too: the game's `table` for the seat, in
    the envelope every game's page reads (the page module that the game's registry entry names,
    app/play/registry.py).
    """

    id: str
    name: str
    description: str = ""
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    rules_version: str = "1"
    contract: Contract

    # -- to implement --

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """The state before anyone has acted, for `players` seats numbered 0..players-1.
        `start` has checked the player count and the options (every one given, defaults
        filled in); `setup` checks only what depends on both (BadOptions)."""

    @abstractmethod
    def legal(self, state: State, seat: Seat) -> list[Action]:
        """Exactly the actions accepted from `seat` now, in a stable order ([] if none)."""

    def moves(self) -> Mapping[str, Move]:
        """The game's move table: each action type -> what carries it out."""
        return {}

    @final
    def play(self, state: State, seat: Seat, action: Action) -> None:
        """Carry out a legal action on `state` (a private copy, which may be changed in place):
        by its type, through `moves`. One way for every game: where a type answers the question
        in progress (`asking`), its entry in the table reads the state; no game overrides this."""
        self.moves()[action["type"]](state, seat, action)

    @abstractmethod
    def active(self, state: State) -> list[Seat]:
        """The seats whose decision the game is waiting for."""

    @abstractmethod
    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Mapping[str, Any]:
        """Everything `seat` (None: a spectator) may see of the game's own state, JSON-ready;
        with `everything` (a finished game's replay), every secret too."""

    def result(self, state: State) -> Result | None:
        """None while the game goes on; how it ended once it has: read from `state["result"]`,
        which only `finish` writes. Every game ends that one way."""
        ending = state.get("result")
        if ending is None:
            return None
        return Result(list(ending["winners"]), dict(ending["scores"]), ending["reason"])

    def upgrade(self, state: State) -> State:
        """A state stored by an earlier version of this game (a record's setup or snapshot in
        the database, an export) in today's shape; pure, and a state already in today's shape
        comes back unchanged. The play layer calls it wherever it reads a stored state."""
        return state

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        """What the game waits for from `seat`, in words; None when nothing."""
        return None

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        """May `seat` take `action` back, now that it has led from `before` to `after`? Only
        when doing so cannot have taught the seat anything: it drew no randomness (`drew_nothing`),
        showed the seat nothing it could not see before, and is of a kind the game lets players
        take back (each game says which, in its `undo` module). Whether anyone has acted since
        is the play layer's to check. Pure; nothing may be taken back by default."""
        return False

    def took_back(self, action: Action) -> str:
        """What an undone `action` was, for the log line "{seatN} took back ..."; it must
        tell the other seats nothing that the action's own log lines did not."""
        return "their last move"

    def view(self, state: State, seat: Seat | None) -> View:
        """What `seat` (None: a spectator) is shown: who the game waits for, what it asks of
        the seat, the game's table and the log lines the seat may read."""
        return self._view(state, seat, everything=False)

    def replay_view(self, state: State, seat: Seat | None) -> View:
        """The view a replay shows `seat`: once the game is over, every secret and log line."""
        return self._view(state, seat, everything=self.result(state) is not None)

    def _view(self, state: State, seat: Seat | None, everything: bool) -> View:
        return {
            "active": self.active(state),
            "prompt": self.prompt(state, seat),
            "state": self.table(state, seat, everything),
            "log": visible_log(state, seat, everything=everything, step=LOG_STEP),
        }

    def components(self) -> dict[str, Any] | None:
        """The printed components every player may read (card faces, map layouts), JSON-ready,
        served once at /api/games/{id}/components so that views can name them by id only."""
        return None

    def bots(self) -> dict[str, Bot]:
        """The game's own bots by level ("good", ...), beside the shared "easy" one that every
        game has (see app/games/bots.py); none by default."""
        return {}

    def sparring_bots(self) -> dict[str, Bot]:
        """Bots that only the benchmarks play against, never offered in a lobby: "greedy", the
        best immediate gain by the game's own score (scripts/bench_bots.py); none by default."""
        return {}

    def action_words(self, state: State, seat: Seat, action: Action) -> str | None:
        """`seat`'s `action` said as the log would say it, for a step its log lines do not say
        (a number written mid-turn, a die picked before paying, a secret scheme, an aim whose
        lines are the moves it sets going): the review's "you chose ..." and "Better: ..."
        (app.play.review.words). A present-tense line about the seat, named `{seatN}` like the
        log's ("{seat0} writes 3 in journal 2, row 2, column 1"); `state` is the state the
        action is taken in. None (the default): the log lines it writes say it."""
        return None

    def action_for_log(self, action: Action) -> Action:
        """An action as the public record shows it while the game is on.

        Games whose actions carry secrets (a scheme, a card picked in secret) return a version
        without them; once the game is over the record shows every action whole.
        """
        return action

    # -- shared --

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in; BadOptions for an unknown name or value."""
        options = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadOptions(f"{self.name} has no option {', '.join(unknown)}")
        checked = {}
        for name, option in known.items():
            checked[name] = option.check(options.get(name, option.default))
        return checked

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                f"{self.name} needs {self.min_players} to {self.max_players} players, not {players}"
            )

    def start(self, players: int, options: dict[str, Any] | None, seed: int) -> State:
        """Check the player count and options, then `setup`."""
        self.check_players(players)
        return clone(self.setup(players, self.check_options(options), seed))

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The state after `seat` takes `action`; IllegalAction (and no change) if not legal.
        The state passed in is never changed; the one returned has its keys in sorted order."""
        if self.result(state) is not None:
            raise IllegalAction("the game is over")
        wanted = canonical(action)
        if not any(canonical(legal) == wanted for legal in self.legal(state, seat)):
            raise IllegalAction(f"{describe(action)} is not a legal action for seat {seat} now")
        after = clone(state)
        self.play(after, seat, action)
        return clone(after)

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {option.name: option.to_json() for option in self.options},
            "bots": [{"level": bot.level, "label": bot.label} for bot in bots_for(self).values()],
        }


def describe(action: Any) -> str:
    text = json.dumps(action, sort_keys=True)
    return text if len(text) <= 120 else text[:117] + "..."


class Ending(TypedDict):
    """`state["result"]` once a game is over (`Result` as JSON); None until then."""

    winners: list[Seat]
    scores: dict[str, Any]
    reason: str


def finish(state: State, winners: list[Seat], scores: dict[str, Any], reason: str) -> None:
    """End the game: the one way every game ends. `Game.result` reads it back, and no action
    is legal afterwards."""
    ending: Ending = {"winners": sorted(set(winners)), "scores": scores, "reason": reason}
    state["result"] = ending
