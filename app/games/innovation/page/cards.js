// Innovation's card faces, drawn from the card data (GET /api/games/innovation/components):
// the colour, the four icon slots in their places (top-left, bottom-left, bottom-middle,
// bottom-right; the hexagon as a dark hexagon), the age, the title, and each effect's text
// after the dogma icon, demands marked. Also the narrow strips a splayed pile shows of the cards
// under its top card, and the six icons on their own. Text goes in as text, never markup.
// A face reads as text too: a screen reader hears one sentence (title, colour, age, the four
// icons in order) and then the effects; the drawn title bar and icon row are hidden from it.
// Each colour carries its initial letter besides its hue, for eyes that cannot tell them apart.

import { node } from "../../js/dom.js";

export const COLORS = ["blue", "red", "green", "yellow", "purple"];
export const ICONS = ["crown", "leaf", "lightbulb", "castle", "factory", "clock"];
export const ICON_NAMES = {
  crown: "crown",
  leaf: "leaf",
  lightbulb: "lightbulb",
  castle: "castle",
  factory: "factory",
  clock: "clock",
  hex: "hexagon",
};
// Which slots (0-based: top-left, bottom-left, bottom-middle, bottom-right) a splay reveals on
// every card under the top one.
export const REVEALED = { left: [3], right: [0, 1], up: [1, 2, 3] };
export const SPLAY_WORDS = { left: "splayed left", right: "splayed right", up: "splayed up" };
// The letter each colour carries beside its hue (on a card's title bar, a pile's name).
export const COLOR_LETTERS = { blue: "B", red: "R", green: "G", yellow: "Y", purple: "P" };
export const colorName = (color) => `${color.charAt(0).toUpperCase()}${color.slice(1)}`;

const SVG = "http://www.w3.org/2000/svg";
// Each icon: shapes on a 24 x 24 grid, filled ("f") or drawn as lines ("s").
const SHAPES = {
  crown: [
    ["f", "M3 17 L2 6.5 L7.5 11 L12 3.5 L16.5 11 L22 6.5 L21 17 Z"],
    ["f", "M3 18.5 H21 V21 H3 Z"],
  ],
  leaf: [
    ["f", "M5.5 18.5 C3.5 10 9 3.5 20.5 3 C21 14 15 20 5.5 18.5 Z"],
    ["s", "M3 21.5 L15 9.5"],
  ],
  lightbulb: [
    ["f", "M12 1.8 A7 7 0 0 0 7.8 14.4 V17 H16.2 V14.4 A7 7 0 0 0 12 1.8 Z"],
    ["f", "M8.5 18.3 H15.5 V20 H8.5 Z"],
    ["f", "M10 21 H14 V22.5 H10 Z"],
  ],
  castle: [
    ["f", "M3 22 V7 H6.5 V10 H9 V7 H15 V10 H17.5 V7 H21 V22 H14.5 V17 A2.5 2.5 0 0 0 9.5 17 V22 Z"],
    ["f", "M10.5 2 H13.5 V6 H10.5 Z"],
  ],
  factory: [["f", "M2 22 V12 L7.5 15.5 V12 L13 15.5 V12 L17 14.5 V3 H21 V22 Z"]],
  clock: [
    [
      "f",
      "M12 1.5 A10.5 10.5 0 1 0 12 22.5 A10.5 10.5 0 1 0 12 1.5 Z M12 4 A8 8 0 1 1 12 20 A8 8 0 1 1 12 4 Z",
    ],
    ["s", "M12 6.5 V12 L16 14.5"],
  ],
};

// One icon as a small picture with its name for screen readers (and as a tooltip). `hidden`:
// a picture beside words that already name it (a button's, a face's summary).
export function icon(name, extra = "", { hidden = false } = {}) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `in-icon in-icon-${name} ${extra}`.trim());
  if (hidden) svg.setAttribute("aria-hidden", "true");
  else {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", ICON_NAMES[name] || name);
  }
  const title = document.createElementNS(SVG, "title");
  title.textContent = ICON_NAMES[name] || name;
  svg.append(title);
  for (const [kind, d] of SHAPES[name] || []) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("class", kind === "s" ? "in-line" : "in-fill");
    svg.append(path);
  }
  return svg;
}

// One of a card's four icon slots: an icon on a light tile, or the dark hexagon. Drawn only: the
// face's summary says the icons in words.
export function slot(name, position) {
  if (name === "hex") return node("span", { class: `in-slot in-slot-${position} in-hex` });
  return node("span", { class: `in-slot in-slot-${position} in-tile` }, icon(name, "", { hidden: true }));
}

// The icons of a card (or the slots of it a splay shows) in words: "castle, hexagon, crown".
const iconWords = (names) => names.map((name) => ICON_NAMES[name] || name).join(", ");

// What a card is, in one sentence: "Archery, red, age 1, icons castle, lightbulb, hexagon, castle".
export function cardWords(card) {
  return `${card.name}, ${card.color}, age ${card.age}, icons ${iconWords(card.icons)}`;
}

// The colour's letter on a small chip (its word is said elsewhere: the chip is drawn only).
export function colorMark(color) {
  return node("span", { class: `in-mark in-mark-${color}`, "aria-hidden": "true" }, COLOR_LETTERS[color] || "?");
}

