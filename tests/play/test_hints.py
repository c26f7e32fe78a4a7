"""Hints over the websocket (app/play/hints.py), for every game: the answer is one of the seat's
legal actions and the good bot's own choice for that view and seed; every seat sees "Ann asked
for a hint" and the record holds it (its log, the replay); refusals (`busy`, `not_your_decision`,
`conflict`, `hints_off`) change nothing; a take-back still works after a hint.

The tables seat people only (no bot moves under a hint): the test plays every seat."""

from __future__ import annotations

import asyncio
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.games.bots import Weighed, bot_rng, bots_for
from app.games.core import Game, canonical
from app.play.registry import games_for
from app.play.runner import Position
from app.play.views import name_seats
from app.play.workers import seen
from tests.play.tables import Table, Viewer, serving

GAMES = games_for(Settings(_env_file=None))
NAMES = ("Ann", "Bob", "Cy", "Dee")
TOKEN = "owner-token-for-the-hint-tests"
WAIT = 60  # seconds, at most, for a hint's job to start
MOVES = 60  # at most, to reach a seat with nothing to decide, or an action that may be undone


@pytest.fixture(scope="module")
def served(sqlite_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module's tables, on a fresh SQLite database (the protocol is the same
    on PostgreSQL: a game is played there below), with the owner's token to end games."""
    path = tmp_path_factory.mktemp("hints") / "tinkertable.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite+aiosqlite:///{path}"
    settings = Settings(database_url=url, migrate_on_start=False, admin_token=TOKEN, _env_file=None)
    with serving(settings) as client:
        yield client


def position(client: TestClient, table: Table) -> Position:
    """The game as the server holds it (nothing moves it meanwhile: no bots at these tables)."""
    room = client.app.state.hub.rooms[table.code]  # type: ignore[attr-defined]
    assert room.position is not None
    return room.position


def good_choice(game: Game, at: Position, seat: int) -> Weighed:
    """What the game's strongest bot would choose for `seat` now: the hint to expect."""
    bot = list(bots_for(game).values())[-1]
    view, legal = seen(game, at.state, seat)
    return bot.consider(game, view, legal, bot_rng(at.seed, at.seq, seat))[0]


def ask(viewer: Viewer, ref: Any) -> None:
    viewer.socket.send_json({"type": "hint", "id": ref})


def refusal(viewer: Viewer, ref: Any) -> str:
    error = viewer.until("error", ref=ref)
    assert error["message"]
    return str(error["error"])


def seated(client: TestClient, game: Game, **options: Any) -> tuple[Table, list[Viewer], Viewer]:
    table = Table.open(client, NAMES[: max(2, game.min_players)], game=game.id, **options)
    table.start()
    seats = [table.connect(seat) for seat in range(max(2, game.min_players))]
    spectator = table.connect(None)
    for viewer in (*seats, spectator):
        viewer.until("snapshot")
    return table, seats, spectator


def play(everyone: list[Viewer], mover: Viewer, action: dict[str, Any]) -> None:
    assert mover.seq is not None
    target = mover.seq + 1
    mover.act(action, ref=f"move {target}")
    for viewer in everyone:
        viewer.until_seq(target)


