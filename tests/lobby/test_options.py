"""The host changes the table's options in the lobby, before the start."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.play.table import TABLE_OPTIONS
from app.play.websocket import lobby_cookie
from tests.play.tables import GAME, Table

TABLE_DEFAULTS = {option.name: option.default for option in TABLE_OPTIONS}


def set_options(client: TestClient, table: Table, seat: int, options: object):
    return client.post(
        f"/api/lobbies/{table.code}/options",
        json={"options": options},
        headers={"Authorization": f"Bearer {table.tokens[seat]}"},
    )


def test_the_host_changes_an_option_and_everyone_is_told(client: TestClient) -> None:
    table = Table.open(client)
    bob = table.connect(1)
    bob.until("lobby")
    changed = set_options(client, table, 0, {"first_player": "guest"})
    assert changed.status_code == 200
    assert changed.json()["options"] == {"first_player": "guest", **TABLE_DEFAULTS}
    while bob.until("lobby")["lobby"]["options"]["first_player"] != "guest":
        pass
    table.start()
    snapshot = bob.until("snapshot")
    assert snapshot["view"]["active"] == [1]  # the guest goes first


def test_only_the_host_and_only_before_the_start(client: TestClient) -> None:
    table = Table.open(client)
    assert set_options(client, table, 1, {"first_player": "guest"}).status_code == 403
    assert set_options(client, table, 0, {"first_player": "nobody"}).status_code == 422
    assert set_options(client, table, 0, {"colour": "red"}).status_code == 422
    assert set_options(client, table, 0, "host").status_code == 422
    unauthenticated = client.post(
        f"/api/lobbies/{table.code}/options", json={"options": {"first_player": "guest"}}
    )
    assert unauthenticated.status_code == 401
    assert client.get(f"/api/lobbies/{table.code}").json()["options"] == {
        "first_player": "random",
        **TABLE_DEFAULTS,
    }
    table.start()
    assert set_options(client, table, 0, {"first_player": "guest"}).status_code == 409


# --- the pace: live or turn-based (issue #19) ---------------------------------------------------


def test_a_turn_based_table_and_its_time_per_move_are_options_like_the_others(
    client: TestClient,
) -> None:
    listed = {game["id"]: game for game in client.get("/api/games").json()}[GAME]
    pace = listed["options"]["pace"]
    assert (pace["choices"], pace["default"]) == (["live", "turn-based"], "live")
    assert listed["options"]["move_hours"]["choices"] == [1, 12, 24, 72, 168]
    assert listed["options"]["time_runs_out"]["choices"] == ["bot", "wait"]

    chosen = {"pace": "turn-based", "move_hours": 72, "time_runs_out": "wait"}
    table = Table.open(client, **chosen)
    assert client.get(f"/api/lobbies/{table.code}").json()["options"] == {
        "first_player": "random",
        **TABLE_DEFAULTS,
        **chosen,
    }
    for wrong in (
        {"pace": "slow"},
        {"pace": True},
        {"move_hours": 2},  # not among the choices
        {"move_hours": "24"},  # a number, not its text
        {"move_hours": 24.5},
        {"time_runs_out": "kick"},
    ):
        refused = set_options(client, table, 0, wrong)
        assert refused.status_code == 422, wrong
        assert refused.json()["error"] == "bad_options"
    # Back to live: the turn-based choices are kept for a change of mind, and ignored.
    live = set_options(client, table, 0, {"pace": "live"})
    assert live.json()["options"]["pace"] == "live"
    assert live.json()["options"]["move_hours"] == 72


def test_a_turn_based_table_ignores_the_chess_clock_and_runs_a_clock_per_move(
    client: TestClient,
) -> None:
    table = Table.open(
        client, first_player="host", pace="turn-based", move_hours=12, clock_minutes=5
    )
    table.start()
    clocks = table.connect(0).until("snapshot")["view"]["clocks"]
    assert (clocks["per_move"], clocks["increment"], clocks["waits"]) == (12 * 3600, 0, False)
    assert clocks["seats"][0]["running"] and clocks["seats"][0]["left"] == 12 * 3600
    assert clocks["seats"][1] == {"left": 12 * 3600, "running": False, "since": None}


def test_the_lobby_page_shows_the_options_of_the_tables_pace_only(client: TestClient) -> None:
    live = Table.open(client, clock_minutes=5)
    page = client.get(f"/l/{live.code}").text
    assert '<div class="table-option" data-pace="turn-based" hidden>' in page
    assert '<div class="table-option" data-pace="live">' in page
    # the pace, take-backs and hints, at either pace
    assert page.count('<div class="table-option">') == 3
    turn_based = Table.open(client, pace="turn-based")
    page = client.get(f"/l/{turn_based.code}").text
    assert '<div class="table-option" data-pace="live" hidden>' in page
    assert '<div class="table-option" data-pace="turn-based">' in page
    home = client.get("/").text
    assert home.count('data-pace="turn-based" hidden') == 2 * home.count('name="pace"') > 0


def test_the_seconds_added_per_turn_show_only_with_a_clock(client: TestClient) -> None:
    """No clock (the default): the seconds added per turn would be ignored, so they are hidden
    (pace.js keeps them so, and out of reach, as the clock changes)."""
    increment = '<div class="table-option" data-pace="live" data-needs="clock_minutes"'
    home = client.get("/").text
    assert home.count(f"{increment} hidden>") == home.count('name="clock_increment"') > 0
    no_clock = client.get(f"/l/{Table.open(client).code}").text
    assert f"{increment} hidden>" in no_clock
    clock = client.get(f"/l/{Table.open(client, clock_minutes=5).code}").text
    assert f"{increment}>" in clock


def test_a_full_lobby_says_so_instead_of_offering_a_bot(client: TestClient) -> None:
    """The host's page of a full table has no bot level or "Add bot" (no seat for a bot), and
    says why; with a seat free it offers them."""

    def host_page(names: tuple[str, ...]) -> str:
        table = Table.open(client, names)
        client.cookies.set(lobby_cookie(table.code), table.tokens[0])
        page = client.get(f"/l/{table.code}").text
        client.cookies.clear()
        return page

    full = host_page(("Ann", "Bob"))  # the table's game seats two
    assert '<form id="add-bot" class="add-bot" hidden>' in full
    assert '<p id="table-full" class="hint table-full">The table is full' in full
    open_seat = host_page(("Ann",))
    assert '<form id="add-bot" class="add-bot">' in open_seat
    assert '<p id="table-full" class="hint table-full" hidden>' in open_seat
