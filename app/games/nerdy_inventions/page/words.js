// Nerdy Inventions in words: the abilities and tools (served once), what a gear asks, a card's
// cost and what it does, the four things a turn is made of, and any action described (for its
// button's label, its tooltip and a hint's words).

import { nameOf } from "../../js/board.js";
import { GEAR } from "./symbols.js";

function allCards(state) {
  const cards = {};
  for (const slot of state.row) if (slot.card) cards[slot.card.id] = slot.card;
  for (const tableau of state.tableaus) for (const card of tableau.cards) cards[card.id] = card;
  for (const tool of state.tools) cards[tool.card.id] = tool.card;
  return cards;
}

export function dieValue(state, id) {
  const die = state.dice.find((d) => d.id === id);
  return die ? die.value : "?";
}

// What a tile's gear asks, read in the row ("a gear asks for a 4"), and its help.
export const gearWords = (gear) => `a gear asks for a ${gear}`;
export const gearHelp = (gear) =>
  `Gear ${gear}: a gear (${GEAR}) on a card under this tile asks for a ${gear}, the tile's number.`;

// What ⚙ means wherever it shows, for the row's legend and the cost's tooltip.
export const GEAR_LEGEND = `${GEAR} is a gear: a requirement worth the number on the tile above the card `
  + "(under tile 4 it asks for a 4). A 6 pays for any requirement.";

function requirementText(requirement, gear) {
  if (requirement === "gear") return gear ? `${GEAR}${gear}` : GEAR;
  return String(requirement);
}

// A requirement in words, for the accessible name: "a gear (here a 4)", "a 5".
function requirementWords(requirement, gear) {
  if (requirement !== "gear") return `a ${requirement}`;
  return gear ? `a gear (here a ${gear})` : "a gear (the number of the tile above the card in the row)";
}

// What the abilities and tools do, the same in every game: served once by
// GET /api/games/nerdy-inventions/components, never repeated in views.
export const COMPONENTS = await (await fetch("/api/games/nerdy-inventions/components")).json();

export function costText(card, gear) {
  if (!card.cost) return "cannot be built";
  return card.cost.map((r) => requirementText(r, gear)).join(" + ");
}

// "Build cost: a 2, a gear (here a 3)": a card's cost in words.
export function costWords(card, gear) {
  if (!card.cost) return "Cannot be built.";
  return `Build cost: ${card.cost.map((r) => requirementWords(r, gear)).join(", ")}.`;
}

export function effectText(state, card) {
  if (card.group === "tool") return COMPONENTS.tool_text;
  const ability = COMPONENTS.abilities[card.ability];
  return ability ? `${ability.title}: ${ability.text}` : "";
}

// The four things a turn is made of, as the rulebook tells them (each button's tooltip ends so).
export const TERMS = {
  use: "Use: an upright invention does what its card says, then it is tapped (turned sideways).",
  charge: "Charge: pay a die at least as high as a tapped invention's level to stand it up again.",
  research: "Research: pay a die to move the card under the tile of that value one place along the row.",
  build: "Build: pay the dice the card asks for (a 6 pays for any number) and take it, upright.",
};

// An action's description and, for the four turn words, what the word means.
export function explained(view, action) {
  const term = TERMS[action.type];
  return term ? `${describe(view, action)}. ${term}` : describe(view, action);
}

// A plain description of any action, for its button's label (and a hint's words: hint.js).
export function describe(view, action) {
  const state = view.state;
  const cards = allCards(state);
  const cardName = (id) => (cards[id] ? cards[id].name : id);
  const asking = state.asking;
  switch (action.type) {
    case "end_turn":
      return "End your turn";
    case "cancel":
      return "Cancel this choice";
    case "use":
      return `Use the ${cardName(action.card)}`;
    case "charge":
      return `Charge the ${cardName(action.card)} with the ${dieValue(state, action.die)}`;
    case "tool": {
      const card = cards[action.card];
      const before = dieValue(state, action.die);
      const after = Math.min(6, before + (card ? card.level : 0));
      return `Use the tool, tapping the ${cardName(action.card)}, to raise the ${before} to ${after}`;
    }
    case "pass_tool":
      return `Give the tool to ${nameOf(view, action.seat)}`;
    case "research":
      return `Research with the ${dieValue(state, action.die)}, `
        + `moving the card under tile ${dieValue(state, action.die)}`;
    case "research_swap":
      return `Swap it with the card under tile ${action.with}`;
    case "build":
      return `Build the card under tile ${action.slot}`;
    case "pay":
      return `Pay with the ${dieValue(state, action.die)}`;
    case "choose_die":
      return `Choose the ${dieValue(state, action.die)}`;
    case "choose_row":
      return `Choose the card under tile ${action.slot}`;
    case "choose_tool": {
      const tool = state.tools.find((t) => t.card.id === action.card);
      return tool ? `Choose the ${tool.card.name} of ${nameOf(view, tool.holder)}` : `Choose ${action.card}`;
    }
    case "choose_value": {
      if (asking && asking.ability === "split") {
        const total = dieValue(state, asking.picks[0].die);
        return `Split the ${total} into ${total - action.value} and ${action.value}`;
      }
      if (asking && asking.ability === "redistribute") {
        const [a, b] = asking.picks.map((pick) => dieValue(state, pick.die));
        return `Make the ${a} a ${action.value} and the ${b} a ${a + b - action.value}`;
      }
      return `Choose ${action.value}`;
    }
    default:
      return JSON.stringify(action);
  }
}
