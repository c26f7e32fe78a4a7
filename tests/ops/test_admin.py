"""The owner's page (app/admin/): who may use it, what it lists, ending and deleting tables, the
banner; on SQLite and PostgreSQL, and across two processes on one PostgreSQL database."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.play.recorder import StaleGame
from app.store.db import utcnow
from tests.ops.owner import changed
from tests.play.tables import Table, Viewer, play_one, serving
from tests.registered import ENTRIES, a_game

TOKEN = "owner-token-for-the-tests"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
WRONG = {"Authorization": "Bearer not-the-owner-token-at-all"}
ORIGIN = {"Origin": "http://testserver"}  # the test client's own pages


@pytest.fixture
def owned(settings: Settings) -> Settings:
    return changed(settings, admin_token=TOKEN, bot_delay=0.0)


def sign_in(client: TestClient) -> None:
    """Sign the test client in to the owner's page as a browser does (again after anything
    that cleared its cookies, as Table.open does)."""
    answer = client.post(
        "/admin/sign-in", data={"token": TOKEN}, headers=ORIGIN, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text


def until_over(viewer: Viewer) -> dict:
    """Read on until the viewer's view is of the game over (other snapshots and patches may
    come first: a bot's move, a catch-up); that view."""
    for _ in range(200):
        viewer.receive()
        if viewer.view is not None and viewer.view["status"] == "finished":
            return viewer.view
    raise AssertionError("the viewer never saw the game over")


def playing(client: TestClient, **options: object) -> tuple[Table, Viewer, Viewer]:
    table = Table.open(client, **options)
    table.start()
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    return table, ann, bob


# --- who may use it -----------------------------------------------------------------------------


def test_without_admin_token_there_is_no_owners_page(settings: Settings) -> None:
    with serving(settings) as client:
        for method, path in [
            ("GET", "/admin"),
            ("POST", "/admin/sign-in"),
            ("GET", "/api/admin/tables"),
            ("PUT", "/api/admin/banner"),
        ]:
            answer = client.request(method, path, headers=BEARER, json={})
            assert answer.status_code == 404, (path, answer.text)
        assert client.get("/api/banner").json() == {"text": None}  # the pages ask it anyway


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, 401), (WRONG, 403), ({"Authorization": TOKEN}, 401), (BEARER, 200)],
)
def test_scripts_need_the_bearer_token(owned: Settings, headers: dict, status: int) -> None:
    with serving(owned) as client:
        answer = client.get("/api/admin/tables", headers=headers)
        assert answer.status_code == status, answer.text
        if status == 401:
            assert answer.headers["www-authenticate"].startswith("Bearer")
        if status != 200:
            assert set(answer.json()) == {"error", "message"}


def test_a_browser_signs_in_with_the_form(owned: Settings) -> None:
    with serving(owned) as client:
        page = client.get("/admin")
        assert page.status_code == 401 and 'action="/admin/sign-in"' in page.text
        wrong = client.post("/admin/sign-in", data={"token": "nope" * 5}, headers=ORIGIN)
        assert wrong.status_code == 403 and "not the owner" in wrong.text
        assert "tt_admin" not in client.cookies
        answer = client.post(
            "/admin/sign-in", data={"token": TOKEN}, headers=ORIGIN, follow_redirects=False
        )
        assert answer.status_code == 303 and answer.headers["location"] == "/admin"
        cookie = answer.headers["set-cookie"]
        assert "tt_admin=" in cookie and TOKEN not in cookie
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie
        page = client.get("/admin")
        assert page.status_code == 200 and "Owner's page" in page.text
        assert client.get("/api/admin/tables").status_code == 200  # the cookie serves the API
        out = client.post("/admin/sign-out", headers=ORIGIN, follow_redirects=False)
        assert out.status_code == 303
        assert client.get("/admin").status_code == 401


