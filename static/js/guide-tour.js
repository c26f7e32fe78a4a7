// A tour: a few short steps, each pointing at a real element of the page. The element is ringed
// (a thick dashed frame with a numbered tag, so not by colour alone) and the step's words sit
// beside it in a small dialog tied to it, kept on screen at any width. The dialog is not modal:
// the person may press the very control it points at. Focus moves into it when it opens, Escape
// closes it, and focus goes back where it was; each step's words are announced as they change.

import { node } from "./dom.js";

const MARGIN = 8; // px kept between the dialog and the window's edges
const GAP = 12; // px between the element and the dialog (room for the arrow)

// The first visible element for a step: `at` is a selector or a list of them, tried in order.
export function stepTarget(step, root = document) {
  for (const selector of [step.at].flat()) {
    if (!selector) continue;
    let found = [];
    try {
      found = root.querySelectorAll(selector);
    } catch {
      continue; // a selector this browser cannot read points at nothing
    }
    for (const element of found) {
      if (element.checkVisibility() && element.getClientRects().length) return element;
    }
  }
  return null;
}

// The sticky bar at the top covers what scrolls under it: the space it takes, in px.
function coveredAtTop() {
  const bar = document.getElementById("turn-bar");
  if (!bar || bar.hidden || getComputedStyle(bar).position !== "sticky") return 0;
  return Math.max(0, bar.getBoundingClientRect().bottom);
}

export class Tour {
  // `steps`: [{at, title, text}]; `title`: the tour's name (the dialog's label); `onEnd(how)`
  // is told "done" (Got it), "closed" (Escape) or "gone" (ended by the page: the decision went).
  constructor({ title, steps, onEnd = () => {}, more = null }) {
    this.title = title;
    this.steps = steps;
    this.onEnd = onEnd;
    this.more = more; // {label, open}: a way on from the last step (the game's basics)
    this.index = 0;
    this.target = null;
    this.returnTo = document.activeElement;
    this.frame = null;
    this.side = null; // where the dialog sits beside the element: "right", "below", ...
    this.build();
  }

