// Convolution's board: the eight dice arranged by color total, both score columns, and the
// legal choices (roll, or a category to score) as buttons carrying their action.

import { Actions } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus } from "../../js/steady.js";

const COLORS = ["red", "blue", "green", "yellow"];
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
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function dice(state) {
  if (!state.dice) return node("p", { class: "hint" }, "No dice rolled yet.");
  // Before a roll the dice on the table are the last pair of turns': not drawn, not to mislead.
  if (state.phase === "roll") return node("p", { class: "hint" }, "New dice are rolled next.");
  const order = state.arrangement || COLORS;
  return node(
    "div",
    { class: "dice", "aria-label": "The dice, highest color total first" },
    ...order.map((color) =>
      node(
        "div",
        { class: `die-pair ${color}` },
        ...state.dice[color].map((value) =>
          node("span", { class: "die", "aria-label": `${color} ${value}` }, PIPS[value] || String(value)),
        ),
        node("span", { class: "total", tip: `${color} total: ${state.totals[color]}` }, String(state.totals[color])),
      ),
    ),
  );
}

function cell(view, actions, seat, key) {
  const state = view.state;
  const entry = state.sheets[seat][key];
  const legal =
    view.you === seat
      ? view.legal.find((action) => action.type === "score" && action.category === key)
      : undefined;
  const td = node("td", { class: "score" });
  if (entry) {
    const circled = entry.circled ? { class: "circled", tip: CIRCLED } : {};
    td.append(node("span", circled, String(entry.score)));
    if (state.won[key] === seat) td.classList.add("won");
  } else if (legal) {
    const offer = state.offers ? state.offers[key] : "";
    td.append(actions.button(legal, String(offer), `Score ${offer} in ${key}`));
  }
  return td;
}

export function render(board, view) {
  const focused = focusedAction(board);
  const actions = new Actions(view.legal, { cls: "choice" });
  const state = view.state;
  const names = view.players.map((player) => player.name);
  const roll = view.legal.find((action) => action.type === "roll");
  const header = node(
    "p",
    { class: "turn-info" },
    `Turn ${state.turn} of 18 · roll ${state.roll} of 9, rolled by ${names[state.roller]}`,
  );
  // The roll's button, when there is one: an empty bar left a gap above the sheet.
  const controls = roll ? node("div", { class: "controls" }, actions.button(roll, "Roll the dice")) : null;

  const head = node(
    "tr",
    {},
    node("th", { scope: "col" }, "Category"),
    ...names.map((name, seat) =>
      node("th", { scope: "col", class: view.active.includes(seat) ? "active" : "" }, name),
    ),
  );
  const body = ROWS.map(([key, label]) =>
    node(
      "tr",
      { class: CALCULATED.has(key) ? "calculated" : "" },
      node("th", { scope: "row" }, node("span", { class: "tip-term", tip: MEANING[key] }, label)),
      ...names.map((_, seat) => cell(view, actions, seat, key)),
    ),
  );
  const won = node(
    "tr",
    { class: "won-row" },
    node(
      "th",
      { scope: "row" },
      node("span", { class: "tip-term", tip: "Who wins more of the 12 categories wins the game." }, "Categories won"),
    ),
    ...names.map((_, seat) => node("td", {}, String(state.categories_won[seat]))),
  );
  const sheet = node("table", { class: "sheet" }, node("thead", {}, head), node("tbody", {}, ...body, won));
  board.replaceChildren(...[header, dice(state), controls, sheet].filter(Boolean));
  restoreFocus(board, focused);
}
