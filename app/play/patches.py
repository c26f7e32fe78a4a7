"""RFC 6902 JSON Patch: the operations that turn one view into the next.

`diff` is written for views: dicts are compared key by key, lists element by element, and a
list that slides forward (a log that drops old lines and gains new ones) becomes a few removes at
the front and adds at the end instead of a replacement of every element.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]

# How far a list may slide forward and still be patched as removes + adds.
_MAX_SLIDE = 16


def pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def diff(old: Any, new: Any) -> list[Op]:
    ops: list[Op] = []
    _diff(old, new, "", ops)
    return ops


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's == takes True for 1 and 1 for 1.0, JSON does not."""
    if type(a) is not type(b) or a != b:
        return False
    if type(a) is dict:
        return all(_same(value, b[key]) for key, value in a.items())
    if type(a) is list:
        return all(map(_same, a, b))
    return True


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    if _same(old, new):
        return
    if type(old) is dict and type(new) is dict:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": pointer(path, key)})
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, pointer(path, key), ops)
            else:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
    elif type(old) is list and type(new) is list:
        _diff_list(old, new, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_list(old: list[Any], new: list[Any], path: str, ops: list[Op]) -> None:
    slide = _slide(old, new)
    if slide:
        for _ in range(slide):
            ops.append({"op": "remove", "path": f"{path}/0"})
        old = old[slide:]
    common = min(len(old), len(new))
    for index in range(common):
        _diff(old[index], new[index], f"{path}/{index}", ops)
    for index in range(len(old) - 1, common - 1, -1):
        ops.append({"op": "remove", "path": f"{path}/{index}"})
    for value in new[common:]:
        ops.append({"op": "add", "path": f"{path}/-", "value": value})


def _slide(old: list[Any], new: list[Any]) -> int:
    """How many items dropped off the front, if `new` continues `old` shifted forward."""
    if not old or not new or _same(old[0], new[0]):
        return 0
    for shift in range(1, min(len(old) - 1, _MAX_SLIDE) + 1):  # keep at least one item
        kept = len(old) - shift
        if kept <= len(new) and _same(old[shift:], new[:kept]):
            return shift
    return 0
