"""hint.js on a page of its own, with a board of three controls and the hints of a made-up
table (no game's): a hint of a hidden twin, one no control shows, a refusal, a move that changes
the choices. The hints at real tables are test_hints_pages.py's."""

from __future__ import annotations

import pytest

from .pages import NewContext

pytestmark = pytest.mark.browser

# hint.js on a page of its own: a board of three controls, the hints of a made-up table.
ALONE = """async () => {
  const { Actions } = await import("/static/js/board.js");
  const { canonical, setUpHints } = await import("/static/js/hint.js");
  const research = (die) => ({ type: "research", die });
  const hidden = { type: "keep", card: 7 };
  const legal = [research(1), research(2), hidden];
  const actions = new Actions(legal);
  const board = document.createElement("div");
  board.append(
    actions.button(research(1), "Research tile 3", "Research with the 3"),
    actions.twin(research(2), "Research tile 3"),
    actions.twin(hidden, "Keep it"),
  );
  const parts = Object.fromEntries(["button", "note", "said"].map((name) => {
    const element = document.createElement(name === "button" ? "button" : "p");
    document.body.append(element);
    return [name, element];
  }));
  document.body.append(board);
  const lobby = { status: "playing", options: {} };
  const client = { view: { legal, result: null }, lobby, live: true, nextId: 1 };
  const sent = [];
  const send = (message) => sent.push(message);
  const hints = setUpHints({ client, send, seat: () => 0, game: {}, board, ...parts });
  const seen = {};
  hints.ask();
  seen.busy = [parts.button.disabled, parts.button.textContent, [...sent]];
  const why = "Moves it along.";
  hints.receive({ type: "hint", ref: 1, action: { die: 2, type: "research" }, reason: why });
  const twin = board.querySelector(".hinted");
  seen.twin = [twin === board.children[0], twin.dataset.action, board.children[1].dataset.action,
    document.getElementById("hint-text").textContent, document.activeElement === twin];
  hints.ask();
  hints.receive({ type: "hint", ref: 2, action: { type: "keep", card: 7 }, reason: "" });
  const note = parts.note;
  seen.unseen = [board.querySelectorAll(".hinted").length, note.hidden, note.textContent];
  hints.ask();
  hints.receive({ type: "error", error: "busy", message: "hint: busy", ref: 3 });
  seen.refused = [parts.note.textContent, parts.button.disabled];
  hints.ask();
  hints.receive({ type: "hint", ref: 4, action: research(1), reason: "Why not." });
  client.view = { legal: [research(1)], result: null };  // a move: the choices changed
  hints.redrawn();
  seen.moved = [board.querySelectorAll(".hinted").length, document.getElementById("hint-callout")];
  seen.canonical = canonical({ b: [{ d: 1, c: 2 }], a: 1 });
  return seen;
}"""


def test_twins_words_refusals_and_moves_on_a_board_of_its_own(new_context: NewContext) -> None:
    """A hint of a hidden twin swaps actions with the button drawn for its group, so that the
    visible one plays exactly the hinted action; one that no control shows is said in words by
    the prompt; a refusal is said there; a move that changes the choices takes the hint away."""
    page = new_context().new_page()
    page.goto("/")
    seen = page.evaluate(ALONE)
    assert seen["busy"] == [True, "Thinking…", [{"type": "hint", "id": 1}]]
    assert seen["twin"] == [
        True,
        '{"type":"research","die":2}',
        '{"type":"research","die":1}',
        "Moves it along.",
        True,
    ]
    assert seen["unseen"] == [0, False, "Suggested: Keep it."]
    assert seen["refused"] == ["Still thinking about your last hint…", False]
    assert seen["moved"] == [0, None]
    assert seen["canonical"] == '{"a":1,"b":[{"c":2,"d":1}]}'
