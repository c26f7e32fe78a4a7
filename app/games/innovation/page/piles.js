// A board's five colour piles, as a list: each pile named by its colour (in words and by letter),
// how many cards and its splay, its top card, and the edges of the cards under it that the splay
// reveals (or how many lie hidden below).

import { node } from "../../js/dom.js";
import { plural } from "../../js/board.js";
import { COLORS, SPLAY_WORDS, colorMark, colorName, strip } from "./cards.js";
import { cardFace, cardOf } from "./components.js";
import { TERMS } from "./turn.js";

// One colour pile, an item of its board's list: its name (the colour in words and by letter, how
// many cards, the splay), its top card, and the edge of every card under it that the splay
// reveals (a list of its own).
function pile(actions, player, color, { size, mine }) {
  const entry = player.board[color];
  const cards = entry.cards;
  const splay = cards.length > 1 ? entry.splay : null;
  const label = node(
    "span",
    { class: "in-pile-label" },
    node(
      "span",
      { class: "in-pile-name" },
      node(
        "span",
        { class: "visually-hidden" },
        `${colorName(color)} pile, ${plural(cards.length, "card")}${cards.length ? `, top ${cards[0]}` : ""}`,
      ),
      colorMark(color),
      node("span", { "aria-hidden": "true" }, `${colorName(color)}, ${plural(cards.length, "card")}`),
    ),
    splay ? node("span", { class: "in-splay tip-term", tip: TERMS.splay }, SPLAY_WORDS[splay]) : null,
  );
  const item = (...parts) =>
    node("li", { class: `in-pile in-pile-${color}${mine ? " in-mine" : ""}`, "data-color": color }, ...parts);
  if (!cards.length) return item(label, node("span", { class: "in-empty-pile" }, "no pile"));
  const top = cardFace(actions, cards[0], { size });
  const under = cards.slice(1);
  const parts = [label];
  if (splay) {
    parts.push(
      node(
        "div",
        { class: `in-stack in-splay-${splay}` },
        node("div", { class: "in-top" }, top),
        node(
          "ul",
          { class: "in-strips", "aria-label": `Under ${cards[0]}, ${SPLAY_WORDS[splay]}` },
          ...under.map((name) => strip(cardOf(name), splay)),
        ),
      ),
    );
  } else {
    parts.push(node("div", { class: "in-stack" }, node("div", { class: "in-top" }, top)));
    if (under.length)
      parts.push(node("span", { class: "in-below" }, `${plural(under.length, "card")} hidden below`));
  }
  // Cards under the top one that the question lets you choose (some effects reach into piles).
  const deeper = under.flatMap((name) => (actions.one("card", (a) => a.card === name) ? [name] : []));
  if (deeper.length) {
    parts.push(
      node(
        "div",
        { class: "in-pile-actions" },
        ...deeper.map((name) => cardFace(actions, name, { size: "mini" })),
      ),
    );
  }
  return item(...parts);
}

// A board: the list of the five piles (an opponent's empty piles are only named, to save room).
export function boardOf(actions, player, { size, mine }) {
  const compact = size === "mini";
  const empty = COLORS.filter((color) => !player.board[color].cards.length);
  const shown = compact ? COLORS.filter((color) => !empty.includes(color)) : COLORS;
  return [
    node("h3", { class: "visually-hidden" }, "Piles"),
    shown.length
      ? node(
          "ul",
          { class: `in-board${compact ? " in-compact" : ""}`, "aria-label": "Piles" },
          ...shown.map((color) => pile(actions, player, color, { size, mine })),
        )
      : null,
    compact && empty.length
      ? node(
          "p",
          { class: "in-no-piles" },
          `No ${empty.join(", ")} ${empty.length === 1 ? "pile" : "piles"}`,
        )
      : null,
  ];
}