def hint_to(
    client: TestClient,
    table: Table,
    game: Game,
    everyone: list[Viewer],
    seat: int,
    *,
    again: str | None = None,
) -> dict[str, Any]:
    """`seat` asks for a hint and gets the good bot's choice; everyone sees that they asked.
    `again`: the id of a second hint asked at once, before the first is answered."""
    asker = everyone[seat]
    assert asker.view is not None and asker.seq is not None
    before = position(client, table)
    expected = good_choice(game, before, seat)
    legal, clocks = asker.view["legal"], asker.view["clocks"]
    ask(asker, f"hint {before.seq}")
    if again is not None:
        ask(asker, again)
    hint = asker.until("hint")
    assert hint["ref"] == f"hint {before.seq}"
    assert hint["action"] in legal  # exactly as the client would send it, keys and all
    assert canonical(hint["action"]) == canonical(expected.action)
    # The reason with the players' names where the bot wrote {seatN}, as on the pages.
    reason = name_seats(expected.reason, before.names)
    assert (hint["reason"], hint["value"]) == (reason, expected.value)
    assert "{seat" not in hint["reason"]
    assert hint["unit"] == list(bots_for(game).values())[-1].unit
    for viewer in everyone:
        viewer.until_seq(before.seq + 1)
        assert viewer.view is not None
        assert viewer.view["log"][-1] == f"{NAMES[seat]} asked for a hint"
    assert (asker.view["legal"], asker.view["clocks"]) == (legal, clocks)  # nothing else changed
    return hint


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hint_is_the_good_bots_choice_and_everyone_sees_it(
    served: TestClient, game_id: str
) -> None:
    game, client = GAMES[game_id], served
    waiting = Table.open(client, NAMES[:2], game=game_id)
    early = waiting.connect(0)
    early.until("lobby")
    ask(early, "too early")
    assert refusal(early, "too early") == "conflict"

    table, seats, spectator = seated(client, game)
    everyone = [*seats, spectator]
    assert seats[0].view is not None
    seat = seats[0].view["active"][0]
    # Two at once from one seat: the second is refused while the first is computed.
    hint_to(client, table, game, everyone, seat, again="second")
    assert [(e["error"], e["ref"]) for e in seats[seat].errors] == [("busy", "second")]
    ask(spectator, "watching")
    assert refusal(spectator, "watching") == "not_your_decision"

    # A seat with nothing to decide (the others play until there is one).
    for _ in range(MOVES):
        idle = [viewer for viewer in seats if viewer.view and not viewer.view["legal"]]
        if idle:
            break
        at = position(client, table)
        mover = at.game.active(at.state)[0]
        play(everyone, seats[mover], at.game.legal(at.state, mover)[0])
    assert idle, "every seat kept a decision"
    seq = idle[0].seq
    ask(idle[0], "not mine")
    assert refusal(idle[0], "not mine") == "not_your_decision"
    assert idle[0].seq == seq

    # An action that may be taken back, a hint, then the take-back.
    for _ in range(MOVES):
        at = position(client, table)
        mover = at.game.active(at.state)[0]
        undoable = [
            action
            for action in at.game.legal(at.state, mover)
            if (after := at.game.apply(at.state, mover, action))
            and at.game.result(after) is None
            and at.game.undoable(at.state, after, mover, action)
        ]
        play(everyone, seats[mover], (undoable or at.game.legal(at.state, mover))[0])
        if undoable:
            break
    assert undoable and seats[mover].view is not None and seats[mover].view["undo"] is True
    at = position(client, table)
    asking = at.game.active(at.state)[0]
    hint_to(client, table, game, everyone, asking)
    assert seats[mover].view["undo"] is True  # asking is not acting
    seats[mover].socket.send_json({"type": "undo", "id": "back"})
    for viewer in everyone:
        viewer.until_seq(at.seq + 2)
        assert viewer.view is not None
        assert viewer.view["log"][-2:] == [
            f"{NAMES[asking]} asked for a hint",
            viewer.view["log"][-1],
        ]
        assert viewer.view["log"][-1].startswith(f"{NAMES[mover]} took back")
    assert not [error for error in seats[mover].errors if error["ref"] == "back"]

    # The record holds the hints; once the game is over there is none to give.
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    entries = [(entry["seat"], entry["action"]) for entry in log["actions"]]
    assert entries.count((seat, {"type": "hint"})) >= 1
    assert entries[-2:] == [(asking, {"type": "hint"}), (mover, {"type": "undo"})]
    ended = client.post(
        f"/api/admin/tables/{table.code}/end", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    assert ended.status_code == 200, ended.text
    seats[asking].until("snapshot")
    ask(seats[asking], "over")
    assert refusal(seats[asking], "over") == "conflict"
    step = entries.index((seat, {"type": "hint"})) + 1
    replay = client.get(f"/api/lobbies/{table.code}/replay?step={step}").json()
    assert replay["view"]["log"][-1] == f"{NAMES[seat]} asked for a hint"
    for viewer in (early, *everyone):
        viewer.close()


class Held:
    """The server's workers, but a hint's job, once built, waits for the test to let it go
    (when held): the game can be moved on while the bot "thinks"."""

    def __init__(self, workers: Any) -> None:
        self.workers = workers
        self.started = threading.Event()
        self.go = threading.Event()
        self.go.set()

    def hold(self) -> None:
        self.started.clear()
        self.go.clear()

    async def run(self, job: Any, *args: Any, priority: int) -> Any:
        self.started.set()
        await asyncio.to_thread(self.go.wait, WAIT)
        return await self.workers.run(job, *args, priority=priority)


def test_the_game_moves_on_while_the_bot_thinks(served: TestClient) -> None:
    """Another seat acts meanwhile: the hint still stands (its action is still legal). The seat
    itself acts: the hinted action is gone, so the bot thinks again on the game as it is (or,
    with nothing left for the seat to decide, the hint is refused)."""
    client = served
    game = next(g for g in GAMES.values() if len(g.active(g.start(2, {}, 1))) > 1)
    hints = client.app.state.hints  # type: ignore[attr-defined]
    held = hints.workers = Held(hints.workers)
    try:
        table, seats, spectator = seated(client, game)
        everyone = [*seats, spectator]
        ann, bob = seats
        at = position(client, table)
        assert {0, 1} <= set(at.game.active(at.state))  # both decide at once
        expected = good_choice(game, at, 0)
        held.hold()
        ask(ann, "others")
        assert held.started.wait(WAIT)
        play(everyone, bob, at.game.legal(at.state, 1)[0])
        moved = position(client, table)
        still = [
            a for a in game.legal(moved.state, 0) if canonical(a) == canonical(expected.action)
        ]
        assert still, "the other seat's action changed this one's"
        held.go.set()
        hint = ann.until("hint")
        assert (hint["ref"], hint["action"]) == ("others", still[0])
        for viewer in everyone:
            viewer.until_seq(moved.seq + 1)
            assert viewer.view is not None and viewer.view["log"][-1] == "Ann asked for a hint"

        at = position(client, table)
        expected = good_choice(game, at, 0)
        held.hold()
        ask(ann, "own")
        assert held.started.wait(WAIT)
        play(everyone, ann, expected.action)
        after = position(client, table)
        legal = game.legal(after.state, 0)
        assert canonical(expected.action) not in [canonical(a) for a in legal]
        held.go.set()
        if not legal:
            assert refusal(ann, "own") == "not_your_decision"
            assert after.seq == position(client, table).seq  # no entry
        else:
            hint = ann.until("hint")
            again = good_choice(game, after, 0)
            assert hint["ref"] == "own" and canonical(hint["action"]) == canonical(again.action)
        for viewer in everyone:
            viewer.close()
    finally:
        hints.workers = held.workers
        held.go.set()


def test_hints_off_at_the_table(served: TestClient) -> None:
    """Refused, nothing recorded; the pages show the option."""
    game, client = next(iter(GAMES.values())), served
    home = client.get("/").text
    assert home.count('<select name="hints" data-json-values>') == len(GAMES)
    on = Table.open(client, game=game.id)
    assert client.get(f"/api/lobbies/{on.code}").json()["options"]["hints"] is True
    page = client.get(f"/l/{on.code}").text
    assert re.search(
        r'Hints from the good bot\s*<select data-option="hints" disabled>\s*'
        r'<option value="true" selected>yes</option>\s*<option value="false" >no</option>',
        page,
    ), page
    table, seats, spectator = seated(client, game, hints=False)
    assert seats[0].lobby is not None and seats[0].lobby["options"]["hints"] is False
    assert seats[0].view is not None
    seat = seats[0].view["active"][0]
    ask(seats[seat], 3)
    assert refusal(seats[seat], 3) == "hints_off"
    seats[seat].act({"type": "hint"}, ref=4)  # the record's entry is no action to play
    assert refusal(seats[seat], 4) == "illegal_action"
    assert len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) == 0
    for viewer in (*seats, spectator):
        viewer.close()


def test_a_hint_with_a_clock_and_after_a_restart(settings: Settings) -> None:
    """On SQLite and PostgreSQL: a hint leaves the clocks as they were; the record's hint entry
    folds again when the game is loaded from the database."""
    game = next(iter(GAMES.values()))
    with serving(settings) as client:
        table, seats, spectator = seated(client, game, clock_minutes=5)
        assert seats[0].view is not None
        seat = seats[0].view["active"][0]
        hint_to(client, table, game, [*seats, spectator], seat)
        before = [viewer.view for viewer in seats]
    with serving(settings) as client:
        table.client = client
        again = [table.connect(seat) for seat in range(len(seats))]
        for viewer, view in zip(again, before, strict=True):
            viewer.until("snapshot")
            assert viewer.view is not None and view is not None
            assert {**viewer.view, "players": []} == {**view, "players": []}
            assert viewer.view["log"][-1] == f"{NAMES[seat]} asked for a hint"
