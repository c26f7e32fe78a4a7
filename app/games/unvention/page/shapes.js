// The shapes drawn on the page (a tool's, the mechanism being built), drawn only: which shapes a
// mechanism may take comes in the view.

import { node } from "../../js/dom.js";

function extent(shape) {
  return [Math.max(...shape.map(([r]) => r)) + 1, Math.max(...shape.map(([, c]) => c)) + 1];
}

// A small drawing of a shape (a tool's, or the mechanism being built).
export function shapeGrid(shape, cls = "", label = null) {
  const [height, width] = extent(shape);
  const filled = new Set(shape.map(([r, c]) => `${r},${c}`));
  const cells = [];
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) {
      cells.push(node("span", { class: filled.has(`${r},${c}`) ? "uv-sq uv-sq-on" : "uv-sq" }));
    }
  }
  return node(
    "span",
    {
      class: `uv-shape uv-cols-${width} ${cls}`.trim(),
      role: label ? "img" : null,
      "aria-label": label,
      "aria-hidden": label ? null : "true",
    },
    ...cells,
  );
}
