// The top of the board: the competition's days, this turn's dice (their groups, or a Eureka or a
// Quantum Leap) and who is still working; and the line of a roll's groups, which the turn box
// shows again with what went to the journal and what to the workshop.

import { nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { DAYS, DAY_TITLES, over, unseen } from "./printed.js";

export function header(view, state) {
  const presenting = state.presenting;
  const skipped = new Set(presenting ? presenting.skipped : []);
  const days = node(
    "ol",
    { class: "uv-days", "aria-label": "The competition's days" },
    ...DAYS.map((day, i) => {
      let cls = "uv-day";
      let note = "";
      if (skipped.has(day)) {
        cls += " uv-day-skipped";
        note = " (skipped)";
      } else if (i < state.day_number || over(view)) cls += " uv-day-past";
      else if (i === state.day_number) cls += " uv-day-now";
      return node(
        "li",
        { class: cls, "aria-current": i === state.day_number && !over(view) ? "date" : null },
        DAY_TITLES[day] + note,
      );
    }),
  );
  let status;
  if (over(view)) status = "The competition is over";
  else if (state.phase === "present") {
    const day = DAY_TITLES[presenting.day];
    status = presenting.final ? `End of ${day}: the last presentations` : `End of ${day}: presentations`;
  } else status = `${DAY_TITLES[state.day]}, turn ${state.turn}`;

  const roll = state.roll;
  const dice = node(
    "ul",
    { class: "uv-dice", "aria-label": `The dice: ${roll.dice.join(", ")}` },
    ...roll.dice.map((value) => node("li", { class: "uv-die" }, String(value))),
  );
  let kind;
  if (roll.kind === "eureka")
    kind = node(
      "p",
      { class: "uv-roll-kind uv-eureka" },
      "Eureka! Name any number to journal and any number to workshop.",
    );
  else if (roll.kind === "quantum_leap")
    kind = node(
      "p",
      { class: "uv-roll-kind uv-leap" },
      "Quantum Leap! Pick a workshop and two numbers; the build is free.",
    );
  else kind = groupsLine(roll.groups, null);

  const waiting = over(view) ? [] : state.waiting || [];
  const waitText = waiting.length ? `Still working: ${waiting.map((s) => nameOf(view, s)).join(", ")}` : "";
  return node(
    "header",
    { class: "uv-header" },
    node("div", { class: "uv-when" }, days, node("p", { class: "uv-status" }, status)),
    over(view) ? null : node("div", { class: "uv-roll" }, dice, kind),
    waitText ? node("p", { class: "uv-waiting" }, waitText) : null,
  );
}

// The groups of a roll; with a seat's turn record, which group went to the journal and which to
// the workshop, and what is left of each.
export function groupsLine(groups, asking, title = "Groups") {
  const items = groups.map((group, g) => {
    const tags = [];
    if (asking && asking.journal_group === g) {
      const left = asking.journal_left;
      tags.push(left.length ? `journal: ${left.join(" ")} still to write` : "journal");
    }
    if (asking && asking.workshop_group === g) {
      const left = asking.workshop_left || [];
      tags.push(left.length ? `workshop: ${left.join(" ")} still to circle` : "workshop");
    }
    const used = tags.length ? " uv-group-used" : "";
    const says = tags.length
      ? `The dice ${group.join(" ")} went to your ${tags.join("; ")}.`
      : `The dice ${group.join(" ")}: a group for a journal or a workshop.`;
    // What the group is for, said to a screen reader (the eye reads its tag).
    return node(
      "li",
      { class: `uv-group${used}` },
      node("span", { class: "uv-group-dice", "aria-hidden": "true" }, group.join(" ")),
      tags.length ? node("span", { class: "uv-group-tag", "aria-hidden": "true" }, tags.join("; ")) : null,
      unseen(says),
    );
  });
  return node(
    "div",
    { class: "uv-groups-line" },
    node("span", { class: "uv-groups-label" }, title),
    node("ul", { class: "uv-groups" }, ...items),
  );
}
