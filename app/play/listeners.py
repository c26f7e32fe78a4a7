"""Hooks as lists of listeners: whoever wants to hear of an event (a game moved on, a seat's
first connection opened, an action recorded) is added to the event's list, once, by the
application as it builds its parts (app/main.py); the event's owner tells them all, in the
order they were added."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Listeners(Generic[P]):
    """Those told of one kind of event; calling the list tells each of them."""

    def __init__(self, *listeners: Callable[P, None]) -> None:
        self._listeners = list(listeners)

    def add(self, listener: Callable[P, None]) -> None:
        self._listeners.append(listener)

    def __len__(self) -> int:
        return len(self._listeners)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in self._listeners:
            listener(*args, **kwargs)


class AsyncListeners(Generic[P]):
    """Those told of one kind of event who take their time: each is awaited in turn."""

    def __init__(self, *listeners: Callable[P, Awaitable[None]]) -> None:
        self._listeners = list(listeners)

    def add(self, listener: Callable[P, Awaitable[None]]) -> None:
        self._listeners.append(listener)

    def __len__(self) -> int:
        return len(self._listeners)

    async def __call__(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in self._listeners:
            await listener(*args, **kwargs)
