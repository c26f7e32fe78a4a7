"""Does a JSON value fit a type of a game's contract (`core.Contract`)? The problems, in words.

Covers what the contracts use: TypedDicts (required and NotRequired keys, no others), unions
(`X | None`), `Literal`, `list[X]`, `dict[str, X]`, `Any`, StrEnums (one of their values) and
the JSON scalars (a bool is not an int; an int is a float).
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

_SCALARS: dict[type, tuple[type, ...]] = {
    str: (str,),
    int: (int,),
    float: (int, float),
    bool: (bool,),
}


def problems(value: Any, expected: Any, path: str = "$") -> list[str]:
    """Where `value` does not fit `expected` ([] when it fits)."""
    if expected is Any:
        return []
    if expected is None or expected is type(None):
        return [] if value is None else [f"{path}: {_shown(value)} is not null"]
    origin = get_origin(expected)
    if origin is Union or origin is types.UnionType:
        found = [problems(value, choice, path) for choice in get_args(expected)]
        if any(not found_one for found_one in found):
            return []
        return [f"{path}: {_shown(value)} fits none of {_name(expected)}"]
    if origin is Literal:
        allowed = get_args(expected)
        return [] if value in allowed else [f"{path}: {_shown(value)} is not one of {allowed}"]
    if origin is list:
        if type(value) is not list:
            return [f"{path}: {_shown(value)} is not a list"]
        (item,) = get_args(expected)
        return [
            found for i, one in enumerate(value) for found in problems(one, item, f"{path}[{i}]")
        ]
    if origin is dict or origin is Mapping:
        if type(value) is not dict:
            return [f"{path}: {_shown(value)} is not an object"]
        key_type, item = get_args(expected)
        found = []
        for key, one in value.items():
            if key_type is str and type(key) is not str:
                found.append(f"{path}: the key {key!r} is not text")
            found.extend(problems(one, item, f"{path}.{key}"))
        return found
    if is_typeddict(expected):
        return _typeddict_problems(value, expected, path)
    if isinstance(expected, type) and issubclass(expected, enum.Enum):
        values = [member.value for member in expected]
        return [] if value in values else [f"{path}: {_shown(value)} is not one of {values}"]
    if expected in _SCALARS:
        if type(value) in _SCALARS[expected]:
            return []
        return [f"{path}: {_shown(value)} is not {expected.__name__}"]
    raise TypeError(f"{path}: the contract uses {expected!r}, which this checker does not know")


def _typeddict_problems(value: Any, expected: Any, path: str) -> list[str]:
    if type(value) is not dict:
        return [f"{path}: {_shown(value)} is not an object ({expected.__name__})"]
    hints, required = keys_of(expected)
    found = [f"{path}: no {key} ({expected.__name__})" for key in sorted(required - set(value))]
    for key in sorted(set(value) - set(hints), key=str):
        found.append(f"{path}: {key} is not in {expected.__name__}")
    for key, one in value.items():
        if key in hints:
            found.extend(problems(one, hints[key], f"{path}.{key}"))
    return found


@functools.cache
def keys_of(expected: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's keys and their types, and which keys are required.

    (Under `from __future__ import annotations` Python 3.11 cannot tell NotRequired keys in
    __required_keys__: they are read from the hints.)"""
    hints = {}
    required = set()
    for key, hint in get_type_hints(expected, include_extras=True).items():
        if get_origin(hint) is typing.NotRequired:
            hints[key] = get_args(hint)[0]
        else:
            hints[key] = hint
            required.add(key)
    return hints, frozenset(required if expected.__total__ else ())


def _name(expected: Any) -> str:
    return getattr(expected, "__name__", None) or str(expected)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
