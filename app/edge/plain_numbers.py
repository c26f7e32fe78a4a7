"""Whole numbers as clients write them in URLs and headers: the ASCII digits 0-9, nothing else.

Python is far more lenient than a URL needs: `str.isdigit()` says yes to "²" (which `int()`
then refuses with a ValueError), `int()` reads "１２" (full-width) and "٣" (Arabic-Indic) and
" 7", and pydantic's `int` takes "+7", "7.0" and "1_000". Every number read from a request goes
through `whole_number` (or `DIGITS_ONLY`, for FastAPI's parameters) instead.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

_DIGITS = re.compile(r"[0-9]+")  # not \d, which takes any script's digits

# More digits than any count, seq or id here needs (and than JavaScript holds exactly).
MAX_DIGITS = 15


def whole_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """`text` as a whole number if it is 1 to `max_digits` ASCII digits; None otherwise."""
    if len(text) > max_digits or _DIGITS.fullmatch(text) is None:
        return None
    return int(text)


def _digits_only(value: Any) -> Any:
    if isinstance(value, str) and whole_number(value) is None:
        raise PydanticCustomError("digits_only", "write a whole number with the digits 0-9")
    return value


# For a path or query parameter: `Annotated[int, Query(ge=0), DIGITS_ONLY]`.
DIGITS_ONLY = BeforeValidator(_digits_only)
