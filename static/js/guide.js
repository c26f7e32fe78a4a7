// Each game's "How to play": it follows the decision in front of the person. Every game names the
// kinds of decision a first game meets (guide.js in the game's page folder, served at
// /static/games/<game>/), each with a few steps that point at the real elements of the page;
// the game's basics in brief stay for when there is no decision (spectators, replays, someone
// else's turn).
//
// The first time a kind of decision comes up in this browser, a line beside "How to play" offers
// its tour ("New here? Show me how"): a line in the page's flow, announced politely, that neither
// takes the focus nor covers a control, so a person who knows the game is not held up and a
// newcomer is one press away. Once a tour is finished or dismissed (or the offer declined) it is
// not offered again for that game and kind (localStorage); an offer left unanswered stays for the
// rest of that table's game, and is not made at the next table. "How to play" always opens the
// tour for the decision now, or the basics.
//
// The page's state comes from the table's client (table.js keeps it in window.tinkertable); the
// guide looks again whenever the board is drawn.

import { node } from "./dom.js";
import { Tour, stepTarget } from "./guide-tour.js";

const KEY = "tinkertable.guide";

// The table's keys, the same in every game (table.js, tip.js, hint.js): listed in the basics.
const KEYS = [
  [
    "Tab, Shift+Tab",
    "Go to the next or the previous choice; after each move the next decision's first choice has the focus " +
      "(the prompt while the others play)",
  ],
  ["Enter or Space", "Make the choice that has the focus"],
  ["?", "What the focused choice, and the row and column it stands in, mean"],
  ["H", "A hint: what the good bot would do"],
  ["Ctrl+Z", "Take back your last move, while the table allows it"],
  ["Escape", "Put a help bubble or a hint away"],
  ["Skip to the game", "The page's first link: straight to your choices"],
];
const storageKey = (game, kind) => `${KEY}.${game}.${kind}`;

function remembered(game, kind) {
  try {
    return localStorage.getItem(storageKey(game, kind)) || "";
  } catch {
    return "seen"; // no storage (a private window's refusal): never nag
  }
}

function remember(game, kind, value) {
  try {
    localStorage.setItem(storageKey(game, kind), value);
  } catch {
    // nothing kept: the offer comes again next time
  }
}

// The decision in front of the person: the table's view when it is theirs to act on, else null.
function decisionView() {
  const client = window.tinkertable && window.tinkertable.client;
  const view = client && client.view;
  if (!view || view.you === null || view.you === undefined || view.result) return null;
  if (!Array.isArray(view.legal) || !view.legal.length) return null;
  return view;
}

// The kinds of `guide` that fit `view`, in the guide's order (the basic ones first).
function kindsFor(guide, view) {
  if (!view) return [];
  const types = new Set(view.legal.map((action) => action.type));
  return guide.kinds.filter((kind) => {
    try {
      return kind.when(types, view);
    } catch {
      return false;
    }
  });
}

// A kind's steps whose elements are on the page now (a step whose element is not drawn at this
// moment is left out rather than pointing at nothing).
function shownSteps(kind, view) {
  const where = (at) => {
    try {
      return typeof at === "function" ? at(view) : at;
    } catch {
      return null; // worked out from a view it does not fit: points at nothing
    }
  };
  return kind.steps.map((step) => ({ ...step, at: where(step.at) })).filter((step) => stepTarget(step));
}

class Guide {
  constructor(board, gameId, guide) {
    this.board = board;
    this.game = gameId;
    this.guide = guide;
    this.code = (document.getElementById("table") || {}).dataset?.code || "";
    this.tour = null;
    this.tourKind = null;
    this.offered = null;
    this.build();
  }

  build() {
    this.button = node(
      "button",
      { type: "button", class: "how-to-play-open", "aria-expanded": "false", "data-guide": "how-to-play" },
      "How to play",
    );
    this.offer = node("p", { class: "guide-offer", role: "status" });
    this.basics = node(
      "div",
      { class: "how-to-play-basics", id: `how-to-play-${this.game}`, hidden: true },
      node("h2", {}, `${this.guide.name} in brief`),
      ...this.guide.basics.map(([title, text]) => [node("h3", {}, title), node("p", {}, text)]),
      node("h3", {}, "Keys"),
      node(
        "dl",
        { class: "how-to-play-keys" },
        ...KEYS.map(([keys, what]) => [node("dt", {}, keys), node("dd", {}, what)]),
      ),
    );
    this.button.setAttribute("aria-controls", this.basics.id);
    this.panel = node(
      "section",
      { class: "how-to-play", "aria-label": "How to play" },
      node("div", { class: "how-to-play-bar" }, this.button, this.offer),
      this.basics,
    );
    this.board.before(this.panel);
    this.button.addEventListener("click", () => this.howToPlay());
  }

