// UNSCREWED's map: the grid of spaces (each type drawn its own way), the covers (placed ones out
// of play, the next one hinted), the space tokens, Slappy's Friend and the Plan token, and a layer
// of thingamajigs above it (characters, bombs, anvils) that can glide from space to space.
// Positions are classes (us-x-3, us-y-5), never inline styles: the page's CSP allows none.

import { nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { layoutOf } from "./cards.js";
import { thingList } from "./derived.js";

const SVG = "http://www.w3.org/2000/svg";

export const CHARACTERS = {
  freddy_fraidy: { name: "Freddy Fraidy", mark: "F" },
  moe_skeeto: { name: "Moe Skeeto", mark: "M" },
  the_mad_cow: { name: "The Mad Cow", mark: "C" },
  slappy: { name: "Slappy", mark: "S" },
  dr_piddles: { name: "Dr. Piddles", mark: "P" },
};

// The six Action Cards' names.
export const CARD_TITLES = {
  north: "North",
  east: "East",
  south: "South",
  west: "West",
  improvise: "Improvise",
  again: "Again",
};

export const SPACE_NAMES = {
  blank: "Blank",
  slick: "Slick",
  cracks: "Cracks",
  hole: "Hole",
  crush: "Crush Spot",
  wall: "Wall",
  fan: "Fan",
  bomb_spitter: "Bomb Spitter",
  portal: "Portal",
};

// --- small drawings ------------------------------------------------------------------------------

function svgNode(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  for (const child of children) element.append(child);
  return element;
}

function drawing(cls, ...shapes) {
  return svgNode(
    "svg",
    { viewBox: "0 0 24 24", class: `us-icon ${cls}`, "aria-hidden": "true", focusable: "false" },
    ...shapes,
  );
}

// Each drawing faces North; a class turns it to face its way.
const DRAWINGS = {
  fan: () =>
    drawing(
      "us-icon-fan",
      ...[0, 90, 180, 270].map((turn) =>
        svgNode("ellipse", {
          cx: 12,
          cy: 8,
          rx: 2.6,
          ry: 4.2,
          transform: `rotate(${turn} 12 13)`,
          class: "us-blade",
        }),
      ),
      svgNode("circle", { cx: 12, cy: 13, r: 1.8, class: "us-hub" }),
      svgNode("path", { d: "M12 0.5 L16.5 5 H7.5 Z", class: "us-arrow" }),
    ),
  bomb_spitter: () =>
    drawing(
      "us-icon-frog",
      svgNode("ellipse", { cx: 12, cy: 14, rx: 8, ry: 7, class: "us-frog" }),
      svgNode("circle", { cx: 7.5, cy: 8.5, r: 2.6, class: "us-frog" }),
      svgNode("circle", { cx: 16.5, cy: 8.5, r: 2.6, class: "us-frog" }),
      svgNode("circle", { cx: 7.5, cy: 8.2, r: 1, class: "us-eye" }),
      svgNode("circle", { cx: 16.5, cy: 8.2, r: 1, class: "us-eye" }),
      svgNode("path", { d: "M12 1 L15.5 6 H8.5 Z", class: "us-arrow" }),
      svgNode("path", { d: "M8 15 Q12 18 16 15", class: "us-mouth" }),
    ),
  portal: () =>
    drawing(
      "us-icon-portal",
      svgNode("ellipse", { cx: 12, cy: 12, rx: 8.5, ry: 9.5, class: "us-ring" }),
      svgNode("ellipse", { cx: 12, cy: 12, rx: 4.5, ry: 5.5, class: "us-ring-in" }),
    ),
  cracks: () =>
    drawing(
      "us-icon-cracks",
      svgNode("path", {
        d: "M3 6 L8 9 L6 13 L11 16 L9 21 M13 3 L15 7 L20 8 M16 13 L21 17",
        class: "us-crack",
      }),
    ),
  hole: () =>
    drawing("us-icon-hole", svgNode("ellipse", { cx: 12, cy: 13, rx: 9, ry: 7.5, class: "us-pit" })),
  crush: () =>
    drawing(
      "us-icon-crush",
      svgNode("path", { d: "M4 4 H20 L17 8 H14 V11 H17 V13 H7 V11 H10 V8 H7 Z", class: "us-press" }),
      svgNode("path", { d: "M5 16 L12 21 L19 16", class: "us-down" }),
    ),
  slick: () =>
    drawing(
      "us-icon-slick",
      svgNode("path", {
        d: "M2 8 q2.5 -3 5 0 t5 0 t5 0 t5 0 M2 14 q2.5 -3 5 0 t5 0 t5 0 t5 0 M2 20 q2.5 -3 5 0 t5 0 t5 0 t5 0",
        class: "us-wave",
      }),
    ),
  bomb: () =>
    drawing(
      "us-icon-bomb",
      svgNode("circle", { cx: 11, cy: 14, r: 8.5, class: "us-bomb-body" }),
      svgNode("path", { d: "M16 7 Q19 3 22 4", class: "us-fuse" }),
    ),
  anvil: () =>
    drawing(
      "us-icon-anvil",
      svgNode("path", {
        d: "M2 7 H22 Q21 11 16 11 V15 H19 V19 H5 V15 H8 V11 Q3 11 2 7 Z",
        class: "us-anvil-body",
      }),
    ),
};

export function icon(name) {
  return DRAWINGS[name] ? DRAWINGS[name]() : null;
}

// --- the model: what is where ------------------------------------------------------------------

export const spot = ([x, y]) => `${x},${y}`;

export function ringOf(size, [x, y]) {
  return Math.min(x, y, size - 1 - x, size - 1 - y);
}

// The part of a view that the animation changes along the way: positions, tokens, covers.
export function modelOf(state) {
  const things = new Map();
  for (const thing of thingList(state)) things.set(thing.id, thing.at ? [...thing.at] : null);
  const tokens = new Map(Object.entries(state.tokens)); // keyed "x,y", as spot() writes them
  return { things, tokens, covers: state.map.covers };
}

// --- names ---------------------------------------------------------------------------------------

export function characterName(view, seat) {
  const player = view.state.players[seat];
  return player && player.character ? CHARACTERS[player.character]?.name || player.name : null;
}

export function thingName(view, thing) {
  if (!thing) return "something";
  if (thing.kind === "character") {
    const who = characterName(view, thing.seat);
    return who ? `${nameOf(view, thing.seat)} (${who})` : nameOf(view, thing.seat);
  }
  if (thing.kind === "bomb") return `Bomb ${thing.number}`;
  return "an Anvil";
}

// Every thingamajig's facts, from the view's things or its id (for those off the map).
export function thingInfo(view, id) {
  const found = view.state.things[id];
  if (found) return { id, ...found };
  let match = /^c(\d+)$/.exec(id);
  if (match) return { id, kind: "character", seat: Number(match[1]) };
  match = /^bomb(\d+)$/.exec(id);
  if (match) return { id, kind: "bomb", number: Number(match[1]) };
  match = /^anvil(\d+)$/.exec(id);
  return { id, kind: "anvil", number: match ? Number(match[1]) : 0 };
}

// --- cells ---------------------------------------------------------------------------------------

export function describeSpace(state, x, y, model) {
  const layout = layoutOf(state);
  const space = layout.grid[y][x];
  const parts = [SPACE_NAMES[space.type] || space.type];
  if (space.facing) parts.push(`facing ${space.facing}`);
  if (space.pair) parts.push(`pair ${space.pair.toUpperCase()}`);
  const token = model.tokens.get(spot([x, y]));
  if (token) parts.push(`with a ${token} token`);
  const ring = ringOf(layout.size, [x, y]);
  if (ring < model.covers) parts.push(`covered by the ${state.map.cover_names[ring]} cover`);
  else if (ring === model.covers && state.map.next_cover && model.covers < state.map.cover_names.length)
    parts.push(`the ${state.map.cover_names[ring]} cover comes next`);
  return parts.join(", ");
}

// The cell's classes for the given model (used again by the animation as covers and tokens come).
export function decorate(cell, state, x, y, model) {
  const layout = layoutOf(state);
  const space = layout.grid[y][x];
  const ring = ringOf(layout.size, [x, y]);
  const token = model.tokens.get(spot([x, y]));
  const classes = ["us-cell", `us-space-${space.type}`];
  if (space.facing) classes.push(`us-face-${space.facing}`);
  if (space.pair) classes.push(`us-pair-${"abcdef".includes(space.pair) ? space.pair : "x"}`);
  if (token) classes.push(`us-tok-${token}`);
  if (ring < model.covers) classes.push("us-covered", `us-cover-${ring}`);
  else if (ring === model.covers && model.covers < state.map.cover_names.length)
    classes.push("us-next-cover");
  for (const keep of [
    "us-choosable",
    "us-target",
    "us-move-target",
    "us-boom",
    "us-blowing",
    "us-crushing",
    "us-flash",
    "us-checking",
  ]) {
    if (cell.classList.contains(keep)) classes.push(keep);
  }
  cell.className = classes.join(" ");
}

function spaceDrawing(space) {
  if (space.type === "blank" || space.type === "wall") return null;
  return icon(space.type);
}

// --- the map -------------------------------------------------------------------------------------

// What stands on a space, in words: the thingamajig (a character with the letter on its token),
// Slappy's Friend, the Plan token.
function standing(view, thing, friend, plan) {
  const parts = [];
  if (thing && thing.kind === "character") {
    const mark = CHARACTERS[view.state.players[thing.seat]?.character]?.mark;
    parts.push(`${thingName(view, thing)}${mark ? `, token ${mark}` : ""}${thing.seat === view.you ? ", you" : ""}`);
  } else if (thing) parts.push(thingName(view, thing));
  if (friend) parts.push("Slappy's Friend token ♥");
  if (plan) parts.push("the Plan token ✎");
  return parts;
}

// Draws the map: a table of spaces, read row by row (North first) with its row and column
// headers, each cell saying in words what stands on it and what the space is; the drawing of the
// thingamajigs above it is for the eyes alone. `cellAction(x, y)` gives the button for a space
// that is itself a choice (or null). Returns {element, cells: cells[y][x], layer (the
// thingamajigs' layer)}.
export function drawMap(view, model, cellAction) {
  const state = view.state;
  const layout = layoutOf(state);
  const size = layout.size;
  const numbers = [...Array(size).keys()];
  const hidden = { class: "visually-hidden" };
  const body = node("tbody");
  const grid = node(
    "table",
    { class: `us-map us-size-${size}` },
    node(
      "caption",
      hidden,
      `The map: ${layout.name}, ${size} by ${size} spaces. Row 1 is the North edge (die roll 1), `
        + `column ${size} the East edge (2), row ${size} the South edge (3), column 1 the West edge (4).`,
    ),
    node(
      "thead",
      {},
      node(
        "tr",
        {},
        node("td", hidden),
        ...numbers.map((x) => node("th", { scope: "col", ...hidden }, `Column ${x + 1}`)),
      ),
    ),
    body,
  );
  const cells = [];
  const friendAt = state.friend && state.friend.at ? spot(state.friend.at) : null;
  const planAt = state.plan && state.plan.at ? spot(state.plan.at) : null;
  const occupants = new Map();
  for (const thing of thingList(state)) occupants.set(spot(thing.at), thing);
  for (let y = 0; y < size; y += 1) {
    const row = [];
    const line = node("tr", { class: "us-row" }, node("th", { scope: "row", ...hidden }, `Row ${y + 1}`));
    for (let x = 0; x < size; x += 1) {
      const space = layout.grid[y][x];
      const here = standing(view, occupants.get(spot([x, y])), friendAt === spot([x, y]), planAt === spot([x, y]));
      const label = `Row ${y + 1}, column ${x + 1}: ${[...here, describeSpace(state, x, y, model)].join("; ")}`;
      // The words are the cell's text (read in the table), and its tooltip on hover or "?".
      const cell = node("td", { dataset: { tip: label } }, node("span", hidden, label));
      cell.dataset.x = String(x);
      cell.dataset.y = String(y);
      decorate(cell, state, x, y, model);
      const art = spaceDrawing(space);
      if (art) cell.append(art);
      if (space.pair)
        cell.append(
          node("span", { class: "us-pair-letter", "aria-hidden": "true" }, space.pair.toUpperCase()),
        );
      if (friendAt === spot([x, y]))
        cell.append(node("span", { class: "us-marker us-friend", "aria-hidden": "true" }, "♥"));
      if (planAt === spot([x, y]))
        cell.append(node("span", { class: "us-marker us-plan", "aria-hidden": "true" }, "✎"));
      const button = cellAction(x, y, label);
      if (button) {
        cell.classList.add("us-choosable");
        cell.append(button);
      }
      row.push(cell);
      line.append(cell);
    }
    cells.push(row);
    // Rows and headers are for reading: the cells lay themselves out on the map's grid.
    body.append(line);
  }
  // Nothing in the drawing of the thingamajigs takes the focus or explains itself: the cells
  // under them say what they are.
  const layer = node("div", { class: `us-things us-size-${size}`, "aria-hidden": "true" });
  const edge = (side, text, help) => node("span", { class: `us-edge us-edge-${side}`, dataset: { tip: help } }, text);
  const frame = node(
    "div",
    { class: "us-map-frame" },
    edge("north", "N (1)", "North (die roll 1)"),
    edge("west", "W (4)", "West (die roll 4)"),
    node("div", { class: "us-map-box" }, grid, layer),
    edge("east", "E (2)", "East (die roll 2)"),
    edge("south", "S (3)", "South (die roll 3)"),
  );
  return { element: frame, cells, layer };
}

// --- thingamajigs --------------------------------------------------------------------------------

// A thingamajig drawn on the map's top layer (hidden from screen readers: the cells say it).
export function thingElement(view, thing) {
  let element;
  if (thing.kind === "character") {
    const player = view.state.players[thing.seat];
    const character = player && player.character ? player.character : "unknown";
    const mark = CHARACTERS[character] ? CHARACTERS[character].mark : "?";
    element = node(
      "div",
      { class: `us-thing us-character us-char-${character} us-seat-${thing.seat}` },
      node("span", { class: "us-token-face" }, mark),
      node("span", { class: "us-name-tag" }, nameOf(view, thing.seat)),
    );
    if (thing.seat === view.you) element.classList.add("us-you");
  } else if (thing.kind === "bomb") {
    element = node(
      "div",
      { class: "us-thing us-bomb" },
      icon("bomb"),
      node("span", { class: "us-bomb-number" }, String(thing.number)),
    );
  } else {
    element = node("div", { class: "us-thing us-anvil" }, icon("anvil"));
  }
  element.dataset.thing = thing.id;
  return element;
}

// Put a thing on a space (or off the map: null). Off-map spaces just past the edge are allowed,
// for the step that goes over The Edge.
export function putThing(element, at) {
  for (const cls of [...element.classList]) {
    if (cls.startsWith("us-x-") || cls.startsWith("us-y-")) element.classList.remove(cls);
  }
  if (!at) {
    element.classList.add("us-gone");
    return;
  }
  element.classList.remove("us-gone");
  const clamp = (n) => Math.max(-1, Math.min(9, n));
  element.classList.add(
    `us-x-${clamp(at[0])}`.replace("us-x--1", "us-x-out0"),
    `us-y-${clamp(at[1])}`.replace("us-y--1", "us-y-out0"),
  );
}
