// The chart at the end of a game: each player's standing (points, categories won... the game's
// `measure`) after every move, drawn as SVG from `GET /api/lobbies/{code}/progress`:
// {"measure", "levels", "names", "steps", "points": [[step, [each seat's standing]], ...]}, the
// points where a standing changes. A standing holds until the next point: the lines go in steps.
// `levels` names the standings where they are states, not counts ("Out" and
// "Standing"): the axis and the legend say those words.
//
// The SVG is drawn as wide as the screen has room for (up to WIDTH), so that its text, sized in
// the SVG's units, reads at about its own size on a phone too instead of shrinking with it.

import { node } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const NARROWEST = 300;
const HEIGHT = 240;
const PAD = { left: 44, right: 12, top: 14, bottom: 40 };
const FRAME = 48; // the page's margins and the banner's padding around the chart, in px
// One line per seat, never told apart by colour alone: its own colour (each at least 3:1 on the
// chart's white, and apart for most kinds of colour blindness), its own dash, its own marker
// shape along the line, and the player's name at its end (and in the legend).
const COLORS = ["#2364aa", "#c0392b", "#2e8540", "#8a6a00", "#6b4f9e", "#1d232b"];
const DASHES = ["", "8 4", "2 3", "10 3 2 3", "4 4", "1 2"];
const MARKS = 5; // markers along each line, besides the one at its end
const LABELLED = 480; // px: from this width the names stand at the lines' ends
const NAME_ROOM = 12; // characters of a name at a line's end (the legend has it whole)
const CHAR = 8.5; // px of a character of the chart's 15 px text, about
// Each seat's marker, centred on (0, 0), about 10 px across: circle, square, triangle, diamond,
// triangle pointing down, cross.
const SHAPES = [
  (size) => ["circle", { r: size / 2 }],
  (size) => ["rect", { x: -size / 2.3, y: -size / 2.3, width: size / 1.15, height: size / 1.15 }],
  (size) => ["path", { d: `M 0 ${-size * 0.6} L ${size * 0.55} ${size * 0.4} L ${-size * 0.55} ${size * 0.4} Z` }],
  (size) => ["path", { d: `M 0 ${-size * 0.6} L ${size * 0.6} 0 L 0 ${size * 0.6} L ${-size * 0.6} 0 Z` }],
  (size) => ["path", { d: `M 0 ${size * 0.6} L ${size * 0.55} ${-size * 0.4} L ${-size * 0.55} ${-size * 0.4} Z` }],
  (size) => {
    const half = size / 2;
    return ["path", { d: `M ${-half} ${-half} L ${half} ${half} M ${half} ${-half} L ${-half} ${half}` }];
  },
];
const MARKER = 10;

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  element.append(...children);
  return element;
}

// The smallest round step (1, 2 or 5 times a power of ten, and whole) of at least `rough`.
export function roundStep(rough) {
  let power = 1;
  while (power * 10 <= rough) power *= 10;
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough);
}

// Up to six round numbers, a round step apart, from 0 to at least `top`.
export function ticks(top) {
  const step = roundStep(Math.max(1, top / 5));
  const marks = [0];
  while (marks[marks.length - 1] < top) marks.push(marks[marks.length - 1] + step);
  return marks;
}

// As wide as the page leaves room for on this screen, in px (= the SVG's units).
function chartWidth() {
  const room = document.documentElement.clientWidth - FRAME;
  return Math.round(Math.min(WIDTH, Math.max(NARROWEST, room)));
}

// A seat's marker at (x, y): filled in the line's colour, the cross (no inside) drawn thick.
function marker(seat, x, y, size = MARKER) {
  const [tag, shape] = SHAPES[seat % SHAPES.length](size);
  const color = COLORS[seat % COLORS.length];
  const open = tag === "path" && !shape.d.endsWith("Z");
  return svg(tag, {
    ...shape,
    class: "chart-marker",
    fill: open ? "none" : color,
    stroke: open ? color : "#fff",
    "stroke-width": open ? 3 : 1.5,
    transform: `translate(${x} ${y})`,
  });
}

