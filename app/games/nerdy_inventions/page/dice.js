// The dice in hand, with their values in pips and in words, paid or chosen, and the buttons that
// pay, choose or research with them.

import { nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { control, hidden, symbol } from "./symbols.js";
import { describe, explained } from "./words.js";

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function diceArea(view, state, actions) {
  const owner = state.current === null ? null : nameOf(view, state.current);
  const title =
    view.you !== null && view.you === state.current ? "Your dice" : owner ? `${owner}'s dice` : "Dice";
  const paid = new Set(state.asking && state.asking.paid ? state.asking.paid : []);
  const picked = new Set(
    state.asking && state.asking.picks
      ? state.asking.picks.filter((p) => p.die !== undefined).map((p) => p.die)
      : [],
  );
  // A second die of one value researches the same tile: one button says it.
  const researched = new Set();
  const researchButton = (action, value) => {
    const text = `Research tile ${value}`;
    if (researched.has(value)) return actions.twin(action, text);
    researched.add(value);
    const name = `${text} with the ${value}`;
    return control(actions, action, text, name, explained(view, action), "ni-small");
  };
  const dice = state.dice.map((die) => {
    // The pips for the eye, the value in words for everyone: "Pay ⚄ 5" is named "Pay 5".
    const face = [symbol(PIPS[die.value] || ""), ` ${die.value}`];
    const single = actions.find((a) => (a.type === "choose_die" || a.type === "pay") && a.die === die.id);
    const chosen = picked.has(die.id) || state.asking?.die === die.id;
    const cls = `ni-die${paid.has(die.id) ? " ni-paid" : ""}${chosen ? " ni-picked" : ""}`;
    const verb = single.length && single[0].type === "pay" ? "Pay" : "Choose";
    const shown = single.length
      ? control(actions, single[0], [node("span", { class: "ni-die-verb" }, verb), ...face], null,
        describe(view, single[0]), cls)
      : node("span", { class: cls }, hidden("a die showing"), ...face);
    // Paid or chosen: a colour and an outline for the eye, and these words.
    const marks = [paid.has(die.id) ? "✓ paid" : null, chosen ? "▶ chosen" : null].filter(Boolean);
    const research = actions.find((a) => a.type === "research" && a.die === die.id);
    return node(
      "li",
      { class: "ni-die-slot" },
      shown,
      marks.length ? node("span", { class: "ni-mark" }, marks.join(" ")) : null,
      ...research.map((a) => researchButton(a, die.value)),
    );
  });
  return node(
    "section",
    { class: "ni-dice-section", "aria-labelledby": "ni-dice-title" },
    node("h2", { id: "ni-dice-title" }, title),
    dice.length
      ? node("ul", { class: "ni-dice" }, ...dice)
      : node("p", { class: "hint" }, "No dice in hand."),
  );
}
