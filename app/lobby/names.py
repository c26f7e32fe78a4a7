"""People's names at a table: what a name may hold, and when two names look alike.

A name holds letters, marks, digits, punctuation, symbols and spaces. Of the characters that
show nothing by themselves, only those that help build what a person sees are allowed: a joiner
between two characters that show (the ZWJ of an emoji sequence such as 👩‍💻, the ZWNJ of a
Persian name), a variation selector after a character that shows (❤️, or a Han variant), and the
tags of a flag after its black flag (🏴 of England). Control characters, bidi controls, other
invisible characters and code points with nothing assigned are refused, with a reason a person
can act on.

Two names *look alike* when their skeletons are equal, after Unicode's TR 39: the name in NFKC,
without its default-ignorable characters (joiners, variation selectors, fillers), with its
blank-looking characters (spaces, the Braille blank) as one space and none at the ends, each
character replaced by the one it is confusable with in Unicode's confusables data, case-folded
and replaced once more. So "Аnn" (with a Cyrillic А) looks like "Ann", and so does "Ann"
followed by a Hangul filler, a Braille blank or a variation selector. A name whose skeleton is
empty shows nothing and is refused.

The confusables data is the one the confusable_homoglyphs package ships (Unicode's
confusables.txt). It lists each confusable pair both ways, so each set of characters that
confuse with one another is kept here as one representative: the prototype TR 39 maps them to
where the data tells which one that is (a multi-character one, or the one all the others map
to), else the one NFKC leaves as it is, else the lower code point. Equal skeletons are what
matters here, not their text.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict, Invalid

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters that
# show nothing unless a font has a reason to. Python's unicodedata does not carry the property.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero width space, ZWNJ, ZWJ, left-to-right and right-to-left marks
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates, deprecated formats
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors 1-16
    (0xFEFF, 0xFEFF),  # zero width no-break space
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical beams and phrases
    (0xE0000, 0xE0FFF),  # tags, variation selectors 17-256, unassigned
)
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ
VARIATION_SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
TAGS = (0xE0020, 0xE007F)
BLACK_FLAG = "\U0001f3f4"
# Not spaces to Python, not default-ignorable, yet drawn as nothing at all.
BLANK_LOOKING = frozenset("\u2800")  # Braille pattern blank
# Unassigned in this Python's Unicode data but where new emoji arrive (Symbols and Pictographs
# and its Extended-A block): a newer phone's emoji is no reason to refuse a name.
NEWER_EMOJI = (0x1F300, 0x1FAFF)

# What a person is told.
CONTROL = "A name can't have line breaks, tabs or other control characters in it."
INVISIBLE = (
    "That name has an invisible character in it (a zero-width space, a text-direction mark or a"
    " filler): please type it again without it."
)
UNKNOWN = "That name has a character in it that can't be shown here: please leave it out."
BLANK = "That name shows nothing: use at least one letter, digit or emoji that can be seen."
LOOKS_LIKE = "That name looks like {other}'s: please pick another."


def _within(char: str, ranges: Iterable[tuple[int, int]]) -> bool:
    return any(low <= ord(char) <= high for low, high in ranges)


def _ignorable(char: str) -> bool:
    return _within(char, DEFAULT_IGNORABLE)


def _blank(char: str) -> bool:
    return char.isspace() or char in BLANK_LOOKING


def _shows(char: str) -> bool:
    """A character that draws something of its own."""
    return not (_ignorable(char) or _blank(char) or unicodedata.category(char).startswith("C"))


def _builds(name: str, index: int) -> bool:
    """Whether the invisible character at `index` helps build what the name shows."""
    char = name[index]
    before = name[index - 1] if index > 0 else ""
    after = name[index + 1] if index + 1 < len(name) else ""
    if char in JOINERS:
        varied = bool(before) and _within(before, VARIATION_SELECTORS)
        return bool(before and after) and (_shows(before) or varied) and _shows(after)
    if _within(char, VARIATION_SELECTORS):
        return bool(before) and _shows(before)
    if _within(char, (TAGS,)):
        return before == BLACK_FLAG or (bool(before) and _within(before, (TAGS,)))
    return False


def check(name: str) -> None:
    """Invalid, in words for its person, unless `name` can be anybody's name."""
    refusal = problem(name)
    if refusal is not None:
        raise Invalid(refusal)


def check_unlike(name: str, others: Iterable[str]) -> None:
    """Conflict `name_taken` when `name` looks like one of `others` (the names at the table)."""
    other = look_alike(name, others)
    if other is not None:
        raise Conflict(LOOKS_LIKE.format(other=other), code=ErrorCode.NAME_TAKEN)


def problem(name: str) -> str | None:
    """Why `name` cannot be anybody's name, in words for its person; None when it can."""
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if category == "Cc" or category in ("Zl", "Zp"):
            return CONTROL
        if _ignorable(char) or category == "Cf":
            if not _builds(name, index):
                return INVISIBLE
        elif category in ("Cn", "Co", "Cs") and not _within(char, (NEWER_EMOJI,)):
            return UNKNOWN
    if not skeleton(name):
        return BLANK
    return None


def skeleton(name: str) -> str:
    """What `name` looks like: equal for names a person could take for one another."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(" " if _blank(char) else char for char in text if not _ignorable(char))
    text = " ".join(text.split())
    return _confusables_replaced(_confusables_replaced(text).casefold())


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks like `name`; None when none does."""
    mine = skeleton(name)
    return next((other for other in others if skeleton(other) == mine), None)


def _confusables_replaced(text: str) -> str:
    table = _representatives()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in decomposed))


@cache
def _representatives() -> dict[str, str]:
    """Each confusable character -> the representative of the characters it confuses with."""
    data = resources.files("confusable_homoglyphs").joinpath("confusables.json")
    pairs = json.loads(data.read_text(encoding="utf-8"))
    # The data's right-to-left characters are wrapped in left-to-right marks, for display.
    neighbours: dict[str, set[str]] = {}
    for key, entries in pairs.items():
        for entry in entries:
            one, other = key.replace("\u200e", ""), entry["c"].replace("\u200e", "")
            neighbours.setdefault(one, set()).add(other)
            neighbours.setdefault(other, set()).add(one)
    # Each set is a prototype with the characters TR 39 maps to it (a star: each of those has
    # the prototype alone for its neighbour).
    table: dict[str, str] = {}
    for char, around in neighbours.items():
        if len(char) > 1 or len(around) > 1:
            continue  # a prototype: its characters map to it
        (other,) = around
        if len(other) > 1 or len(neighbours[other]) > 1:
            prototype = other
        else:  # a pair: the one that NFKC keeps (the other never reaches the table), else the lower
            prototype = min(char, other, key=lambda c: (unicodedata.normalize("NFKC", c) != c, c))
        if char != prototype:
            table[char] = prototype
    # A multi-character prototype may hold a character of a pair whose prototype was guessed.
    return {char: "".join(table.get(c, c) for c in prototype) for char, prototype in table.items()}
