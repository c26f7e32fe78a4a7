"""GET /metrics (app/ops/metrics.py): what a played game leaves in the figures, and who may read
them (no setting: no page; the token; the addresses of METRICS_ALLOW; wrong tokens limited)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from app.ops.metrics import Metrics
from app.store.db import make_engine
from tests.conftest import run
from tests.ops.owner import changed
from tests.play.tables import Table, play_one, serving
from tests.registered import a_game

TOKEN = "metrics-token-for-the-tests"
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def figures(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics: (name, sorted labels) -> value."""
    answer = client.get("/metrics", headers=BEARER)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def metered(settings: Settings) -> Settings:
    return changed(settings, metrics_token=TOKEN, bot_delay=0.0)


def test_a_played_game_shows_in_the_metrics(metered: Settings) -> None:
    with serving(metered) as client:
        table = Table.open(client)
        table.start()
        ann, bob = table.connect(0), table.connect(1)
        watcher = table.connect(None)
        for viewer in (ann, bob, watcher):
            viewer.until("snapshot")
        seats = {0: ann, 1: bob}
        for _ in range(3):
            play_one([ann, bob, watcher], seats)
        assert ann.view is not None
        waiting = bob if ann.view["active"] == [0] else ann
        waiting.act({"type": "no-such-action"}, ref="bad")
        assert waiting.until("error")["error"] == "illegal_action"
        lobby_miss = client.get("/api/lobbies/nosuchlobby23")
        assert lobby_miss.status_code == 404

        game = client.get(f"/api/lobbies/{table.code}").json()["game"]
        samples = figures(client)

    accepted = value(samples, "tinkertable_actions_total", game=game, outcome="accepted")
    refused = value(samples, "tinkertable_actions_total", game=game, outcome="illegal_action")
    assert (accepted, refused) == (3, 1)
    assert value(samples, "tinkertable_action_seconds_count", game=game) == 4
    assert value(samples, "tinkertable_action_seconds_sum", game=game) > 0
    bucket = value(samples, "tinkertable_action_seconds_bucket", game=game, le="+Inf")
    assert bucket == 4
    assert value(samples, "tinkertable_sockets_open") == 3
    assert value(samples, "tinkertable_rooms") == 1
    # create (201), join (201), start (200), the unknown lobby (404)
    assert value(samples, "tinkertable_lobby_calls_total", method="POST", status="201") == 2
    assert value(samples, "tinkertable_lobby_calls_total", method="POST", status="200") == 1
    assert value(samples, "tinkertable_lobby_calls_total", method="GET", status="404") == 1
    for quantile in ("0.5", "0.99", "1.0"):
        lag = ("tinkertable_event_loop_lag_seconds", (("quantile", quantile),))
        assert lag in samples and samples[lag] >= 0
    assert value(samples, "process_cpu_seconds_total") > 0


def test_bot_decisions_are_counted_and_timed(metered: Settings) -> None:
    game = a_game(players=2)
    with serving(metered) as client:
        created = client.post("/api/lobbies", json={"game": game, "name": "Ann", "options": {}})
        code, token = created.json()["code"], created.json()["player"]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        assert client.post(f"/api/lobbies/{code}/bots", json={}, headers=auth).status_code == 201
        assert client.post(f"/api/lobbies/{code}/start", json={}, headers=auth).status_code == 200
        client.cookies.clear()
        table = Table(client, code, [token])
        ann = table.connect(0)
        ann.until("snapshot")
        # Ann plays until the bot has answered twice; each of its actions is one decision.
        while len([a for a in client.get(f"/api/lobbies/{code}/log").json()["actions"]
                   if a["seat"] == 1]) < 2:  # fmt: skip
            assert ann.view is not None
            if ann.view["active"] == [0]:
                play_one([ann], {0: ann})
            else:
                ann.receive()
        bot_actions = len(
            [a for a in client.get(f"/api/lobbies/{code}/log").json()["actions"] if a["seat"] == 1]
        )
        samples = figures(client)

    decisions = value(samples, "tinkertable_bot_decisions_total", game=game, level="easy")
    timed = value(samples, "tinkertable_bot_decision_seconds_count", game=game, level="easy")
    assert decisions >= bot_actions >= 2
    assert timed == decisions


