"""A property-based run of schemathesis over the API's own OpenAPI document.

Every operation of `/openapi.json` is called with generated requests, valid ones and invalid
ones (wrong types, missing and unknown fields, out-of-range numbers, odd strings, bodies that
are not JSON, methods the path does not have), against the app in process on a migrated SQLite
database of its own. Every answer must be:

- no server error (no 5xx);
- a documented status code, with a content type, headers and a body that match the schema;
- for every error, exactly PROTOCOL.md's JSON `{"error": CODE, "message": TEXT}`;
- for invalid input, a 4xx; for a method the path does not have, 405 with its `Allow`.

Schemathesis cannot guess lobby codes or tokens, so a few real lobbies are seeded first (open,
open with a bot, playing, finished) and a hook sends part of the valid requests to one of them,
some with its host's token: the routes' real work runs too, not only "unknown lobby". After
the run the answers seen are reported (by operation and status) and, when every operation ran,
checked to include real work (lobbies created, seeded lobbies found).

The run is deterministic (a fixed seed, derandomized Hypothesis, no example database).
`TT_FUZZ_EXAMPLES` sets the number of generated examples per operation (default 50: about 15 s
on 2 cores). Schemathesis needs the schema when pytest collects the tests, so the app is built
(not started) at import. The limit on request bodies, which no generated request reaches, is
tested on its own at the end.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from starlette.testclient import TestClient

from app.config import Settings
from app.lobby.schemas import MAX_BODY_BYTES
from app.main import create_app
from tests.play.tables import Table, play_one, serving
from tests.registered import a_game

EXAMPLES = int(os.environ.get("TT_FUZZ_EXAMPLES", "50"))
SEED = 11
BASE_URL = "http://testserver"
# One worker runs the whole module (scripts/test runs two): its last check needs every
# operation's answers, in one process.
pytestmark = pytest.mark.xdist_group("openapi-fuzz")


@dataclass(frozen=True)
class Seeded:
    """A real lobby for the generated requests: its code, its host's token, its state."""

    code: str
    host_token: str
    state: str


@dataclass
class Fuzz:
    """The app under test, its seeded lobbies, and what it answered."""

    client: TestClient
    lobbies: list[Seeded]
    answers: Counter[tuple[str, int]] = field(default_factory=Counter)  # (operation, status)
    aimed: Counter[str] = field(default_factory=Counter)  # requests sent to a seeded lobby


def _host(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _seed_lobbies(client: TestClient) -> list[Seeded]:
    """Lobbies in the states the routes care about: open, open with a bot, playing, and
    finished (a whole game played over the websocket). The lobby with a bot is of a game with
    room for more than two, so that the fuzzer may seat more."""
    alone = Table.open(client, names=("Ann",))
    with_bot = Table.open(client, names=("Cy",), game=a_game(players=3))
    added = client.post(
        f"/api/lobbies/{with_bot.code}/bots", json={}, headers=_host(with_bot.tokens[0])
    )
    assert added.status_code == 201, added.text
    playing = Table.open(client, first_player="host")
    playing.start()
    finished = Table.open(client, first_player="host")
    finished.start()
    seats = {0: finished.connect(0), 1: finished.connect(1)}
    for viewer in seats.values():
        viewer.until("snapshot")
    while seats[0].view is not None and seats[0].view["result"] is None:
        play_one(list(seats.values()), seats)
    for viewer in seats.values():
        viewer.close()
    client.cookies.clear()
    return [
        Seeded(alone.code, alone.tokens[0], "open"),
        Seeded(with_bot.code, with_bot.tokens[0], "open with a bot"),
        Seeded(playing.code, playing.tokens[0], "playing"),
        Seeded(finished.code, finished.tokens[0], "finished"),
    ]


@pytest.fixture(scope="module")
def fuzz(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path, request: pytest.FixtureRequest
) -> Iterator[Fuzz]:
    """The app on a migrated SQLite database of its own for this run, lobbies seeded."""
    path = tmp_path_factory.mktemp("openapi_fuzz") / "tinkertable.db"
    shutil.copy(sqlite_template, path)
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{path}",
        migrate_on_start=False,
        rate_limits=False,  # every request reaches the API (the limits have tests of their own)
        _env_file=None,
    )
    with serving(settings) as client:
        run = Fuzz(client, _seed_lobbies(client))
        SEEDED[:] = run.lobbies
        try:
            yield run
        finally:
            SEEDED.clear()
    _report(run, request)
    _check_the_seeded_lobbies_were_reached(run)


