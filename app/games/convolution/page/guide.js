// Convolution's "How to play": the basics, and the tours for the decisions a first game meets
// (static/js/guide.js shows them).

import { action, control } from "../../js/guides/at.js";
import { ACTIVE, table } from "./scoresheet.js";

// The categories the viewer may score now.
const open = (view) => view.legal.filter((a) => a.type === "score").map((a) => a.category);
const other = (view) => 1 - view.you;

// An open category where a 12 would be written as 1 (the first to play a 12 there scores 1).
const twelve = (view) => {
  const offers = table(view.state).offers;
  return open(view).find((category) => offers && offers[category] === 1 && !view.state.sheets[other(view)][category]);
};
// An open category the opponent already played (their score is circled).
const circled = (view) => open(view).find((category) => view.state.sheets[other(view)][category]);

export default {
  name: "Convolution",
  basics: [
    ["The aim", "Win more of the 12 categories on the sheet than your opponent."],
    ["A turn", "One player rolls all eight dice; both of you then score that same roll, one category each. "
      + "Then the other player rolls. Each of you plays 9 turns."],
    ["The categories", "Red, Blue, Green, Yellow: the two dice of that color added up. 1st to 4th Highest: the "
      + "color totals from highest to lowest. Bluggard: all eight dice. Colors Total, Ranks Total and Grand Total "
      + "add themselves up."],
    ["Circled scores", "The first to play a category has their score circled: on a tie, the circle wins it. "
      + "Careful: the first to play a 12 in a category scores 1 (and 48 in the Bluggard scores 7)."],
    ["Your move", "Press Roll the dice when it is your roll, then press a number in your column to score it."],
    ["The marks", "A circle around a score: played there first. A check mark: the score winning its row. "
      + "\"to play\" under a name: whose roll or turn it is."],
  ],
  kinds: [
    {
      kind: "roll",
      name: "rolling the dice",
      offer: "See how a roll works.",
      when: (types) => types.has("roll"),
      steps: [
        { at: action("roll"), title: "Your roll",
          text: "Press Roll the dice: all eight dice are rolled, two of each color." },
        { at: ".sheet", title: "One roll, two turns",
          text: "Then you and your opponent each score these same dice, one row each, in your own column." },
        { at: ".turn-info", title: "How long it lasts",
          text: "You take turns rolling, 9 rolls each. After 18 turns, who won more rows wins." },
      ],
    },
    {
      kind: "score",
      name: "scoring a category",
      offer: "See how to score this roll.",
      when: (types) => types.has("score"),
      steps: [
        { at: ".dice", title: "The dice",
          text: "Two dice of each color, each pair with its color's name. After the = sign comes that color's "
            + "total; the highest total comes first." },
        { at: (view) => `.sheet tr:has(${control("score", { category: open(view)[0] })})`, title: "Pick a row",
          text: "The numbers in your column are what each open row would score with these dice. Press one to "
            + "write it in: each row takes one score, once." },
        { at: ".sheet tbody th[data-tip]", title: "What a row adds up",
          text: "Not sure what a row counts? Point at its name, or press and hold it, to read what it adds up. "
            + "With the keyboard, press ? on a button of its row." },
        { at: ".sheet", title: "Winning rows",
          text: "Each row goes to the higher score of the two columns. Keep your big totals for the rows you "
            + "can still win." },
      ],
    },
    {
      kind: "circle",
      name: "beating a circled score",
      offer: "See what a circled score means.",
      when: (types, view) => types.has("score") && Boolean(circled(view)),
      steps: [
        { at: ".sheet .circled", title: "A circled score",
          text: "Whoever scores a row first gets a circle around it. On a tie, the circle wins the row." },
        { at: (view) => action("score", { category: circled(view) }), title: "Beat it or leave it",
          text: "To take this row you must score more than your opponent did. If you cannot, a low score here "
            + "costs you little: the row is lost anyway." },
      ],
    },
    {
      kind: "twelve",
      name: "the 12 that scores 1",
      offer: "Why does a 12 show as 1?",
      when: (types, view) => types.has("score") && Boolean(twelve(view)),
      steps: [
        { at: (view) => action("score", { category: twelve(view) }), title: "A 12 that scores 1",
          text: "The first player to write a 12 in a row writes 1 instead (a 48 in the Bluggard is written as 7). "
            + "The second player to write it keeps the 12." },
        { at: ".sheet", title: "Use it as a trap",
          text: "A 1 here is usually a lost row, unless your opponent can only score less than 1 there later. "
            + "Often it is better to let them write it first." },
      ],
    },
    {
      kind: "last",
      name: "the last rows",
      offer: "How to plan the last rolls.",
      when: (types, view) => types.has("score")
        && open(view).filter((category) => ACTIVE.includes(category)).length <= 3,
      steps: [
        { at: (view) => action("score", { category: open(view)[0] }), title: "Few rows left",
          text: "Each roll you have left fills exactly one of your open rows, so every row will get some score." },
        { at: ".sheet .won-row", title: "Count the rows",
          text: "Categories won counts the rows each of you is winning now. Score where it changes a row's owner, "
            + "and put a poor roll where the row is lost anyway." },
      ],
    },
  ],
};
