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

// The words an element shows (what is hidden from screen readers left out), on one line.
export function shownWords(element) {
  const copy = element.cloneNode(true);
  for (const hidden of copy.querySelectorAll("[aria-hidden='true']")) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

// A control's accessible name holds the words it shows, so that a person using speech says what
// they see: when its description (aria-label) does not, the name becomes "shown: description",
// and the description is also its tooltip.
export function nameHoldsWords(element) {
  const label = element.getAttribute("aria-label");
  const shown = shownWords(element);
  if (!label || !/[\p{L}\p{N}]/u.test(shown) || label.toLowerCase().includes(shown.toLowerCase())) return element;
  element.setAttribute("aria-label", `${shown}: ${label}`);
  if (!element.dataset.tip) element.dataset.tip = label;
  return element;
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
    return nameHoldsWords(element);
  }

  // A button for `action`: `content` is what it shows, `label` its full description (its
  // accessible name, holding the visible text, and its tooltip).
  button(action, content, label = null, cls = "") {
    const more = label && label !== content ? label : null;
    const attributes = { type: "button", class: `${this.cls} ${cls}`.trim(), "aria-label": more, tip: more };
    return this.mark(node("button", attributes, content), action);
  }

  // An action the same to a player as one already drawn as a button: it is carried by a hidden
  // button, so that the page still holds every legal action (and the person sees one choice).
  twin(action, text) {
    return this.mark(node("button", { type: "button", class: this.cls, hidden: true, tabindex: "-1" }, text), action);
  }

  unshown() {
    return this.list.filter((action) => !this.shown.has(key(action)));
  }
}

// Actions that read the same to a player (two dice of the same value offer the same charge),
// grouped by `sameness`: each group's first is drawn as a button, the others as its `twin`.
export function twins(actions, sameness) {
  const groups = new Map();
  for (const action of actions) {
    const value = sameness(action);
    if (!groups.has(value)) groups.set(value, []);
    groups.get(value).push(action);
  }
  return [...groups.values()];
}

// Every game page: the "How to play" panel above the board, the phone's way to the chat.
function setUpPage() {
  const board = document.getElementById("board");
  const page = document.querySelector("[data-game]");
  if (board && page) howToPlay(board, page.dataset.game);
  chatJump(board);
}

setUpPage();
