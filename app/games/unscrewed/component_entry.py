"""One entry of a component file (a map, a card, a gimmick), its fields checked one by one.

Every check that fails raises a `ComponentError` naming the entry (`improv[3] "big_hammer"`)
and the problem, so that a host can find the mistake in their file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from app.games.unscrewed.components import ComponentError

_ID = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


def shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Entry:
    """One entry of the file: its fields present and known, each checked when asked for."""

    def __init__(
        self, where: str, data: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()
    ) -> None:
        self.where = where
        if not isinstance(data, dict):
            raise ComponentError(f"{where}: must be a JSON object, not {shown(data)}")
        self.data = data
        missing = [name for name in required if name not in data]
        if missing:
            raise ComponentError(f'{where}: missing field "{missing[0]}"')
        known = set(required) | set(optional) | {"stand_in", "note"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ComponentError(f'{where}: unknown field "{unknown[0]}"')
        if not isinstance(data.get("stand_in", False), bool):
            raise ComponentError(f'{where}: "stand_in" must be true or false')

    def fail(self, message: str) -> ComponentError:
        return ComponentError(f"{self.where}: {message}")

    def text(self, name: str) -> str:
        value = self.data[name]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f'"{name}" must be a non-empty text, not {shown(value)}')
        return value

    def ident(self, name: str = "id") -> str:
        value = self.data[name]
        if not isinstance(value, str) or not _ID.match(value):
            raise self.fail(f'"{name}" must be lower_case_words, not {shown(value)}')
        return value

    def count(self) -> int:
        value = self.data.get("count", 1)
        if type(value) is not int or value < 1:
            raise self.fail(f'"count" must be a whole number of at least 1, not {shown(value)}')
        return value


def named(kind: str, index: int, data: Any) -> str:
    label = data.get("id") if isinstance(data, dict) else None
    return f"{kind}[{index}]" + (f' "{label}"' if isinstance(label, str) else "")
