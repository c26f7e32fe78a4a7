// Building the board's DOM: text always goes in as text, never as markup.

import "./tip.js";

// `element` explains itself with `text` (on hover, on focus, on a long press, and with the key
// "?" on the focused control it belongs to: tip.js). A term that is not a control is no Tab stop:
// it would sit in the way of play.
export function tip(element, text) {
  element.dataset.tip = text;
  return element;
}

// An element with attributes (null, undefined and false leave one out; true sets it empty;
// "class" sets the class name; "dataset" an object of data-* values; "tip" the tooltip's text
// (tip.js)) and
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
