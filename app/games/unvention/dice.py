"""The five dice of a turn and how they group.

Dice are grouped by equal or unequal numbers: every number shown by two or more dice makes an
"equals" group (in increasing order of number), and the numbers shown by one die each make the
"unequals" group (sorted), listed last. Every number belongs to exactly one group, so a number
names its group. The table's roll is one of:

- "groups": two or three groups (each player journals from one, workshops from another);
- "eureka": all five dice differ (each player names a journal number and a workshop number);
- "quantum_leap": all five dice are equal.
"""

from __future__ import annotations

from collections import Counter

GROUPS = "groups"
EUREKA = "eureka"
QUANTUM_LEAP = "quantum_leap"


def kind(dice: list[int]) -> str:
    distinct = len(set(dice))
    if distinct == len(dice):
        return EUREKA
    if distinct == 1:
        return QUANTUM_LEAP
    return GROUPS


def groups(dice: list[int]) -> list[list[int]]:
    """The dice grouped: equals groups by number, then the unequals group (if any)."""
    counts = Counter(dice)
    equals = [[number] * counts[number] for number in sorted(counts) if counts[number] > 1]
    unequals = sorted(number for number in counts if counts[number] == 1)
    return equals + ([unequals] if unequals else [])


def group_of(grouped: list[list[int]], number: int) -> int | None:
    """The index of the group holding `number`, or None."""
    for i, group in enumerate(grouped):
        if number in group:
            return i
    return None


def with_ball_bearing(dice: list[int], bearing: dict[str, int] | None) -> list[int]:
    """The dice as one player sees them after their Ball Bearing (if used this turn)."""
    if not bearing:
        return list(dice)
    changed = list(dice)
    changed[bearing["die"]] += bearing["delta"]
    return changed
