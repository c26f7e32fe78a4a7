// The lines at the top of Innovation's board: the turn, whose it is and the actions left (or the
// opening, or the game's end and why), what wins; and a running dogma: whose, on which card, who
// is demanded and who shares.

import { node } from "../../js/dom.js";
import { nameOf, namesOf, plural, withNames } from "../../js/board.js";
import { icon } from "./cards.js";
import { cardOf } from "./components.js";

export function header(view, state) {
  const bits = [];
  if (state.phase === "opening") bits.push("The opening: everyone picks one of two age-1 cards to meld");
  else if (state.result) bits.push("The game is over");
  else {
    bits.push(`Turn ${state.turn}`);
    bits.push(`${nameOf(view, state.current)} to play`);
    bits.push(plural(state.actions_left, "action") + " left");
  }
  bits.push(`${state.target} achievements win`);
  if (state.edition === "first") bits.push("first-edition texts");
  if (state.teams) bits.push("team game");
  const parts = [node("p", { class: "in-status" }, bits.join(" · "))];
  if (state.result) parts.push(node("p", { class: "in-status" }, withNames(view, state.result.reason)));
  return node("div", { class: "in-header" }, ...parts);
}

// A running dogma action: whose, on which card, who is demanded and who shares.
export function dogmaBanner(view, state) {
  const dogma = state.dogma;
  if (!dogma) return null;
  const card = cardOf(dogma.card);
  const bits = [`${nameOf(view, dogma.player)}'s dogma: ${dogma.card}`];
  const demands = card.effects.some((e) => e.kind === "demand");
  const normal = card.effects.some((e) => e.kind !== "demand");
  if (demands)
    bits.push(dogma.affected.length ? `demanding of ${namesOf(view, dogma.affected)}` : "nobody is demanded");
  if (normal && dogma.sharing.length) bits.push(`shared with ${namesOf(view, dogma.sharing)}`);
  return node("p", { class: "in-dogma-banner" }, icon(card.dogma_icon), " ", bits.join(" · "));
}