// Each seat's standing at `step`: the last point at or before it.
function standingAt(points, step) {
  let found = points[0][1];
  for (const [at, standing] of points) {
    if (at > step) break;
    found = standing;
  }
  return found;
}

const shortName = (name) => (name.length > NAME_ROOM ? `${name.slice(0, NAME_ROOM - 1)}…` : name);

// The names at the lines' ends, each beside its line's marker at its line's height, moved apart
// where lines end together (their ends' markers then sit on one another: these never do).
function endLabels(ends, x, top, bottom) {
  const GAP = 16;
  const placed = [...ends].sort((a, b) => a.y - b.y);
  for (let i = 1; i < placed.length; i += 1) placed[i].y = Math.max(placed[i].y, placed[i - 1].y + GAP);
  const over = placed.length ? placed[placed.length - 1].y - bottom : 0;
  if (over > 0) for (const label of placed) label.y = Math.max(top, label.y - over);
  return placed.map(({ seat, y, name }) =>
    svg(
      "g",
      { class: "chart-end", "data-seat": seat },
      marker(seat, x, y),
      svg("text", { x: x + 10, y: y + 5, class: "chart-name" }, shortName(name)),
    ),
  );
}

// The chart (a figure holding the SVG, its legend and its standings as a table), or null with
// nothing to draw.
export function scoreChart(chart) {
  if (!chart || !chart.points.length) return null;
  const seats = chart.names.length;
  const levels = chart.levels || [];
  const said = (value) => levels[value] ?? String(value);
  const values = chart.points.flatMap(([, standing]) => standing);
  const marks = levels.length ? levels.map((_, value) => value) : ticks(Math.max(1, ...values));
  const top = Math.max(1, marks[marks.length - 1]);
  const steps = Math.max(1, chart.steps);
  const width = chartWidth();
  const left = levels.length ? PAD.left + 8 * Math.max(...levels.map((word) => word.length)) : PAD.left;
  const labelled = width >= LABELLED;
  const room = labelled ? 26 + CHAR * Math.max(...chart.names.map((name) => shortName(name).length)) : 0;
  const right = width - PAD.right - room;
  const x = (step) => left + ((right - left) * step) / steps;
  const y = (value) => HEIGHT - PAD.bottom - ((HEIGHT - PAD.top - PAD.bottom) * value) / top;
  // Lines that run together are drawn a little apart, so that each stays visible.
  const apart = (seat) => (seat - (seats - 1) / 2) * 2;

  const grid = marks.map((value) =>
    svg(
      "g",
      { class: "chart-tick" },
      svg("line", { x1: left, x2: right, y1: y(value), y2: y(value) }),
      svg("text", { x: left - 8, y: y(value) + 6, "text-anchor": "end" }, said(value)),
    ),
  );
  const axis = svg(
    "g",
    { class: "chart-axis" },
    svg("text", { x: left, y: HEIGHT - 8 }, "Start"),
    svg("text", { x: right, y: HEIGHT - 8, "text-anchor": "end" }, `Move ${chart.steps}`),
  );
  const lines = [];
  const finals = [];
  const ends = [];
  for (let seat = 0; seat < seats; seat += 1) {
    let path = "";
    for (const [step, standing] of chart.points) {
      path += path ? ` H ${x(step)} V ${y(standing[seat])}` : `M ${x(step)} ${y(standing[seat])}`;
    }
    path += ` H ${x(chart.steps)}`;
    const final = chart.points[chart.points.length - 1][1][seat];
    finals.push(final);
    // Markers along the line, each seat's a little further on than the last seat's, so that
    // lines that run together still show every shape; and one at the line's end (by its name).
    const along = [];
    for (let mark = 0; mark < MARKS; mark += 1) {
      const step = (steps * (mark + (seat + 1) / (seats + 1))) / MARKS;
      along.push(marker(seat, x(step), y(standingAt(chart.points, step)[seat])));
    }
    if (!labelled) along.push(marker(seat, x(chart.steps), y(final))); // else beside its name
    lines.push(
      svg(
        "g",
        { class: "chart-seat", "data-seat": seat, transform: `translate(0 ${apart(seat)})` },
        svg("path", {
          d: path,
          class: "chart-line",
          stroke: COLORS[seat % COLORS.length],
          "stroke-dasharray": DASHES[seat % DASHES.length],
        }),
        ...along,
      ),
    );
    ends.push({ seat, y: y(final) + apart(seat), name: chart.names[seat] });
  }
  const title = `${chart.measure} over the game`;
  const described = chart.names.map((name, seat) => `${name} ${said(finals[seat])}`).join(", ");
  const picture = svg(
    "svg",
    {
      viewBox: `0 0 ${width} ${HEIGHT}`,
      class: "chart",
      role: "img",
      "aria-label": `${title}: at the end, ${described}. The table below the chart has every change.`,
    },
    svg("title", {}, title),
    ...grid,
    axis,
    ...lines,
    ...(labelled ? endLabels(ends, right + 12, PAD.top, HEIGHT - PAD.bottom) : []),
  );
  const legend = node(
    "ul",
    { class: "chart-legend" },
    ...chart.names.map((name, seat) => node("li", {}, swatch(seat), ` ${name}: ${said(finals[seat])}`)),
  );
  return node(
    "figure",
    { class: "score-chart" },
    node("figcaption", {}, title),
    picture,
    legend,
    standingsTable(chart, said),
  );
}

