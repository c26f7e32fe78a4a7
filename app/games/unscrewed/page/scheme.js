// Your scheme: your three scheme slots (the last card schemed can be taken back), the Lock in
// button, and your six Action Cards, those still in hand as buttons that scheme them.

import { node } from "../../js/dom.js";
import { lockedIn } from "./derived.js";
import { describe } from "./decision.js";
import { actionCard, planCard } from "./faces.js";

const CARDS = ["north", "east", "south", "west", "improvise", "again"];
const CARD_TEXT = {
  north: "Move 1 space North.",
  east: "Move 1 space East.",
  south: "Move 1 space South.",
  west: "Move 1 space West.",
  improvise: "Draw an Improv card and resolve it.",
  again: "Repeat your previous action (first in the scheme: Stumble).",
};

// `over`: the game is over (or replayed): the cards are drawn inert, neither raised nor reachable
// by the keyboard, so that nothing looks playable.
export function scheme(view, state, actions, over) {
  const you = state.you;
  const me = state.players[you.seat];
  const step = state.phase === "execution" && state.execution && !state.result ? state.execution.step : null;
  const lastFilled = me.slots.reduce((last, slot, i) => (slot && slot.card !== "plan" ? i : last), -1);
  const unscheme = actions.one("unscheme");
  const nextEmpty = me.slots.findIndex((slot) => slot === null);
  const slots = me.slots.map((slot, i) => {
    let content;
    let cls = "us-slot";
    if (!slot) {
      content = node("span", { class: "us-slot-empty" }, `${i + 1}`);
      cls += " us-slot-open";
      if (i === nextEmpty && actions.of("scheme").length) cls += " us-slot-next";
    } else if (slot.card === "plan") {
      content = planCard(view, slot.plan);
      cls += " us-slot-plan";
    } else {
      content = actionCard(slot.card);
    }
    if (slot && slot.flipped) cls += " us-slot-flipped";
    if (step === i) cls += " us-slot-now";
    const item = node(
      "li",
      { class: cls },
      node("span", { class: "us-slot-number" }, `${i + 1}`),
      content,
      slot && slot.card !== "plan"
        ? node("span", { class: "us-slot-state" }, slot.flipped ? "flipped" : "face down")
        : null,
    );
    item.dataset.slot = String(i);
    if (unscheme && i === lastFilled)
      item.append(actions.button(unscheme, "Take back", describe(view, unscheme), "us-secondary us-small"));
    return item;
  });
  const hand = CARDS.map((card) => {
    const action = actions.one("scheme", (a) => a.card === card);
    if (action) {
      // Named by what it does ("Scheme North into the next slot"); the card's text is its help.
      const button = actions.button(action, actionCard(card), describe(view, action), "us-card-button");
      button.dataset.tip = `${describe(view, action)}: ${CARD_TEXT[card]}`;
      return button;
    }
    const where = me.slots.findIndex((slot) => slot && slot.card === card);
    return node(
      "span",
      { class: `us-card-holder${where >= 0 ? " us-card-used" : ""}`, tip: over ? null : CARD_TEXT[card] },
      actionCard(card),
      where >= 0 ? node("span", { class: "us-card-where" }, `slot ${where + 1}`) : null,
    );
  });
  const lock = actions.one("lock");
  let note = null;
  if (state.phase === "scheming" && me.alive)
    note = lockedIn(view, state, me.seat)
      ? "Locked in: waiting for the others."
      : "Choose three cards in order, then lock in.";
  if (!me.alive && !state.result && !["characters", "spawning"].includes(state.phase))
    note = "You are dead for now: you come back when Dibs comes to you, if there is room.";
  return node(
    "section",
    { class: "us-mine", "aria-label": "Your scheme" },
    node("h3", { class: "us-block-title" }, "Your scheme"),
    node("ol", { class: "us-slots" }, ...slots),
    lock
      ? node(
          "p",
          { class: "us-lock" },
          actions.button(lock, "Lock in the scheme", null, "us-lock-button"),
        )
      : null,
    note ? node("p", { class: "us-hint" }, note) : null,
    node("h4", { class: "us-sub-title" }, `Your Action Cards${state.result ? " (the game is over)" : ""}`),
    node("div", { class: over ? "us-hand us-hand-over" : "us-hand" }, ...hand),
  );
}
