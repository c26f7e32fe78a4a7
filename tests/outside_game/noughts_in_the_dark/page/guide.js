// Noughts in the Dark's "How to play": the basics, and the tours for the decisions a first game
// meets (static/js/guide.js shows them).

import { action } from "../../js/guides/at.js";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

const other = (view) => 1 - view.you;
// The cells of `seat` as the viewer sees them (its own face-down mark included).
function marksOf(view, seat) {
  const state = view.state;
  const cells = state.cells.flatMap((owner, cell) => (owner === seat ? [cell] : []));
  return state.hidden[seat] === null ? cells : [...cells, state.hidden[seat]];
}
const placeable = (view) => view.legal.filter((a) => a.type === "place").map((a) => a.cell);
// A cell the viewer may place in that completes a line of `seat`'s marks.
function completing(view, seat) {
  const marks = new Set(marksOf(view, seat));
  const free = new Set(placeable(view));
  for (const line of LINES) {
    const missing = line.filter((cell) => !marks.has(cell));
    if (missing.length === 1 && free.has(missing[0])) return missing[0];
  }
  return undefined;
}
const winning = (view) => completing(view, view.you);
const blocking = (view) => completing(view, other(view));

export default {
  name: "Noughts in the Dark",
  basics: [
    ["The aim", "Three of your marks in a row, a column or a diagonal. A full board without a line is a draw."],
    ["A turn", "Place one mark on a cell that looks empty to you. The first player plays crosses."],
    ["Your hidden mark", "Once a game you may place your mark face down: your opponent sees that you did, "
      + "but not where. It counts for your lines."],
    ["Bumping", "Try a cell where the other's hidden mark lies, and it is turned face up: your turn is over."],
    ["Your move", "Press a cell to place your mark, or its small ? button to place your hidden mark there."],
  ],
  kinds: [
    {
      kind: "place",
      name: "placing a mark",
      offer: "See how to place a mark.",
      when: (types) => types.has("place"),
      steps: [
        { at: (view) => action("place", { cell: placeable(view)[0] }), title: "Your mark",
          text: "Press a cell that looks empty to place your mark there, face up for everyone to see." },
        { at: ".dark-grid", title: "Three in a row",
          text: "Three of your marks in a row, a column or a diagonal win the game." },
      ],
    },
    {
      kind: "hide",
      name: "your hidden mark",
      offer: "What is the ? in each cell?",
      when: (types) => types.has("hide"),
      steps: [
        { at: action("hide"), title: "Face down",
          text: "The ? places your mark face down instead: you can do that once a game." },
        { at: ".dark-players", title: "What they see",
          text: "Your opponent learns that your hidden mark is down, not where: to them the cell looks empty." },
        { at: ".dark-grid", title: "A line they cannot see",
          text: "Your hidden mark counts for your lines. Two in a line with one of them hidden is a trap." },
      ],
    },
    {
      kind: "their-hidden",
      name: "their hidden mark",
      offer: "Where is their hidden mark?",
      when: (types, view) => types.has("place") && view.state.face_down[other(view)],
      steps: [
        { at: ".dark-players", title: "Somewhere on the board",
          text: "Your opponent's hidden mark lies face down on one of the cells that look empty to you." },
        { at: ".dark-grid", title: "Bumping into it",
          text: "If you try its cell, it is turned face up and your turn is over. Think where it would hurt most." },
      ],
    },
    {
      kind: "block",
      name: "blocking a line",
      offer: "They have two in a line.",
      when: (types, view) => types.has("place") && blocking(view) !== undefined,
      steps: [
        { at: (view) => action("place", { cell: blocking(view) }), title: "Block it",
          text: "Your opponent has two in this line and the third cell looks empty: place your mark there." },
        { at: ".dark-grid", title: "Unless you win first",
          text: "If you can complete a line of your own this turn, do that instead: the game ends at once." },
      ],
    },
    {
      kind: "win",
      name: "completing a line",
      offer: "You can win now.",
      when: (types, view) => types.has("place") && winning(view) !== undefined,
      steps: [
        { at: (view) => action("place", { cell: winning(view) }), title: "Three in a row",
          text: "This cell completes a line of your marks (your hidden mark counts): place it to win." },
        { at: ".dark-grid", title: "Everything face up",
          text: "When the game ends, every hidden mark is turned face up." },
      ],
    },
  ],
};
