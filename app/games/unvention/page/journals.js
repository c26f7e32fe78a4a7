// The sheet's three journals: each a 4 x 4 table of numbers (a screen reader hears "Row 2,
// Column 3, 5"), with the wrench beside each row and under each column, and the journal's Idea
// bulb by its title.

import { node } from "../../js/dom.js";
import { describe } from "./words.js";
import { WRENCH_WORDS, icon, legend, sheetTable, unseen } from "./printed.js";

const WRENCH_STATUS = { open: "not earned yet", earned: "earned", crossed: "crossed off" };
const IDEA_WORDS = {
  open: "its Idea is not earned yet",
  gained: "its Idea is earned",
  crossed: "its Idea is crossed off",
};

// A wrench beside a row or under a column: its state in its shape (grey outline, black, struck
// through) and in words; its help on hover (the legend above says it for everyone).
function wrench(status, where) {
  return node(
    "td",
    {
      class: `uv-wrench uv-wrench-${status}`,
      tip: `Wrench ${where}: ${WRENCH_STATUS[status]}. Completing the row or column earns it; `
        + "wrenches pay for mechanisms.",
    },
    icon("wrench", `Wrench ${where}: ${WRENCH_STATUS[status]}`),
  );
}

// One cell: its number, an X, or the button that writes the chosen number (the other numbers'
// writes ride on hidden twins).
function journalCell(view, journal, j, r, c, actions, chosen, fresh) {
  const value = journal.cells[r][c];
  let cls = "uv-jcell";
  if (c === 1) cls += " uv-qright";
  if (r === 1) cls += " uv-qbottom";
  if (r === 0) cls += " uv-jtop";
  if (c === 0) cls += " uv-jleft";
  if (r === 3) cls += " uv-jbottom";
  if (c === 3) cls += " uv-jright";
  if (fresh) cls += " uv-new";
  const cell = node("td", { class: cls });
  if (value === "X") {
    cell.classList.add("uv-x");
    cell.append("X", unseen(" (crossed off)"));
  } else if (value !== null) {
    cell.append(node("span", { class: "uv-jvalue" }, String(value)));
  } else {
    const writes = actions.of("journal", (a) => a.journal === j && a.cell[0] === r && a.cell[1] === c);
    const cross = actions.one("cross", (a) => a.journal === j && a.cell[0] === r && a.cell[1] === c);
    if (writes.length) {
      const now = writes.find((a) => a.number === chosen.journal);
      if (now) cell.append(actions.button(now, String(now.number), describe(view, now), "uv-jbutton"));
      else cell.classList.add("uv-other-number");
      for (const a of writes) if (a !== now) cell.append(actions.twin(a, String(a.number)));
    } else if (cross) {
      cell.append(actions.button(cross, "X", describe(view, cross), "uv-jbutton uv-cross"));
    }
  }
  // Written this turn: a dotted ring on the eye's side, words on the ear's.
  if (fresh && value !== null) cell.append(unseen(" (this turn)"));
  return cell;
}

function journalBox(view, player, j, actions, chosen, written) {
  const journal = player.journals[j];
  const crossed = player.asking && player.asking.crossed;
  const fresh = (r, c) =>
    written.has(`${j},${r},${c}`) || Boolean(crossed && crossed[0] === j && crossed[1] === r && crossed[2] === c);
  const table = sheetTable({
    caption: `Journal ${j + 1}`,
    rows: 4,
    columns: 4,
    cls: "uv-jgrid",
    cell: (r, c) => journalCell(view, journal, j, r, c, actions, chosen, fresh(r, c)),
    after: { title: "Row's wrench", cell: (r) => wrench(journal.rows[r], `beside row ${r + 1}`) },
    below: { title: "Column's wrench", cell: (c) => wrench(journal.columns[c], `under column ${c + 1}`) },
  });
  return node(
    "div",
    { class: `uv-journal${journal.complete ? " uv-complete" : ""}` },
    node(
      "h4",
      { class: "uv-journal-head" },
      `Journal ${j + 1}`,
      node(
        "span",
        {
          class: `uv-idea uv-idea-${journal.idea}`,
          tip: `Journal ${j + 1}: ${IDEA_WORDS[journal.idea]}. Completing a journal earns an Idea (the bulb) `
            + "for one of your inventions, raising its multiplier.",
        },
        icon("idea", IDEA_WORDS[journal.idea]),
      ),
      journal.complete ? node("span", { class: "uv-tag" }, "complete") : null,
    ),
    table,
  );
}

export function journals(view, player, actions, chosen) {
  const written = new Set(
    ((player.asking && player.asking.written) || []).map(([j, r, c]) => `${j},${r},${c}`),
  );
  return node(
    "section",
    { class: "uv-journals uv-block", "aria-label": "Journals" },
    node(
      "h3",
      { class: "uv-block-title" },
      "Journals",
      node("span", { class: "uv-sub" }, `${player.complete_journals} of 3 complete`),
    ),
    legend(
      [icon("wrench"), `a wrench: ${WRENCH_WORDS}`],
      [icon("idea"), "the bulb: complete the journal to earn an Idea for an invention"],
    ),
    node(
      "div",
      { class: "uv-journal-row" },
      ...[0, 1, 2].map((j) => journalBox(view, player, j, actions, chosen, written)),
    ),
  );
}
