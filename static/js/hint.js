// Hints at the table: the "Hint" button beside the prompt (and the key H) asks the server what
// the good bot would do from this seat now (`{"type": "hint", "id"}`: docs/protocol.md). The
// answer's action is shown on the board itself: the very control the person would click is
// outlined, scrolled into sight and given the focus, with the bot's reason in a callout beside
// it. Nothing is played for them. The hint lasts while what they may do stays the same: a move
// (theirs, or one that changes their choices) or another hint takes it away, as do Escape and a
// click elsewhere. Where no control on the page holds the action, the callout sits by the
// prompt and says the action in words.

import { shownWords } from "./board.js";
import { hide as hideTip } from "./tip.js";

const GAP = 10; // px between the control and its callout, and the callout and the window's edges
const TEXT_ID = "hint-text"; // the callout's words: the hinted control's description
const RING = 6; // px the hinted control's ring reaches beyond it (site.css: .hinted)

// Refusals, in the table's words (the server's codes: docs/protocol.md).
const REFUSED = {
  hints_off: "Hints are off at this table.",
  not_your_decision: "Nothing to decide now.",
  busy: "Still thinking about your last hint…",
  conflict: "The game moved on before the hint came: ask again.",
  unavailable: "No hint just now: try again in a moment.",
};

// An action's JSON with every object's keys sorted: the server's order may differ from the
// page's, and two actions are the same when their canonical texts are.
export function canonical(value) {
  return JSON.stringify(value, (_, item) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.keys(item).sort().map((name) => [name, item[name]]))
      : item,
  );
}

const legalKey = (view) => (view && view.legal ? view.legal.map(canonical).sort().join("\n") : "");
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const visible = (element) => element.isConnected && element.checkVisibility();
// The nearest ancestor that would cut off a ring RING px wide around `element` (a map's space
// that hides what overflows it, a scrolling row), if any.
function clipper(element) {
  const box = element.getBoundingClientRect();
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const outer = up.getBoundingClientRect();
    if (box.left - RING < outer.left || box.top - RING < outer.top || box.right + RING > outer.right
      || box.bottom + RING > outer.bottom) return up;
  }
  return null;
}

// What carries the ring: the control; or, when it covers a box that would cut its ring off (a
// button laid over a map's space), that box; else the control, its ring drawn inside it.
function ringHolder(element) {
  const clip = clipper(element);
  if (!clip) return { holder: element, inset: false };
  const inner = element.getBoundingClientRect();
  const outer = clip.getBoundingClientRect();
  const covers = inner.left <= outer.left + 4 && inner.top <= outer.top + 4
    && inner.right >= outer.right - 4 && inner.bottom >= outer.bottom - 4;
  if (covers && !clipper(clip)) return { holder: clip, inset: false };
  return { holder: element, inset: true };
}

