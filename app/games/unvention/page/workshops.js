// The sheet's four workshops around the hub, as printed: each a 5 x 5 table of parts (a screen
// reader hears "Row 1, Column 2, 5 circled"), with the Idea bulbs where four parts meet, and the
// hub holding the wrenches to spend.

import { plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { describe } from "./words.js";
import { IDEA_WORDS, PRINTED, SIGNS, WILD_WORDS, WORKSHOPS, icon, legend, sheetTable, unseen } from "./printed.js";

// A part's state, drawn as a shape (a ring, a stroke, a filled mechanism) and said in words.
const STATUS_WORDS = { crossed: "crossed off", free: "free", circled: "circled", used: "used in a mechanism" };
const WILD_HELP = "A wild part (?) matches any die.";

const SIDES = [
  [-1, 0, "t"],
  [1, 0, "b"],
  [0, -1, "l"],
  [0, 1, "r"],
];

// One part: its number and state, or the button of what can be done with it now (circle it,
// add it to the mechanism, spend a wrench on it), the other ways riding on hidden twins.
function partCell(view, w, r, c, status, actions, chosen, marks) {
  const number = PRINTED.workshops[w].parts[r][c];
  if (status === null) return node("td", { class: "uv-part uv-nopart" });
  const wild = number === "?";
  let cls = `uv-part uv-${status}`;
  if (wild) cls += " uv-wild";
  if (marks.fresh) cls += " uv-new";
  if (marks.building) cls += " uv-building";
  if (marks.edges) cls += marks.edges;
  // A wild part's help sits on its whole cell (a 44 px square on a phone), found by hover and by
  // "?" on the cell's button.
  const part = node("td", { class: cls, tip: wild ? WILD_HELP : null });
  const at = (a) => a.workshop === w && a.part[0] === r && a.part[1] === c;
  const circles = actions.of("circle", at);
  const add = actions.one("build_add", at);
  const spend = actions.one("spend_wrench", at);
  // With "a wrench" chosen (or nothing else to do here), the wrench is this part's button.
  const byWrench = spend && (chosen.by === "wrench" || (!circles.length && !add));
  if (byWrench) {
    part.append(node("span", { class: "uv-plabel", "aria-hidden": "true" }, String(number)));
    part.append(actions.button(spend, icon("wrench"), describe(view, spend), "uv-spend"));
    for (const a of circles) part.append(actions.twin(a, String(a.number)));
    if (add) part.append(actions.twin(add, String(number)));
  } else if (circles.length === 1) {
    part.append(actions.button(circles[0], String(number), describe(view, circles[0]), "uv-pbutton"));
  } else if (circles.length > 1) {
    const now = circles.find((a) => a.number === chosen.circle) || circles[0];
    const says = `${describe(view, now)} (?=${now.number})`;
    part.append(actions.button(now, `?=${now.number}`, says, "uv-pbutton uv-wild-as"));
    for (const a of circles) if (a !== now) part.append(actions.twin(a, String(a.number)));
  } else if (add) {
    part.append(actions.button(add, String(number), describe(view, add), "uv-pbutton uv-addable"));
  } else {
    part.append(
      node("span", { class: "uv-pnumber" }, String(number)),
      unseen(
        ` ${wild ? "wild, " : ""}${STATUS_WORDS[status]}${marks.fresh ? ", this turn" : ""}`
          + `${marks.building ? ", in the mechanism being built" : ""}`,
      ),
    );
  }
  if (spend && !byWrench) part.append(actions.twin(spend, "wrench"));
  return part;
}

function workshopBox(view, state, player, w, actions, chosen) {
  const printed = PRINTED.workshops[w];
  const rows = player.workshops[w];
  const asking = player.asking || {};
  const circledNow = new Set((asking.circled || []).filter(([s]) => s === w).map(([, r, c]) => `${r},${c}`));
  const building =
    asking.building && asking.building.workshop === w
      ? new Set(asking.building.parts.map(([r, c]) => `${r},${c}`))
      : new Set();
  // Which mechanism each used part is in, to outline mechanisms and find captured Ideas.
  const owner = new Map();
  player.mechanisms.forEach((m, k) => {
    if (m.workshop === w) for (const [r, c] of m.parts) owner.set(`${r},${c}`, k);
  });
  const edges = (r, c) => {
    const k = owner.get(`${r},${c}`);
    if (k === undefined) return "";
    return SIDES.filter(([dr, dc]) => owner.get(`${r + dr},${c + dc}`) !== k)
      .map(([, , side]) => ` uv-edge-${side}`)
      .join("");
  };
  const table = sheetTable({
    caption: `${printed.title} workshop`,
    rows: 5,
    columns: 5,
    cls: `uv-wgrid uv-ws-${w}`,
    cell: (r, c) =>
      partCell(view, w, r, c, rows[r][c], actions, chosen, {
        fresh: circledNow.has(`${r},${c}`),
        building: building.has(`${r},${c}`),
        edges: edges(r, c),
      }),
  });
  const ideas = node("div", { class: "uv-wideas" });
  for (const [r, c] of printed.ideas) {
    const corners = [`${r},${c}`, `${r},${c + 1}`, `${r + 1},${c}`, `${r + 1},${c + 1}`].map((p) =>
      owner.get(p),
    );
    const captured = corners[0] !== undefined && corners.every((k) => k === corners[0]);
    const where = `rows ${r + 1}-${r + 2}, columns ${c + 1}-${c + 2}`;
    ideas.append(
      node(
        "span",
        { class: `uv-widea uv-at-r${r} uv-at-c${c}${captured ? " uv-captured" : ""}` },
        icon("idea", captured ? `Idea at ${where}: earned` : `Idea at ${where}: ${IDEA_WORDS}`),
      ),
    );
  }
  const crossed = (state.setup.crossed[w] || []).join(", ");
  const head = node(
    "h4",
    { class: `uv-workshop-head uv-ws-${w} uv-head-${printed.position}` },
    node("span", { class: "uv-sign", "aria-hidden": "true" }, SIGNS[w]),
    ` ${printed.title}`,
    crossed ? node("span", { class: "uv-sub" }, `${crossed} crossed off`) : null,
  );
  return [head, node("div", { class: `uv-wshop uv-grid-${printed.position}` }, table, ideas)];
}

export function workshops(view, state, player, actions, chosen) {
  const hub = node(
    "div",
    { class: "uv-hub" },
    icon("wrench"),
    node("strong", {}, String(player.wrenches.available)),
    unseen(` ${plural(player.wrenches.available, "wrench", "wrenches")} available`),
  );
  return node(
    "section",
    { class: "uv-block uv-shops-block", "aria-label": "Workshops" },
    node(
      "h3",
      { class: "uv-block-title" },
      "Workshops",
      node(
        "span",
        { class: "uv-sub" },
        `${plural(player.wrenches.available, "wrench", "wrenches")} to spend `,
        `(${player.wrenches.earned} earned, ${player.wrenches.spent} spent)`,
      ),
    ),
    legend(
      [node("span", { class: "uv-key-wild", "aria-hidden": "true" }, "?"), WILD_WORDS],
      [icon("idea"), `the bulb: ${IDEA_WORDS}`],
      [icon("wrench"), "the hub: wrenches to spend, one to circle any part"],
    ),
    // Headings outside, grids meeting at the hub, as printed: the hub sits where they meet.
    node(
      "div",
      { class: "uv-shops" },
      ...WORKSHOPS.flatMap((w) => workshopBox(view, state, player, w, actions, chosen)),
      hub,
    ),
  );
}
