// Building the board's DOM: text always goes in as text, never as markup.

import "./tip.js";

const CONTROLS = new Set(["A", "BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"]);

// `element` explains itself with `text` (on hover, focus and long press: tip.js).
export function tip(element, text) {
  element.dataset.tip = text;
  if (!CONTROLS.has(element.tagName) && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
  return element;
}

// An element with attributes (null, undefined and false leave one out; true sets it empty;
// "class" sets the class name; "dataset" an object of data-* values; "tip" the tooltip's text
// (tip.js), which also makes an element that is not a control reachable by the keyboard) and
// children (text or nodes; nested arrays are flattened; null, undefined and false are skipped).
export function node(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key === "tip") tip(element, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}
