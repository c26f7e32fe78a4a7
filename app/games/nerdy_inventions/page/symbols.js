// How the board shows a thing to the eye and says it in words: the gear's symbol (⚙), a symbol
// with its words beside it for a screen reader, and a control named by the words it shows, whose
// tooltip says why.

import { node } from "../../js/dom.js";

export const GEAR = "⚙";

// `shown` (symbols) for the eye, `words` for a screen reader, `help` for the tooltip.
export function spoken(cls, shown, words, help = words) {
  return node(
    "span",
    { class: cls, tip: help },
    node("span", { "aria-hidden": "true" }, shown),
    node("span", { class: "visually-hidden" }, words),
  );
}

// A symbol for the eye alone (a pip, an arrow): the words beside it say it.
export const symbol = (text) => node("span", { "aria-hidden": "true" }, text);
// Words for a screen reader alone, beside what the eye reads from the board's layout.
export const hidden = (text) => node("span", { class: "visually-hidden" }, text);

// A button showing `content`, named `name` (which holds the words it shows: board.js
// nameHoldsWords), whose tooltip, read by "?", is `help`: the name says what it does, the help why.
export function control(actions, action, content, name, help, cls = "") {
  const button = actions.button(action, content, name, cls);
  if (help) button.dataset.tip = help;
  return button;
}
