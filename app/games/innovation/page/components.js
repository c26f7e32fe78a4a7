// Innovation's printed components as the server publishes them (GET /api/games/innovation/
// components): the cards by name and the special achievements. Also a card as the page shows it
// (its face, lit up with a "Choose" button when the pending question names it) and the help a
// control carries (its tooltip, the key "?").

import { node } from "../../js/dom.js";
import { effectsText, face } from "./cards.js";

async function loadComponents() {
  try {
    const response = await fetch("/api/games/innovation/components");
    if (!response.ok) return { cards: [], special_achievements: [] };
    return await response.json();
  } catch {
    return { cards: [], special_achievements: [] };
  }
}

const components = await loadComponents();
export const CARDS = Object.fromEntries((components.cards || []).map((card) => [card.name, card]));
export const SPECIALS = Object.fromEntries((components.special_achievements || []).map((s) => [s.name, s]));
export const SPECIAL_ORDER = ["Monument", "Empire", "World", "Wonder", "Universe"];

// A card we have no face for (the list could not be read): its name only.
export function cardOf(name) {
  return (
    CARDS[name] || {
      name,
      age: "?",
      color: "none",
      icons: ["hex", "hex", "hex", "hex"],
      dogma_icon: "hex",
      effects: [],
    }
  );
}

// A card face; when one of the card-choice actions names it (the pending question's {"type":
// "card"}), the face is lit up and a "Choose <card>" button sits under it, which also takes a
// press anywhere on the face (game.css stretches it over the card).
export function cardFace(actions, name, { size = "full", cls = "" } = {}) {
  const card = cardOf(name);
  const action = actions.one("card", (a) => a.card === name);
  if (!action) return face(card, { size, cls });
  const choose = helped(actions.button(action, `Choose ${name}`, null, "in-choose"), cardHelp(name));
  return node("span", { class: "in-choosable" }, face(card, { size, cls: `in-choice ${cls}`.trim() }), choose);
}

// A control named by its own words gets its help apart (its tooltip, and the key "?"): the rule's
// words, what a card does.
export function helped(button, help) {
  button.dataset.tip = help;
  return button;
}

// A card's help (its controls' tips, the key "?"): what it is and what it does.
export function cardHelp(name) {
  const card = cardOf(name);
  return `${name} (age ${card.age}, ${card.color})\n${effectsText(card)}`;
}
