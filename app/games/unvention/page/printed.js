// What every part of Unvention's page shares: the printed sheet (workshops, inventions, tools,
// the same in every game, served once by GET /api/games/unvention/components and never repeated
// in views), the names of its parts, their signs and the two drawn symbols.

import { node } from "../../js/dom.js";

export const PRINTED = await (await fetch("/api/games/unvention/components")).json();

export const WORKSHOPS = ["hydraulic", "magnetic", "electrical", "mechanical"];
export const INVENTIONS = ["integron", "unison", "lateral"];
export const TOOLS = ["torque", "flywheel", "ball_bearing", "reamer"];
export const DAYS = ["friday", "saturday", "sunday"];
export const DAY_TITLES = { friday: "Friday", saturday: "Saturday", sunday: "Sunday" };
// A sign per workshop type, so that mechanisms are told apart without their colours.
export const SIGNS = { hydraulic: "≈", magnetic: "∩", electrical: "ϟ", mechanical: "⚙" };

const SVG = "http://www.w3.org/2000/svg";
const ICONS = {
  wrench:
    "M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z",
  idea: "M9 21c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-1H9v1zm3-19C8.14 2 5 5.14 5 9c0 2.38 1.19 4.47 3 5.74V17c0 .55.45 1 1 1h6c.55 0 1-.45 1-1v-2.26c1.81-1.27 3-3.36 3-5.74 0-3.86-3.14-7-7-7z",
};

export function icon(name, label = null) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `uv-icon uv-icon-${name}`);
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

export const place = (r, c) => `row ${r + 1}, column ${c + 1}`;
// Whether the competition is over: the view's result says so (the game has no phase for it).
export const over = (view) => Boolean(view.result);
// Words for a screen reader only (what a cell's look says: circled, crossed off, new).
export const unseen = (text) => node("span", { class: "visually-hidden" }, text);

// The symbols of the sheet in words: a line under a block's title (each symbol where it is drawn
// also says it, in its accessible name, or its row's or column's header).
export const WILD_WORDS = "a wild part: it matches any die";
export const IDEA_WORDS = "one mechanism over the four parts around it circles an Idea on its invention";
export const WRENCH_WORDS = "complete the row or column to earn it; wrenches pay for mechanisms";

export function legend(...keys) {
  return node(
    "p",
    { class: "uv-legend" },
    ...keys.map(([symbol, words]) => node("span", { class: "uv-key" }, symbol, ` ${words}`)),
  );
}

// A grid of the sheet as a table a screen reader walks cell by cell: a caption, a header for
// every row and column ("Row 2", "Column 3", read with each cell), and `cell(r, c)` filling each
// <td>. The headers and caption are for ears only: the eye sees the sheet as printed, whose
// cells are named in words ("row 2, column 3") wherever a choice is described. `after(r)` adds a
// cell at the end of row r (a journal's wrench), `below` a last row (the columns' wrenches).
export function sheetTable({ caption, rows, columns, cell, cls, after = null, below = null }) {
  const head = node(
    "tr",
    { class: "uv-heads" },
    node("td", { class: "uv-head" }),
    ...Array.from({ length: columns }, (_, c) =>
      node("th", { scope: "col", class: "uv-head" }, `Column ${c + 1}`),
    ),
    after ? node("th", { scope: "col", class: "uv-head" }, after.title) : null,
  );
  const body = Array.from({ length: rows }, (_, r) =>
    node(
      "tr",
      {},
      node("th", { scope: "row", class: "uv-head" }, `Row ${r + 1}`),
      ...Array.from({ length: columns }, (_, c) => cell(r, c)),
      after ? after.cell(r) : null,
    ),
  );
  const last = below
    ? node(
        "tr",
        { class: "uv-below" },
        node("th", { scope: "row", class: "uv-head" }, below.title),
        ...Array.from({ length: columns }, (_, c) => below.cell(c)),
        after ? node("td", { class: "uv-corner" }) : null,
      )
    : null;
  return node(
    "table",
    { class: `uv-table ${cls}` },
    node("caption", { class: "visually-hidden" }, caption),
    node("thead", {}, head),
    node("tbody", {}, ...body, last),
  );
}
