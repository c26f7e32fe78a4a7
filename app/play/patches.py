"""RFC 6902 JSON Patch: the operations that turn one view into the next.

`diff` is written for views, and for small patches:
- dicts are compared key by key;
- lists by their common cases: items added or removed at the end (or in one place further in),
  items changed in place, and a list that slides forward (a log that drops old lines and gains
  new ones: a few removes at the front and adds at the end);
- wherever a single `replace` of a subtree is smaller than the operations for it, the subtree is
  replaced whole: after a roll, four new dice are one `replace` of the dice, not eight.

Sizes are bytes of compact JSON, as `messages.dump` sends them. The view itself is never
replaced whole: a client patches the view it holds, which has `players` beside the rules view.

The diff runs for every viewer after every action, so it is kept cheap: equal subtrees are
found at C speed (`==`, then the JSON texts to tell True from 1), and sizes are the lengths of
JSON texts made in C (orjson).
"""

from __future__ import annotations

from typing import Any

import orjson

Op = dict[str, Any]

# How far a list may slide forward and still be patched as removes + adds.
_MAX_SLIDE = 16


# Compact JSON as bytes, as it is sent (app.wire); integer keys become strings.
def _dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


# The bytes of each kind of op besides its path and value.
_REPLACE_BYTES = len('{"op":"replace","path":"","value":}') - 2
_ADD_BYTES = len('{"op":"add","path":"","value":}') - 2
_REMOVE_BYTES = len('{"op":"remove","path":""}') - 2


def pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def diff(old: Any, new: Any) -> list[Op]:
    ops = _Ops()
    if type(old) is dict and type(new) is dict:
        _diff_dict(old, new, "", ops)  # never a replace of the whole view
    elif not _same(old, new):
        _diff(old, new, "", ops)
    return ops.ops


class _Ops:
    """Operations, and their size (the bytes of each op plus one separating comma)."""

    __slots__ = ("ops", "size")

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.size = 0

    def replace(self, path: str, value: Any) -> None:
        self.ops.append({"op": "replace", "path": path, "value": value})
        self.size += _REPLACE_BYTES + _text_size(path) + _value_size(value) + 1

    def add(self, path: str, value: Any) -> None:
        self.ops.append({"op": "add", "path": path, "value": value})
        self.size += _ADD_BYTES + _text_size(path) + _value_size(value) + 1

    def remove(self, path: str) -> None:
        self.ops.append({"op": "remove", "path": path})
        self.size += _REMOVE_BYTES + _text_size(path) + 1


def _diff(old: Any, new: Any, path: str, ops: _Ops) -> None:
    """Add to `ops` what turns `old` into `new` (not the same), or one replace of `new` when
    that is smaller."""
    count, size = len(ops.ops), ops.size
    if type(old) is dict and type(new) is dict:
        _diff_dict(old, new, path, ops)
    elif type(old) is list and type(new) is list:
        _diff_list(old, new, path, ops)
    else:
        ops.replace(path, new)
        return
    # Room for the value in a replace smaller than these ops (the op and its comma besides).
    room = ops.size - size - 1 - _REPLACE_BYTES - _text_size(path)
    if _value_size(new) < room:
        del ops.ops[count:]
        ops.size = size
        ops.replace(path, new)


def _diff_dict(old: dict[str, Any], new: dict[str, Any], path: str, ops: _Ops) -> None:
    for key in old:
        if key not in new:
            ops.remove(pointer(path, key))
    for key, value in new.items():
        if key not in old:
            ops.add(pointer(path, key), value)
        elif not _same(old[key], value):
            _diff(old[key], value, pointer(path, key), ops)


def _diff_list(old: list[Any], new: list[Any], path: str, ops: _Ops) -> None:
    """A slide forward, or items changed in place and the rest added or removed in one place."""
    start, old_end, new_end = _changed_span(old, new)
    slide = _slide(old, new) if start == 0 else 0
    if slide:
        for _ in range(slide):
            ops.remove(f"{path}/0")
        for value in new[len(old) - slide :]:
            ops.add(f"{path}/-", value)
        return
    changed = min(old_end, new_end) - start
    for index in range(start, start + changed):
        if not _same(old[index], new[index]):
            _diff(old[index], new[index], f"{path}/{index}", ops)
    for index in range(old_end - 1, start + changed - 1, -1):
        ops.remove(f"{path}/{index}")
    at_end = new_end == len(new)
    for index in range(start + changed, new_end):
        ops.add(f"{path}/-" if at_end else f"{path}/{index}", new[index])


def _changed_span(old: list[Any], new: list[Any]) -> tuple[int, int, int]:
    """Where two lists differ: (start, old end, new end) between a common head and tail."""
    shorter = min(len(old), len(new))
    start = 0
    while start < shorter and _same(old[start], new[start]):
        start += 1
    tail = 0
    while tail < shorter - start and _same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    return start, len(old) - tail, len(new) - tail


def _slide(old: list[Any], new: list[Any]) -> int:
    """How many items dropped off the front, if `new` continues `old` shifted forward."""
    if not old or not new or _same(old[0], new[0]):
        return 0
    for shift in range(1, min(len(old) - 1, _MAX_SLIDE) + 1):  # keep at least one item
        kept = len(old) - shift
        if kept <= len(new) and _same(old[shift:], new[:kept]):
            return shift
    return 0


# --- equal as JSON --------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's == takes True for 1 and 1 for 1.0, JSON does not.

    `==` compares a whole dict or list at C speed; when they are equal, their JSON texts (also
    made in C) tell apart the types inside. The texts also differ for equal dicts in another
    key order, which are then just compared key by key."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    if kind is not dict and kind is not list:
        return True
    return _dumps(a) == _dumps(b)


# --- sizes ----------------------------------------------------------------------------------


def _text_size(text: str) -> int:
    """The bytes of a string as JSON, its quotes included."""
    return len(_dumps(text))


def _value_size(value: Any) -> int:
    """The bytes of `value` as compact JSON, as it is sent."""
    return len(_dumps(value))
