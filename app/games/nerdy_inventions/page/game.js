// Nerdy Inventions' board: the invention row under its dice-value tiles, the dice in hand, every
// player's inventions and tool, and each legal action as a button carrying its action JSON.
// Game text (card names, notes) only ever goes in through textContent and attributes.
//
// Read as text, the board is lists under headings: the row's tiles in order (each tile's number,
// what its gear asks, then its card), the dice with their values, each player's cards. A card says
// its name, level, points, cost in words, ability and state (tapped or upright) in its own text;
// the symbols (pips, ⚙, →) are hidden from screen readers and said in words beside them. Nothing
// is told by colour alone: a paid die says "paid", the card being built or moved says so, the
// player to play is named. A control's name starts with the words it shows ("Build the Clamp",
// "Pay 5", "Raise 3 to 5 with the tool"); the longer help is its tooltip, which "?" reads.
//
// The parts of the board are drawn by row.js (the invention row), dice.js (the dice in hand) and
// tableau.js (a player's inventions and tool), each card by cards.js; words.js says everything in
// words, symbols.js shows a symbol and says it.

import { Actions, nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus } from "../../js/steady.js";
import { diceArea } from "./dice.js";
import { invRow } from "./row.js";
import { control, hidden } from "./symbols.js";
import { tableau } from "./tableau.js";
import { describe, dieValue } from "./words.js";

export { describe };

// Whether this page is the host's (the table page says so; a replay has no host).
const hosting = () => Boolean(document.getElementById("table")?.dataset.host);

function header(view, state) {
  const bits = [
    `Turn ${state.turn}`,
    `round ${state.round}`,
    `deck: ${state.deck} ${state.deck === 1 ? "card" : "cards"}`,
  ];
  if (state.current !== null) bits.push(`${nameOf(view, state.current)} to play`);
  const parts = [node("p", { class: "ni-status" }, bits.join(" · "))];
  if (state.final_round && !view.result) {  // once it is over, the result says so
    parts.push(
      node(
        "p",
        { class: "ni-final" },
        `Final round: the game ends before ${nameOf(view, state.first_player)}'s next turn.`,
      ),
    );
  }
  // The stand-in values are the host's business (only a host can give the real cards): the
  // host sees the notice, folded; the players find the same in the rules.
  if (state.stand_in && hosting()) {
    parts.push(
      node(
        "details",
        { class: "folded-notice" },
        node("summary", {}, "Stand-in cards"),
        node(
          "p",
          { class: "ni-stand-in" },
          "The printed card values are not known: these levels, costs, counts and points are ours ",
          "(the Rules page explains them, and how a host plays with the real cards).",
        ),
      ),
    );
  }
  return node("div", { class: "ni-header" }, ...parts);
}

// "Choose a die", "Pay for the Clamp: ..." as another player's: "Ann is choosing a die".
const DOING = { Choose: "is choosing", Pay: "is paying", Pass: "is passing" };

function theirs(name, text) {
  const [verb, ...rest] = text.split(" ");
  return DOING[verb] ? `${name} ${DOING[verb]} ${rest.join(" ")}` : `${name} is deciding: ${text}`;
}

// The choice being made: the viewer's to make, in a box that asks for it; someone else's, as a
// plain line saying who is making it. Not a live region: the table says "Your turn: ..." with the
// prompt, and reads the others' moves from the log.
function askingBox(view, state, actions) {
  const asking = state.asking;
  if (!asking) return null;
  const mine = view.you !== null && view.you === state.current;
  const box = node(
    "div",
    { class: mine ? "ni-asking" : "ni-asking ni-theirs" },
    node("p", { class: "ni-asking-text" }, mine ? asking.text : theirs(nameOf(view, state.current), asking.text)),
  );
  if (asking.kind === "build" && asking.needs) {
    box.append(
      node(
        "p",
        { class: "ni-needs" },
        "Requirements: ",
        // Read as "a 2 ✓ (paid with 6), a 1": each box a requirement, paid or not in words.
        ...asking.needs.map((need, index) =>
          node(
            "span",
            { class: index < asking.paid.length ? "ni-need ni-paid" : "ni-need" },
            hidden("a "),
            index < asking.paid.length
              ? `${need} ✓ (paid with ${dieValue(state, asking.paid[index])})`
              : `${need}`,
            index < asking.needs.length - 1 ? hidden(", ") : null,
          ),
        ),
      ),
    );
  }
  const values = actions.find((a) => a.type === "choose_value");
  if (values.length) {
    box.append(
      node("div", { class: "ni-choices" }, ...values.map((a) => actions.button(a, describe(view, a)))),
    );
  }
  const passes = actions.find((a) => a.type === "pass_tool");
  if (passes.length) {
    box.append(
      node(
        "div",
        { class: "ni-choices" },
        ...passes.map((a) => actions.button(a, describe(view, a))),
      ),
    );
  }
  return box;
}

function controls(view, actions) {
  const bar = node("div", { class: "ni-controls" });
  for (const action of actions.find((a) => a.type === "cancel"))
    bar.append(actions.button(action, "Cancel", describe(view, action), "ni-secondary"));
  for (const action of actions.find((a) => a.type === "end_turn")) {
    const help = "End your turn. Dice you did not spend are lost.";
    bar.append(control(actions, action, "End turn", "End turn", help));
  }
  return bar;
}

export function render(board, view) {
  const focused = focusedAction(board);
  const state = view.state;
  const actions = new Actions(view.legal, { cls: "ni-action" });
  const you = view.you;
  const order = state.tableaus
    .slice()
    .sort((a, b) => (a.seat === you ? -1 : b.seat === you ? 1 : a.seat - b.seat));

  const parts = [
    header(view, state),
    askingBox(view, state, actions),
    invRow(view, state, actions),
    view.result && !state.dice.length ? null : diceArea(view, state, actions),
    node(
      "section",
      { class: "ni-players", "aria-labelledby": "ni-players-title" },
      node("h2", { class: "visually-hidden", id: "ni-players-title" }, "Players' inventions"),
      ...order.map((entry) => tableau(view, state, actions, entry)),
    ),
  ];
  const bar = controls(view, actions);
  // Anything legal that has no place above still gets a button, described in words.
  const rest = actions.unshown();
  if (rest.length) bar.prepend(...rest.map((action) => actions.button(action, describe(view, action))));
  parts.splice(2, 0, bar.childElementCount ? bar : null);  // nothing to press: no empty bar
  board.replaceChildren(...parts.filter(Boolean));
  restoreFocus(board, focused);
}

// Where the keyboard goes after an action (the table asks): the first choice that moves the game
// on (a build, a die to pay with, an answer), not Cancel or End turn, which the bar shows first
// but which would throw a turn away on a second Enter. Only those two left: the first of them.
const LAST_RESORTS = new Set(["cancel", "end_turn"]);

export function firstChoice(board) {
  const choices = [...board.querySelectorAll("[data-action]")].filter(
    (element) => !element.disabled && element.tabIndex >= 0 && element.checkVisibility(),
  );
  return choices.find((element) => !LAST_RESORTS.has(JSON.parse(element.dataset.action).type)) || null;
}
