// The middle of Innovation's table: the supply piles by age (their backs and how many cards), the
// standard achievements (open, or who holds them) and the special ones.

import { node } from "../../js/dom.js";
import { nameOf, namesOf, plural } from "../../js/board.js";
import { back } from "./cards.js";
import { SPECIALS, SPECIAL_ORDER, cardOf } from "./components.js";

export function tableBox(view, state) {
  const supply = node(
    "ul",
    { class: "in-supply", "aria-label": "Supply piles" },
    ...Array.from({ length: 10 }, (_, i) => {
      const age = i + 1;
      const count = state.supply[String(age)] || 0;
      return node(
        "li",
        {},
        count
          ? back(age, { label: `age ${age}, ${plural(count, "card")}` })
          : back(age, { cls: "in-empty", label: `age ${age}, empty` }),
        node("span", { "aria-hidden": "true" }, `×${count}`),
      );
    }),
  );
  const holders = {};
  for (const player of state.players) {
    for (const entry of player.achievements) {
      const age = typeof entry === "number" ? entry : cardOf(entry).age;
      (holders[age] = holders[age] || []).push(player.seat);
    }
  }
  const standard = node(
    "ul",
    { class: "in-achievements", "aria-label": "Standard achievements" },
    ...Array.from({ length: 9 }, (_, i) => {
      const age = i + 1;
      if (state.available.includes(age))
        return node("li", {}, back(age, { label: `age ${age}` }), node("span", {}, "open"));
      const who = holders[age] ? namesOf(view, holders[age]) : "taken";
      return node(
        "li",
        { class: "in-ach-taken" },
        back(age, { label: `age ${age}` }),
        node("span", {}, holders[age] ? [node("span", { class: "visually-hidden" }, "held by "), who] : who),
      );
    }),
  );
  const specialHolders = {};
  for (const player of state.players) for (const name of player.specials) specialHolders[name] = player.seat;
  const specials = node(
    "ul",
    { class: "in-specials", "aria-label": "Special achievements" },
    ...SPECIAL_ORDER.map((name) => {
      const info = SPECIALS[name];
      const holder = specialHolders[name];
      const text =
        holder === undefined ? (state.specials.includes(name) ? "open" : "gone") : nameOf(view, holder);
      return node(
        "li",
        {
          class: holder === undefined ? "" : "in-ach-taken",
          tip: info ? `${info.condition} (also: ${info.also_via_card})` : name,
        },
        node("strong", {}, name),
        `: ${text}`,
        info ? node("span", { class: "visually-hidden" }, `. ${info.condition}`) : null,
      );
    }),
  );
  return node(
    "div",
    { class: "in-table" },
    node("section", { class: "in-section", "aria-label": "Supply" }, node("h2", {}, "Supply"), supply),
    node(
      "section",
      { class: "in-section", "aria-label": "Achievements" },
      node("h2", {}, "Achievements"),
      standard,
      specials,
    ),
  );
}
