// Unvention's actions in words: each button's accessible name and tooltip, and a hint's words
// (hint.js, through game.js's `describe`).

import { plural } from "../../js/board.js";
import { PRINTED, place } from "./printed.js";

export function partText(printed, w, r, c) {
  const n = printed.workshops[w].parts[r][c];
  return n === "?" ? "wild part" : `${n} part`;
}

// Any action in words, for its button's label (and a hint's words: hint.js).
export function describe(view, action) {
  const state = view.state;
  const printed = PRINTED;
  const me = view.you === null ? null : state.players[view.you];
  const shop = (w) => printed.workshops[w].title;
  const invention = (slug) => printed.inventions[slug].title;
  switch (action.type) {
    case "journal": {
      const [r, c] = action.cell;
      return `Write ${action.number} in journal ${action.journal + 1}, ${place(r, c)}`;
    }
    case "cross": {
      const [r, c] = action.cell;
      return `Mark an X in journal ${action.journal + 1}, ${place(r, c)} (no number fits anywhere)`;
    }
    case "circle": {
      const [r, c] = action.part;
      return `Circle the ${partText(printed, action.workshop, r, c)} in ${shop(action.workshop)}, `
        + `${place(r, c)}, with a ${action.number}`;
    }
    case "spend_wrench": {
      const [r, c] = action.part;
      return `Spend a wrench to circle the ${partText(printed, action.workshop, r, c)} `
        + `in ${shop(action.workshop)}, ${place(r, c)}`;
    }
    case "build_add": {
      const [r, c] = action.part;
      return `Add the circled ${partText(printed, action.workshop, r, c)} in ${shop(action.workshop)}, `
        + `${place(r, c)}, to the mechanism`;
    }
    case "build_place": {
      const cells = placedCells(me, action);
      const where = cells
        ? cells.map(([r, c]) => `${r + 1}-${c + 1}`).join(", ")
        : `${action.at[0] + 1}-${action.at[1] + 1}`;
      const turned = action.orientation ? `, turned (shape ${action.orientation + 1})` : "";
      return `Draw the mechanism in ${invention(action.invention)}${turned}, covering row-column ${where}`;
    }
    case "build_start": {
      const cost = me ? me.asking.cost : 2;
      return cost
        ? `Build a mechanism (${plural(cost, "wrench", "wrenches")})`
        : "Build a mechanism (free)";
    }
    case "build_cancel":
      return "Give up the mechanism (its wrenches come back)";
    case "ball_bearing": {
      const value = state.roll.dice[action.die];
      return `Ball Bearing ${value} → ${value + action.delta}, count a ${value} as a ${value + action.delta}`;
    }
    case "leap":
      return `Quantum Leap ${action.numbers[0]}+${action.numbers[1]} in ${shop(action.workshop)}, `
        + `circle every ${action.numbers[0]}, ${action.numbers[1]} and wild part`;
    case "idea": {
      const now = me ? ` (now x${me.inventions[action.invention].ideas})` : "";
      return `Put the journal's Idea on ${invention(action.invention)}${now}`;
    }
    case "present": {
      const worth = me ? me.inventions[action.invention].worth.total : null;
      return `Present ${invention(action.invention)}${worth === null ? "" : ` for ${plural(worth, "point")}`}`;
    }
    case "keep":
      return `Keep ${invention(action.invention)} back${state.presenting && state.presenting.final
        ? " (the competition ends: it scores nothing)" : " for a later day"}`;
    case "done":
      return "End turn";
    default:
      return JSON.stringify(action);
  }
}

// The invention cells a build_place action would cover: the shape the view gives for its
// orientation (asking.building.orientations, in the builder's own view), drawn at its corner.
export function placedCells(player, action) {
  const building = player && player.asking && player.asking.building;
  const shape = building && building.orientations && building.orientations[action.orientation || 0];
  if (!shape) return null;
  return shape.map(([r, c]) => [action.at[0] + r, action.at[1] + c]);
}
