"""Bots: one interface for every computer player, whatever the game and however clever.

A bot is shown exactly what a person in its seat is shown and nothing more:

    bot.consider(game, view, legal, rng) -> [Weighed(action, value, reason), ...], best first
    bot.choose(game, view, legal, rng) -> action  (the first of `consider`)

- `game`: the game's rules object (the `Game` subclass of app/games/core.py), for a bot that
  wants to look ahead with `game.apply` on positions it builds itself.
- `view`: `game.view(state, seat)` for the bot's seat, plus `"you"`: that seat. It holds the
  public state and the bot's own secrets, never another seat's; a bot never sees the state.
- `legal`: `game.legal(state, seat)`, the exact actions the server accepts from that seat now
  (never empty when a bot is asked). The answer must be one of them, unchanged.
- `rng`: a `Rng` (determinism.py) made by `bot_rng` from the game's seed, the number of actions
  recorded so far and the seat, so a game of bots is reproducible: never the module-level
  `random`.

`consider` is how a bot weighs its options, and what the table's hints and the review after a
game read: the legal actions it weighed, best first, each with an estimate in the bot's `unit`
(POINTS: the game's own points, more is better; CHANCE: a chance of winning, 0 to 1) and a
one-line reason in the game's words ("Scores 24 in Green, the most this roll offers"). Values
of one call are comparable with each other (the review subtracts them), not across calls.
A bot implements `consider` (and `choose` is its first entry) or, for a bot that weighs
nothing (the easy one), `choose` alone.

Levels. `bots_for(game)` lists the bots a lobby may seat for a game, by level:

- "easy", every game: `RandomBot`, a uniformly random legal action.
- A game offers its own levels through its `Game.bots()` hook ({} by default), written beside
  its rules (`app/games/<game>/bot.py`): a "good" bot for a game is a subclass of `Bot` with
  `level = "good"`, returned from that game's `bots()`, for example

      def bots(self) -> dict[str, Bot]:
          from app.games.<game>.bot import GoodBot
          return {"good": GoodBot()}

  A good bot that needs what it cannot see (hands, face-down piles, deck orders) samples it
  consistently with its view; it never reads the true state. A game's own bot for "easy"
  replaces the shared one.

Bots are pure like the games (no web, database, clock or module-level `random`; the server
runs `choose` in worker processes and may run it for several games at once), and a bot object
holds no state between calls: everything it knows comes in through its arguments.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, TypeAlias

from app.games.determinism import Rng, canonical
from app.games.terms import Action

View = dict[str, Any]

# A game's rules object: a `Game` (app/games/core.py). A game names its bots (`Game.bots`), so
# this module does not name `Game` back, which would make an import circle; each game's own bots
# name it exactly (`game: Game`).
Rules: TypeAlias = Any

# Mixed into every bot generator's seed, so that a bot's draws never repeat the game's own.
_BOT_SALT = 0x5EED_B075_C0FF_EE11


# The units of a bot's estimates.
POINTS = "points"  # the game's own points, more is better
CHANCE = "chance"  # a chance of winning, 0 to 1


class Weighed(NamedTuple):
    """One legal action as a bot weighs it."""

    action: Action  # one of `legal`, unchanged
    value: float  # what it is worth, in the bot's unit: more is better
    reason: str  # one line in the game's words; "" when the bot has nothing to say


class Bot(ABC):
    """A computer player of one level: it overrides `consider`, or `choose` alone."""

    level: str
    label: str  # in the player's words, for the lobby: "Easy"
    unit: str = POINTS  # of the values `consider` gives

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.consider is Bot.consider and cls.choose is Bot.choose:
            raise TypeError(f"{cls.__name__} must override consider or choose")

    def consider(self, game: Rules, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        """The legal actions the bot weighed, best first (at least one), from `view` (what its
        seat sees) and `rng` alone. A bot that weighs nothing gives its choice alone, worth 0."""
        return [Weighed(self.choose(game, view, legal, rng), 0.0, "")]

    def choose(self, game: Rules, view: View, legal: list[Action], rng: Rng) -> Action:
        """One of `legal`: the first of `consider`."""
        return self.consider(game, view, legal, rng)[0].action


class RandomBot(Bot):
    """The "easy" bot of every game: any legal action, each as likely as the others.

    It draws from the actions in their canonical order, not in the order `legal` lists them,
    so that its choice stays the same when a game lists the same actions in another order (a
    state read back from PostgreSQL's JSONB has its keys in another order).
    """

    level = "easy"
    label = "Easy"

    def choose(self, game: Rules, view: View, legal: list[Action], rng: Rng) -> Action:
        return rng.choice(sorted(legal, key=canonical))


EASY = RandomBot()


def best_gain(ordered: list[Action], gains: Sequence[float], rng: Rng) -> Action:
    """A greedy bot's pick: one of the actions of the largest gain (`gains[i]` is what
    `ordered[i]` gains), drawn from `rng` when several share it."""
    best = max(gains)
    return rng.choice([action for action, won in zip(ordered, gains, strict=True) if won == best])


class Seating(Protocol):
    """What `bots_for` reads of a game: its own bots (`Game.bots`)."""

    def bots(self) -> dict[str, Bot]: ...


def bots_for(game: Seating) -> dict[str, Bot]:
    """The bots a lobby of `game` may seat, by level: "easy" first, then the game's own."""
    return {EASY.level: EASY, **game.bots()}


def bot_rng(seed: int, seq: int, seat: int) -> Rng:
    """The generator a bot draws from when it decides for `seat` after `seq` recorded actions
    of the game with this `seed`: the same inputs give the same draws."""
    mixer = Rng.from_seed(seed ^ _BOT_SALT)
    for value in (seq, seat):
        mixer = Rng.from_seed(mixer.next64() ^ value)
    return Rng.from_seed(mixer.next64())
