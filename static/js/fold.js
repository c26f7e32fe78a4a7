// A notice a person needs to read once (the stand-in components' notice): open the first time
// this browser shows it, folded to its one-line summary after that (a <details> the person can
// open again). Boards draw it again on every move: it stays as the person last left it.

import { node } from "./dom.js";

const SEEN = "tinkertable.seen.";
const openNow = new Map(); // key -> open or not, on this page

export function foldedAfterFirstView(key, summary, ...content) {
  if (!openNow.has(key)) {
    openNow.set(key, localStorage.getItem(SEEN + key) === null);
    localStorage.setItem(SEEN + key, "yes");
  }
  const details = node("details", { class: "folded-notice", open: openNow.get(key) }, node("summary", {}, summary), ...content);
  details.addEventListener("toggle", () => openNow.set(key, details.open));
  return details;
}