def _report(run: Fuzz, request: pytest.FixtureRequest) -> None:
    """The answers seen, by operation and status: shown in every run, not only with -s."""
    statuses: dict[str, Counter[int]] = {}
    for (operation, status), count in run.answers.items():
        statuses.setdefault(operation, Counter())[status] += count
    total = sum(run.answers.values())
    lines = [f"schemathesis: {total} requests ({EXAMPLES} generated examples an operation)"]
    for operation, seen in sorted(statuses.items()):
        answers = ", ".join(f"{status} x{count}" for status, count in sorted(seen.items()))
        lines.append(f"  {operation}: {answers}")
    sent = ", ".join(f"{state} {count}" for state, count in sorted(run.aimed.items()))
    lines.append(f"  sent to the seeded lobbies: {sent}")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print("\n" + "\n".join(lines))


def _check_the_seeded_lobbies_were_reached(run: Fuzz) -> None:
    """Once every operation ran: the generated requests did real work, not only 404s."""
    if {operation for operation, _ in run.answers} != set(OPERATIONS):
        return  # a part of the run (pytest -k): too few requests to judge
    for operation, status in [
        ("POST /api/lobbies", 201),
        ("GET /api/lobbies/{code}", 200),
        ("GET /api/lobbies/{code}/log", 200),
    ]:
        assert run.answers[(operation, status)] > 0, (operation, status)
    assert any(state.endswith("as host") for state in run.aimed), run.aimed


def _schema() -> Any:
    """The app's OpenAPI document (it needs no database: the app is not started)."""
    app = create_app(Settings(database_url="sqlite+aiosqlite://", _env_file=None))
    config = schemathesis.Config.from_dict(
        {"seed": SEED, "generation": {"max-examples": EXAMPLES, "database": "none"}}
    )
    return schemathesis.openapi.from_dict(app.openapi(), config=config)


schema = _schema()
OPERATIONS = [result.ok().label for result in schema.get_all_operations()]


@schemathesis.check
def protocol_error_body(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: schemathesis.Case
) -> bool | None:
    """Every error is PROTOCOL.md's JSON: exactly {"error": CODE, "message": TEXT}."""
    if response.status_code < 400:
        return None
    assert response.headers.get("content-type", [""])[0].startswith("application/json")
    body = response.json()
    assert isinstance(body, dict) and set(body) == {"error", "message"}, body
    assert isinstance(body["error"], str) and body["error"], body
    assert isinstance(body["message"], str) and body["message"], body
    return True


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    response_headers_conformance,
    unsupported_method,
    allow_header_conformance,
    protocol_error_body,
]


def _valid(case: schemathesis.Case, location: ParameterLocation) -> bool:
    """Whether the case's `location` part was generated valid (so it may be replaced)."""
    component = case.meta.components.get(location) if case.meta is not None else None
    return component is None or component.mode.is_positive


# The seeded lobbies of the current run (set by the `fuzz` fixture, read by the hook below).
SEEDED: list[Seeded] = []


@schema.hook
def flatmap_case(context: schemathesis.HookContext, case: schemathesis.Case) -> Any:
    """Send some valid requests to a seeded lobby, some of those with its host's token."""
    if "code" not in (case.path_parameters or {}) or not _valid(case, ParameterLocation.PATH):
        return st.just(case)
    return st.tuples(st.sampled_from([None, *SEEDED]), st.booleans()).map(
        lambda choice: _aim(case, *choice)
    )


