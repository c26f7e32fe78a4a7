"""Websocket fuzzing: every kind of bad message sent to a started game of each of the five games
gets the `error` that docs/protocol.md ("Errors on the socket") documents, and changes nothing.

Two people and a spectator are connected. From their sockets come, at the game's start and
along a walk through its first moves: malformed JSON, JSON that is not an object, unknown
message types, unknown fields, wrong types (an action that is a list, an id that is a float, a
bool or a huge string, ...), oversized messages, binary frames, actions that are not in `legal`
(the seat's own legal actions with a value changed, a key added or a key removed), actions out
of turn, a spectator's actions and chat, one seat acting with another seat's legal action, an
action sent again once it was accepted, sync with a bad seq, and chat that is too long, empty,
not a string or holds control characters. Then Hypothesis generates random messages, each with
the error it must get.

After every attack the sender has its error (with the message's id as `ref` when the id was a
valid one) and no patch before it. After each kind of attack the record (`GET
/api/lobbies/{code}/log`) is unchanged (it only ever grows, so unchanged after the last attack
means unchanged after each), every connection shows it got no patch (it sends a probe and reads
up to the answer) and still holds the same `seq`, and its view equals a fresh snapshot. The
attacks tried are counted and reported at the end of the run.

`TT_FUZZ_EXAMPLES` sets the number of random messages per game (default 50). Rate limits are
off here: every message must reach the checks (the limits have tests of their own).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import pytest
from hypothesis import strategies as st

from app.config import Settings
from tests.play.tables import Table, Viewer, play_one, serving
from tests.registered import GAME_IDS

GAMES = tuple(GAME_IDS)
EXAMPLES = int(os.environ.get("TT_FUZZ_EXAMPLES", "50"))
MAX_MESSAGE_BYTES = 16 * 1024  # docs/protocol.md
MAX_CHAT_CHARS = 500
MAX_SAFE_INTEGER = 2**53 - 1
TYPES = ("action", "undo", "hint", "sync", "chat")
# The moves a game may take to reach a position where every attack applies.
MAX_WALK = 40
# Every kind of attack, each of which must be tried in every game.
KINDS = (
    "malformed JSON",
    "not an object",
    "unknown type",
    "unknown field",
    "wrong type",
    "missing field",
    "oversized",
    "binary frame",
    "not in legal",
    "out of turn",
    "spectator acting",
    "spectator chatting",
    "another seat's action",
    "replayed action",
    "bad sync",
    "bad chat",
    "random message",
)

# Attacks tried over the whole run, by game and kind (reported at the end).
TALLY: Counter[tuple[str, str]] = Counter()


@dataclass(frozen=True)
class Attack:
    """One message and the error it must get."""

    kind: str
    frame: str | bytes
    code: str
    ref: Any = None


def message(**fields: Any) -> str:
    return json.dumps(fields)


def canonical(value: Any) -> str:
    """JSON equality as the server compares actions (True is not 1, 1.0 is not 1)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def valid_id(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= MAX_SAFE_INTEGER
    return isinstance(value, str) and len(value) <= 64


# --- the attacks that need no position ------------------------------------------------------


def malformed_json() -> list[Attack]:
    frames = [
        "not json",
        "",
        " ",
        "{",
        "{'type': 'chat', 'text': 'hi'}",
        '{"type": "chat", "text": "hi",}',
        '{"type": "action" "id": 1}',
        "\x00",
        "nul",
        "NaN",  # JavaScript's, not JSON's
        "Infinity",
        "[" * 8000 + "]" * 8000,  # valid JSON, nested deeper than any parser allows
        '{"type": "action", "id": 1, "action": {"a": ' + "[" * 5000 + "]" * 5000 + "}}",
    ]
    return [Attack("malformed JSON", frame, "bad_json") for frame in frames]


def not_an_object() -> list[Attack]:
    frames = ["[]", "[1, 2]", "1", "-0.5", '"action"', "null", "true"]
    return [Attack("not an object", frame, "invalid") for frame in frames]


def unknown_types() -> list[Attack]:
    return [
        Attack("unknown type", message(type="dance", id=7), "invalid", 7),
        Attack("unknown type", message(type="ACTION", id="a", action={}), "invalid", "a"),
        Attack("unknown type", message(type=None, id=1), "invalid", 1),
        Attack("unknown type", message(type=["action"]), "invalid"),
        Attack("unknown type", message(type={"action": 1}), "invalid"),
        Attack("unknown type", message(type=1), "invalid"),
        Attack("unknown type", message(id=3, action={"type": "roll"}), "invalid", 3),
        Attack("unknown type", message(type="snapshot", seq=0, view={}), "invalid"),
        Attack("unknown type", message(type="patch", seq=1, ops=[]), "invalid"),
        Attack("unknown type", message(type="error", error="x", message="y"), "invalid"),
        Attack("unknown type", "{}", "invalid"),
    ]


def unknown_fields(legal: dict[str, Any]) -> list[Attack]:
    return [
        Attack("unknown field", message(type="action", id=1, action=legal, seat=1), "invalid", 1),
        Attack(
            "unknown field", message(type="action", id=2, action=legal, extra=None), "invalid", 2
        ),
        Attack(
            "unknown field", message(type="action", id=3, action=legal, token="x"), "invalid", 3
        ),
        Attack("unknown field", message(type="sync", seq=0, since=0), "invalid"),
        Attack("unknown field", message(type="chat", text="hi", **{"from": "Bob"}), "invalid"),
        Attack("unknown field", message(type="chat", text="hi", at="2020-01-01"), "invalid"),
    ]


def wrong_types(legal: dict[str, Any]) -> list[Attack]:
    actions = [[legal], legal["type"], json.dumps(legal), 1, None, True]
    ids = [1.5, 1.0, True, False, "x" * 65, "y" * 5000, [1], {"id": 1}, MAX_SAFE_INTEGER + 1]
    attacks = [
        Attack("wrong type", message(type="action", id=5, action=action), "invalid", 5)
        for action in actions
    ]
    attacks += [
        Attack("wrong type", message(type="action", id=bad, action=legal), "invalid") for bad in ids
    ]
    attacks.append(
        Attack("wrong type", message(type="action", id=-(2**60), action=legal), "invalid")
    )
    return attacks


def missing_fields() -> list[Attack]:
    return [
        Attack("missing field", message(type="action", id=4), "invalid", 4),
        Attack("missing field", message(type="sync"), "invalid"),
        Attack("missing field", message(type="chat"), "invalid"),
    ]


def oversized(legal: dict[str, Any]) -> list[Attack]:
    padding = "x" * (MAX_MESSAGE_BYTES + 1)
    return [
        Attack(
            "oversized", message(type="action", id=1, action={**legal, "pad": padding}), "too_large"
        ),
        Attack("oversized", message(type="chat", text=padding), "too_large"),
        Attack(
            "oversized",
            json.dumps({"type": "chat", "text": "é" * 8200}, ensure_ascii=False),
            "too_large",
        ),
        Attack("oversized", message(type="sync", seq=0) + " " * MAX_MESSAGE_BYTES, "too_large"),
        Attack("oversized", "[" * (MAX_MESSAGE_BYTES + 1), "too_large"),
        Attack("oversized", "x" * (1024 * 1024), "too_large"),
    ]


def binary_frames(legal: dict[str, Any]) -> list[Attack]:
    frames = [b"\x00\x01", b"", message(type="action", id=1, action=legal).encode(), b"\xff" * 100]
    return [Attack("binary frame", frame, "bad_input") for frame in frames]


def bad_syncs() -> list[Attack]:
    seqs = ["1", 1.5, -1, True, None, [1], {"seq": 1}, -(2**70)]
    return [Attack("bad sync", message(type="sync", seq=seq), "invalid") for seq in seqs]


def bad_chats() -> list[Attack]:
    texts = ["", "x" * (MAX_CHAT_CHARS + 1), 5, None, ["hi"], {"text": "hi"}, True]
    texts += ["a\x00b", "\x1b[31mred", "bell\x07", "\x7f"]
    return [Attack("bad chat", message(type="chat", text=text), "invalid") for text in texts]


# --- the attacks on a position --------------------------------------------------------------


def mutations(action: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The action with one value changed, a key added, or a key removed."""
    for key, value in action.items():
        for other in _other_values(value):
            yield {**action, key: other}
        yield {k: v for k, v in action.items() if k != key}
    yield {**action, "extra": 1}
    yield {**action, "seat": 0}
    yield {}


def _other_values(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value, int(value), None]
    if isinstance(value, int):
        return [value + 1, -1, str(value), float(value), True, None, [value]]
    if isinstance(value, str):
        return [value + "x", value.upper() + "_", "", 0, None, [value]]
    if isinstance(value, list):
        return [[], [*value, 0], list(reversed(value)) + [None], {}]
    if isinstance(value, dict):
        return [{}, {**value, "extra": 1}, []]
    return [0, "x"]


def not_in_legal(legal: list[dict[str, Any]], limit: int = 40) -> list[Attack]:
    """Mutations of the seat's own legal actions that are not legal themselves."""
    allowed = {canonical(action) for action in legal}
    seen: set[str] = set()
    attacks = []
    for number, action in enumerate(legal[:8]):
        for mutated in mutations(action):
            text = canonical(mutated)
            if text in allowed or text in seen:
                continue
            seen.add(text)
            ref = f"mutated-{number}-{len(attacks)}"
            attacks.append(
                Attack(
                    "not in legal",
                    message(type="action", id=ref, action=mutated),
                    "illegal_action",
                    ref,
                )
            )
    return attacks[:: max(1, len(attacks) // limit)][:limit]


def acting_with(kind: str, actions: list[dict[str, Any]], code: str) -> list[Attack]:
    return [
        Attack(
            kind,
            message(type="action", id=f"{kind}-{number}", action=action),
            code,
            f"{kind}-{number}",
        )
        for number, action in enumerate(actions[:6])
    ]


# --- Hypothesis: random messages, each with the error it must get ---------------------------


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
IDS = st.integers(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER) | st.text(max_size=64)
BAD_IDS = (
    st.floats()
    | st.booleans()
    | st.text(min_size=65, max_size=100)
    | st.integers().filter(lambda n: abs(n) > MAX_SAFE_INTEGER)
    | st.lists(JSON_VALUES, max_size=2)
)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def random_attacks(legal: list[dict[str, Any]]) -> st.SearchStrategy[Attack]:
    """Random messages from the active seat, each with the error the protocol gives it."""
    allowed = {canonical(action) for action in legal}

    def unknown_type(data: dict[str, Any]) -> Attack:
        ref = data["id"] if valid_id(data.get("id")) else None
        return Attack("random message", json.dumps(data), "invalid", ref)

    def action_message(ref: Any, action: dict[str, Any]) -> Attack:
        return Attack(
            "random message", message(type="action", id=ref, action=action), "illegal_action", ref
        )

    def with_extra(ref: Any, key: str, value: Any) -> Attack:
        text = message(type="action", id=ref, action=legal[0], **{key: value})
        return Attack("random message", text, "invalid", ref)

    not_json = st.text(max_size=60).filter(lambda text: not _is_json(text))
    fields = st.text(max_size=8).filter(lambda key: key not in ("type", "id", "action"))
    mutated = st.sampled_from(legal).flatmap(
        lambda action: st.one_of(
            st.sampled_from(sorted(action)).flatmap(
                lambda key: JSON_VALUES.map(lambda value: {**action, key: value})
            ),
            st.sampled_from(sorted(action)).map(
                lambda key: {k: v for k, v in action.items() if k != key}
            ),
            st.tuples(st.text(max_size=8), JSON_VALUES).map(
                lambda pair: {**action, pair[0]: pair[1]}
            ),
        )
    )
    random_actions = st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4) | mutated
    return st.one_of(
        not_json.map(lambda text: Attack("random message", text, "bad_json")),
        JSON_VALUES.filter(lambda value: not isinstance(value, dict)).map(
            lambda value: Attack("random message", json.dumps(value), "invalid")
        ),
        st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4)
        .filter(lambda data: data.get("type") not in TYPES)
        .map(unknown_type),
        st.tuples(IDS, random_actions.filter(lambda action: canonical(action) not in allowed)).map(
            lambda pair: action_message(*pair)
        ),
        st.tuples(IDS, fields, JSON_VALUES).map(lambda triple: with_extra(*triple)),
        st.tuples(IDS, JSON_VALUES.filter(lambda value: not isinstance(value, dict))).map(
            lambda pair: Attack(
                "random message",
                message(type="action", id=pair[0], action=pair[1]),
                "invalid",
                pair[0],
            )
        ),
        BAD_IDS.map(
            lambda bad: Attack(
                "random message", message(type="action", id=bad, action=legal[0]), "invalid"
            )
        ),
        JSON_VALUES.filter(
            lambda value: not isinstance(value, int) or isinstance(value, bool) or value < 0
        ).map(lambda seq: Attack("random message", message(type="sync", seq=seq), "invalid")),
        (
            JSON_VALUES.filter(lambda value: not isinstance(value, str))
            | st.just("")
            | st.text(min_size=MAX_CHAT_CHARS + 1, max_size=MAX_CHAT_CHARS + 20)
            | st.text(max_size=10).map(lambda text: text + "\x00")
        ).map(lambda text: Attack("random message", message(type="chat", text=text), "invalid")),
    )


# --- a game under attack --------------------------------------------------------------------


@dataclass
class Besieged:
    """A started game with a connection per seat and a spectator, and what it must keep."""

    game: str
    table: Table
    seats: dict[int, Viewer]
    spectator: Viewer
    record: dict[str, Any] = field(default_factory=dict)
    tried: Counter[str] = field(default_factory=Counter)  # attacks, by kind

    @classmethod
    def start(cls, table: Table, game: str) -> Besieged:
        table.start()
        seats = {seat: table.connect(seat) for seat in range(len(table.tokens))}
        spectator = table.connect(None)
        besieged = cls(game, table, seats, spectator)
        for viewer in besieged.viewers():
            viewer.until("snapshot")
        besieged.record = besieged.fetch_record()
        return besieged

    def viewers(self) -> list[Viewer]:
        return [*self.seats.values(), self.spectator]

    def view(self, seat: int) -> dict[str, Any]:
        view = self.seats[seat].view
        assert view is not None
        return view

    @property
    def seq(self) -> int:
        return len(self.record["actions"])

    def active(self) -> list[int]:
        return list(self.view(0)["active"])

    def fetch_record(self) -> dict[str, Any]:
        answer = self.table.client.get(f"/api/lobbies/{self.table.code}/log")
        assert answer.status_code == 200, answer.text
        return answer.json()

    # --- attacking

    def refused(self, sender: Viewer, attack: Attack) -> None:
        """Send the attack, then a probe: the sender gets exactly the attack's error, then the
        probe's, and no patch before them (an accepted action is answered with its patch, not
        an error; one that got no answer at all would leave the probe's error first)."""
        if isinstance(attack.frame, bytes):
            sender.socket.send_bytes(attack.frame)
        else:
            sender.socket.send_text(attack.frame)
        self.send_probe(sender)
        error = self.answer(sender)
        shown = attack.frame[:120]
        assert (error["error"], error["ref"]) == (attack.code, attack.ref), (
            attack.kind,
            shown,
            error,
        )
        assert isinstance(error["message"], str) and error["message"], error
        self.probe_answered(sender)
        self.tried[attack.kind] += 1
        TALLY[(self.game, attack.kind)] += 1

    def all_refused(self, sender: Viewer, attacks: list[Attack]) -> None:
        assert attacks, "no attack to try"
        for attack in attacks:
            self.refused(sender, attack)
        self.check_unchanged()

    @staticmethod
    def answer(viewer: Viewer) -> dict[str, Any]:
        """Read up to the next error; nothing that moves the game may come before it."""
        for _ in range(100):
            received = viewer.receive()
            assert received["type"] not in ("patch", "snapshot"), received
            if received["type"] == "error":
                return received
        raise AssertionError("no error came back")

    @staticmethod
    def send_probe(viewer: Viewer) -> None:
        """An action that is never legal: a seat gets `illegal_action`, a spectator
        `forbidden`, and nothing is recorded."""
        viewer.socket.send_text(message(type="action", id="probe", action={}))

    def probe_answered(self, viewer: Viewer) -> None:
        probe = self.answer(viewer)
        expected = "forbidden" if viewer is self.spectator else "illegal_action"
        assert (probe["error"], probe["ref"]) == (expected, "probe"), probe

    def check_unchanged(self) -> None:
        """No connection got a patch, each still holds the record's `seq`, and each view
        equals a fresh snapshot."""
        for seat, viewer in [*self.seats.items(), (None, self.spectator)]:
            self.send_probe(viewer)
            self.probe_answered(viewer)
            assert viewer.seq == self.seq
            assert viewer.view == self.fresh_view(seat)
        assert self.fetch_record() == self.record

    def fresh_view(self, seat: int | None) -> dict[str, Any]:
        viewer = self.table.connect(seat)
        try:
            return viewer.until("snapshot")["view"]
        finally:
            viewer.close()

    # --- moving on

    def accept(self, seat: int, action: dict[str, Any]) -> str:
        """The seat plays a legal action: every connection gets its patch. The message sent."""
        target = self.seq + 1
        sent = message(type="action", id=f"move-{target}", action=action)
        self.seats[seat].socket.send_text(sent)
        for viewer in self.viewers():
            viewer.until_seq(target)
        self.record = self.fetch_record()
        assert self.seq == target, self.record["actions"]
        return sent

    def move_on(self) -> None:
        play_one(self.viewers(), self.seats)
        self.record = self.fetch_record()


# --- the tests ------------------------------------------------------------------------------


@pytest.fixture
def fuzz_settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url, migrate_on_start=False, rate_limits=False, _env_file=None
    )


@pytest.fixture(scope="module", autouse=True)
def report(request: pytest.FixtureRequest) -> Iterator[None]:
    """Report the attacks tried, by kind and game, at the end of the module."""
    yield
    if not TALLY:
        return
    lines = [f"websocket attacks tried: {sum(TALLY.values())}"]
    for kind in KINDS:
        counts = [(game, TALLY[(game, kind)]) for game in GAMES if TALLY[(game, kind)]]
        by_game = ", ".join(f"{game} {count}" for game, count in counts)
        lines.append(f"  {kind}: {sum(count for _, count in counts)} ({by_game})")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled():  # shown in every run, not only with -s
        print("\n" + "\n".join(lines))


@pytest.mark.parametrize("game", GAMES)
def test_bad_messages_get_their_error_and_change_nothing(
    fuzz_settings: Settings, game: str
) -> None:
    with serving(fuzz_settings) as client:
        besieged = Besieged.start(Table.open(client, game=game), game)
        _attack_the_start(besieged)
        _attack_along_a_walk(besieged)
        _attack_at_random(besieged)
        assert set(besieged.tried) == set(KINDS), set(KINDS) - set(besieged.tried)
        for viewer in besieged.viewers():
            viewer.close()


def _attack_the_start(besieged: Besieged) -> None:
    """Every attack that needs no particular position, from the first active seat."""
    mover = besieged.active()[0]
    sender = besieged.seats[mover]
    legal = besieged.view(mover)["legal"]
    assert legal, "the active seat has no legal action"
    for attacks in (
        malformed_json(),
        not_an_object(),
        unknown_types(),
        unknown_fields(legal[0]),
        wrong_types(legal[0]),
        missing_fields(),
        oversized(legal[0]),
        binary_frames(legal[0]),
        bad_syncs(),
        bad_chats(),
        not_in_legal(legal),
    ):
        besieged.all_refused(sender, attacks)
    besieged.all_refused(besieged.spectator, acting_with("spectator acting", legal, "forbidden"))
    chat = [Attack("spectator chatting", message(type="chat", text="hello"), "forbidden")]
    besieged.all_refused(besieged.spectator, chat)


def _attack_along_a_walk(besieged: Besieged) -> None:
    """Walk through the first moves until each attack on turns has been tried: an action out
    of turn, another seat's legal action, and an accepted action sent again."""
    tried: set[str] = set()
    for _ in range(MAX_WALK):
        _attack_turns(besieged, tried)
        if {"out of turn", "another seat's action", "replayed action"} <= tried:
            return
        besieged.move_on()
    raise AssertionError(f"{MAX_WALK} moves and only {sorted(tried)} could be tried")


def _attack_turns(besieged: Besieged, tried: set[str]) -> None:
    active = besieged.active()
    waiting = [seat for seat in besieged.seats if seat not in active]
    mover = active[0]
    legal = besieged.view(mover)["legal"]
    for seat in waiting:
        besieged.all_refused(
            besieged.seats[seat], acting_with("out of turn", legal, "illegal_action")
        )
        tried.add("out of turn")
    for seat in besieged.seats:
        own = {canonical(action) for action in besieged.view(seat)["legal"]}
        others = [action for action in legal if canonical(action) not in own]
        if seat != mover and others:
            besieged.all_refused(
                besieged.seats[seat], acting_with("another seat's action", others, "illegal_action")
            )
            tried.add("another seat's action")
    if "replayed action" not in tried:
        action = legal[0]
        sent = besieged.accept(mover, action)
        still = {canonical(legal) for legal in besieged.view(mover)["legal"]}
        if canonical(action) not in still:  # else sending it again is a new, legal move
            ref = json.loads(sent)["id"]
            replayed = Attack("replayed action", sent, "illegal_action", ref)
            besieged.all_refused(besieged.seats[mover], [replayed])
            tried.add("replayed action")


def _attack_at_random(besieged: Besieged) -> None:
    mover = besieged.active()[0]
    sender = besieged.seats[mover]
    legal = besieged.view(mover)["legal"]

    @hypothesis.settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(hypothesis.HealthCheck),
    )
    @hypothesis.given(random_attacks(legal))
    def random_messages_are_refused(attack: Attack) -> None:
        besieged.refused(sender, attack)

    random_messages_are_refused()
    besieged.check_unchanged()
