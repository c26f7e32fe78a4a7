"""The review's ranking (app/play/review.py) with bots of our own: the three costliest
decisions kept, a choice not weighed not judged, take-backs and a bot's choices for a person
left out; and over HTTP, the review's moments as such a bot weighs them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.config import Settings
from app.games.bots import Bot, Weighed, bot_rng
from app.games.core import Action, Game, canonical
from app.play import fold, review, workers
from app.play.runner import AWAY
from app.play.workers import kept
from tests.play.tables import serving
from tests.play.test_review import (
    GAMES,
    Entries,
    played,
    ready,
    record,
    sqlite_settings,
    states_before,
)

__all__ = ["sqlite_settings"]  # a fixture of test_review's, used here too


class Valuer(Bot):
    """A bot of our own: it weighs every legal action, worth a number drawn from the action
    and the rng (so the same decision is weighed the same), best first."""

    level = "good"
    label = "Valuer"

    def consider(self, game: Game, view: dict, legal: list[Action], rng: Any) -> list[Weighed]:
        salt = rng.next64()
        return sorted(
            (Weighed(a, worth(salt, a), f"worth {worth(salt, a)}") for a in legal),
            key=lambda w: -w.value,
        )


def worth(salt: int, action: Action) -> int:
    return random.Random(f"{salt}{canonical(action)!r}").randrange(100)


class Silent(Bot):
    """A bot that weighs nothing: its choice alone, worth 0 (the default `consider`)."""

    level = "good"
    label = "Silent"

    def choose(self, game: Game, view: dict, legal: list[Action], rng: Any) -> Action:
        return legal[-1]


class Broken(Bot):
    level = "good"
    label = "Broken"

    def consider(self, game: Game, view: dict, legal: list[Action], rng: Any) -> list[Weighed]:
        raise RuntimeError("a bot's bug")


# --- the ranking, with a bot of our own ----------------------------------------------------------


@pytest.fixture
def valuer_in_this_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Game]]:
    """The review's jobs run here (not in worker processes), with the Valuer as every game's
    good bot."""
    for game in GAMES.values():
        monkeypatch.setattr(game, "bots", lambda: {"good": Valuer()})
    monkeypatch.setattr(workers, "_games", GAMES)
    monkeypatch.setattr(workers, "_kept", type(kept())())
    yield GAMES


def expected(game: Game, seed: int, entries: Entries) -> list[dict[str, Any]]:
    """The person's costliest decisions as the Valuer sees them, worked out here: every
    decision of seat 0 made by its person among several actions."""
    states = states_before(game, seed, entries)
    costs = []
    for seq, (seat, action, by) in enumerate(entries):
        legal = game.legal(states[seq], seat)
        if seat != 0 or by is not None or len(legal) < 2:
            continue
        salt = bot_rng(seed, seq, seat).next64()
        lost = max(worth(salt, a) for a in legal) - worth(salt, action)
        if lost > 0:
            costs.append((-lost, seq))
    return [
        {"seq": seq, "lost": -cost} for cost, seq in sorted(sorted(costs)[:3], key=lambda c: c[1])
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_review_keeps_the_three_costliest_decisions(game_id: str) -> None:
    game = GAMES[game_id]
    seed, entries = played(game_id)
    # The person decides many times here: every decision of seat 0 is theirs.
    entries = [(seat, action, None) for seat, action, _ in entries][:80]
    seats = [{"name": "Ann", "bot": False}, {"name": "Bot", "bot": True}]
    players = review.review(game, Valuer(), game.start(2, {}, seed), entries, seed, seats)
    moments = players[0]["moments"]
    assert [{"seq": m["seq"], "lost": m["lost"]} for m in moments] == expected(game, seed, entries)
    assert len(moments) == 3, "the test's game holds too few costly decisions"
    for moment in moments:
        assert moment["why"].startswith("worth ") and moment["unit"] == "points"
        assert moment["chose"] == entries[moment["seq"]][1]


def test_a_choice_the_bot_did_not_weigh_is_not_judged_nor_a_bot_that_fails() -> None:
    game_id = sorted(GAMES)[0]
    game = GAMES[game_id]
    seed, entries = played(game_id)
    entries = [(seat, action, None) for seat, action, _ in entries]
    seats = [{"name": "Ann", "bot": False}, {"name": "Bob", "bot": False}]
    setup = game.start(2, {}, seed)
    for bot in (Silent(), Broken()):
        assert [p["moments"] for p in review.review(game, bot, setup, entries, seed, seats)] == [
            [],
            [],
        ]


def test_taken_back_and_bots_decisions_are_not_judged() -> None:
    """For each game whose person may take an action back: the action taken back is not
    judged, the take-back neither, the one made instead is; nor what a bot chose for them."""
    undoable = 0
    for game in GAMES.values():
        seed, entries = played(game.id)
        folded, setup = fold.Fold(game.start(2, {}, seed)), game.start(2, {}, seed)
        for seq, (seat, action, _) in enumerate(entries):
            after = fold.step(game, folded, seat, action)
            legal = game.legal(folded.state, seat)
            others = [
                a
                for a in legal
                if canonical(a) != canonical(action)
                and fold.step(game, folded, seat, a).may_undo(seat)
            ]
            if after.may_undo(seat) and others:
                other = others[0]
                record: Entries = [(s, a, None) for s, a, _ in entries[:seq]]
                record += [(seat, other, None), (seat, fold.UNDO, None), (seat, action, None)]
                people = [seat]
                found = review.decisions(game, setup, record, people)
                assert [d.seq for d in found if d.seq >= seq] == [seq + 2], game.id
                by_bot = [(s, a, AWAY) for s, a, _ in record]
                assert review.decisions(game, setup, by_bot, people) == []
                undoable += 1
                break
            folded = after
    assert undoable, "no game's record had an action to take back"


def test_the_review_over_http_with_a_bot_of_our_own(
    sqlite_settings: Settings, valuer_in_this_process: dict[str, Game]
) -> None:
    game_id = sorted(GAMES)[0]
    seed, entries = played(game_id)
    code = record(sqlite_settings, game_id)

    async def here(job: Any, *args: Any, priority: int) -> Any:
        return job(*args)

    with serving(sqlite_settings) as client:
        client.app.state.reviews.run = here  # type: ignore[attr-defined]
        body = ready(client, code)
    moments = body["players"][0]["moments"]
    assert [{"seq": m["seq"], "lost": m["lost"]} for m in moments] == expected(
        GAMES[game_id], seed, entries
    )
    assert moments, "the person's few decisions cost nothing"
    first = moments[0]
    assert set(first) == {
        "seq",
        "turn",
        "chose",
        "chose_text",
        "better",
        "better_text",
        "lost",
        "unit",
        "why",
    }
    assert first["turn"] >= 1 and "{seat" not in first["chose_text"] + first["better_text"]
