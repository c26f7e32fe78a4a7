"""The review after a game: each person's three costliest decisions, by the game's good bot.

A finished game's record is folded as every reader folds it (app.play.fold), so an action a
person took back is not judged, nor the take-back itself. A decision is judged when its seat's
person made it (a bot's seat, and an action a bot chose for a person, `ActionRecord.by`, are
not theirs) and it had more than one legal action: the good bot's `consider` is asked from that
seat's view at that moment, exactly as a bot deciding there would be asked (the view, `legal`,
`bot_rng(seed, seq, seat)`), and what the person chose cost them `lost` = the value of the bot's
first (best) option minus the value of theirs, in the bot's unit. A choice the bot did not weigh
is not judged (a bot that weighs only its own choice judges nothing); nor one that lost nothing.
Each person keeps the KEEP costliest (the earlier first among equals), shown in the game's order.

A moment (the protocol's, docs/protocol.md):
    {"seq", "turn", "chose", "chose_text", "better", "better_text", "lost", "unit", "why"}
- `seq`: the number of record entries before the decision: the replay's step that shows it.
- `turn`: the game's own count at that moment, its state's `turn` (or `round`) when it is a
  whole number from 1; else the person's count of their decisions so far (1 for the first).
- `chose_text`, `better_text`: the action in words, the players named: as its game says it
  (`Game.action_words`, for a step its log lines do not say: "Ann circles the 5 part in
  Hydraulic, row 1, column 1"), else the log lines about the seat that applying it to the state
  writes and the seat may read, up to the next turn's heading ("Turn 8: ...", "Friday, turn 8:
  ..."; what others do after it, a new roll or the end of a day are not what the person chose),
  else in its plain form ("circle (workshop: electrical, ...)").

Jobs for the worker processes (app.play.workers), run one after another by app.play.reviews:
`decisions_of` folds the record once and lists the decisions to judge; `judge_some` judges a
few of them (KEEP costliest of each seat among them), so that a long game's review (hundreds of
bot decisions) never holds a worker for longer than a few of a bot's decisions, and a game of
bots waiting for the same worker takes its turns between. `review` does it all at once, in one
process, with any bot (the tests, the benchmark).
"""

from __future__ import annotations

import heapq
import logging
import re
import traceback
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from app.games.bots import Bot, bot_rng, bots_for
from app.games.core import Action, Game, Seat, State, canonical, clone
from app.play import fold, logbook, workers
from app.play.checkpoints import Checkpoints
from app.play.views import name_seats

log = logging.getLogger(__name__)

KEEP = 3  # moments kept per person
TEXT_LENGTH = 160  # characters of an action's words, at most
# A new turn's heading ("Turn 8: Ann (2 actions)", "Friday, turn 8: 4 5 2 5 1"): what follows it
# is the next turn's, not the action's.
_NEXT_TURN = re.compile(r"^(\w+, )?[Tt]urn \d+\b")

Entry = tuple[Seat, Action, str | None]  # a record's entry: seat, action, `by`


@dataclass(frozen=True)
class Decision:
    """A person's decision to judge: the entries before it, its seat, its turn."""

    seq: int
    seat: Seat
    turn: int


def good_bot(game: Game) -> Bot:
    """The bot that coaches: the game's "good" one, else its strongest."""
    bots = bots_for(game)
    return bots.get("good") or list(bots.values())[-1]


def turn_of(state: State, count: int) -> int:
    for key in ("turn", "round"):
        number = state.get(key)
        if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
            return number
    return count


def is_legal(action: Action, legal: list[Action]) -> bool:
    wanted = canonical(action)
    return any(canonical(option) == wanted for option in legal)


def decisions(
    game: Game, setup: State, entries: list[Entry], people: Iterable[Seat]
) -> list[Decision]:
    """The decisions the people in `people` made themselves, with a choice among several legal
    actions, and did not take back, in the record's order."""
    people = set(people)
    kept: dict[int, Decision] = {}
    counts: dict[Seat, int] = {}
    stack: list[int] = []  # the entries behind `folded.back`, the latest last
    folded = fold.Fold(setup)
    for seq, (seat, action, by) in enumerate(entries):
        state = folded.state
        if not fold.is_undo(action) and seat in people and by is None:
            legal = game.legal(state, seat)
            if len(legal) > 1 and is_legal(action, legal):
                counts[seat] = counts.get(seat, 0) + 1
                kept[seq] = Decision(seq, seat, turn_of(state, counts[seat]))
        before = len(folded.back)
        folded = fold.step(game, folded, seat, action, by)
        if fold.is_undo(action):
            undone = kept.pop(stack.pop(), None)  # taken back: not judged
            if undone is not None:
                counts[undone.seat] -= 1
        elif len(folded.back) == before + 1:
            stack.append(seq)
        elif not folded.back:
            stack.clear()
    return list(kept.values())


def judge(
    game: Game,
    bot: Bot,
    state: State,
    decision: Decision,
    action: Action,
    seed: int,
    names: list[str],
) -> dict[str, Any] | None:
    """The moment `action` was, when the bot weighed it and found something better; else
    None (a bot that fails judges nothing: a review must not fail with it)."""
    seat = decision.seat
    view = {**game.view(state, seat), "you": seat}
    legal = game.legal(state, seat)
    rng = bot_rng(seed, decision.seq, seat)
    try:  # as a bot deciding there is asked (app.play.workers.bot_choice)
        weighed = bot.consider(game, clone(view), clone({"legal": legal})["legal"], rng)
    except Exception:
        log.warning("the review's bot failed\n%s", traceback.format_exc())
        return None
    if not weighed or not is_legal(weighed[0].action, legal):
        return None
    chosen = canonical(action)
    mine = next((w for w in weighed if canonical(w.action) == chosen), None)
    if mine is None:
        return None
    best = weighed[0]
    lost = float(best.value) - float(mine.value)
    if not lost > 0:
        return None
    return {
        "seq": decision.seq,
        "turn": decision.turn,
        "seat": seat,
        "chose": action,
        "chose_text": words(game, state, seat, action, names),
        "better": best.action,
        "better_text": words(game, state, seat, best.action, names),
        "lost": round(lost, 4),
        "unit": bot.unit,
        "why": name_seats(best.reason, names),
    }