def test_a_forged_or_expired_session_is_no_session(owned: Settings) -> None:
    with serving(owned) as client:
        for cookie in ["9999999999.abc", "1.0", "", "x" * 40, f"{int(time.time()) + 60}.00"]:
            client.cookies.set("tt_admin", cookie)
            assert client.get("/admin").status_code == 401, cookie
        client.cookies.clear()
    access = client.app.state.admin_access  # type: ignore[attr-defined]
    expired = int(time.time()) - 1
    assert not access._session(f"{expired}.{access._mac(expired)}")


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "https://evil.example"}, {"Referer": "http://testserver:8080/admin"}],
)
def test_cookie_changes_come_from_our_own_pages(owned: Settings, headers: dict) -> None:
    with serving(owned) as client:
        sign_in(client)
        answer = client.post("/admin/banner", data={"text": "Hacked"}, headers=headers)
        assert answer.status_code == 403
        assert client.get("/api/banner").json() == {"text": None}
        signing_in = client.post("/admin/sign-in", data={"token": TOKEN}, headers=headers)
        assert signing_in.status_code == 403
        referred = {"Referer": "http://testserver/admin"}
        assert client.post("/admin/banner", data={"text": "Ours"}, headers=referred).is_success


def test_wrong_tokens_are_rate_limited(owned: Settings) -> None:
    rate = owned.limit_admin_sign_ins.count
    with serving(owned) as client:
        for _ in range(rate):
            wrong = client.post("/admin/sign-in", data={"token": "nope" * 5}, headers=ORIGIN)
            assert wrong.status_code == 403
        right = client.post("/admin/sign-in", data={"token": TOKEN}, headers=ORIGIN)
        assert right.status_code == 429 and "Too many wrong tokens" in right.text
        assert client.get("/api/admin/tables", headers=BEARER).status_code == 429
        assert "tt_admin" not in client.cookies


def test_bad_forms_change_nothing(owned: Settings) -> None:
    with serving(owned) as client:
        sign_in(client)
        as_json = client.post("/admin/banner", json={"text": "x"}, headers=ORIGIN)
        assert as_json.status_code == 400
        huge = client.post("/admin/banner", data={"text": "x" * 5000}, headers=ORIGIN)
        assert huge.status_code == 413
        long = client.post("/admin/banner", data={"text": "x" * 281}, headers=ORIGIN)
        assert long.status_code == 200 and "at most 280 characters" in long.text
        control = client.put("/api/admin/banner", json={"text": "a\x07b"}, headers=ORIGIN)
        assert control.status_code == 400
        extra = client.put("/api/admin/banner", json={"text": "a", "more": 1}, headers=ORIGIN)
        assert extra.status_code == 422
        assert client.get("/api/banner").json() == {"text": None}


# --- what it lists ------------------------------------------------------------------------------


def test_the_page_lists_live_waiting_and_finished_tables(owned: Settings) -> None:
    with serving(owned) as client:
        table, ann, bob = playing(client, clock_minutes=5)
        play_one([ann, bob], {0: ann, 1: bob})
        watcher = table.connect(None)
        watcher.until("snapshot")
        waiting = Table.open(client, names=("Cy",))
        finished, _carl, _dee = playing(client)
        assert client.post(f"/api/admin/tables/{finished.code}/end", headers=BEARER).is_success

        listed = client.get("/api/admin/tables", headers=BEARER).json()
        game_id = client.get(f"/api/lobbies/{table.code}").json()["game"]
        sign_in(client)
        page = client.get("/admin").text

    [live] = listed["playing"]
    assert live["code"] == table.code and live["game"] == ENTRIES[game_id].game.name
    assert [(s["name"], s["connections"]) for s in live["seats"]] == [("Ann", 1), ("Bob", 1)]
    assert live["spectators"] == 1 and live["actions"] == 1
    assert all(0 < seat["clock"] <= 5 * 60 + 10 for seat in live["seats"])
    assert sorted(seat["clock_running"] for seat in live["seats"]) == [False, True]
    assert live["last_action"]["seq"] == 1
    assert live["last_action"]["name"] in ("Ann", "Bob")
    [open_lobby] = listed["waiting"]
    assert open_lobby["code"] == waiting.code and open_lobby["seats"][0]["name"] == "Cy"
    [done] = listed["finished"]
    assert done["code"] == finished.code
    assert done["replay_url"] == f"/l/{finished.code}/replay"
    assert done["reason"] == "The server's owner ended this game."
    for code in (table.code, waiting.code, finished.code):
        assert f'id="table-{code}"' in page
    assert f'href="/l/{finished.code}/replay"' in page
    assert f'action="/admin/tables/{table.code}/end"' in page


