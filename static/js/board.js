// What every game's board module needs: the viewer's legal actions drawn as controls carrying
// their exact JSON (data-action, sent by table.js alone), players' names, and counted words.

import { chatJump } from "./chat-jump.js";
import { node } from "./dom.js";
import { howToPlay } from "./guide.js";

// The text an action is known by on the page: its exact JSON.
export const key = (action) => JSON.stringify(action);

// "1 card", "2 cards", "2 wrenches".
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

export const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export function nameOf(view, seat) {
  const player = (view.players || []).find((p) => p.seat === seat);
  return player ? player.name : `Player ${seat + 1}`;
}

// "Ann", "Ann and Bob", "Ann, Bob and Cat".
export function namesOf(view, seats) {
  const list = seats.map((seat) => nameOf(view, seat));
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

// The engines write {seat0}, {seat1}, ... where a player's name goes.
export function withNames(view, text) {
  return String(text || "").replace(/\{seat(\d+)\}/g, (_, seat) => nameOf(view, Number(seat)));
}

// The accessible name of a control whose visible text is `text` and whose full description is
// `label`: the description when it already holds the visible words (so that speech users can say
// what they see), else both.
export function labelFor(text, label) {
  if (!label) return null;
  const seen = typeof text === "string" ? text.trim() : "";
  if (!seen || label.toLowerCase().includes(seen.toLowerCase())) return label;
  return `${seen}: ${label}`;
}

// The viewer's legal actions, looked up by where they are drawn. Every control made here carries
// its action's exact JSON; `unshown` lists those not drawn yet, for a fallback list. With `once`,
// `of` and `one` hand out only actions not drawn yet (a card shown in two places carries its
// choice in the first place drawn).
export class Actions {
  constructor(list, { cls = "action", once = false } = {}) {
    this.list = list || [];
    this.cls = cls;
    this.once = once;
    this.shown = new Set();
  }

  get any() {
    return this.list.length > 0;
  }

  find(test) {
    return this.list.filter((action) => test(action) && !(this.once && this.shown.has(key(action))));
  }

  of(type, test = () => true) {
    return this.find((action) => action.type === type && test(action));
  }

  one(type, test) {
    return this.of(type, test)[0] || null;
  }

  // `element` made the control of `action`.
  mark(element, action) {
    this.shown.add(key(action));
    element.dataset.action = key(action);
    return element;
  }

  // A button for `action`: `content` is what it shows, `label` its full description (its
  // accessible name, holding the visible text, and its tooltip).
  button(action, content, label = null, cls = "") {
    const name = labelFor(content, label);
    const button = node(
      "button",
      {
        type: "button",
        class: `${this.cls} ${cls}`.trim(),
        "aria-label": name,
        tip: label && name !== content ? label : null,
      },
      content,
    );
    return this.mark(button, action);
  }

  unshown() {
    return this.list.filter((action) => !this.shown.has(key(action)));
  }
}

// One button per distinct label: two dice of the same value offer the same choice twice, and
// one button (the first action) says it once.
export function distinct(actions, labelOf) {
  const seen = new Set();
  return actions.filter((action) => {
    const label = labelOf(action);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

// Every game page: the "How to play" panel above the board, the phone's way to the chat.
function setUpPage() {
  const board = document.getElementById("board");
  const page = document.querySelector("[data-game]");
  if (board && page) howToPlay(board, page.dataset.game);
  chatJump();
}

setUpPage();