  // "How to play": the tour for the decision now (the one offered, else the first not seen, else
  // the most particular), or the basics when there is none.
  howToPlay() {
    if (this.tour && this.tour.isOpen) {
      this.tour.end("closed");
      return;
    }
    const view = decisionView();
    const kinds = kindsFor(this.guide, view);
    const order = [
      ...kinds.filter((k) => k === this.offered),
      ...kinds.filter((k) => remembered(this.game, k.kind) !== "seen"),
      ...kinds.slice().reverse(),
    ];
    if (order.some((kind) => this.startTour(kind, view))) return;
    this.showBasics(this.basics.hidden);
  }

  showBasics(open) {
    this.basics.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
    if (open) this.basics.scrollIntoView({ block: "nearest" });
  }

  startTour(kind, view) {
    const steps = shownSteps(kind, view);
    if (!steps.length) return false;
    this.hideOffer();
    this.showBasics(false);
    const returnTo = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    this.tourKind = kind;
    this.tour = new Tour({
      title: `How to play: ${kind.name}`,
      steps,
      more: {
        label: "The basics",
        open: () => {
          this.showBasics(true);
          this.button.focus(); // expanded: the basics follow it
        },
      },
      onEnd: (how) => {
        if (how !== "gone" || this.tour.index > 0) remember(this.game, kind.kind, "seen");
        this.tour = null;
        this.tourKind = null;
        this.update();
      },
    });
    this.tour.returnTo = returnTo && !this.offer.contains(returnTo) ? returnTo : this.button;
    this.tour.open();
    return true;
  }

  // The board was drawn again (a new view): the open tour follows its element or ends with its
  // decision; a kind met for the first time is offered.
  update() {
    const view = decisionView();
    const kinds = kindsFor(this.guide, view);
    // At a decision the button opens its tour (a dialog); else it unfolds the basics.
    if (kinds.length) this.button.setAttribute("aria-haspopup", "dialog");
    else this.button.removeAttribute("aria-haspopup");
    if (this.tour) {
      if (kinds.includes(this.tourKind)) this.tour.retarget();
      else this.tour.end("gone", true, this.button);
      return;
    }
    const fresh = kinds.find((kind) => {
      const state = remembered(this.game, kind.kind);
      return (state === "" || state === `offered:${this.code}`) && shownSteps(kind, view).length;
    });
    if (fresh) this.showOffer(fresh);
    else this.hideOffer();
  }

  showOffer(kind) {
    if (this.offered === kind) return;
    this.offered = kind;
    remember(this.game, kind.kind, `offered:${this.code}`);
    const show = node("button", { type: "button", class: "guide-show" }, "Show me how");
    const no = node("button", { type: "button", class: "guide-no quiet" }, "No thanks");
    show.addEventListener("click", () => {
      const view = decisionView();
      if (kindsFor(this.guide, view).includes(kind)) this.startTour(kind, view);
    });
    no.addEventListener("click", () => {
      remember(this.game, kind.kind, "seen");
      const hadFocus = this.offer.contains(document.activeElement);
      this.hideOffer();
      if (hadFocus) this.button.focus();
      this.update();
    });
    this.offer.replaceChildren(node("span", { class: "guide-new" }, `New here? ${kind.offer}`), " ", show, " ", no);
    this.offer.dataset.kind = kind.kind;
    this.offer.dataset.name = kind.name;
  }

  hideOffer() {
    if (!this.offered) return;
    this.offered = null;
    this.offer.replaceChildren();
    delete this.offer.dataset.kind;
    delete this.offer.dataset.name;
  }
}

// The "How to play" of `gameId`, put once above `board`. On a table's page it follows the
// decisions; on a replay (no table) it holds the basics only.
export async function howToPlay(board, gameId) {
  if (!board.parentElement || board.parentElement.querySelector(":scope > .how-to-play")) return null;
  let guide;
  try {
    guide = (await import(`../games/${gameId}/guide.js`)).default;
  } catch {
    return null;
  }
  if (board.parentElement.querySelector(":scope > .how-to-play")) return null;
  const shown = new Guide(board, gameId, guide);
  if (!document.getElementById("table")) return shown; // a replay: the basics only
  let pending = false;
  const look = () => {
    pending = false;
    shown.update();
  };
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(look);
  }).observe(board, { childList: true, subtree: true });
  look();
  return shown;
}
