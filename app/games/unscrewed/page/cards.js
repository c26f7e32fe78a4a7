// UNSCREWED's printed components, fetched once (GET /api/games/unscrewed/components): the maps
// and every card face. A view names them by id only: the map by its id, an Improv card or a Quirk
// by "<id>.<copy>", a Gimmick by its character and side, a Master Plan by its id; the page looks
// them up here.

const NONE = { maps: [], improv: [], quirks: [], gimmicks: {}, friend: null, master_plans: [] };

async function loadComponents() {
  try {
    const response = await fetch("/api/games/unscrewed/components");
    if (!response.ok) return NONE;
    return { ...NONE, ...(await response.json()) };
  } catch {
    return NONE;
  }
}

const components = await loadComponents();
const byId = (entries) => new Map((entries || []).map((entry) => [entry.id, entry]));
const MAPS = byId(components.maps);
const IMPROV = byId(components.improv);
const QUIRKS = byId(components.quirks);
const PLANS = byId(components.master_plans);

// A card in a deck is "<id>.<copy>"; its face is the card's.
const printedId = (cardId) => String(cardId).split(".")[0];

// The game's printed map, {name, size, grid (rows North first)}; when the components could not
// be read, a blank 9 by 9 map named by its id.
export function layoutOf(state) {
  const found = MAPS.get(state.map.id);
  if (found) return found;
  const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({ type: "blank" })));
  return { id: state.map.id, name: state.map.id, size: 9, grid };
}

// An Improv card's face {name, kind, text, icons, grid?}, or null.
export function improvOf(cardId) {
  return IMPROV.get(printedId(cardId)) || null;
}

// A Quirk's face {name, text} (its id when unknown).
export function quirkOf(quirkId) {
  return QUIRKS.get(printedId(quirkId)) || { name: String(quirkId), text: "" };
}

// A character's Gimmick card {front, back (null when one-sided)}, or null.
export function gimmickOf(character) {
  return components.gimmicks[character] || null;
}

// The side a player's Gimmick shows ({character, side} in the view): {title, goal, reward, text}.
export function gimmickSide(gimmick) {
  const card = gimmickOf(gimmick.character);
  return (card && card[gimmick.side]) || { title: gimmick.character, goal: "", reward: "", text: "" };
}

// A Master Plan card {name, text}, or null.
export function masterPlanOf(planId) {
  return PLANS.get(planId) || null;
}

// Slappy's Friend token {name, text}, or null.
export function friendToken() {
  return components.friend;
}