def words(game: Game, state: State, seat: Seat, action: Action, names: list[str]) -> str:
    """`action` in the log's words for `seat` (see the module's docstring)."""
    try:
        after = game.apply(state, seat, action)
    except Exception:
        after = state
    said = game.action_words(state, seat, action)
    mine = f"{{seat{seat}}}"
    lines: list[str] = [said] if said else []
    for entry in [] if said else after.get("log", [])[len(state.get("log", [])) :]:
        if _NEXT_TURN.match(entry["text"]):
            break
        if mine in entry["text"] and seat in entry.get("seats", (seat,)):
            lines.append(entry["text"])
    text = name_seats("; ".join(lines), names) or logbook.action_words(game.action_for_log(action))
    return text if len(text) <= TEXT_LENGTH else text[: TEXT_LENGTH - 1] + "…"


def costliest(moments: Iterable[dict[str, Any]], keep: int = KEEP) -> list[dict[str, Any]]:
    """Each seat's `keep` costliest moments (the earlier first among equals), in seq order."""
    by_seat: dict[Seat, list[dict[str, Any]]] = {}
    for moment in moments:
        by_seat.setdefault(moment["seat"], []).append(moment)
    kept = [
        moment
        for seat_moments in by_seat.values()
        for moment in heapq.nsmallest(keep, seat_moments, key=lambda m: (-m["lost"], m["seq"]))
    ]
    return sorted(kept, key=lambda m: (m["seat"], m["seq"]))


def players(seats: list[dict[str, Any]], moments: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The protocol's `players`: each person's seat, name and kept moments (bots have none)."""
    kept = costliest(moments)
    return [
        {
            "seat": seat,
            "name": sitting["name"],
            "moments": [
                {key: value for key, value in moment.items() if key != "seat"}
                for moment in kept
                if moment["seat"] == seat
            ],
        }
        for seat, sitting in enumerate(seats)
        if not sitting.get("bot")
    ]


def review(
    game: Game,
    bot: Bot,
    setup: State,
    entries: list[Entry],
    seed: int,
    seats: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The whole review in this process: the protocol's `players`."""
    names = [sitting["name"] for sitting in seats]
    people = [seat for seat, sitting in enumerate(seats) if not sitting.get("bot")]
    checkpoints = Checkpoints(game, setup, [(seat, action) for seat, action, _ in entries])
    moments = []
    for decision in decisions(game, setup, entries, people):
        state = checkpoints.state_after(decision.seq)
        action = entries[decision.seq][1]
        moment = judge(game, bot, state, decision, action, seed, names)
        if moment is not None:
            moments.append(moment)
    return players(seats, moments)


# --- in a worker process ---------------------------------------------------------------------


def review_inputs(record: Mapping[str, Any], entries: list[Entry]) -> bytes:
    """What the jobs need: the record's setup, seats, seed and entries (with `by`)."""
    return orjson.dumps(
        {
            "setup": record["setup"],
            "players": record["players"],
            "options": record["options"],
            "seed": record["seed"],
            "seats": record["seats"],
            "actions": [[seat, action] for seat, action, _ in entries],
            "by": [by for _, _, by in entries],
        }
    )


@dataclass(frozen=True)
class ReviewJob:
    """A finished game's record (`review_inputs`); `seqs`: the decisions to judge, by seq."""

    key: tuple[int, int]  # the game record's id and seed, as the replays' checkpoints have it
    game: str
    inputs: bytes
    decisions: tuple[tuple[int, int, int], ...] = ()  # (seq, seat, turn)


def _checkpoints(job: ReviewJob) -> tuple[Game, Checkpoints, dict[str, Any]]:
    game = workers.games()[job.game]
    record = orjson.loads(job.inputs)
    kept = workers.kept()
    checkpoints = kept.get(job.key)
    if checkpoints is None:
        checkpoints = kept.add(job.key, Checkpoints.from_record(game, record))
    return game, checkpoints, record


def decisions_of(job: ReviewJob) -> list[tuple[int, int, int]]:
    """In a worker: the decisions to judge, as (seq, seat, turn)."""
    game, checkpoints, record = _checkpoints(job)
    setup = orjson.loads(checkpoints.states[0])
    entries = [
        (seat, action, by)
        for (seat, action), by in zip(record["actions"], record["by"], strict=True)
    ]
    people = [seat for seat, sitting in enumerate(record["seats"]) if not sitting.get("bot")]
    found = decisions(game, setup, entries, people)
    workers.kept().trim()
    return [(d.seq, d.seat, d.turn) for d in found]


def judge_some(job: ReviewJob) -> list[dict[str, Any]]:
    """In a worker: the job's decisions judged, the KEEP costliest of each seat among them."""
    game, checkpoints, record = _checkpoints(job)
    bot = good_bot(game)
    names = [sitting["name"] for sitting in record["seats"]]
    moments = []
    for seq, seat, turn in job.decisions:
        state = checkpoints.state_after(seq)
        action = checkpoints.actions[seq][1]
        moment = judge(game, bot, state, Decision(seq, seat, turn), action, record["seed"], names)
        if moment is not None:
            moments.append(moment)
    workers.kept().trim()
    return costliest(moments)