def _aim(case: schemathesis.Case, lobby: Seeded | None, as_host: bool) -> schemathesis.Case:
    if lobby is None:
        return case
    aimed = case.derive()
    aimed.path_parameters["code"] = lobby.code
    if as_host and _valid(case, ParameterLocation.HEADER):
        aimed.headers.update(_host(lobby.host_token))
    return aimed


def _send(client: TestClient, case: schemathesis.Case) -> Any:
    """The request schemathesis would send with `requests`, through the app's TestClient."""
    sent = case.as_transport_kwargs(base_url=BASE_URL)
    headers = dict(sent.pop("headers", None) or {})
    cookies = sent.pop("cookies", None) or {}
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    if "data" in sent:
        sent["content"] = sent.pop("data")
    try:
        return client.request(headers=headers, **sent)
    finally:
        client.cookies.clear()  # a created lobby's cookie must not follow the next requests


@schema.parametrize()
@hypothesis.settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_every_request_gets_a_documented_answer(case: schemathesis.Case, fuzz: Fuzz) -> None:
    aimed = next((s for s in fuzz.lobbies if s.code in case.path_parameters.values()), None)
    if aimed is not None:
        as_host = case.headers.get("Authorization") == _host(aimed.host_token)["Authorization"]
        fuzz.aimed[f"{aimed.state}, as host" if as_host else aimed.state] += 1
    response = _send(fuzz.client, case)
    fuzz.answers[(case.operation.label, response.status_code)] += 1
    case.validate_response(response, checks=CHECKS)


# --- what the generated requests do not reach ------------------------------------------------


def _json(**headers: str) -> dict[str, str]:
    return {"content-type": "application/json", **headers}


@pytest.mark.parametrize("route", ["", "/{code}/players", "/{code}/start", "/{code}/bots"])
def test_a_body_over_the_limit_is_refused_with_413(fuzz: Fuzz, route: str) -> None:
    """Told by Content-Length or streamed without one (chunked), a body over MAX_BODY_BYTES is
    refused as `too_large`; one of exactly MAX_BODY_BYTES is read (and found invalid)."""
    lobby = fuzz.lobbies[0]
    url = "/api/lobbies" + route.format(code=lobby.code)
    headers = _json(**_host(lobby.host_token))
    before = fuzz.client.get(f"/api/lobbies/{lobby.code}").json()
    big = json.dumps({"name": "x" * MAX_BODY_BYTES}).encode()
    chunks = [big[start : start + 1000] for start in range(0, len(big), 1000)]
    for answer in (
        fuzz.client.post(url, content=big, headers=headers),
        fuzz.client.post(url, content=iter(chunks), headers=headers),
    ):
        assert answer.status_code == 413, answer.text
        assert answer.json() == {
            "error": "too_large",
            "message": f"request bodies are limited to {MAX_BODY_BYTES} bytes",
        }
    fits = json.dumps({"name": "x" * (MAX_BODY_BYTES - 12)}).encode()
    assert len(fits) == MAX_BODY_BYTES
    answer = fuzz.client.post(url, content=fits, headers=headers)
    assert answer.status_code == 422 and answer.json()["error"] == "invalid", answer.text
    assert fuzz.client.get(f"/api/lobbies/{lobby.code}").json() == before


def test_a_bad_content_length_is_refused_with_413(fuzz: Fuzz) -> None:
    answer = fuzz.client.post(
        "/api/lobbies", content=b"{}", headers=_json(**{"content-length": "-1"})
    )
    assert answer.status_code == 413 and answer.json()["error"] == "too_large", answer.text


def test_a_body_that_is_not_json_says_so(fuzz: Fuzz) -> None:
    answer = fuzz.client.post("/api/lobbies", content=b'{"game": ', headers=_json())
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "invalid"
    assert answer.json()["message"].startswith("the body is not valid JSON: "), answer.json()