def test_database_errors_are_counted_by_kind(database_url: str) -> None:
    async def fail_twice() -> None:
        engine = make_engine(database_url)
        metrics.count_database_errors(engine)
        try:
            for _ in range(2):
                with pytest.raises(SQLAlchemyError):
                    async with engine.connect() as connection:
                        await connection.execute(text("SELECT * FROM no_such_table"))
        finally:
            await engine.dispose()

    metrics = Metrics()
    run(fail_twice())
    counted = {
        sample.labels["error"]: sample.value
        for family in text_string_to_metric_families(metrics.exposition().decode())
        for sample in family.samples
        if sample.name == "tinkertable_database_errors_total"
    }
    assert sum(counted.values()) == 2
    assert set(counted) <= {"OperationalError", "ProgrammingError"}  # the DB-API class


# --- who may read them --------------------------------------------------------------------------


@contextmanager
def app_from(settings: Settings, address: str = "testclient") -> Iterator[TestClient]:
    with TestClient(create_app(settings), client=(address, 40000)) as client:
        yield client


def test_without_a_setting_there_is_no_metrics_page(settings: Settings) -> None:
    with app_from(settings, "127.0.0.1") as client:
        answer = client.get("/metrics", headers=BEARER)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert "act" not in vars(hub)  # and nothing is counted: Hub.act as it is
    assert answer.status_code == 404
    assert answer.json()["error"] == "not_found"


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"Authorization": "Bearer wrong-token-of-the-same-size"}, 403),
        ({"Authorization": f"Basic {TOKEN}"}, 401),
        ({"Authorization": f"Bearer {TOKEN}x"}, 403),
        (BEARER, 200),
    ],
)
def test_the_token_is_needed(settings: Settings, headers: dict[str, str], status: int) -> None:
    with app_from(changed(settings, metrics_token=TOKEN)) as client:
        answer = client.get("/metrics", headers=headers)
    assert answer.status_code == status, answer.text
    if status == 401:
        assert answer.headers["www-authenticate"].startswith("Bearer")
    if status == 200:
        assert "tinkertable_rooms" in answer.text
    else:
        assert "tinkertable_rooms" not in answer.text


@pytest.mark.parametrize(
    ("address", "allow", "status"),
    [
        ("127.0.0.1", "127.0.0.1", 200),
        ("10.1.2.3", "10.0.0.0/8,192.168.0.0/16", 200),
        ("::ffff:10.1.2.3", "10.0.0.0/8", 200),
        ("2001:db8::5", "2001:db8::/32", 200),
        ("192.0.2.7", "10.0.0.0/8", 403),
        ("testclient", "127.0.0.1", 403),
    ],
)
def test_allowed_addresses_need_no_token(
    settings: Settings, address: str, allow: str, status: int
) -> None:
    with app_from(changed(settings, metrics_allow=allow), address) as client:
        answer = client.get("/metrics")
    assert answer.status_code == status, answer.text


def test_an_allowed_address_or_the_token(settings: Settings) -> None:
    both = changed(settings, metrics_token=TOKEN, metrics_allow="127.0.0.1")
    with app_from(both, "192.0.2.7") as client:
        assert client.get("/metrics").status_code == 401
        assert client.get("/metrics", headers=BEARER).status_code == 200


def test_wrong_tokens_are_rate_limited(settings: Settings) -> None:
    limited = changed(settings, metrics_token=TOKEN)
    rate = limited.limit_admin_sign_ins.count
    with app_from(limited) as client:
        wrong = {"Authorization": "Bearer wrong-token-of-the-same-size"}
        statuses = [client.get("/metrics", headers=wrong).status_code for _ in range(rate)]
        assert statuses == [403] * rate
        refused = client.get("/metrics", headers=BEARER)  # even the right one, for a while
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"] == "too_many"