  build() {
    const id = `guide-${Math.random().toString(36).slice(2, 8)}`;
    this.heading = node("h2", { class: "guide-title", id: `${id}-title` });
    this.words = node("p", { class: "guide-words", id: `${id}-words` });
    this.count = node("span", { class: "guide-count" });
    this.back = node("button", { type: "button", class: "guide-back quiet" }, "Back");
    this.next = node("button", { type: "button", class: "guide-next" }, "Next");
    this.done = node("button", { type: "button", class: "guide-done" }, "Got it");
    this.moreButton = this.more
      ? node("button", { type: "button", class: "guide-more quiet" }, this.more.label)
      : null;
    this.arrow = node("span", { class: "guide-arrow", "aria-hidden": "true" });
    // The step's words change in a polite live region, so that "Next" reads the new step.
    const said = node("div", { class: "guide-said", "aria-live": "polite" }, this.heading, this.words);
    this.box = node(
      "div",
      {
        class: "guide-pop",
        role: "dialog",
        "aria-modal": "false",
        "aria-label": this.title,
        "aria-describedby": `${id}-words`,
        tabindex: "-1",
      },
      this.arrow,
      said,
      node("div", { class: "guide-buttons" }, this.count, this.back, this.moreButton, this.next, this.done),
    );
    this.ring = node("div", { class: "guide-ring", "aria-hidden": "true" }, node("span", { class: "guide-tag" }));
    this.back.addEventListener("click", () => this.show(this.index - 1, this.back));
    this.next.addEventListener("click", () => this.show(this.index + 1, this.next));
    this.done.addEventListener("click", () => this.end("done"));
    if (this.moreButton) {
      this.moreButton.addEventListener("click", () => {
        this.end("done", false);
        this.more.open();
      });
    }
    this.keys = (event) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        this.end("closed");
      }
    };
    this.moved = () => {
      this.side = null;
      this.place();
    };
  }

  open() {
    document.body.append(this.ring, this.box);
    document.addEventListener("keydown", this.keys);
    window.addEventListener("resize", this.moved);
    this.show(0, null);
    this.box.focus();
    const follow = () => {
      this.place();
      this.frame = requestAnimationFrame(follow);
    };
    this.frame = requestAnimationFrame(follow);
    return this;
  }

  get isOpen() {
    return this.box.isConnected;
  }

  // Step `index`; `pressed` is the button that asked (focus stays on it while it is shown).
  show(index, pressed) {
    this.index = Math.max(0, Math.min(index, this.steps.length - 1));
    const step = this.steps[this.index];
    const last = this.index === this.steps.length - 1;
    this.heading.textContent = step.title;
    this.words.textContent = step.text;
    this.count.textContent = `${this.index + 1} of ${this.steps.length}`;
    this.ring.firstChild.textContent = String(this.index + 1);
    this.back.hidden = this.index === 0;
    this.next.hidden = last;
    if (this.moreButton) this.moreButton.hidden = !last;
    this.done.classList.toggle("quiet", !last);
    this.retarget(true);
    if (pressed && pressed.hidden) (last ? this.done : this.next).focus();
  }

  // Find the step's element again (the board is drawn anew after each move); with `scroll`,
  // bring it into sight below the sticky bar.
  retarget(scroll = false) {
    const target = stepTarget(this.steps[this.index]);
    if (this.target && this.target !== target) this.target.removeAttribute("data-guide-now");
    if (target !== this.target || scroll) this.side = null;
    this.target = target;
    if (target) target.setAttribute("data-guide-now", String(this.index + 1));
    if (target && scroll) this.bringIntoSight(target);
    this.place();
  }

  bringIntoSight(target) {
    const box = target.getBoundingClientRect();
    const top = coveredAtTop() + MARGIN;
    const room = window.innerHeight - top;
    const popHeight = this.box.offsetHeight || 180;
    if (box.top >= top && box.bottom + popHeight + GAP <= window.innerHeight) return;
    // A tall element shows from its top; a short one with room for the dialog below it.
    const lead = box.height + popHeight + GAP > room ? 0 : Math.max(0, (room - box.height - popHeight - GAP) / 3);
    window.scrollBy({ top: box.top - top - lead, behavior: "instant" });
  }

  // The ring over the element, and the dialog beside it: below when it fits, else above, else
  // over the bottom of the window; across, centred on the element and kept inside the window.
  place() {
    if (!this.isOpen) return;
    const target = this.target && this.target.isConnected ? this.target : null;
    if (!target) {
      this.ring.hidden = true;
      this.arrow.hidden = true;
      this.setBox((window.innerWidth - this.box.offsetWidth) / 2, window.innerHeight - this.box.offsetHeight - MARGIN);
      return;
    }
    const box = target.getBoundingClientRect();
    this.ring.hidden = false;
    Object.assign(this.ring.style, {
      left: `${box.left - 4}px`,
      top: `${box.top - 4}px`,
      width: `${box.width + 8}px`,
      height: `${box.height + 8}px`,
    });
    const width = this.box.offsetWidth;
    const height = this.box.offsetHeight;
    const places = this.places(box, width, height).filter((place) => place.fits);
    // The side chosen stays while it fits (no jumping about); a new one covers fewest controls.
    let place = places.find((candidate) => candidate.side === this.side);
    if (!place) {
      const covered = places.map((candidate) => this.controlsUnder(candidate, width, height));
      place = places[covered.indexOf(Math.min(...covered))];
      this.side = place.side;
    }
    const { x, y, side, middle, centre } = place;
    this.setBox(x, y);
    this.box.dataset.side = side;
    this.ring.dataset.side = side; // the ring's number stays clear of the dialog
    this.arrow.hidden = side === "over";
    if (side === "right" || side === "left") {
      this.arrow.style.left = "";
      this.arrow.style.top = `${Math.max(14, Math.min(middle - y, height - 14))}px`;
    } else {
      this.arrow.style.top = "";
      this.arrow.style.left = `${Math.max(14, Math.min(centre - x, width - 14))}px`;
    }
  }

  // Where the dialog may go beside the element's `box`, in order of preference, and whether it
  // fits in the window there (below the sticky bar).
  places(box, width, height) {
    const top = coveredAtTop();
    const [wide, high] = [window.innerWidth, window.innerHeight];
    const middle = Math.max(box.top, top) + (Math.min(box.bottom, high) - Math.max(box.top, top)) / 2;
    const across = (x) => Math.max(MARGIN, Math.min(x, wide - width - MARGIN));
    const down = (y) => Math.max(top + MARGIN, Math.min(y, high - height - MARGIN));
    const centre = box.left + box.width / 2;
    const level = middle > top && middle < high;
    const at = (side, x, y, fits) => ({ side, x, y, fits, middle, centre });
    return [
      at("right", box.right + GAP, down(middle - 28), level && box.right + GAP + width <= wide - MARGIN),
      at("below", across(centre - width / 2), box.bottom + GAP, box.bottom + GAP + height <= high - MARGIN),
      at("above", across(centre - width / 2), box.top - GAP - height, box.top - GAP - height >= top + MARGIN),
      at("left", box.left - GAP - width, down(middle - 28), level && box.left - GAP - width >= MARGIN),
      at("over", across(centre - width / 2), high - height - MARGIN, true),
    ];
  }

  // How many of the board's controls the dialog would cover at `place`.
  controlsUnder(place, width, height) {
    let count = 0;
    for (const control of document.querySelectorAll("#board [data-action]")) {
      const r = control.getBoundingClientRect();
      if (!r.width || r.right < place.x || r.left > place.x + width) continue;
      if (r.bottom < place.y || r.top > place.y + height) continue;
      count += 1;
    }
    return count;
  }

  setBox(x, y) {
    const left = `${Math.round(x)}px`;
    const top = `${Math.round(y)}px`;
    if (this.box.style.left !== left) this.box.style.left = left;
    if (this.box.style.top !== top) this.box.style.top = top;
  }

  // Closed: by the person ("done", "closed") or by the page ("gone"). Focus goes back to where
  // it was when the tour opened (or `fallback`), when it was inside the dialog.
  end(how, giveFocusBack = true, fallback = null) {
    if (!this.isOpen) return;
    const hadFocus = this.box.contains(document.activeElement);
    cancelAnimationFrame(this.frame);
    document.removeEventListener("keydown", this.keys);
    window.removeEventListener("resize", this.moved);
    if (this.target) this.target.removeAttribute("data-guide-now");
    this.box.remove();
    this.ring.remove();
    if (giveFocusBack && hadFocus) {
      const back = this.returnTo && this.returnTo.isConnected ? this.returnTo : fallback;
      if (back) back.focus();
    }
    this.onEnd(how);
  }
}