// The chart as text: each move where a standing changed and every player's standing after it,
// folded under its summary (a screen reader, or anyone, opens it).
function standingsTable(chart, said) {
  const head = node(
    "tr",
    {},
    node("th", { scope: "col" }, "After"),
    ...chart.names.map((name) => node("th", { scope: "col" }, name)),
  );
  const rows = chart.points.map(([step, standing]) =>
    node(
      "tr",
      {},
      node("th", { scope: "row" }, step === 0 ? "Start" : `Move ${step}`),
      ...standing.map((value) => node("td", {}, said(value))),
    ),
  );
  const table = node(
    "table",
    { class: "chart-steps" },
    node("caption", { class: "visually-hidden" }, `${chart.measure} after each move that changed it`),
    node("thead", {}, head),
    node("tbody", {}, ...rows),
  );
  const named = `${chart.measure} move by move`;
  return node(
    "details",
    { class: "chart-table folded" },
    node("summary", {}, `${named}, as a table`),
    // In a box of its own that scrolls sideways when a phone is too narrow (reached by Tab).
    node("div", { class: "chart-steps-box", role: "region", tabindex: 0, "aria-label": named }, table),
  );
}

// The legend's sample of a seat's line: its colour, dash and marker.
function swatch(seat) {
  return svg(
    "svg",
    { class: "chart-swatch", viewBox: "0 0 36 14", width: 36, height: 14, "aria-hidden": "true" },
    svg("line", {
      x1: 0,
      x2: 36,
      y1: 7,
      y2: 7,
      stroke: COLORS[seat % COLORS.length],
      "stroke-width": 3,
      "stroke-dasharray": DASHES[seat % DASHES.length],
    }),
    marker(seat, 18, 7),
  );
}

// The chart of a finished game, asked of the server until it answers: the game's record may
// be a moment behind the last move (409), and a busy server answers 429 with Retry-After, for
// as long as this address's replay steps keep its share of the workers busy (a long game's
// first replay step, on a loaded server, can take many seconds). It keeps asking, as often as
// Retry-After says, for up to `patience` seconds; null if the chart never came.
export async function fetchChart(code, { patience = 180 } = {}) {
  const giveUp = Date.now() + patience * 1000;
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`/api/lobbies/${code}/progress`);
    if (response.ok) return response.json();
    if (response.status !== 429 && response.status !== 409) return null;
    const seconds = Number(response.headers.get("Retry-After")) || Math.min(attempt, 5);
    if (Date.now() + seconds * 1000 > giveUp) return null;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}
