// Noughts in the Dark's board: the nine cells, each player's mark and hidden mark, and the
// legal choices as buttons carrying their action: in each free cell, a mark placed face up and,
// while the viewer has it, the hidden mark placed face down.

import { Actions, nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus } from "../../js/steady.js";

const NAMES = ["top left", "top middle", "top right", "middle left", "centre", "middle right",
  "bottom left", "bottom middle", "bottom right"];
const CROSS = "✕";
const NOUGHT = "◯";

const symbolOf = (state, seat) => (seat === state.first_player ? CROSS : NOUGHT);

// What a seat's hidden mark is doing, in words.
function hiddenWords(state, seat, you) {
  if (state.hidden_left[seat]) return "hidden mark in hand";
  if (state.face_down[seat]) return seat === you ? "your hidden mark lies face down" : "a mark face down somewhere";
  return "hidden mark face up";
}

function players(view) {
  const state = view.state;
  return node(
    "ul",
    { class: "dark-players" },
    ...[0, 1].map((seat) =>
      node(
        "li",
        { class: view.active.includes(seat) ? "dark-player active" : "dark-player" },
        node("span", { class: "dark-symbol" }, symbolOf(state, seat)),
        ` ${nameOf(view, seat)}: `,
        node("span", { class: "dark-hidden tip-term", tip: "Each player may place one mark face down, once a game." },
          hiddenWords(state, seat, view.you)),
      ),
    ),
  );
}

function cell(view, actions, index) {
  const state = view.state;
  const owner = state.cells[index];
  const classes = ["dark-cell"];
  if (state.line && state.line.includes(index)) classes.push("in-line");
  const td = node("td", { class: classes.join(" "), "aria-label": NAMES[index] });
  const hiddenOwner = state.hidden.findIndex((cellOf) => cellOf === index);
  if (owner !== null) {
    td.append(node("span", { class: "dark-mark" }, symbolOf(state, owner)));
  } else if (hiddenOwner >= 0) {
    const whose = hiddenOwner === view.you
      ? "Your hidden mark: the other player sees this cell as empty"
      : "A hidden mark";
    td.append(node("span", { class: "dark-mark face-down", tip: whose }, symbolOf(state, hiddenOwner)));
  }
  const place = actions.one("place", (action) => action.cell === index);
  const symbol = symbolOf(state, view.you);
  if (place) td.append(actions.button(place, "", `Place ${symbol} in the ${NAMES[index]}`, "dark-place"));
  const hide = actions.one("hide", (action) => action.cell === index);
  const face = `Place your hidden mark face down in the ${NAMES[index]}`;
  if (hide) td.append(actions.button(hide, "face down", face, "dark-hide"));
  return td;
}

export function render(board, view) {
  const focused = focusedAction(board);
  const actions = new Actions(view.legal, { cls: "choice" });
  const rows = [0, 1, 2].map((row) => node("tr", {}, ...[0, 1, 2].map((col) => cell(view, actions, row * 3 + col))));
  const grid = node("table", { class: "dark-grid" }, node("tbody", {}, ...rows));
  board.replaceChildren(node("div", { class: "dark" }, players(view), grid));
  restoreFocus(board, focused);
}
