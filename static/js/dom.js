// Building the board's DOM: text always goes in as text, never as markup.

// An element with attributes (null, undefined and false leave one out; true sets it empty;
// "class" sets the class name; "dataset" an object of data-* values) and children (text or
// nodes; nested arrays are flattened; null, undefined and false are skipped).
export function node(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}
