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
// One line per seat: colors apart for most kinds of color blindness, and a dash for each too.
const COLORS = ["#2364aa", "#c0392b", "#2e8540", "#c99700", "#6b4f9e", "#1d232b"];
const DASHES = ["", "8 4", "2 3", "10 3 2 3", "4 4", "1 2"];

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

// The chart (a figure holding the SVG and its legend), or null with nothing to draw.
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
  const x = (step) => left + ((width - left - PAD.right) * step) / steps;
  const y = (value) => HEIGHT - PAD.bottom - ((HEIGHT - PAD.top - PAD.bottom) * value) / top;

  const grid = marks.map((value) =>
    svg(
      "g",
      { class: "chart-tick" },
      svg("line", { x1: left, x2: width - PAD.right, y1: y(value), y2: y(value) }),
      svg("text", { x: left - 8, y: y(value) + 6, "text-anchor": "end" }, said(value)),
    ),
  );
  const axis = svg(
    "g",
    { class: "chart-axis" },
    svg("text", { x: left, y: HEIGHT - 8 }, "Start"),
    svg("text", { x: width - PAD.right, y: HEIGHT - 8, "text-anchor": "end" }, `Move ${chart.steps}`),
  );
  const lines = [];
  const finals = [];
  for (let seat = 0; seat < seats; seat += 1) {
    let path = "";
    for (const [step, standing] of chart.points) {
      path += path ? ` H ${x(step)} V ${y(standing[seat])}` : `M ${x(step)} ${y(standing[seat])}`;
    }
    path += ` H ${x(chart.steps)}`;
    const final = chart.points[chart.points.length - 1][1][seat];
    finals.push(final);
    lines.push(
      svg("path", {
        d: path,
        class: "chart-line",
        stroke: COLORS[seat % COLORS.length],
        "stroke-dasharray": DASHES[seat % DASHES.length],
        "data-seat": seat,
        // Lines that run together are drawn a little apart, so that each stays visible.
        transform: `translate(0 ${(seat - (seats - 1) / 2) * 2})`,
      }),
    );
  }
  const title = `${chart.measure} over the game`;
  const described = chart.names.map((name, seat) => `${name} ${said(finals[seat])}`).join(", ");
  const picture = svg(
    "svg",
    {
      viewBox: `0 0 ${width} ${HEIGHT}`,
      class: "chart",
      role: "img",
      "aria-label": `${title}: at the end, ${described}`,
    },
    svg("title", {}, title),
    ...grid,
    axis,
    ...lines,
  );
  const legend = node(
    "ul",
    { class: "chart-legend" },
    ...chart.names.map((name, seat) =>
      node(
        "li",
        {},
        swatch(seat),
        ` ${name}: ${said(finals[seat])}`,
      ),
    ),
  );
  return node("figure", { class: "score-chart" }, node("figcaption", {}, title), picture, legend);
}

function swatch(seat) {
  return svg(
    "svg",
    { class: "chart-swatch", viewBox: "0 0 24 8", width: 24, height: 8, "aria-hidden": "true" },
    svg("line", {
      x1: 0,
      x2: 24,
      y1: 4,
      y2: 4,
      stroke: COLORS[seat % COLORS.length],
      "stroke-width": 3,
      "stroke-dasharray": DASHES[seat % DASHES.length],
    }),
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
