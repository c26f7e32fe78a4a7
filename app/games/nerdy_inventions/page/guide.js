// Nerdy Inventions' "How to play": the basics, and the tours for the decisions a first game meets
// (static/js/guide.js shows them).

import { action, control, hasAny } from "../../js/guides/at.js";

export default {
  name: "Nerdy Inventions",
  basics: [
    ["The aim", "Have the most points from your inventions and tool when the game ends."],
    ["A turn", "You roll three dice, then use, charge, research and build as often as you can and want. "
      + "End your turn when you are done: unused dice are lost."],
    ["Use", "Use the ability of an invention that stands upright, then it is tapped (turned sideways)."],
    ["Charge", "Pay a die at least as high as an invention's level to stand it up again."],
    ["Research", "Pay a die to move the card under that tile one place along the row."],
    ["Build", "Pay the dice a card asks for and take it. ⚙ means the value of the tile above the card. "
      + "A 6 can pay for any number."],
    ["The end", "When the deck runs out, the round is finished; the Zeppelin ends the game at once."],
  ],
  kinds: [
    {
      kind: "turn",
      name: "your turn",
      offer: "See what you can do with your dice.",
      when: (types) => types.has("end_turn"),
      steps: [
        { at: ".ni-dice-section", title: "Your dice",
          text: "You rolled three dice. Building, charging and research are paid with dice; using an invention "
            + "is free. Do them in any order, as often as you can." },
        { at: ".ni-row-section", title: "The invention row",
          text: "These are the inventions you can build. Each card says what it needs under Build; more points "
            + "and more kinds of invention make a better score." },
        { at: ".ni-mine", title: "Your inventions",
          text: "What you built sits here. Each card has an ability you may use once, then it is tapped until "
            + "you charge it." },
        { at: action("end_turn"), title: "End turn",
          text: "Press End turn when you are done. Dice you did not spend are lost, so use them first." },
      ],
    },
    {
      kind: "build",
      name: "building an invention",
      offer: "See how to build this card.",
      when: (types) => types.has("build"),
      steps: [
        { at: action("build"), title: "Build",
          text: "Your dice can pay for this card: press Build to take it into your inventions." },
        { at: `.ni-slot:has(${control("build")}) .ni-card-cost`, title: "What it costs",
          text: "Build: 4 + 2 needs a die showing 4 and another showing 2. Two dice never add up to pay one "
            + "number, and a 6 pays for any number." },
        { at: [`.ni-slot:has(${control("build")}) .ni-gear`, ".ni-gear"], title: "The ⚙ gear",
          text: "A ⚙ in a cost is worth the number of the tile above the card: ⚙ = 4 means a 4 (or a 6)." },
      ],
    },
    {
      kind: "pay",
      name: "paying for a build",
      offer: "See how to pay for it.",
      when: (types) => types.has("pay"),
      steps: [
        { at: ".ni-asking", title: "What is still owed",
          text: "The card's numbers are paid one at a time, in order. This box says which number is due now." },
        { at: action("pay"), title: "Pay with a die",
          text: "Press a die marked Pay to pay the number due. Only dice that can still finish the payment "
            + "are offered." },
        { at: action("cancel"), title: "Changed your mind?",
          text: "Cancel gives back the dice paid so far; nothing is built." },
      ],
    },
    {
      kind: "use",
      name: "using an invention",
      offer: "See what Use does.",
      when: (types) => types.has("use"),
      steps: [
        { at: action("use"), title: "Use",
          text: "Press Use to carry out the ability written on this card (point at the button to read it). "
            + "The card is then tapped: turned sideways." },
        { at: ".ni-mine", title: "Tapped cards",
          text: "A tapped invention cannot be used again until you charge it with a die at least as high as its "
            + "level." },
      ],
    },
    {
      kind: "charge",
      name: "charging an invention",
      offer: "See what Charge does.",
      when: (types) => types.has("charge"),
      steps: [
        { at: action("charge"), title: "Charge",
          text: "Pay a die at least as high as the card's level to stand it up again. Then you may use it again, "
            + "this same turn." },
        { at: ".ni-dice-section", title: "Worth a die?",
          text: "A die spent on charging is not spent on building: charge a card whose ability gains you more." },
      ],
    },
    {
      kind: "research",
      name: "research",
      offer: "See what Research does.",
      when: (types) => types.has("research"),
      steps: [
        { at: action("research"), title: "Research",
          text: "Pay this die to research the tile with its number: the card under that tile swaps places with "
            + "a card beside it." },
        { at: ".ni-row-section", title: "Why move a card",
          text: "A card's ⚙ cost is the number of the tile above it, so moving it changes what it costs, and "
            + "can bring it where your dice pay for it." },
      ],
    },
    {
      kind: "tool",
      name: "the tool",
      offer: "See what the tool does.",
      when: (types) => types.has("tool"),
      steps: [
        { at: action("tool"), title: "The tool",
          text: "Tap this invention to raise one of your dice by its level (to 6 at most), shown as "
            + "'die → new value'." },
        { at: ".ni-mine .ni-tool-slot", title: "Then pass it on",
          text: "After using the tool you pass it, upright, to a player who has none. It is worth a point to "
            + "whoever holds it at the end." },
      ],
    },
    {
      kind: "choice",
      name: "an invention's choice",
      offer: "See how to answer this.",
      when: (types) => hasAny(types, "choose_die", "choose_row", "choose_value", "choose_tool", "research_swap"),
      steps: [
        { at: ".ni-asking", title: "The question",
          text: "The ability or research you started asks one thing of you: it is written here." },
        { at: [action("choose_die"), action("choose_row"), action("choose_value"), action("choose_tool"),
          action("research_swap")], title: "Your answer",
        text: "Press one of the marked buttons to answer." },
        { at: action("cancel"), title: "Or cancel",
          text: "Cancel undoes what you started; nothing is spent." },
      ],
    },
    {
      kind: "pass_tool",
      name: "passing the tool",
      offer: "See who gets the tool.",
      when: (types) => types.has("pass_tool"),
      steps: [
        { at: action("pass_tool"), title: "Pass the tool",
          text: "You used the tool: now it goes, upright, to a player who has none. Press their name." },
        { at: ".ni-players", title: "Who has none",
          text: "Each player's inventions show their tool, or No tool. Whoever holds a tool at the end scores "
            + "its point." },
      ],
    },
  ],
};