# --- ending and deleting ------------------------------------------------------------------------


def test_ending_a_game_tells_every_seat_and_stops_it(owned: Settings) -> None:
    with serving(owned) as client:
        table, ann, bob = playing(client)
        watcher = table.connect(None)
        watcher.until("snapshot")
        play_one([ann, bob, watcher], {0: ann, 1: bob})
        hub = client.app.state.hub  # type: ignore[attr-defined]
        before = hub.rooms[table.code].position  # the game as it went on
        [seat] = before.game.active(before.state)
        move = before.game.legal(before.state, seat)[0]
        sign_in(client)
        ended = client.post(
            f"/admin/tables/{table.code}/end", headers=ORIGIN, follow_redirects=False
        )
        assert ended.status_code == 303 and ended.headers["location"] == "/admin?done=ended"
        for viewer in (ann, bob, watcher):
            view = until_over(viewer)
            assert view["status"] == "finished"
            assert view["result"]["reason"] == "The server's owner ended this game."
            assert view["result"]["winners"] == [] and view["legal"] == [] == view["active"]
        # No action is taken any more, nor recorded (an action racing the end included).
        ann.act({"type": "anything"}, ref="late")
        assert ann.until("error", ref="late")["error"] == "illegal_action"
        late = before.advance(seat, before.game.apply(before.state, seat, move), None, utcnow())
        with pytest.raises(StaleGame):
            record = hub.runner.record
            client.portal.call(record, late, seat, move, None, utcnow())  # type: ignore[union-attr]
        lobby = client.get(f"/api/lobbies/{table.code}").json()
        assert lobby["status"] == "finished"
        log = client.get(f"/api/lobbies/{table.code}/log").json()
        assert len(log["actions"]) == 1 and log["result"]["ended_by"] == "owner"
        # Its replay opens, and a reconnecting seat still sees it over.
        assert client.get(f"/api/lobbies/{table.code}/replay?step=1").status_code == 200
        again = table.connect(1)
        assert until_over(again)["legal"] == []
        # Ending it twice, or a game not started, or no lobby: nothing changes.
        twice = client.post(f"/api/admin/tables/{table.code}/end", headers=BEARER)
        assert twice.status_code == 409 and twice.json()["error"] == "not_playing"
        waiting = Table.open(client)
        assert (
            client.post(f"/api/admin/tables/{waiting.code}/end", headers=BEARER).status_code == 409
        )
        assert client.post("/api/admin/tables/nosuchlobby23/end", headers=BEARER).status_code == 404
        sign_in(client)  # again: Table.open cleared the cookies
        form = client.post(f"/admin/tables/{table.code}/end", headers=ORIGIN)
        assert "not being played any more" in form.text


def test_an_ended_game_stays_over_after_a_restart(owned: Settings) -> None:
    with serving(owned) as client:
        table, ann, bob = playing(client)
        play_one([ann, bob], {0: ann, 1: bob})
        assert client.post(f"/api/admin/tables/{table.code}/end", headers=BEARER).is_success
        client.cookies.clear()
        table = Table(client, table.code, table.tokens)
    with serving(owned) as client:
        table.client = client
        ann = table.connect(0)
        view = until_over(ann)
        assert view["status"] == "finished" and view["legal"] == []
        assert view["result"]["reason"] == "The server's owner ended this game."


def test_a_game_with_bots_ends_and_its_bots_stop(owned: Settings) -> None:
    with serving(owned) as client:
        created = client.post(
            "/api/lobbies", json={"game": a_game(players=2), "name": "Ann", "options": {}}
        ).json()
        code, token = created["code"], created["player"]["token"]
        host = {"Authorization": f"Bearer {token}"}
        client.post(f"/api/lobbies/{code}/bots", json={}, headers=host)
        client.post(f"/api/lobbies/{code}/start", json={}, headers=host)
        client.cookies.clear()
        ann = Table(client, code, [token]).connect(0)
        ann.until("snapshot")
        assert client.post(f"/api/admin/tables/{code}/end", headers=BEARER).is_success
        until_over(ann)
        state = client.app.state  # type: ignore[attr-defined]
        assert state.bots.waiting(state.hub.rooms[code]) is None


