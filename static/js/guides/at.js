// Where the guides' steps point: the board's controls carry their action's exact JSON
// (board.js), so a control is found by its action's type (and fields) whatever its looks.

// A control for an action of `type` (with `fields`, e.g. {category: "red"}), as a selector to use
// inside another (":has(...)").
export function control(type, fields = {}) {
  const field = ([name, value]) => `"${name}":${JSON.stringify(value)}`;
  const parts = [`"type":"${type}"`, ...Object.entries(fields).map(field)];
  return `[data-action]${parts.map((part) => `[data-action*='${part.replace(/'/g, "\\'")}']`).join("")}`;
}

// The controls on the board for actions of `type` (with `fields`).
export const action = (type, fields = {}) => `#board ${control(type, fields)}`;

// The types of the viewer's legal actions that are `any` of these.
export const hasAny = (types, ...any) => any.some((type) => types.has(type));
