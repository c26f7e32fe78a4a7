"""How UNSCREWED's good bot turns its playouts into a chance of winning, and into words.

The chance. A playout (foresight.play_out: the rest of the round on a guessed state) ends won
(`judge` gives +WIN), lost (-WIN: the bot fell and the game ended), with the bot fallen while
others play on (-DEATH), or undecided (a few hundred points of safety, more or less). An
option's value is the mean of its playouts' judgements mapped linearly, with k the players
still standing now: -WIN (every playout lost) is 0, an even undecided position 1/k, +WIN
(every playout won) is 1. In a two-player game that is exactly the share of playouts won, the
undecided ones counted half, nudged by how safe the bot stands where they end (a thousand
points of safety are half a percent). The bot counts a playout in which it falls twice
(bot.FALL_WEIGHT), so an option where it may fall reads lower than its share of wins. The
rules of thumb (spawning, the Friend and Plan tokens, Quirks) have their scores read the same
way, and the choices nothing is known about (a character, a coin call, an order) are all
worth an even 1/k.

The words name only what the seat sees: its own cards and hand, the Improv card it aims, the
directions, rings of the map, and how the playouts went; never a guessed card or deck.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import Weighed
from app.games.core import Action, canonical
from app.games.unscrewed.foresight import DEATH, WIN

Scored = tuple[Action, float, str]  # an action, its value in judge's points, why


def living(table: dict[str, Any]) -> int:
    """The players still standing (at least two while the game goes on)."""
    return max(2, sum(1 for player in table.get("players", []) if player.get("alive")))


def chance(points: float, players: int) -> float:
    """A mean judgement as a chance of winning (see the module docstring)."""
    even = 1.0 / players
    points = max(-WIN, min(WIN, points))
    if points >= 0:
        return even + (1.0 - even) * points / WIN
    return even * (1.0 + points / WIN)


def ranked(chosen: Action, weighed: list[Scored], players: int) -> list[Weighed]:
    """`chosen` first, then the others best first (the first given on a tie), each value
    turned into a chance and never above the one before it (the bot's rules of thumb put
    `chosen` first even where a measured value is a little higher)."""
    key = canonical(chosen)
    first = next(entry for entry in weighed if canonical(entry[0]) == key)
    rest = [entry for entry in weighed if canonical(entry[0]) != key]
    order = sorted(range(len(rest)), key=lambda index: (-rest[index][1], index))
    result = [Weighed(first[0], chance(first[1], players), first[2])]
    for index in order:
        action, value, why = rest[index]
        result.append(Weighed(action, min(chance(value, players), result[-1].value), why))
    return result


def outcome(judged: list[float]) -> str:
    """How a set of playouts went, in words: "you win 2 and fall in 1 of 6 playouts"."""
    count = len(judged)
    won = sum(1 for value in judged if value >= WIN)
    fell = sum(1 for value in judged if value <= -DEATH)
    if not count:
        return "not played out"
    if won == count:
        return "you win the game in every playout"
    if fell == count:
        return "you fall in every playout"
    if not won and not fell:
        return f"you stand to the round's end in all {count} playouts"
    parts = [f"you win {won}"] if won else []
    if fell:
        parts.append(f"fall in {fell}" if won else f"you fall in {fell}")
    return " and ".join(parts) + f" of {count} playouts"


def card_name(card: str) -> str:
    """A scheme card as the page names it."""
    return card.capitalize()


def cards_text(cards: tuple[str, ...] | list[str]) -> str:
    """A scheme's cards in order: "North, then East and Again"."""
    names = [card_name(card) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    rest = names[1:]
    tail = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    return f"{names[0]}, then {tail}"


def id_name(value: str) -> str:
    """A character id in words: "the_mad_cow" -> "The Mad Cow"."""
    words = value.replace("_", " ").split()
    return " ".join(word.capitalize() for word in words).replace("Dr ", "Dr. ")


def space_text(margin: int) -> str:
    """A space by the rings between it and the covers (0: the ring the next cover takes)."""
    if margin < 0:
        return "a space over the Edge"
    if margin == 0:
        return "a space on the ring the next cover takes"
    return f"a space {margin} ring{'s' if margin > 1 else ''} in from the Edge"
