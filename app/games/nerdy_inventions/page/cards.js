// A card as drawn, in the row, in a player's inventions or as a tool: its name, level, points,
// cost, ability and state (tapped or upright), each said in words.

import { node } from "../../js/dom.js";
import { hidden, spoken } from "./symbols.js";
import { COMPONENTS, GEAR_LEGEND, costText, costWords, effectText } from "./words.js";

// "Build: 2 + ⚙3" on a card; what ⚙ means in its tooltip and accessible name.
function costLine(card, gear) {
  const gears = card.cost && card.cost.includes("gear") ? ` ${GEAR_LEGEND}` : "";
  const words = costWords(card, gear);
  return spoken("ni-card-cost", `Build: ${costText(card, gear)}`, words, `${words}${gears}`);
}

const TAPPED = "Tapped (turned sideways): used this turn or before. Charge it with a die to use it again.";

// A card's face, its ability's words on it (and in its tooltip); a tapped card is marked so in
// words, and a held card that stands upright says so to a screen reader (the eye sees it upright).
function cardFace(state, card, { gear = null, tapped = false, held = false } = {}) {
  const effect = effectText(state, card);
  const ability = card.group === "tool" ? null : COMPONENTS.abilities[card.ability];
  const facts = [];
  if (card.level !== null && card.level !== undefined) facts.push(`Level ${card.level}`);
  facts.push(`${card.points} ${card.points === 1 ? "point" : "points"}`);
  if (card.group === "starting") facts.push(`start ${card.seat_order}`);
  return node(
    "div",
    { class: `ni-card ni-${card.group}${tapped ? " ni-tapped" : ""}`, tip: effect, "data-card": card.id },
    node("strong", { class: "ni-card-name" }, card.name),
    tapped ? node("span", { class: "ni-card-state", tip: TAPPED }, "tapped") : null,
    held && !tapped ? hidden("upright") : null,
    node("span", { class: "ni-card-facts" }, facts.join(" · ")),
    card.group === "tool" || (!card.cost && gear === null) ? null : costLine(card, gear),
    ability ? node("span", { class: "ni-card-ability" }, node("strong", {}, ability.title), `: ${ability.text}`) : null,
    card.group === "tool" ? node("span", { class: "ni-card-ability" }, COMPONENTS.tool_text) : null,
    card.ability === "zeppelin"
      ? node("span", { class: "ni-card-warning", role: "note" }, "⚠ Using it ends the game at once.")
      : null,
  );
}

export function cardBlock(state, card, options = {}) {
  return node("div", { class: "ni-card-box" }, cardFace(state, card, options));
}
