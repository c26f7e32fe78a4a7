// Convolution's board: the eight dice arranged by color total, both score columns, and the
// legal choices (roll, or a category to score) as buttons carrying their action. What follows
// from the view by the rules (the totals, the offers, who wins each row) is scoresheet.js's.
//
// Read as text as well as seen: the dice are a list whose pairs name their color in words (red
// and green look alike to many eyes) and whose dice carry their value as their name; the sheet
// is a table, a row per category with its name (and its help, for the "?" key and a pointer) in
// the row's header, a column per player. A circle, a check mark and "to play" say in shapes
// and words what the cells' and headers' colors say.

import { Actions } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus } from "../../js/steady.js";
import { table } from "./scoresheet.js";

const ROWS = [
  ["red", "Red"],
  ["blue", "Blue"],
  ["green", "Green"],
  ["yellow", "Yellow"],
  ["colors", "Colors Total"],
  ["first", "1st Highest"],
  ["second", "2nd Highest"],
  ["third", "3rd Highest"],
  ["fourth", "4th Highest"],
  ["ranks", "Ranks Total"],
  ["bluggard", "Bluggard"],
  ["grand", "Grand Total"],
];
const TITLES = Object.fromEntries(ROWS);
const CALCULATED = new Set(["colors", "ranks", "grand"]);
const TWELVE = " The first to play a 12 here scores 1 instead.";
const MEANING = {
  red: `The two red dice added up.${TWELVE}`,
  blue: `The two blue dice added up.${TWELVE}`,
  green: `The two green dice added up.${TWELVE}`,
  yellow: `The two yellow dice added up.${TWELVE}`,
  colors: "Calculated: Red + Blue + Green + Yellow, once all four are played.",
  first: `The highest of the four color totals.${TWELVE}`,
  second: `The second highest color total.${TWELVE}`,
  third: `The third highest color total.${TWELVE}`,
  fourth: `The lowest color total.${TWELVE}`,
  ranks: "Calculated: the four Highest rows added up, once all four are played.",
  bluggard: "All eight dice added up. The first to play a 48 here scores 7 instead.",
  grand: "Calculated: Colors Total + Ranks Total + Bluggard.",
};
const CIRCLED = "Circled: played here first, so it wins this category on a tie.";
const WON = "Winning this category: the higher score, or the circled one on a tie.";
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

// Text only a screen reader reads (what the eye gets from a shape or the layout).
const unseen = (text) => node("span", { class: "visually-hidden" }, text);

const spaced = (parts) => parts.flatMap((part, index) => (index ? [" ", part] : [part]));

// One color's pair: "Red ⚃ ⚅ = 10", each die an image named by its value.
function pair(state, color) {
  const [first, second] = state.dice[color];
  const total = state.totals[color];
  return node(
    "li",
    { class: `die-pair ${color}`, tip: `${TITLES[color]}: ${first} + ${second} = ${total}` },
    // Spaces between the parts, for what reads the text (the flex layout ignores them).
    ...spaced([
      node("span", { class: "color-name" }, TITLES[color]),
      ...[first, second].map((value) =>
        node("span", { class: "die", role: "img", "aria-label": String(value) }, PIPS[value] || String(value)),
      ),
      node("span", { class: "total" }, `= ${total}`),
    ]),
  );
}

function dice(state) {
  // The view has no dice while a roll is due (the last pair of turns' are not drawn, not to mislead).
  if (!state.dice) {
    return [node("p", { class: "hint" }, state.turn === 1 ? "No dice rolled yet." : "New dice are rolled next.")];
  }
  const order = state.arrangement;
  return [
    node("h2", { class: "visually-hidden", id: "dice-heading" }, "The dice, highest color total first"),
    node("ul", { class: "dice", "aria-labelledby": "dice-heading" }, ...order.map((color) => pair(state, color))),
  ];
}

// A written score: its number, circled when it was played first, and a check mark in the
// winner's cell of a row both have played.
function written(state, seat, key, entry) {
  const score = entry.circled
    ? node("span", { class: "circled", tip: CIRCLED }, String(entry.score), unseen(", circled"))
    : node("span", {}, String(entry.score));
  if (state.won[key] !== seat) return [score];
  return [score, node("span", { class: "won-mark", role: "img", "aria-label": "wins the row", tip: WON }, "✓")];
}

function cell(view, state, actions, seat, key) {
  const entry = state.sheets[seat][key];
  const legal =
    view.you === seat
      ? view.legal.find((action) => action.type === "score" && action.category === key)
      : undefined;
  const td = node("td", { class: "score" });
  if (entry) {
    td.append(...written(state, seat, key, entry));
    if (state.won[key] === seat) td.classList.add("won");
  } else if (legal) {
    const offer = state.offers ? state.offers[key] : "";
    td.append(actions.button(legal, String(offer), `Score ${offer} in ${TITLES[key]}`));
  }
  return td;
}

// A player's column header: their name, and "to play" while it is their roll or their turn.
function playerHeader(view, name, seat) {
  const playing = view.active.includes(seat);
  return node(
    "th",
    { scope: "col", class: playing ? "active" : "" },
    name,
    playing ? [" ", node("span", { class: "to-play" }, "to play")] : null,
  );
}

function sheet(view, state, actions, names) {
  const head = node(
    "tr",
    {},
    node("th", { scope: "col" }, "Category"),
    ...names.map((name, seat) => playerHeader(view, name, seat)),
  );
  // The row's help sits on its header: where a pointer finds it, and the "?" key from any
  // control of the row.
  const rowHeader = (label, help) =>
    node("th", { scope: "row", tip: help }, node("span", { class: "tip-term" }, label));
  const body = ROWS.map(([key, label]) =>
    node(
      "tr",
      { class: CALCULATED.has(key) ? "calculated" : "" },
      rowHeader(label, MEANING[key]),
      ...names.map((_, seat) => cell(view, state, actions, seat, key)),
    ),
  );
  const won = node(
    "tr",
    { class: "won-row" },
    rowHeader("Categories won", "Who wins more of the 12 categories wins the game."),
    ...names.map((_, seat) => node("td", {}, String(state.categories_won[seat]))),
  );
  return node(
    "table",
    { class: "sheet" },
    node("caption", { class: "visually-hidden" }, "Score sheet: a row per category, a column per player"),
    node("thead", {}, head),
    node("tbody", {}, ...body, won),
  );
}

export function render(board, view) {
  const focused = focusedAction(board);
  const actions = new Actions(view.legal, { cls: "choice" });
  const state = table(view.state);
  const names = view.players.map((player) => player.name);
  const roll = view.legal.find((action) => action.type === "roll");
  const header = node(
    "p",
    { class: "turn-info" },
    `Turn ${state.turn} of 18 · roll ${state.roll} of 9, rolled by ${names[state.roller]}`,
  );
  // The roll's button, when there is one: an empty bar left a gap above the sheet.
  const controls = roll ? node("div", { class: "controls" }, actions.button(roll, "Roll the dice")) : null;
  board.replaceChildren(...[header, ...dice(state), controls, sheet(view, state, actions, names)].filter(Boolean));
  restoreFocus(board, focused);
}
