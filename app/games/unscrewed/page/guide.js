// UNSCREWED's "How to play": the basics, and the tours for the decisions a first game meets
// (static/js/guide.js shows them).

import { action, hasAny } from "../../js/guides/at.js";

const MAP = [".us-map-box", ".us-board-map"];
const FAN = [".us-map .us-space-fan", ".us-legend li:has(.us-space-fan)"];

export default {
  name: "UNSCREWED",
  basics: [
    ["The aim", "Be the last character standing on a map that shrinks each round."],
    ["A round", "Everyone secretly puts three of their six action cards into their scheme. Then the schemes are "
      + "flipped one card at a time, in Dibs order."],
    ["Action cards", "North, East, South, West move you a space. Improvise draws an Improv card (often an attack "
      + "you aim). Again repeats your previous card."],
    ["Danger", "Falling off the edge, holes, bombs, anvils and crush spots kill. Fans blow you along; "
      + "pushing moves whatever is in the way."],
    ["Aftermath", "Fans blow, bombs are checked, crush spots fall, and a cover shrinks the map. "
      + "The map's key beside it says what each space does."],
  ],
  kinds: [
    {
      kind: "character",
      name: "choosing a character",
      offer: "See how the game starts.",
      when: (types) => types.has("character"),
      steps: [
        { at: ".us-characters", title: "Your character",
          text: "Pick the character you play: your piece on the map. The last one standing wins." },
        { at: MAP, title: "The map",
          text: "Each round everyone moves at once, by secret plans. Falling off the edge, into a hole or a fan "
            + "kills you, and the map shrinks every round." },
      ],
    },
    {
      kind: "spawn",
      name: "spawning on the map",
      offer: "See how to pick a starting space.",
      when: (types) => types.has("spawn"),
      steps: [
        { at: action("spawn"), title: "Where to start",
          text: "Tap a highlighted space to put your character there. Spaces marked as the next cover vanish "
            + "when the map shrinks after the round: better not start on one." },
        { at: ".us-legend", title: "The map key",
          text: "What each space and token does, written beside its picture." },
        { at: FAN, title: "Fans",
          text: "A fan kills whatever enters it, and after each round it blows everything in its line one space "
            + "its way: keep away from its front." },
      ],
    },
    {
      kind: "scheme",
      name: "scheming your cards",
      offer: "See how to plan a round.",
      when: (types) => types.has("scheme"),
      steps: [
        { at: ".us-hand", title: "Your action cards",
          text: "North, East, South, West move you one space; Improvise draws a surprise card, often an attack; "
            + "Again repeats your card before." },
        { at: ".us-mine .us-slots", title: "Your scheme",
          text: "Pick three cards, in order, into these slots: slot 1 is played first. Nobody sees them until "
            + "they are flipped." },
        { at: MAP, title: "Plan on the map",
          text: "Everyone's first cards are played, then the second, then the third. Others may push you, so keep "
            + "away from edges, holes and fans." },
        { at: FAN, title: "Fans blow",
          text: "After the three cards, fans blow everything in their line one space: count that in." },
      ],
    },
    {
      kind: "lock",
      name: "locking in your scheme",
      offer: "See how to finish your scheme.",
      when: (types) => types.has("lock"),
      steps: [
        { at: ".us-mine .us-slots", title: "Check the order",
          text: "Your three cards play top to bottom. Take back the last one to change it." },
        { at: action("lock"), title: "Lock in",
          text: "Press Lock in when you are sure. The round starts once everyone has locked in." },
      ],
    },
    {
      kind: "aim",
      name: "aiming an attack",
      offer: "See how to aim.",
      when: (types) => types.has("aim"),
      steps: [
        { at: ".us-decide", title: "Your Improv card",
          text: "Improvise drew this card: what it does is written on it." },
        { at: action("aim"), title: "Pick a direction",
          text: "Point at (or focus) a direction to see on the map which spaces it hits, then press it." },
        { at: MAP, title: "The targets",
          text: "The marked spaces are hit. Characters hit are often pushed, into the edge or a hole if you aim "
            + "well." },
      ],
    },
    {
      kind: "direction",
      name: "choosing a direction",
      offer: "See how to pick a direction.",
      when: (types) => hasAny(types, "direction", "shift"),
      steps: [
        { at: ".us-decide", title: "Which way",
          text: "A card asks you which way to move. The question says what happens." },
        { at: [action("direction"), action("shift")], title: "Choose",
          text: "Press a direction; Stay keeps you where you are. Check the map first for edges and holes." },
      ],
    },
    {
      kind: "quirk",
      name: "Quirks",
      offer: "What is a Quirk?",
      when: (types) => hasAny(types, "keep_quirk", "discard_quirk"),
      steps: [
        { at: ".us-decide", title: "Quirks",
          text: "A Quirk is a lasting oddity of your character, good or bad, and can give you a Goal. Read each "
            + "one, then keep the one that suits you." },
        { at: [action("keep_quirk"), action("discard_quirk")], title: "Choose",
          text: "Press Keep (or Discard) under the Quirk you choose. Your Quirks are listed with your scheme." },
      ],
    },
    {
      kind: "choice",
      name: "an Improv card's choice",
      offer: "See how to answer this.",
      when: (types) => hasAny(types, "friend", "plan", "call", "order", "pick_improv", "master_plan"),
      steps: [
        { at: ".us-decide", title: "A choice",
          text: "A card asks you to choose. What it asks is written here." },
        { at: [".us-decide [data-action]", "#board [data-action]"], title: "Your answer",
          text: "Press a button here, or a highlighted space on the map when the question is about a place." },
      ],
    },
  ],
};
