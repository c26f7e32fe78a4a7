// Unvention's "How to play": the basics, and the tours for the decisions a first game meets
// (static/js/guide.js shows them).

import { action, hasAny } from "../../js/guides/at.js";

// The dice's groups: the viewer's own line (which group went where) while choosing, else the roll.
const GROUPS = [".uv-turn .uv-groups-line", ".uv-roll"];

export default {
  name: "Unvention",
  basics: [
    ["The aim", "Score the most points over three days (Friday, Saturday, Sunday) by presenting inventions."],
    ["A turn", "Five dice are rolled and split into groups. Write one group into a Journal (each number once per "
      + "row, column and square), and circle parts of the same numbers in a Workshop with another group."],
    ["On this page", "Choose the number at the top of your sheet (Number to write), then tap the cells to "
      + "write or circle it in. Press and hold anything to see what it means (with the keyboard: ? on it). "
      + "With Tab, after each move the focus waits on the next cell you can fill."],
    ["Wrenches", "Completing a row or column of a Journal earns a wrench. The wrenches pay for a mechanism."],
    ["Build a mechanism", "Press Build a mechanism, pick touching circled parts in one workshop, then place the "
      + "shape inside an invention. Parts with a bulb bring an Idea."],
    ["Present", "When a day ends, present an invention for points or keep it: variety of mechanism types, a "
      + "completion bonus (bigger earlier) and its own criterion times its multiplier x1 to x6."],
  ],
  kinds: [
    {
      kind: "journal",
      name: "writing numbers in a journal",
      offer: "See how to write this roll's numbers.",
      when: (types) => types.has("journal"),
      steps: [
        { at: GROUPS, title: "The dice, in groups",
          text: "Everyone uses the same five dice. Equal numbers make a group; the numbers rolled once make "
            + "another. One group goes to a journal, another to a workshop." },
        { at: ".uv-picker-journal", title: "Which number",
          text: "Choose the number you write next. Writing it makes its group your journal group; another "
            + "group is then for the workshop." },
        { at: action("journal"), title: "Write it in",
          text: "Tap a cell to write the number. Each number at most once per row, column and 2×2 square, "
            + "like a Sudoku." },
        { at: ".uv-journals", title: "Wrenches and Ideas",
          text: "A full row or column earns the wrench beside it; wrenches pay for building. A full journal "
            + "earns an Idea (the bulb by its title)." },
      ],
    },
    {
      kind: "circle",
      name: "circling parts in a workshop",
      offer: "See how to circle parts.",
      when: (types) => types.has("circle"),
      steps: [
        { at: GROUPS, title: "The other group",
          text: "With a group you did not write in a journal, circle parts in one workshop: one part per die, "
            + "showing that die's number." },
        { at: action("circle"), title: "Circle a part",
          text: "Tap a highlighted part to circle it. A ? part is wild: it matches any die." },
        { at: ".uv-shops-block", title: "Why circle",
          text: "Circled parts that touch (side by side) can be built into a mechanism. A bulb where four parts "
            + "meet gives an Idea if all four are in one mechanism." },
      ],
    },
    {
      kind: "done",
      name: "ending your turn",
      offer: "When should you end your turn?",
      when: (types) => types.has("done"),
      steps: [
        { at: action("done"), title: "End turn",
          text: "Press End turn once you have written and circled what you want. Dice you did not use are lost; "
            + "the next roll comes when everyone has ended their turn." },
        { at: ".uv-score", title: "Your score",
          text: "Points come only from presenting inventions at the end of a day, and from tools. This table "
            + "adds them up." },
      ],
    },
    {
      kind: "build",
      name: "building a mechanism",
      offer: "See how building works.",
      when: (types) => types.has("build_start"),
      steps: [
        { at: action("build_start"), title: "Build a mechanism",
          text: "Once a turn you may pay wrenches to build: join touching circled parts of one workshop into a "
            + "mechanism of two or more parts." },
        { at: ".uv-shops-block", title: "Pick the parts",
          text: "After pressing Build, tap the circled parts of your mechanism, one by one; each must touch one "
            + "already chosen." },
        { at: ".uv-inventions", title: "Draw it in an invention",
          text: "Then tap where its shape goes in an invention, as it lies in the workshop. Filled inventions "
            + "score more when you present them." },
      ],
    },
    {
      kind: "building",
      name: "placing a mechanism",
      offer: "See how to finish this mechanism.",
      when: (types) => hasAny(types, "build_add", "build_place"),
      steps: [
        { at: ".uv-build", title: "Your mechanism",
          text: "This says what you have chosen so far, and its shape once it has two parts." },
        { at: [action("build_place"), action("build_add")], title: "Add or place",
          text: "Tap a touching circled part to add it, or a highlighted invention cell to draw the shape there." },
        { at: action("build_cancel"), title: "Start again",
          text: "Cancel drops the mechanism; nothing is spent." },
      ],
    },
    {
      kind: "idea",
      name: "placing an Idea",
      offer: "What does an Idea do?",
      when: (types) => types.has("idea"),
      steps: [
        { at: ".uv-idea-choice", title: "An Idea",
          text: "An Idea raises an invention's multiplier by one (x1 up to x6): its score is multiplied by it." },
        { at: ".uv-inventions", title: "Where it pays",
          text: "Put it on the invention you mean to fill and present: that is where a bigger multiplier pays." },
      ],
    },
    {
      kind: "cross",
      name: "a roll you cannot write",
      offer: "Why must you mark an X?",
      when: (types) => types.has("cross"),
      steps: [
        { at: action("cross"), title: "Mark an X",
          text: "No number of these dice fits your journals, so you mark an X in one empty cell. Its row's and "
            + "column's wrenches and that journal's Idea are lost: pick a cell whose row is hopeless anyway." },
        { at: ".uv-journals", title: "Why nothing fits",
          text: "A number may go only where its row, column and 2×2 square do not have it yet. Spreading numbers "
            + "over the three journals keeps room for later rolls." },
      ],
    },
    {
      kind: "present",
      name: "presenting inventions",
      offer: "See how presenting works.",
      when: (types) => hasAny(types, "present", "keep"),
      steps: [
        { at: ".uv-present", title: "Present or keep",
          text: "At the end of a day, present an invention for the points shown, or keep it to fill it more and "
            + "present it later." },
        { at: action("present"), title: "The points",
          text: "Earlier presentations get a bigger completion bonus; on Sunday a kept invention scores nothing." },
      ],
    },
  ],
};
