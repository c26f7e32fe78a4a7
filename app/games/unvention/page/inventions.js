// The sheet's three inventions: each with its criterion, its Idea circles (x1 to x6), its
// pattern as a table of cells (a screen reader hears "Row 2, Column 3, Hydraulic mechanism"),
// the completion bonus of each day and what it is worth. While a mechanism is placed, its
// placements are buttons on the cells; pointing at one lights up the cells it would cover.

import { plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { describe, placedCells } from "./words.js";
import { DAYS, DAY_TITLES, INVENTIONS, PRINTED, SIGNS, over, sheetTable, unseen } from "./printed.js";

const CRITERIA = {
  intricacy: "mechanisms used",
  synchrony: "uses of the most repeated shape",
  modularity: "different mechanism sizes",
};
// An invention's worth as the rulebook adds it up.
export const sum = (w) => `variety ${w.variety} + completion ${w.completion} + ${w.count} × x${w.multiplier}`;

const SIDES = [
  [-1, 0, "t"],
  [1, 0, "b"],
  [0, -1, "l"],
  [0, 1, "r"],
];

// One cell of the pattern: outside it, free, or a mechanism's (its workshop's colour and sign).
function patternCell(player, grid, r, c) {
  const value = grid[r][c];
  if (value === null) return node("td", { class: "uv-icell uv-out" });
  if (value === -1) return node("td", { class: "uv-icell uv-ifree" }, unseen("free"));
  const m = player.mechanisms[value];
  let cls = `uv-icell uv-mech uv-ws-${m.workshop}`;
  for (const [dr, dc, side] of SIDES) {
    const other = grid[r + dr] ? grid[r + dr][c + dc] : undefined;
    if (other !== value) cls += ` uv-edge-${side}`;
  }
  const title = `${PRINTED.workshops[m.workshop].title} mechanism of ${plural(m.parts.length, "part")}`;
  return node("td", { class: cls }, node("span", { "aria-hidden": "true" }, SIGNS[m.workshop]), unseen(title));
}

// The Idea circles x1 to x6, those earned filled and marked with a bulb's tick; their help on the
// list as a whole (one term, 24 px high or more), each circle's state in its words.
function ideaCircles(printed, entry) {
  return node(
    "ol",
    {
      class: "uv-circles",
      "aria-label": `Ideas: x${entry.ideas} of ${printed.idea_circles}`,
      tip: `With n Ideas here, this invention's own criterion scores × n (up to × ${printed.idea_circles}). `
        + "Ideas come from mechanisms built over a bulb and from completed journals.",
    },
    ...Array.from({ length: printed.idea_circles }, (_, i) => {
      const on = i < entry.ideas;
      return node(
        "li",
        { class: `uv-circle${on ? " uv-circle-on" : ""}` },
        `x${i + 1}`,
        unseen(on ? " circled" : " open"),
      );
    }),
  );
}

function inventionBox(view, state, player, slug, actions, chosenPlace, onPreview) {
  const printed = PRINTED.inventions[slug];
  const entry = player.inventions[slug];
  const grid = entry.grid;
  const cells = grid.map(() => []);
  const places = actions.of("build_place", (a) => a.invention === slug);
  // Each placement's button sits on the first cell it covers (top row, leftmost).
  const byCell = new Map();
  for (const action of places) {
    const covered = placedCells(player, action);
    if (!covered) continue;
    const [fr, fc] = covered[0];
    const at = `${fr},${fc}`;
    if (!byCell.has(at)) byCell.set(at, []);
    byCell.get(at).push({ action, covered });
  }
  const cell = (r, c) => {
    const td = patternCell(player, grid, r, c);
    const here = byCell.get(`${r},${c}`);
    if (here) {
      const now =
        here.length > 1 ? here.find(({ action }) => (action.orientation || 0) === chosenPlace) : here[0];
      td.classList.add(now ? "uv-target" : "uv-other-turn");
      for (const { action } of here) if (!now || action !== now.action) td.append(actions.twin(action, "+"));
      if (now) {
        const { action, covered } = now;
        const button = actions.button(action, "+", describe(view, action), "uv-ibutton uv-place");
        const show = () => onPreview(slug, covered, true);
        // The pointer gone, the placement the keyboard is on (if any) is lit again.
        const hide = () => {
          onPreview(slug, covered, false);
          document.activeElement?.showPreview?.();
        };
        button.showPreview = show;
        button.addEventListener("mouseenter", show);
        button.addEventListener("focus", show);
        button.addEventListener("mouseleave", hide);
        button.addEventListener("blur", hide);
        td.append(button);
      }
    }
    cells[r][c] = td;
    return td;
  };
  const table = sheetTable({
    caption: `${printed.title} pattern`,
    rows: grid.length,
    columns: grid[0].length,
    cls: `uv-igrid uv-cols-${grid[0].length}`,
    cell,
  });

  const today = DAYS[state.day_number];
  const now = (day) => (day === today && !over(view) ? ", today" : "");
  const bonusOn = (day) => `${DAY_TITLES[day]} ${printed.completion[day]}${now(day)}`;
  const bonus = node(
    "span",
    {
      class: "uv-bonus",
      tip: `Completion bonus if presented complete on ${DAYS.map(
        (day) => `${DAY_TITLES[day]} ${plural(printed.completion[day], "point")}`,
      ).join(", ")}. Complete: every cell filled with mechanisms.`,
    },
    "Completion ",
    ...DAYS.flatMap((day, i) => [
      i ? node("span", { "aria-hidden": "true" }, " / ") : null,
      node(
        "span",
        { class: `uv-bonus-day${now(day) ? " uv-bonus-now" : ""}`, "aria-hidden": "true" },
        String(printed.completion[day]),
      ),
    ]),
    unseen(` (${DAYS.map(bonusOn).join("; ")})`),
  );
  const types = entry.types.map((w) => PRINTED.workshops[w].title);
  let worth;
  if (entry.presented) {
    const p = entry.presented;
    worth = node(
      "p",
      { class: "uv-presented-line" },
      `Presented on ${DAY_TITLES[DAYS[p.day]]}: ${plural(p.total, "point")} (${sum(p)})`,
    );
  } else if (over(view)) {
    worth = node("p", { class: "uv-worth-line" }, "Never presented: it scored nothing.");
  } else {
    const w = entry.worth;
    worth = node(
      "p",
      { class: "uv-worth-line" },
      `If presented today: ${plural(w.total, "point")}${entry.complete ? " (complete)" : ""}`,
    );
  }
  const section = node(
    "div",
    {
      class: `uv-invention${entry.presented ? " uv-done-invention" : ""}${places.length ? " uv-can-place" : ""}`,
      role: "group",
      "aria-label": printed.title,
    },
    node("h4", { class: "uv-invention-head" }, printed.title),
    node(
      "p",
      { class: "uv-criterion" },
      `${printed.criterion_title}: ${CRITERIA[printed.criterion] || printed.criterion} × Ideas`,
    ),
    ideaCircles(printed, entry),
    // On a phone an eight-column grid whose every column can be tapped (44 px a cell) is wider
    // than the screen: it scrolls sideways in its own box, never the page.
    node("div", { class: "uv-igrid-scroll" }, table),
    node(
      "p",
      { class: "uv-facts" },
      `${entry.filled} of ${printed.cells} cells`,
      " · ",
      types.length ? `types: ${types.join(", ")}` : "no mechanisms yet",
      " · ",
      bonus,
    ),
    worth,
  );
  return { section, cells };
}

// `chosenPlace`: the turn of the mechanism chosen above the sheet (with the Torque).
export function inventions(view, state, player, actions, chosenPlace) {
  const drawn = {};
  // One placement lit at a time: the one pointed at, else the one the keyboard is on.
  const lit = new Set();
  const preview = (slug, covered, on) => {
    for (const cell of lit) cell.classList.remove("uv-preview");
    lit.clear();
    if (!on) return;
    for (const [r, c] of covered) {
      const cell = drawn[slug] && drawn[slug][r] && drawn[slug][r][c];
      if (cell) {
        cell.classList.add("uv-preview");
        lit.add(cell);
      }
    }
  };
  const boxes = INVENTIONS.map((slug) => {
    const { section, cells } = inventionBox(view, state, player, slug, actions, chosenPlace, preview);
    drawn[slug] = cells;
    return section;
  });
  const turning = actions.of("build_place").some((a) => "orientation" in a);
  return node(
    "section",
    { class: `uv-block uv-inventions${turning ? " uv-turning" : ""}`, "aria-label": "Inventions" },
    node("h3", { class: "uv-block-title" }, "Inventions"),
    node("div", { class: "uv-invention-row" }, ...boxes),
  );
}
