// The picks made before a tap on the sheet (the number to write in a journal, what a wild part
// counts as, the turn of a mechanism, the dice or a wrench): what each is chosen among now, and
// the pickers that choose them. The choices themselves are kept by game.js, which draws again.

import { node } from "../../js/dom.js";
import { placedCells } from "./words.js";

// Each choice's accessible name says what it does and holds what it shows ("Write 3s, then tap
// a journal cell" on the button "3").
export const PICKS = {
  journal: { title: "Number to write", says: (n) => String(n), tells: (n) => `Write ${n}s, then tap a journal cell` },
  circle: { title: "A wild part counts as", says: (n) => String(n), tells: (n) => `Circle wild parts as ${n}s` },
  place: { title: "Turn of the mechanism", says: (o) => String(o + 1), tells: (o) => `Place it as shape ${o + 1}` },
  by: {
    title: "Circle with",
    says: (by) => (by === "wrench" ? "a wrench" : "the dice"),
    tells: (by) =>
      by === "wrench"
        ? "Circle with a wrench, then tap the part to spend it on"
        : "Circle with the dice, then tap a part to circle",
  },
};

// "Number to write: [1] [3] [5]", the chosen one pressed (`chosen`, game.js's choices, the one
// `choosePick` sets); nothing when there is one choice.
export function picker(kind, offered, chosen, choosePick, drawing = () => null) {
  if (offered.length < 2) return null;
  const { title, says, tells } = PICKS[kind];
  return node(
    "div",
    { class: `uv-picker uv-picker-${kind}`, role: "group", "aria-label": title },
    node("span", { class: "uv-picker-title" }, `${title}:`),
    ...offered.map((value) => {
      const button = node(
        "button",
        {
          type: "button",
          class: "uv-pick-choice",
          "aria-pressed": value === chosen[kind] ? "true" : "false",
          "aria-label": tells(value),
          dataset: { pick: `${kind}:${value}` },
        },
        says(value),
        drawing(value),
      );
      button.addEventListener("click", () => choosePick(kind, value));
      return button;
    }),
  );
}

// What each kind of pick is chosen among now: the numbers of the journal's writes, the numbers a
// wild part can be circled as, the turns offered where a cell has several.
export function offers(actions, player) {
  const several = (list, where) => {
    const at = new Map();
    for (const action of list) at.set(where(action), (at.get(where(action)) || 0) + 1);
    return list.filter((action) => at.get(where(action)) > 1);
  };
  const distinct = (values) => [...new Set(values)].sort((a, b) => a - b);
  const circles = several(actions.of("circle"), (a) => `${a.workshop},${a.part}`);
  const places = several(actions.of("build_place"), (a) => {
    const covered = placedCells(player, a);
    return `${a.invention},${covered ? covered[0] : a.at}`;
  });
  return {
    journal: distinct(actions.of("journal").map((a) => a.number)),
    circle: distinct(circles.map((a) => a.number)),
    place: distinct(places.map((a) => a.orientation || 0)),
    by: actions.of("spend_wrench").length && (actions.of("circle").length || actions.of("build_add").length)
      ? ["dice", "wrench"]
      : [],
  };
}