// "end your turn" -> "End your turn."
const sentence = (words) => {
  const text = words.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?…]$/.test(text) ? "" : "."}`;
};

const typing = (target) => target instanceof Element && target.closest("input, textarea, select, [contenteditable]");

// The control that carries `key` and can be seen: the one drawn with it, or, when that is a
// hidden twin (board.js: an action the same to the player as one drawn as a button), the button
// drawn for its group, which then takes the twin's action (they are the same to the player), so
// that a click plays exactly the hinted one.
export function controlOf(board, key) {
  const all = [...board.querySelectorAll("[data-action]")];
  const carriers = all.filter((element) => canonical(JSON.parse(element.dataset.action)) === key);
  const seen = carriers.find(visible);
  if (seen) return seen;
  for (const twin of carriers) {
    const action = JSON.parse(twin.dataset.action);
    const words = twin.textContent.trim();
    const partner = all.find(
      (element) =>
        element !== twin && visible(element) && !element.disabled &&
        JSON.parse(element.dataset.action).type === action.type && shownWords(element) === words,
    );
    if (partner) {
      twin.dataset.action = partner.dataset.action;
      partner.dataset.action = JSON.stringify(action);
      return partner;
    }
  }
  return null;
}

// The hints of this page. `client` is table.js's state; `send` sends a message and says whether
// it went; `seat()` is this page's seat (null: a visitor); `game` the game's page module, whose
// optional `showChoice(action)` first makes the action's control the one drawn (a pick, a tab)
// and whose optional `describe(view, action)` says an action in words.
export function setUpHints({ client, send, seat, game, board, button, note, said }) {
  let asked = null; // the id of the request waiting for its answer
  let shown = null; // { key, action, reason, element, legal } while a hint is on the page
  let callout = null;
  let placing = 0;
  let noteFor = null; // the choices the note by the prompt was said about

  const allowed = () => !client.lobby || !client.lobby.options || client.lobby.options.hints !== false;
  const playing = () => Boolean(client.view && !client.view.result && client.lobby?.status !== "open");

  function say(text) {
    said.textContent = "";
    requestAnimationFrame(() => {
      said.textContent = text;
    });
  }

  // The button: shown to a seated person at a table that allows hints while a game goes on,
  // enabled while they have something to decide; busy while a hint is on its way.
  function update() {
    if (!client.live) asked = null; // the answer is lost with the connection
    button.hidden = !(seat() !== null && allowed() && playing() && client.live);
    const deciding = Boolean(client.view && client.view.legal && client.view.legal.length);
    button.disabled = asked !== null || !deciding;
    button.setAttribute("aria-busy", asked !== null ? "true" : "false");
    button.textContent = asked !== null ? "Thinking…" : "Hint";
  }

  function ask() {
    if (seat() === null || !playing()) return;
    if (asked !== null) {
      showNote(REFUSED.busy);
      return;
    }
    const id = client.nextId++;
    clear();
    if (!send({ type: "hint", id })) {
      showNote("Not connected; try again in a moment.");
      return;
    }
    asked = id;
    update();
  }

  // H asks, unless the key is for a field being typed in (the chat). The server says why not
  // when there is nothing to ask about (hints off, not this seat's decision).
  function onKey(event) {
    if (event.key === "Escape") {
      if (shown || !note.hidden) clear();
      return;
    }
    if (event.key.toLowerCase() !== "h" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || event.repeat) return;
    if (seat() === null || !playing()) return;
    event.preventDefault();
    ask();
  }

  // A click anywhere but on the callout (or the Hint button) puts the hint away; a finger that
  // scrolls the page to look around it does not.
  function onClick(event) {
    if (!shown && note.hidden) return;
    const target = event.target;
    if (target instanceof Node && (callout?.contains(target) || button.contains(target) || note.contains(target))) {
      return;
    }
    clear();
  }

  // table.js hands over the hint's answers and the refusals of its requests; true when it was one.
  function receive(message) {
    if (message.ref === null || message.ref === undefined || message.ref !== asked) return false;
    asked = null;
    update();
    note.hidden = true;
    if (message.type === "error") {
      showNote(REFUSED[message.error] || message.message || "No hint now.");
      return true;
    }
    const key = canonical(message.action);
    const view = client.view;
    if (!view || !(view.legal || []).some((action) => canonical(action) === key)) {
      showNote("The game moved on before the hint came: ask again.");
      return true;
    }
    show(message.action, key, message.reason || "");
    return true;
  }

  function show(action, key, reason) {
    if (typeof game.showChoice === "function") game.showChoice(action);
    const element = controlOf(board, key);
    shown = { key, action, reason, element, legal: legalKey(client.view) };
    const words = describe(action, element);
    if (element) {
      mark(element);
      element.scrollIntoView({ block: "center", inline: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      element.focus({ preventScroll: true });
      hideTip(); // the focus showed its tooltip; the callout says more
      openCallout(reason);
      say(`Hint: ${reason || words}`);
    } else {
      const said = `Suggested: ${sentence(words)}${reason ? ` ${sentence(reason)}` : ""}`;
      showNote(said, true);
      say(`Hint: ${said}`);
    }
  }

  // The action in words: the game's own, else what its control says.
  function describe(action, element) {
    if (typeof game.describe === "function") {
      const words = game.describe(client.view, action);
      if (words && !words.startsWith("{")) return words;
    }
    if (element) return element.getAttribute("aria-label") || shownWords(element);
    const twin = [...board.querySelectorAll("[data-action]")].find(
      (control) => canonical(JSON.parse(control.dataset.action)) === canonical(action),
    );
    return twin ? twin.getAttribute("aria-label") || twin.textContent.trim() : action.type;
  }

  function mark(element) {
    for (const old of board.querySelectorAll(".hinted")) if (old !== element) unmark(old);
    element.classList.add("hinted");
    const { holder, inset } = ringHolder(element);
    holder.classList.add("hint-ring");
    // Above its neighbours (a cell among cells), without moving it: only a static one is lifted.
    holder.classList.toggle("hint-lift", getComputedStyle(holder).position === "static");
    holder.classList.toggle("hint-inset", inset);
    const described = (element.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    if (!described.includes(TEXT_ID)) element.setAttribute("aria-describedby", [...described, TEXT_ID].join(" "));
  }

  function unmark(element) {
    element.classList.remove("hinted");
    for (const ring of board.querySelectorAll(".hint-ring")) {
      ring.classList.remove("hint-ring", "hint-lift", "hint-inset");
    }
    const rest = (element.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== TEXT_ID);
    if (rest.length) element.setAttribute("aria-describedby", rest.join(" "));
    else element.removeAttribute("aria-describedby");
  }

  // The callout: "Hint", the reason, a close button; beside the control, pointing at it.
  function openCallout(reason) {
    closeCallout();
    callout = document.createElement("div");
    callout.id = "hint-callout";
    callout.className = "hint-callout";
    callout.setAttribute("role", "note");
    const tag = document.createElement("strong");
    tag.className = "hint-callout-tag";
    tag.textContent = "Hint";
    const text = document.createElement("p");
    text.className = "hint-callout-text";
    text.id = TEXT_ID;
    text.textContent = reason || "The good bot would choose this.";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "hint-close";
    close.setAttribute("aria-label", "Close the hint");
    close.textContent = "×";
    close.addEventListener("click", () => {
      const hinted = shown && shown.element;
      clear();
      if (hinted && hinted.isConnected) hinted.focus({ preventScroll: true }); // the keyboard stays there
    });
    const arrow = document.createElement("span");
    arrow.className = "hint-arrow";
    arrow.setAttribute("aria-hidden", "true");
    callout.append(tag, text, close, arrow);
    document.body.append(callout);
    place();
  }

  function closeCallout() {
    if (callout) callout.remove();
    callout = null;
  }

  // Below the control (its ring) when it fits in the window, else above; never past the window's
  // sides. In the page's coordinates, so that it scrolls with the control.
  function place() {
    if (!callout || !shown || !shown.element) return;
    const box = (board.querySelector(".hint-ring") || shown.element).getBoundingClientRect();
    const { width, height } = callout.getBoundingClientRect();
    const left = Math.min(Math.max(GAP, box.left + box.width / 2 - width / 2), window.innerWidth - width - GAP);
    const off = RING + 8; // the arrow's tip on the ring's edge
    const below = box.bottom + off + height <= window.innerHeight || box.top - off - height < 0;
    const top = below ? box.bottom + off : box.top - off - height;
    callout.classList.toggle("above", !below);
    callout.style.left = `${Math.max(GAP, left) + window.scrollX}px`;
    callout.style.top = `${top + window.scrollY}px`;
    const point = Math.min(Math.max(12, box.left + box.width / 2 - Math.max(GAP, left)), width - 12);
    callout.style.setProperty("--arrow-x", `${point}px`);
  }

  function placeSoon() {
    if (!callout || placing) return;
    placing = requestAnimationFrame(() => {
      placing = 0;
      place();
    });
  }

  function showNote(text, isHint = false) {
    note.textContent = text;
    note.classList.toggle("hint-note-hint", isHint);
    note.hidden = false;
    noteFor = legalKey(client.view);
    if (!isHint) say(text);
  }

  function clear() {
    if (shown && shown.element) unmark(shown.element);
    for (const old of board.querySelectorAll(".hinted")) unmark(old);
    shown = null;
    closeCallout();
    note.hidden = true;
  }

  // After any drawing of the board: the hint stays while the person's choices are the same
  // (a move by another player who changes nothing for them leaves it), on the control drawn anew.
  function redrawn() {
    update();
    const view = client.view;
    // "Nothing to decide now" is old news once there is something to decide.
    if (!shown && !note.hidden && legalKey(view) !== noteFor) note.hidden = true;
    if (!shown) return;
    if (!view || view.result || legalKey(view) !== shown.legal) {
      clear();
      return;
    }
    if (shown.element && board.contains(shown.element) && visible(shown.element)) {
      placeSoon();
      return;
    }
    if (!shown.element) return; // shown by the prompt
    const element = controlOf(board, shown.key);
    if (!element) {
      clear();
      return;
    }
    shown.element = element;
    mark(element);
    placeSoon();
  }

  button.addEventListener("click", ask);
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick, true);
  window.addEventListener("scroll", placeSoon, { passive: true, capture: true });
  window.addEventListener("resize", placeSoon);
  new MutationObserver(redrawn).observe(board, { childList: true });

  // `show` points at an action as if the bot had hinted it (for tests and the console).
  const showAction = (action, reason = "") => show(action, canonical(action), reason);
  return { update, redrawn, receive, clear, ask, show: showAction };
}
