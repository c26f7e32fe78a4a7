// The page's one tooltip. Any element with a data-tip attribute explains itself in a bubble: on
// hover, on keyboard focus, and on a touch screen on a long press (which then does not click);
// what is not a control also on a tap. The key "?" shows the help of the focused control: its own
// tip, those of what it stands in, and the headers of its table row and column, so that help
// terms need no Tab stop of their own.
// The bubble is the element's description (aria-describedby) while it shows. Escape, a press
// elsewhere, leaving the element or scrolling hides it.

const LONG_PRESS = 500; // ms a finger rests on an element before its tip shows
const SLOP = 10; // px a finger may move and still be pressing
const GAP = 8; // px between the element and the bubble, and the bubble and the window's edges

let bubble = null;
let anchor = null;
let press = null; // { element, x, y, timer } while a finger rests on a tipped element
let swallowClick = false;

function theBubble() {
  if (!bubble) {
    bubble = document.createElement("div");
    bubble.id = "tip";
    bubble.className = "tip";
    bubble.setAttribute("role", "tooltip");
    bubble.setAttribute("aria-live", "polite"); // the help "?" asked for is heard, not only seen
    bubble.hidden = true;
    document.body.append(bubble);
  }
  return bubble;
}

export function show(element, text = element.dataset.tip) {
  if (!text) return;
  hide();
  const tip = theBubble();
  tip.textContent = text;
  tip.hidden = false;
  anchor = element;
  const described = element.getAttribute("aria-describedby");
  if (!described || !described.split(" ").includes(tip.id)) {
    element.setAttribute("aria-describedby", `${described ? `${described} ` : ""}${tip.id}`);
  }
  place(tip, element.getBoundingClientRect());
}

export function hide() {
  if (!anchor) return;
  const rest = (anchor.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== "tip");
  if (rest.length) anchor.setAttribute("aria-describedby", rest.join(" "));
  else anchor.removeAttribute("aria-describedby");
  anchor = null;
  bubble.hidden = true;
}

// Above the element when it fits, else below; never past the window's edges.
function place(tip, box) {
  tip.style.left = "0px";
  tip.style.top = "0px";
  const { width, height } = tip.getBoundingClientRect();
  const left = Math.min(Math.max(GAP, box.left + box.width / 2 - width / 2), window.innerWidth - width - GAP);
  const above = box.top - height - GAP;
  const top = above >= GAP ? above : Math.min(box.bottom + GAP, window.innerHeight - height - GAP);
  tip.style.left = `${Math.max(GAP, left)}px`;
  tip.style.top = `${Math.max(GAP, top)}px`;
}

const CONTROLS = "a[href], button, input, select, textarea, summary, [data-action]";

// Everything that explains `element`: its own tip, its ancestors', and in a table the tips of
// its row's header and its column's header.
export function helpOf(element) {
  const tips = [];
  const add = (holder) => {
    const text = holder && holder.dataset && holder.dataset.tip;
    if (text && !tips.includes(text)) tips.push(text);
  };
  for (let at = element; at && at !== document.body; at = at.parentElement) add(at);
  const cell = element.closest("td, th");
  const row = cell && cell.closest("tr");
  if (row) {
    const tipOf = (header) => header.closest("[data-tip]") || header.querySelector("[data-tip]");
    for (const header of row.querySelectorAll(":scope > th")) add(tipOf(header));
    const table = row.closest("table");
    const column = [...row.children].indexOf(cell);
    const head = table && table.tHead && table.tHead.rows[table.tHead.rows.length - 1];
    if (head && head.children[column]) {
      add(tipOf(head.children[column]));
    }
  }
  return tips.join(" · ");
}

const typing = (target) => target instanceof Element && target.closest("input, textarea, select, [contenteditable]");
const tipped = (target) => (target instanceof Element ? target.closest("[data-tip]") : null);

function endPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

function install() {
  document.addEventListener("mouseover", (event) => {
    const element = tipped(event.target);
    if (element && element !== anchor) show(element);
    else if (!element && anchor && !anchor.contains(document.activeElement)) hide();
  });
  document.addEventListener("focusin", (event) => {
    const element = tipped(event.target);
    if (element) show(element);
    else hide();
  });
  document.addEventListener("focusout", (event) => {
    if (event.target === anchor) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) return;
    const help = helpOf(focused);
    if (!help) return;
    event.preventDefault();
    if (anchor === focused) hide();
    else show(focused, help);
  });
  window.addEventListener("scroll", () => hide(), { passive: true, capture: true });
  window.addEventListener("resize", () => hide());

  document.addEventListener(
    "pointerdown",
    (event) => {
      const element = tipped(event.target);
      if (anchor && element !== anchor) hide();
      endPress();
      if (!element || event.pointerType === "mouse") return;
      press = {
        element,
        x: event.clientX,
        y: event.clientY,
        timer: setTimeout(() => {
          swallowClick = true;
          show(element);
        }, LONG_PRESS),
      };
    },
    true,
  );
  document.addEventListener(
    "pointermove",
    (event) => {
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) endPress();
    },
    true,
  );
  document.addEventListener("pointerup", endPress, true);
  document.addEventListener("pointercancel", endPress, true);
  // The press that showed a tip is not a click, and opens no menu.
  document.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
  // A tap on something that is not a control (a card face, a word, an icon) shows its tip too.
  document.addEventListener("click", (event) => {
    const element = tipped(event.target);
    if (!element || element.closest(CONTROLS)) return;
    if (element === anchor) hide();
    else show(element);
  });
  document.addEventListener("contextmenu", (event) => {
    if (tipped(event.target) && event.pointerType !== "mouse" && (press || swallowClick)) event.preventDefault();
  });
  // A finger lifted without a click (the press moved the page): the next real click counts.
  document.addEventListener("touchstart", () => {
    if (!press) swallowClick = false;
  }, { passive: true });
}

if (!window.tinkertableTips) {
  window.tinkertableTips = true;
  install();
}