// A card's effects in words, for tooltips and labels.
export function effectsText(card) {
  return card.effects.map((e) => `${e.kind === "demand" ? "I demand: " : ""}${e.text}`).join("\n");
}

function ageBadge(card) {
  return node("span", { class: "in-age" }, String(card.age));
}

// The effects under the title: each after the card's dogma icon; a demand says so. `heard`: the
// effects of a small face, not drawn but read to a screen reader.
function effects(card, { heard = false } = {}) {
  return node(
    "span",
    { class: `in-effects${heard ? " visually-hidden" : ""}` },
    node("span", { class: heard ? null : "visually-hidden" }, `Dogma on ${ICON_NAMES[card.dogma_icon]}. `),
    ...card.effects.map((effect) =>
      node(
        "span",
        { class: `in-effect${effect.kind === "demand" ? " in-demand" : ""}` },
        node("span", { class: "in-effect-icon" }, icon(card.dogma_icon, "", { hidden: true })),
        effect.kind === "demand" ? node("strong", { class: "in-demand-word" }, "I demand ") : null,
        node("span", { class: "in-effect-text" }, effect.text),
      ),
    ),
  );
}

// Long titles get a smaller type, so that they fit beside the top-left slot and the age.
function titleSize(name) {
  const longest = Math.max(...name.split(" ").map((word) => word.length));
  if (longest > 14) return " in-longest"; // Experimentation, Industrialization, Miniaturization
  if (longest > 12) return " in-longer";
  if (longest > 9 || name.length > 16) return " in-long";
  return "";
}

const POSITIONS = ["tl", "bl", "bm", "br"];

// A card's face. `size`: "full" (with the effects' text) or "mini" (title, age and icons, the
// text in the tooltip and read to screen readers). The top-left slot sits before the title, the
// other three along the bottom, as printed; the colour's letter between the first two of those.
export function face(card, { size = "full", cls = "" } = {}) {
  const slots = card.icons.map((name, i) => slot(name, POSITIONS[i]));
  const text = `${card.name} (age ${card.age}, ${card.color})\n${effectsText(card)}`;
  return node(
    "span",
    {
      class: `in-card in-${card.color} in-${size} ${cls}`.trim(),
      "data-card": card.name,
      tip: size === "full" ? null : text, // a full face shows its text; a small one in its tooltip
    },
    node("span", { class: "visually-hidden" }, `${cardWords(card)}. `),
    node(
      "span",
      { class: "in-card-head", "aria-hidden": "true" },
      slots[0],
      node("span", { class: `in-card-title${titleSize(card.name)}` }, card.name),
      ageBadge(card),
    ),
    size === "full" ? effects(card) : effects(card, { heard: true }),
    node("span", { class: "in-card-foot", "aria-hidden": "true" }, slots[1], colorMark(card.color), slots[2], slots[3]),
  );
}

// The edge of a card under a splayed pile's top card (an item of the pile's list): only the slots
// the splay reveals.
export function strip(card, direction) {
  const shown = REVEALED[direction] || [];
  return node(
    "li",
    {
      class: `in-strip in-strip-${direction} in-${card.color}`,
      "data-card": card.name,
      tip: `${card.name} (age ${card.age})`,
    },
    node(
      "span",
      { class: "visually-hidden" },
      `${card.name}, age ${card.age}, showing ${iconWords(shown.map((i) => card.icons[i]))}`,
    ),
    node("span", { class: "in-strip-age", "aria-hidden": "true" }, String(card.age)),
    ...shown.map((i) => {
      const drawn = slot(card.icons[i], POSITIONS[i]);
      drawn.setAttribute("aria-hidden", "true");
      return drawn;
    }),
  );
}

// A hidden card: only its age shows (an opponent's hand or score pile, a supply pile, an
// achievement).
export function back(age, { cls = "", label = null } = {}) {
  return node(
    "span",
    {
      class: `in-back ${cls}`.trim(),
      role: "img",
      "aria-label": label || `a hidden age-${age} card`,
      tip: label || `age ${age}`,
    },
    backDrawing(age),
  );
}

// A card's back as printed in spirit: a dark card, a hexagon in the middle, the age on it.
function backDrawing(age) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 20 28");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "in-back-drawing");
  const part = (tag, attributes) => {
    const element = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    svg.append(element);
    return element;
  };
  part("rect", { x: 0.5, y: 0.5, width: 19, height: 27, rx: 2.5, class: "in-back-card" });
  part("rect", { x: 2.5, y: 2.5, width: 15, height: 23, rx: 1.5, class: "in-back-frame" });
  part("path", { d: "M10 6.5 L16 10 V18 L10 21.5 L4 18 V10 Z", class: "in-back-hex" });
  part("text", { x: 10, y: 16.6, "text-anchor": "middle", class: "in-back-age" }).textContent = String(age);
  return svg;
}

// The visible icons of a pile: all four slots of the top card, and the revealed slots of the
// cards under it.
export function pileIcons(cards, splay, pile) {
  const counts = Object.fromEntries(ICONS.map((name) => [name, 0]));
  pile.forEach((name, depth) => {
    const card = cards[name];
    if (!card) return;
    const shown = depth === 0 ? [0, 1, 2, 3] : REVEALED[splay] || [];
    for (const i of shown) if (card.icons[i] in counts) counts[card.icons[i]] += 1;
  });
  return counts;
}
