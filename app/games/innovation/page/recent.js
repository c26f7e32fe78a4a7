// What just happened: the cards revealed in the last action, and the recent log (this turn and
// the last) with card names in their colours and their colours' letters.

import { node } from "../../js/dom.js";
import { COLORS, colorMark } from "./cards.js";
import { CARDS, cardFace, cardOf } from "./components.js";

export function revealedBox(view, state, actions) {
  if (!state.revealed || !state.revealed.length) return null;
  return node(
    "section",
    { class: "in-section in-revealed", "aria-label": "Revealed" },
    node("h2", {}, "Revealed in the last action"),
    node(
      "ul",
      { class: "in-revealed-list" },
      ...state.revealed.map((name) => node("li", {}, cardFace(actions, name, { cls: "in-revealed" }))),
    ),
  );
}

// The recent log, with card names in their colours (and their colours' letters).
const CARD_NAMES = Object.keys(CARDS).sort((a, b) => b.length - a.length);
const CARD_PATTERN = CARD_NAMES.length
  ? new RegExp(`\\b(${CARD_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`, "g")
  : null;

function logLine(line) {
  const kind = /^Turn \d+/.test(line) ? "in-log-turn" : / activates /.test(line) ? "in-log-dogma" : null;
  const item = node("li", { class: kind });
  if (!CARD_PATTERN) {
    item.textContent = line;
    return item;
  }
  let at = 0;
  for (const match of line.matchAll(CARD_PATTERN)) {
    if (match.index > at) item.append(line.slice(at, match.index));
    const color = cardOf(match[0]).color;
    item.append(
      node(
        "strong",
        { class: `in-logcard in-text-${color}` },
        COLORS.includes(color) ? colorMark(color) : null,
        match[0],
      ),
    );
    at = match.index + match[0].length;
  }
  if (at < line.length) item.append(line.slice(at));
  return item;
}

// The log from the start of the previous turn on (at most LOG_LINES lines).
const LOG_LINES = 30;

export function logBox(view) {
  const all = view.log || [];
  const starts = all.flatMap((line, i) => (/^Turn \d+/.test(line) ? [i] : []));
  const from = starts.length >= 2 ? starts[starts.length - 2] : 0;
  const lines = all.slice(Math.max(from, all.length - LOG_LINES));
  if (!lines.length) return null;
  return node(
    "section",
    { class: "in-section in-recent", "aria-label": "This turn and the last" },
    node("h2", {}, "This turn and the last"),
    node("ol", { class: "in-log" }, ...lines.map(logLine)),
  );
}
