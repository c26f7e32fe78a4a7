// Innovation's board: the dogma's question with the cards that can be chosen lit up, the turn's
// actions (draw, meld, dogma with who would share or be demanded, achieve), your board as five
// piles showing their splays, your hand and score pile as readable cards, every opponent's board
// with the sizes and ages of their hidden cards, the supply, the achievements, the cards just
// revealed and the recent log. Card faces are drawn from the card list the server publishes
// (GET /api/games/innovation/components); the view names cards only.
// Every legal action is an element carrying its exact JSON in data-action, and nothing else on
// the page carries one; table.js sends them. Game text only goes in as text.
// The board reads as text too: each player's piles, hand, score pile and achievements are lists
// under headings, each pile named by its colour (in words and by letter) and its top card; every
// control is named by what it does in the game's words ("Meld Writing", "Dogma Archery").
// The parts are modules beside this one: the card data and a card as the page shows it
// (components.js), the header (header.js), the question and the opening (choices.js), the turn's
// actions (turn.js), the piles (piles.js), each player's area (players.js), your hand and score
// pile (hand.js), the supply and the achievements (supply.js), the revealed cards and the log
// (recent.js); here they are put together and drawn.

import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus, steady } from "../../js/steady.js";
import { Actions } from "../../js/board.js";
import { tallied } from "./tally.js";
import { CARDS, cardOf } from "./components.js";
import { dogmaBanner, header } from "./header.js";
import { answerName, finishQuestion, openingBox, optionText, questionBox } from "./choices.js";
import { turnBox } from "./turn.js";
import { opponentArea, ownArea } from "./players.js";
import { handBox, scoreBox } from "./hand.js";
import { tableBox } from "./supply.js";
import { logBox, revealedBox } from "./recent.js";

// --- drawing ---------------------------------------------------------------------------------

// The opening is picked by everyone at once, so the view can change while a player is pressing.
export const render = steady(draw);

// Where the keyboard's focus goes after a move (table.js asks): when a dogma asks for a card, the
// first card that can be chosen (the question's "Decline" comes before the cards on the page);
// otherwise the board's first control, as for any game.
export function firstChoice(board, view) {
  const asking = view && view.state && view.state.asking;
  if (!asking || asking.seat !== view.you) return null;
  const cards = [...board.querySelectorAll("button.in-choose[data-action]")];
  return cards.find((button) => !button.disabled && button.checkVisibility()) || null;
}

function draw(board, view, options) {
  const focused = focusedAction(board);
  const state = tallied(view.state, CARDS); // with the counts the view leaves to the page
  const you = view.you === undefined || view.you === null ? null : view.you;
  const actions = new Actions(you === null ? [] : view.legal, { cls: "in-act", once: true });
  const me = you === null ? null : state.players[you];
  const featured = state.dogma ? cardOf(state.dogma.card).dogma_icon : null;

  // Built in the order that decides where a card choice lands (first place drawn wins), then
  // laid out in reading order.
  const asked = questionBox(view, state, actions, Boolean(options?.replay)); // a replay: no instructions
  const opening = openingBox(view, state, actions);
  const own = me ? ownArea(view, state, actions, me, featured) : null;
  const hand = me ? handBox(view, state, actions, me) : null;
  const score = me ? scoreBox(view, state, actions, me) : null;
  const turn = me ? turnBox(view, state, actions, me) : null;
  const seats = state.players.map((p) => p.seat);
  const others = (you === null ? seats : seats.slice(you + 1).concat(seats.slice(0, you))).map((seat) =>
    opponentArea(view, state, actions, state.players[seat], featured),
  );
  const revealed = revealedBox(view, state, actions);
  finishQuestion(view, state, actions, asked);

  // Anything legal that found no place above still gets a button, described in words.
  const rest = actions.unshown();
  const extra = rest.length
    ? node(
        "div",
        { class: "in-choices" },
        ...rest.map((action) => {
          const text = optionText(view, action, state.asking);
          return actions.button(action, text, answerName(view, state.asking, text));
        }),
      )
    : null;

  const parts = [
    header(view, state),
    dogmaBanner(view, state),
    asked ? asked.box : null,
    opening,
    turn,
    extra,
    revealed,
    own,
    hand,
    score,
    others.length ? node("div", { class: "in-opponents" }, ...others) : null,
    tableBox(view, state),
    logBox(view),
  ];
  const root = node("div", { class: "in-root" }, ...parts.filter(Boolean));
  const old = board.firstElementChild;
  const glossaryOpen = old && old.querySelector(".in-glossary[open]");
  if (glossaryOpen) root.querySelector(".in-glossary")?.setAttribute("open", "");
  if (old && old.classList.contains("in-root") && sameShape(old, root)) {
    copyWords(old, root);
    return;
  }
  board.replaceChildren(root);
  restoreFocus(board, focused);
}

// A view that changes only words on the board (another player's opening pick, a count) changes
// them in place, so that the focus, an open tooltip and a screen reader's place stay where they
// are; any other change draws the board anew. The tooltip's own mark (aria-describedby) is not
// part of the shape.
function sameShape(drawn, fresh) {
  if (drawn.nodeType !== fresh.nodeType) return false;
  if (drawn.nodeType === Node.TEXT_NODE) return true;
  if (drawn.nodeType !== Node.ELEMENT_NODE) return drawn.isEqualNode(fresh);
  if (drawn.tagName !== fresh.tagName || drawn.childNodes.length !== fresh.childNodes.length) return false;
  const names = (element) =>
    element
      .getAttributeNames()
      .filter((name) => name !== "aria-describedby")
      .sort();
  const attributes = names(fresh);
  if (names(drawn).join(" ") !== attributes.join(" ")) return false;
  if (attributes.some((name) => drawn.getAttribute(name) !== fresh.getAttribute(name))) return false;
  return [...drawn.childNodes].every((child, i) => sameShape(child, fresh.childNodes[i]));
}

function copyWords(drawn, fresh) {
  if (drawn.nodeType === Node.TEXT_NODE) {
    if (drawn.data !== fresh.data) drawn.data = fresh.data;
    return;
  }
  drawn.childNodes.forEach((child, i) => copyWords(child, fresh.childNodes[i]));
}
