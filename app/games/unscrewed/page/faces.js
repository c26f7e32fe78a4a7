// The faces of UNSCREWED's cards as the board draws them: an Action Card, a Master Plan lying on a
// scheme slot, an Improv card with its targeting grid, a Quirk and a Gimmick side (their words
// come from the components: cards.js).

import { node } from "../../js/dom.js";
import { improvOf, masterPlanOf, quirkOf } from "./cards.js";
import { CARD_TITLES } from "./map.js";

const CARD_MARKS = { north: "↑", east: "→", south: "↓", west: "←", improvise: "★", again: "↻" };
const ICON_WORDS = {
  stumble: "Stumble",
  coin: "Coin flip",
  improvise: "Improvise",
  directions: "Directions",
  arrows: "Direction arrows",
  confuse: "Confuse",
  shift: "Shift",
  trash: "Trash",
  die: "Die roll",
  bomb: "Bomb",
  anvil: "Anvil",
  hole: "Hole",
  slick: "Slick",
  plan: "Plan",
};

export function actionCard(card, extra = "") {
  return node(
    "span",
    { class: `us-card us-card-${card} ${extra}`.trim() },
    node("span", { class: "us-card-mark", "aria-hidden": "true" }, CARD_MARKS[card] || "?"),
    node("span", { class: "us-card-title" }, CARD_TITLES[card] || card),
  );
}

// A Master Plan card lying on a scheme slot (its text from the components, when they have it).
export function planCard(view, planId) {
  const plan = masterPlanOf(planId);
  const text = plan ? `${plan.name}: ${plan.text}` : "Master Plan: take any basic action at this step.";
  return node(
    "span",
    { class: "us-card us-card-plan", tip: text },
    node("span", { class: "us-card-mark", "aria-hidden": "true" }, "✎"),
    node("span", { class: "us-card-title" }, plan ? plan.name : "Master Plan"),
    node("span", { class: "visually-hidden" }, text),
  );
}

function targetingGrid(grid) {
  const marks = new Map([["0,0", ["us-tg-me", "▲"]]]);
  for (const [r, f] of grid.melee || []) marks.set(`${r},${f}`, ["us-tg-melee", "✕"]);
  (grid.move || []).forEach(([r, f], i) => marks.set(`${r},${f}`, ["us-tg-move", String(i + 1)]));
  for (const line of grid.ranged || []) {
    const [r, f] = line.from;
    const arrow = { forward: "↑", back: "↓", left: "←", right: "→" }[line.dir || "forward"] || "↑";
    marks.set(`${r},${f}`, ["us-tg-ranged", arrow]);
  }
  const offsets = [...marks.keys()].map((text) => text.split(",").map(Number));
  const rs = offsets.map(([r]) => r);
  const fs = offsets.map(([, f]) => f);
  const [r0, r1, f0, f1] = [Math.min(...rs), Math.max(...rs), Math.min(...fs), Math.max(...fs)];
  const rows = [];
  for (let f = f1; f >= f0; f -= 1) {
    const cells = [];
    for (let r = r0; r <= r1; r += 1) {
      const [cls, text] = marks.get(`${r},${f}`) || ["", ""];
      cells.push(node("td", { class: cls }, text));
    }
    rows.push(node("tr", {}, ...cells));
  }
  return node(
    "table",
    {
      class: "us-targeting",
      "aria-label": "Targeting grid, aimed up: ▲ you, ✕ melee, arrows ranged lines, numbers your moves",
    },
    node("tbody", {}, ...rows),
  );
}

export function improvCard(view, cardId, extra = null) {
  const card = improvOf(cardId);
  if (!card) return node("div", { class: "us-improv" }, String(cardId));
  return node(
    "div",
    { class: `us-improv us-improv-${card.kind}` },
    node(
      "p",
      { class: "us-improv-head" },
      node("strong", {}, card.name),
      node("span", { class: "us-kind" }, card.kind === "attack" ? "Attack" : "Surprise"),
    ),
    card.grid ? targetingGrid(card.grid) : null,
    node("p", { class: "us-improv-text" }, card.text),
    card.icons && card.icons.length
      ? node("p", { class: "us-icons" }, card.icons.map((name) => ICON_WORDS[name] || name).join(" · "))
      : null,
    extra,
  );
}

// A Quirk by its id ("<id>.<copy>"): its name and text.
export function quirkCard(quirkId, extra = null) {
  const quirk = quirkOf(quirkId);
  return node(
    "div",
    { class: "us-quirk" },
    node("strong", {}, quirk.name),
    node("span", {}, ` ${quirk.text}`),
    extra,
  );
}

// A Gimmick side: its title, text, Goal and Reward.
export function gimmickText(side, note = null, cls = "") {
  return node(
    "div",
    { class: `us-gimmick ${cls}`.trim() },
    node("p", {}, node("strong", {}, `Gimmick: ${side.title}`), note ? ` (${note})` : ""),
    side.text ? node("p", {}, side.text) : null,
    node("p", {}, node("em", {}, "Goal: "), side.goal),
    node("p", {}, node("em", {}, "Reward: "), side.reward),
  );
}
