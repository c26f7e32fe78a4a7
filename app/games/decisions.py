"""Decisions: who must choose and from what, where one question is not enough.

A decision is an entry in the state saying who must choose and from what: in every game it is
the state's `asking` (None when the game asks nothing beyond its phase and turn; a seat's own
`asking` where seats decide apart). Simple games keep their decision in their own fields
(a dice game's "phase" and "turn"). Two helpers cover the harder shapes most games have:

- `Simultaneous`: several seats decide at once (everyone's turn at the same time); each
  answer is stored, hidden from the others by the game's `view`, and the decision resolves when
  the last one arrives.
- `Script`: an effect written as straight-line code that asks questions (a generator that
  yields `Ask`). Its state holds the state at the script's start and the answers so far; the
  current state is rebuilt by running the script again over those answers, so a restarted
  server, a replay or a bot's look-ahead all reach exactly the same point.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, TypedDict

from app.games.determinism import clone
from app.games.terms import Action, Seat, State


class Decision(TypedDict):
    """`Simultaneous`'s record in a state."""

    waiting: list[Seat]
    answers: dict[str, Any]  # by seat, as text


class AskRecord(TypedDict):
    seat: Seat
    prompt: str
    options: list[Action]
    info: dict[str, Any]


class ScriptRecord(TypedDict):
    """`Script`'s record in a state: the script, the state at its start and the answers so far."""

    name: str
    args: dict[str, Any]
    base: dict[str, Any]  # the whole state when the script started
    answers: list[Action]
    ask: AskRecord


class Simultaneous:
    """Answers from several seats at once, kept in `state[key]` until all have answered."""

    @staticmethod
    def open(state: State, key: str, seats: list[Seat]) -> None:
        state[key] = {"waiting": sorted(seats), "answers": {}}

    @staticmethod
    def waiting(state: State, key: str) -> list[Seat]:
        decision = state.get(key)
        return list(decision["waiting"]) if decision else []

    @staticmethod
    def answer(state: State, key: str, seat: Seat, answer: Any) -> bool:
        """Record `seat`'s answer; True when it was the last one awaited."""
        decision = state[key]
        decision["waiting"].remove(seat)
        decision["answers"][str(seat)] = answer
        return not decision["waiting"]

    @staticmethod
    def close(state: State, key: str) -> dict[Seat, Any]:
        """Remove the decision and return the answers by seat."""
        decision = state.pop(key)
        return {int(seat): answer for seat, answer in decision["answers"].items()}


@dataclass
class Ask:
    """A question from a script: `seat` must pick one of `options` (each an action)."""

    seat: Seat
    prompt: str
    options: list[Action]
    info: dict[str, Any] = field(default_factory=dict)


ScriptFn = Callable[..., Generator[Ask, Action, None]]


class Script:
    """Run generator-based effects that ask questions in the middle.

    `scripts` maps a name to a generator function `fn(state, **args)` that changes `state` and
    yields `Ask` whenever it needs a choice; the chosen action is sent back into the generator.
    """

    def __init__(self, scripts: dict[str, ScriptFn], key: str = "script") -> None:
        # `key`: where the state keeps the running script's record ("asking" where the script
        # is the game's open decision); None or absent while none runs
        self.scripts = scripts
        self.key = key

    def start(self, state: State, name: str, **args: Any) -> None:
        """Begin script `name` on `state` (in place); it runs until its first question or end."""
        if state.get(self.key) is not None:
            raise RuntimeError("a script is already running")
        base = clone(state)
        record = {"name": name, "args": args, "base": base, "answers": []}
        self._rebuild(state, record)

    def asking(self, state: State) -> Ask | None:
        record = state.get(self.key)
        if record is None:
            return None
        return Ask(**record["ask"])

    def answer(self, state: State, action: Action) -> None:
        """Give the pending question its answer (already checked against its options)."""
        record = state[self.key]
        record["answers"].append(action)
        self._rebuild(state, record)

    def _rebuild(self, state: State, record: dict[str, Any]) -> None:
        work = clone(record["base"])
        generator = self.scripts[record["name"]](work, **record["args"])
        question = _advance(generator, None)
        for answer in record["answers"]:
            if question is None:
                raise RuntimeError("a script got more answers than it asked for")
            question = _advance(generator, answer)
        state.clear()
        state.update(work)
        if question is not None:
            state[self.key] = {
                "name": record["name"],
                "args": record["args"],
                "base": record["base"],
                "answers": record["answers"],
                "ask": {
                    "seat": question.seat,
                    "prompt": question.prompt,
                    "options": question.options,
                    "info": question.info,
                },
            }


def _advance(generator: Generator[Ask, Action, None], answer: Action | None) -> Ask | None:
    try:
        if answer is None:
            return next(generator)
        return generator.send(answer)
    except StopIteration:
        return None
