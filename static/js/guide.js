// Each game's "How to play" panel: a first game's worth of the rulebook in plain words, folded
// above the board (open it, read, fold it again; the full rules are one link away in the menu).

import { node } from "./dom.js";

const GUIDES = {
  convolution: [
    ["The aim", "Win more of the 12 categories on the sheet than your opponent."],
    ["A turn", "One player rolls all eight dice; both of you then score that same roll, one category each. "
      + "Then the other player rolls. Each of you plays 9 turns."],
    ["The categories", "Red, Blue, Green, Yellow: the two dice of that color added up. 1st to 4th Highest: the "
      + "color totals from highest to lowest. Bluggard: all eight dice. Colors Total, Ranks Total and Grand Total "
      + "add themselves up."],
    ["Circled scores", "The first to play a category has their score circled: on a tie, the circle wins it. "
      + "Careful: the first to play a 12 in a category scores 1 (and 48 in the Bluggard scores 7)."],
    ["Your move", "Press Roll the dice when it is your roll, then press a number in your column to score it."],
  ],
  "nerdy-inventions": [
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
  innovation: [
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
  unscrewed: [
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
  unvention: [
    ["The aim", "Score the most points over three days (Friday, Saturday, Sunday) by presenting inventions."],
    ["A turn", "Five dice are rolled and split into groups. Write one group into a Journal (each number once per "
      + "row, column and square), and circle parts of the same numbers in a Workshop with another group."],
    ["On this page", "Choose the number at the top of your sheet (Number to write), then tap the cells to "
      + "write or circle it in. Press and hold anything to see what it means."],
    ["Wrenches", "Completing a row or column of a Journal earns a wrench. The wrenches pay for a mechanism."],
    ["Build a mechanism", "Press Build a mechanism, pick touching circled parts in one workshop, then place the "
      + "shape inside an invention. Parts with a bulb bring an Idea."],
    ["Present", "When a day ends, present an invention for points or keep it: variety of mechanism types, a "
      + "completion bonus (bigger earlier) and its own criterion times its multiplier x1 to x6."],
  ],
};

// The panel for `gameId`, put once above `board`.
export function howToPlay(board, gameId) {
  const guide = GUIDES[gameId];
  if (!guide || !board.parentElement || board.parentElement.querySelector(":scope > .how-to-play")) return;
  const panel = node(
    "details",
    { class: "how-to-play" },
    node("summary", {}, "How to play"),
    node("div", {}, ...guide.map(([title, text]) => [node("h3", {}, title), node("p", {}, text)])),
  );
  board.before(panel);
}
