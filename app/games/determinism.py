"""What makes a game a function of its seed and its actions: the seeded generator, and one
JSON text (and one key order) for every value. Builds on nothing of the app, so that both the
games (core.py re-exports these) and the bots (bots.py) can build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

import orjson

T = TypeVar("T")

# orjson: the same JSON as the standard library's, several times faster; keys sorted as text.
_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def canonical(value: Any) -> str:
    """A value's one JSON text: equal texts are equal JSON (True is not 1, 1.0 is not 1)."""
    return orjson.dumps(value, option=_SORTED).decode()


def clone(state: T) -> T:
    """A deep copy of plain JSON data (faster than copy.deepcopy for it), every object's keys
    in sorted order.

    States leave `start` and `apply` in this one key order, so a state read back from a
    database (PostgreSQL's JSONB orders keys its own way) is the same state in every respect,
    dictionary iteration included; rules must still never give a key's spelling a meaning.
    """
    return cast(T, orjson.loads(orjson.dumps(state, option=_SORTED)))


# --- seeded randomness ----------------------------------------------------------------------

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: a small, fast generator whose whole state is one 64-bit integer.

    The state lives in the game state (as a hex string under "rng"), so a game is fully
    determined by its seed and its actions. Use it through `randomness(state)`.
    """

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = cls(seed)
        rng.next64()  # so that neighbouring seeds do not start alike
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high, both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