def test_deleting_a_table_closes_its_sockets_and_forgets_it(owned: Settings) -> None:
    with serving(owned) as client:
        table, ann, bob = playing(client)
        sign_in(client)
        deleted = client.post(
            f"/admin/tables/{table.code}/delete", headers=ORIGIN, follow_redirects=False
        )
        assert deleted.headers["location"] == "/admin?done=deleted"
        for viewer in (ann, bob):
            with pytest.raises(WebSocketDisconnect):
                while True:
                    viewer.receive()
        assert client.get(f"/api/lobbies/{table.code}").status_code == 404
        assert client.get(f"/api/lobbies/{table.code}/log").status_code == 404
        assert client.get(f"/l/{table.code}").status_code == 404
        assert table.code not in client.app.state.hub.rooms  # type: ignore[attr-defined]
        again = client.delete(f"/api/admin/tables/{table.code}", headers=BEARER)
        assert again.status_code == 404
        waiting = Table.open(client)
        assert client.delete(f"/api/admin/tables/{waiting.code}", headers=BEARER).status_code == 204
        assert client.get("/api/admin/tables", headers=BEARER).json()["waiting"] == []


# --- the banner ---------------------------------------------------------------------------------


def test_the_banner_shows_on_every_page_and_outlives_a_restart(owned: Settings) -> None:
    text = "Restarting at 22:00 for an update <b>now</b>"
    with serving(owned) as client:
        table = Table.open(client)
        sign_in(client)
        assert client.post("/admin/banner", data={"text": text}, headers=ORIGIN).is_success
        rules = f"/rules/{client.get(f'/api/lobbies/{table.code}').json()['game']}"
        for path in ["/", f"/l/{table.code}", rules, "/admin"]:
            page = client.get(path).text
            assert "Restarting at 22:00 for an update &lt;b&gt;now&lt;/b&gt;" in page, path
        assert client.get("/api/banner").json() == {"text": text}
    with serving(owned) as client:
        assert client.get("/api/banner").json() == {"text": text}
        assert "Restarting at 22:00" in client.get("/").text
        cleared = client.put("/api/admin/banner", json={"text": "  "}, headers=BEARER)
        assert cleared.json() == {"text": None}
        assert 'id="site-banner"' in client.get("/").text
        assert "Restarting at 22:00" not in client.get("/").text


# --- two processes on one PostgreSQL database -----------------------------------------------------


@pytest.mark.postgres
def test_other_processes_see_the_end_the_deletion_and_the_banner(postgres_server: str) -> None:
    owned = Settings(
        database_url=postgres_server, migrate_on_start=False, admin_token=TOKEN, _env_file=None
    )
    with serving(owned) as first, serving(owned) as second:
        table, ann, bob = playing(first)
        elsewhere = Table(second, table.code, table.tokens).connect(0)
        elsewhere.until("snapshot")
        assert second.post(f"/api/admin/tables/{table.code}/end", headers=BEARER).is_success
        for viewer in (ann, bob, elsewhere):
            assert until_over(viewer)["result"]["reason"] == "The server's owner ended this game."
        ann.act({"type": "anything"}, ref="late")
        assert ann.until("error", ref="late")["error"] == "illegal_action"

        other, carl, _dee = playing(first)
        assert second.delete(f"/api/admin/tables/{other.code}", headers=BEARER).status_code == 204
        with pytest.raises(WebSocketDisconnect):
            while True:
                carl.receive()

        second.put("/api/admin/banner", json={"text": "Back soon"}, headers=BEARER)
        deadline = time.monotonic() + 30
        while first.get("/api/banner").json()["text"] != "Back soon":
            assert time.monotonic() < deadline, "the other process never showed the banner"
            time.sleep(0.2)


def test_a_huge_body_is_refused_before_anything(owned: Settings) -> None:
    with serving(owned) as client:
        body = b'{"text": "' + b"x" * 100_000 + b'"}'
        json = {"Content-Type": "application/json"}
        huge = client.put("/api/admin/banner", content=body, headers=json)
        assert huge.status_code == 413
        assert client.get("/api/banner").json() == {"text": None}
