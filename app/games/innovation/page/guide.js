// Innovation's "How to play": the basics, and the tours for the decisions a first game meets
// (static/js/guide.js shows them).

import { action, hasAny } from "../../js/guides/at.js";

const QUESTION = "[data-guide=question]";

export default {
  name: "Innovation",
  basics: [
    ["The aim", "Claim achievements first: 6 of them with 2 players, 5 with 3, 4 with 4."],
    ["A turn",
      "Two actions (the first player's first turn: one): draw a card, meld one from your hand onto your board, "
      + "achieve, or use a dogma."],
    ["Dogma", "Use the effects of one of your top cards. Players with at least as many of its icon "
      + "share it; a demand (I demand) hits players with fewer."],
    ["Splay", "Spreads a pile so that more of its icons show: left, right or up shows more each."],
    ["Tuck and score", "Tuck puts a card under a pile; score puts it face down in your score pile."],
    ["Achieving", "Needs 5 points per age in your score pile and a top card of that age or higher."],
  ],
  kinds: [
    {
      kind: "opening",
      name: "the opening",
      offer: "See how the game starts.",
      when: (types) => types.has("pick"),
      steps: [
        { at: ".in-hand", title: "Your first two cards",
          text: "Everyone starts with two age-1 cards. Point at a card, or press and hold it, to read what it does." },
        { at: action("pick"), title: "Pick one to meld",
          text: "The card you pick goes face up on your board; the other stays in your hand. The first title in "
            + "alphabetical order plays first." },
      ],
    },
    {
      kind: "turn",
      name: "your two actions",
      offer: "See what your actions do.",
      when: (types) => types.has("draw"),
      steps: [
        { at: ".in-turn", title: "Two actions",
          text: "Each turn you take two actions (the very first turn: one). Each can be draw, meld, achieve or "
            + "dogma, the same one twice if you like." },
        { at: ".in-hand", title: "Meld",
          text: "Meld puts a card from your hand on top of the pile of its color on your board. Only top cards "
            + "count: their icons and their dogmas." },
        { at: action("dogma"), title: "Dogma",
          text: "Dogma carries out the effects of one of your top cards (point at it to read them). Players with "
            + "at least as many of its icon do them too; an I demand hits players with fewer." },
        { at: action("draw"), title: "Draw",
          text: "Draw takes a card of the age of your highest top card into your hand: a new card to meld later." },
      ],
    },
    {
      kind: "achieve",
      name: "claiming an achievement",
      offer: "You can claim an achievement: see how.",
      when: (types) => types.has("achieve"),
      steps: [
        { at: action("achieve"), title: "Achieve",
          text: "An achievement of an age needs 5 points per age in your score pile and a top card of that age "
            + "or higher. Your points are not spent." },
        { at: ".in-achievements", title: "The race",
          text: "Whoever claims enough achievements first wins (the number is above the board). Claim one as "
            + "soon as you can: the others race for it too." },
      ],
    },
    {
      kind: "card",
      name: "choosing a card for a dogma",
      offer: "See how to answer this dogma.",
      when: (types) => types.has("card"),
      steps: [
        { at: QUESTION, title: "A dogma asks",
          text: "An effect being carried out asks you to choose. What it asks, and which card's effect it is, "
            + "is written here." },
        { at: action("card"), title: "The highlighted cards",
          text: "The cards you may choose are highlighted where they lie: in your hand, on your board or in your "
            + "score pile. Press one, or its Choose button under it." },
        { at: action("done"), title: "Or decline",
          text: "When the effect says 'you may', you can decline it." },
      ],
    },
    {
      kind: "color",
      name: "choosing a color or a splay",
      offer: "What does splaying do?",
      when: (types) => types.has("color"),
      steps: [
        { at: QUESTION, title: "Choose a pile",
          text: "The effect names what happens to the pile of the color you choose." },
        { at: ".in-mine", title: "Splaying",
          text: "A splay spreads a pile so the icons of the cards under its top show and count for you: left "
            + "shows a few, right more, up the most." },
        { at: action("color"), title: "Your answer",
          text: "Press a color to choose its pile." },
      ],
    },
    {
      kind: "question",
      name: "answering a dogma's question",
      offer: "See how to answer this.",
      when: (types) => hasAny(types, "yes", "age", "player", "icon"),
      steps: [
        { at: QUESTION, title: "A dogma asks",
          text: "An effect being carried out needs your answer. The question and the card it comes from are "
            + "written here." },
        { at: [action("yes"), action("age"), action("player"), action("icon")], title: "Your answer",
          text: "Press one of the buttons to answer." },
      ],
    },
  ],
};
