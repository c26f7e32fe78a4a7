"""JSON text on the wire and in the database, the fast way (orjson), in one place."""

from __future__ import annotations

from typing import Any

import orjson

# Integer dict keys become strings, as json.dumps makes them.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """Compact JSON text (UTF-8 characters as they are, not escaped)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    """Parsed JSON; ValueError (orjson.JSONDecodeError) when it is not JSON."""
    return orjson.loads(text)
