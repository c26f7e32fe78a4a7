// Where the game stands: the head (round, phase and step, the Dibs order, the map covers placed
// and to come, the stand-in note) and the table's facts (the tokens off the map, the decks).

import { nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { foldedAfterFirstView } from "../../js/fold.js";
import { improvOf } from "./cards.js";

const PHASES = {
  characters: "Choosing characters",
  spawning: "Spawning",
  quirks: "Draw Quirks",
  scheming: "Scheming",
  execution: "Execution",
  aftermath: "Aftermath",
};

export function header(view, state) {
  let status = `Round ${state.round} · ${state.result ? "Game over" : PHASES[state.phase] || state.phase}`;
  if (state.phase === "execution" && state.execution && !state.result)
    status += ` · step ${state.execution.step + 1} of 3`;
  const dibs = state.dibs_order.map((seat) => {
    const alive = state.players[seat].alive || ["characters", "spawning"].includes(state.phase);
    return node(
      "li",
      {
        class: `us-dibs-seat us-seat-${seat}${seat === state.dibs ? " us-dibs-now" : ""}${alive ? "" : " us-dead"}`,
      },
      nameOf(view, seat),
      seat === state.dibs ? " (Dibs)" : "",
      alive ? null : node("span", { class: "visually-hidden" }, " (dead)"),
    );
  });
  // Placed, next or later: drawn dark, dashed or plain, and said in words.
  const covers = state.map.cover_names.map((name, ring) => {
    const when = ring < state.map.covers ? "placed" : ring === state.map.covers ? "next" : "later";
    return node(
      "li",
      { class: `us-cover-${when}` },
      name,
      when === "later" ? null : node("span", { class: "visually-hidden" }, ` (${when})`),
    );
  });
  return node(
    "header",
    { class: "us-head" },
    node("p", { class: "us-status" }, status),
    node(
      "div",
      { class: "us-dibs" },
      node("span", { class: "us-label" }, "Dibs order"),
      node("ol", {}, ...dibs),
    ),
    node(
      "div",
      { class: "us-covers" },
      node("span", { class: "us-label" }, "Covers"),
      node("ol", {}, ...covers),
    ),
    foldedAfterFirstView(
      "unscrewed.stand-in",
      "Stand-in maps and cards",
      node(
        "p",
        { class: "us-standin" },
        "Maps, cards and Gimmicks here are stand-ins made for Tinkertable, not the printed ones: ",
        node(
          "a",
          { href: "/rules/unscrewed#stand-in-components", target: "_blank", rel: "noopener" },
          "see the rules",
        ),
      ),
    ),
  );
}

export function tableFacts(state) {
  const supply = state.supply;
  const discard = state.decks.improv_discard;
  const top = discard.length ? improvOf(discard[discard.length - 1]) : null;
  return node(
    "section",
    { class: "us-facts", "aria-label": "The table" },
    node(
      "p",
      {},
      `Off the map: ${supply.bomb} bombs, ${supply.anvil} anvils, `,
      `${supply.slick} slick and ${supply.hole} hole tokens. `,
      `Improv deck ${state.decks.improv}${top ? ` (last played: ${top.name})` : ""}`,
      state.decks.quirks || state.decks.quirk_discard.length ? `; Quirk deck ${state.decks.quirks}` : "",
      state.plan ? `; Master Plans left ${state.plan.cards_left}` : "",
      ".",
    ),
  );
}
