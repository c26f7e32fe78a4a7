// Your hand and your score pile, as readable cards (with the hand's meld buttons).

import { node } from "../../js/dom.js";
import { plural } from "../../js/board.js";
import { cardFace, cardHelp, helped } from "./components.js";
import { TERMS } from "./turn.js";

// Your hand: full cards; under each its meld button, or the card itself lit up with its "Choose"
// button when the question lets you choose it.
export function handBox(view, state, actions, me) {
  const items = me.hand.map((name) => {
    const buttons = [];
    for (const action of actions.of("meld", (a) => a.card === name)) {
      buttons.push(helped(actions.button(action, `Meld ${name}`), `${TERMS.meld}\n${cardHelp(name)}`));
    }
    return node("li", {}, cardFace(actions, name), ...buttons);
  });
  return node(
    "section",
    { class: "in-section in-hand", "aria-label": "Your hand" },
    node("h2", {}, `Your hand (${plural(me.hand.length, "card")})`),
    items.length
      ? node("ul", { class: "in-cards" }, ...items)
      : node("p", { class: "in-hint" }, "Your hand is empty."),
  );
}

export function scoreBox(view, state, actions, me) {
  const items = me.score_pile.map((name) => node("li", {}, cardFace(actions, name, { size: "mini" })));
  const total = state.teams ? `score ${me.score}, team ${me.team_score}` : `score ${me.score}`;
  return node(
    "section",
    { class: "in-section in-score", "aria-label": "Your score pile" },
    node("h2", {}, `Your score pile (${plural(me.score_pile.length, "card")}, ${total})`),
    items.length
      ? node("ul", { class: "in-cards in-small" }, ...items)
      : node("p", { class: "in-hint" }, "No cards scored yet."),
  );
}
