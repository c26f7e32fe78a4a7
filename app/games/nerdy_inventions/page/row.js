// The invention row: each dice-value tile in order, what its gear asks, the card under it and
// the buttons that build, choose or swap it.

import { node } from "../../js/dom.js";
import { cardBlock } from "./cards.js";
import { GEAR, control, hidden, spoken } from "./symbols.js";
import { GEAR_LEGEND, TERMS, costWords, describe, effectText, gearHelp, gearWords } from "./words.js";

export function invRow(view, state, actions) {
  const slots = state.row.map((slot) => {
    const buttons = [];
    const here = slot.card ? `the ${slot.card.name}` : "the empty place";
    for (const action of actions.find((a) => a.type === "build" && a.slot === slot.slot)) {
      // What it costs, what building means and what the card does: all "?" needs to decide.
      const card = slot.card;
      const help = `Build the ${card.name}. ${costWords(card, slot.gear)} ${TERMS.build} ${effectText(state, card)}`;
      buttons.push(control(actions, action, "Build", `Build the ${card.name}`, help));
    }
    for (const action of actions.find((a) => a.type === "choose_row" && a.slot === slot.slot)) {
      const name = `Choose ${here} under tile ${slot.slot}`;
      buttons.push(control(actions, action, "Choose", name, describe(view, action)));
    }
    for (const action of actions.find((a) => a.type === "research_swap" && a.with === slot.slot)) {
      const name = `Swap here, with ${here} under tile ${slot.slot}`;
      buttons.push(control(actions, action, "Swap here", name, describe(view, action)));
    }
    const asking = state.asking;
    const marked = asking && asking.slot === slot.slot && asking.kind !== "ability";
    // The card being built or moved: its outline for the eye, these words for everyone.
    const mark = marked ? (asking.kind === "build" ? "Being built" : "Being moved") : null;
    return node(
      "li",
      { class: `ni-slot${marked ? " ni-marked" : ""}` },
      node(
        "div",
        { class: "ni-tile" },
        node("span", { class: "ni-tile-value" }, hidden("Tile "), String(slot.slot)),
        spoken("ni-gear", `${GEAR} = ${slot.gear}`, gearWords(slot.gear), gearHelp(slot.gear)),
      ),
      mark ? node("span", { class: "ni-mark" }, `▶ ${mark}`) : null,
      slot.card
        ? cardBlock(state, slot.card, { gear: slot.gear })
        : node("div", { class: "ni-card ni-empty" }, "empty"),
      buttons.length ? node("div", { class: "ni-slot-actions" }, ...buttons) : null,
    );
  });
  return node(
    "section",
    { class: "ni-row-section", "aria-labelledby": "ni-row-title" },
    node("h2", { id: "ni-row-title" }, "Invention row"),
    node("p", { class: "ni-legend" }, GEAR_LEGEND),
    node("ol", { class: "ni-row" }, ...slots),
  );
}
