"""Names at a table (app/lobby/names.py): names that look alike are refused, names that show
nothing are refused, real names with emoji, marks and joiners are welcome, and every refusal
speaks to the person who typed the name."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.lobby import names
from tests.lobby.test_api import create, created, error_of, join
from tests.lobby.test_bots import add_bot

CYRILLIC_A = "\u0410"
HANGUL_FILLER = "\u3164"
BRAILLE_BLANK = "\u2800"
VARIATION_SELECTOR_16 = "\ufe0f"
ZWJ = "\u200d"

# Real names, each of which must be accepted as typed.
REAL_NAMES = [
    f"👩{ZWJ}💻 Zoë",  # an emoji ZWJ sequence
    "Zoe\u0308",  # a combining mark (ë as e + diaeresis)
    f"❤{VARIATION_SELECTOR_16}{ZWJ}🔥 Kai",  # a variation selector inside an emoji sequence
    "👋🏽 Li",  # a skin tone
    "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f Ben",  # England's flag: tags
    f"1{VARIATION_SELECTOR_16}\u20e3 Uno",  # a keycap
    "علی\u200cرضا",  # a Persian name with its zero width non-joiner
    "葛\U000e0100飾",  # a Han variant (ideographic variation selector)
    "山田\u3000太郎",
    "O'Brien",
    "Jean-Luc",
    "Δημήτρης",
    "Владимир",
    "Ann",
    "Bob",
]


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_pass(name: str) -> None:
    assert names.problem(name) is None


@pytest.mark.parametrize(
    "other",
    [
        f"{CYRILLIC_A}nn",
        f"Ann{HANGUL_FILLER}",
        f"Ann{BRAILLE_BLANK}",
        f"Ann{VARIATION_SELECTOR_16}",
        "ANN",
        "Ａｎｎ",  # full-width
        f"{BRAILLE_BLANK}Ann",
        "A\u00adnn",  # a soft hyphen
    ],
)
def test_names_that_look_like_ann_have_anns_skeleton(other: str) -> None:
    assert names.skeleton(other) == names.skeleton("Ann")
    assert names.look_alike(other, ["Bob", "Ann"]) == "Ann"


@pytest.mark.parametrize("other", ["Anne", "An n", "Bob", "Ana", "Zoë"])
def test_names_that_differ_have_different_skeletons(other: str) -> None:
    assert names.look_alike(other, ["Ann"]) is None


@pytest.mark.parametrize(
    ("look_alike", "status", "message"),
    [
        (f"{CYRILLIC_A}nn", 409, "That name looks like Ann's: please pick another."),
        (f"Ann{BRAILLE_BLANK}", 409, "That name looks like Ann's: please pick another."),
        (f"Ann{VARIATION_SELECTOR_16}", 409, "That name looks like Ann's: please pick another."),
        (f"Ann{HANGUL_FILLER}", 422, names.INVISIBLE),
    ],
)
def test_names_that_look_like_the_hosts_are_refused(
    client: TestClient, look_alike: str, status: int, message: str
) -> None:
    code = created(client, "Ann")["code"]
    error = error_of(join(client, code, look_alike), status)
    assert error["message"] == message
    assert error["error"] == ("name_taken" if status == 409 else "invalid")
    assert [p["name"] for p in client.get(f"/api/lobbies/{code}").json()["players"]] == ["Ann"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (BRAILLE_BLANK, names.BLANK),
        (BRAILLE_BLANK * 3, names.BLANK),
        (HANGUL_FILLER, names.INVISIBLE),
        (VARIATION_SELECTOR_16, names.INVISIBLE),
        ("Bo\u200bb", names.INVISIBLE),  # a zero width space
        ("\u202eboB", names.INVISIBLE),  # a right-to-left override
        ("Bo\nb", names.CONTROL),
        ("Bo\ue000b", names.UNKNOWN),  # private use
    ],
)
def test_names_that_show_nothing_or_hide_something_are_refused_in_plain_words(
    client: TestClient, name: str, message: str
) -> None:
    code = created(client, "Ann")["code"]
    for answer in (join(client, code, name), create(client, name)):
        assert error_of(answer, 422, "invalid")["message"] == message


@pytest.mark.parametrize("name", REAL_NAMES[:-2])
def test_real_names_join_and_create_as_typed(client: TestClient, name: str) -> None:
    code = created(client, "Ann")["code"]
    joined = join(client, code, name)
    assert joined.status_code == 201, joined.text
    assert joined.json()["player"]["name"] == name
    host = created(client, name)
    assert host["player"]["name"] == name


def test_a_bot_is_not_named_like_a_person_at_the_table(client: TestClient) -> None:
    host = created(client, "E\u0430sy bot")  # a Cyrillic а
    client.cookies.clear()
    answer = add_bot(client, host["code"], host["player"]["token"])
    assert answer.status_code == 201, answer.text
    assert answer.json()["player"]["name"] == "Easy bot 2"
