// A player's competition sheet as drawn: its title and the jumps to its parts, the journals, the
// workshops and the inventions, and beside the workshops the score box and the tools.

import { nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { inventions } from "./inventions.js";
import { journals } from "./journals.js";
import { INVENTIONS, PRINTED, TOOLS } from "./printed.js";
import { shapeGrid } from "./shapes.js";
import { workshops } from "./workshops.js";

function toolsBox(view, state, player) {
  const items = TOOLS.map((slug) => {
    const printed = PRINTED.tools[slug];
    const mine = player.tools[slug];
    const table = state.tools[slug];
    let status;
    let cls = "uv-tool";
    if (mine) {
      status = `Unlocked ${mine.first ? "first" : "later"} (turn ${mine.turn}): ${plural(mine.points, "point")}`;
      cls += mine.first ? " uv-tool-first" : " uv-tool-later";
    } else {
      status = "Locked";
      cls += " uv-tool-locked";
    }
    const others = table.unlocked
      .filter(([seat]) => seat !== player.seat)
      .map(([seat, turn]) => `${nameOf(view, seat)} (turn ${turn})`);
    const shape = [];
    printed.shape.forEach((row, r) => row.forEach((on, c) => on && shape.push([r, c])));
    return node(
      "li",
      { class: cls },
      shapeGrid(shape, "uv-tool-shape", `${printed.title}'s shape`),
      node(
        "div",
        { class: "uv-tool-text" },
        node("strong", {}, printed.title),
        node("span", { class: "uv-tool-points" }, `first ${printed.first} / later ${printed.later}`),
        node("span", { class: "uv-tool-status" }, status),
        node("span", { class: "uv-tool-ability" }, printed.ability),
        others.length
          ? node("span", { class: "uv-tool-others" }, `Also unlocked by ${others.join(", ")}`)
          : null,
      ),
    );
  });
  return node(
    "section",
    { class: "uv-block uv-tools", "aria-label": "Tools" },
    node("h3", { class: "uv-block-title" }, "Tools"),
    node("ul", { class: "uv-tool-list" }, ...items),
  );
}

function scoreBox(view, state, player) {
  const rows = INVENTIONS.map((slug) => {
    const p = player.inventions[slug].presented;
    return node(
      "tr",
      {},
      node("th", { scope: "row" }, PRINTED.inventions[slug].title),
      node("td", {}, p ? String(p.total) : "—"),
    );
  });
  return node(
    "section",
    { class: "uv-block uv-score", "aria-label": "Score" },
    node("h3", { class: "uv-block-title" }, "Score"),
    node(
      "table",
      { class: "uv-score-table" },
      node(
        "tbody",
        {},
        ...rows,
        node("tr", {}, node("th", { scope: "row" }, "Tools"), node("td", {}, String(player.score.tools))),
        node(
          "tr",
          { class: "uv-total" },
          node("th", { scope: "row" }, "Total"),
          node("td", {}, String(player.score.total)),
        ),
      ),
    ),
    node(
      "p",
      { class: "uv-tiebreak" },
      `Complete journals ${player.complete_journals} · unused wrenches ${player.wrenches.available}`,
    ),
  );
}
// `chosen`: the picks made before a tap on the sheet (game.js), which the cells' buttons follow.
export function sheet(view, state, player, actions, mine, chosen) {
  const who = mine ? "Your competition sheet" : `${nameOf(view, player.seat)}'s competition sheet`;
  const id = `uv-sheet-${player.seat}`;
  const jump = node(
    "nav",
    { class: "uv-jump", "aria-label": "Parts of the sheet" },
    ...[
      ["Journals", "uv-journals"],
      ["Workshops", "uv-shops-block"],
      ["Inventions", "uv-inventions"],
      ["Tools & score", "uv-side"],
    ].map(([text, cls]) => {
      const button = node("button", { type: "button", class: "uv-jump-to" }, text);
      button.addEventListener("click", () => {
        const target = document.querySelector(`#${id} .${cls}`);
        // A glide, unless the person asked for less motion.
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        if (target) target.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
      });
      return button;
    }),
  );
  return node(
    "section",
    { class: `uv-sheet${mine ? " uv-own" : ""}`, id, "aria-label": who },
    node(
      "h3",
      { class: "uv-sheet-title" },
      who,
      node("span", { class: "uv-sub" }, `${plural(player.score.total, "point")}`),
    ),
    jump,
    journals(view, player, actions, chosen),
    node(
      "div",
      { class: "uv-middle" },
      workshops(view, state, player, actions, chosen),
      node("div", { class: "uv-side" }, scoreBox(view, state, player), toolsBox(view, state, player)),
    ),
    inventions(view, state, player, actions, chosen.place),
  );
}
