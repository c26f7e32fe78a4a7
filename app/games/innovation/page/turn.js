// Innovation's turn: the actions (draw, achieve, dogma with who would share or be demanded; melds
// sit under the hand's cards) with the rulebook's words as their tips, and the glossary of those
// words. Also what the actions read from the board: the age a draw takes, whom a dogma reaches.

import { node } from "../../js/dom.js";
import { namesOf } from "../../js/board.js";
import { COLORS, ICON_NAMES, effectsText, icon } from "./cards.js";
import { cardOf, helped } from "./components.js";

// The game's own words, as the rulebook tells them: tooltips on the actions, the splays and the
// glossary under "Your actions".
export const TERMS = {
  draw: "Draw: take a card of the age of your highest top card (or the next age with cards left).",
  meld: "Meld: put a card from your hand on top of the pile of its color on your board.",
  achieve: "Achieve: claim an age's achievement when your score is at least 5 × its age "
    + "and a top card of yours is of that age or higher.",
  dogma: "Dogma: carry out a top card's effects. Others with at least as many of its featured icon "
    + "share the effects (and you draw a card if they gain from it); an I demand effect hits those with fewer.",
  splay: "Splay: spread a pile so that more of its icons show. Left shows one more icon per card, "
    + "right two, up three.",
  tuck: "Tuck: put a card under the pile of its color on your board.",
  score: "Score: put a card face down in your score pile; its age counts as points.",
  return: "Return: put a card back at the bottom of its age's supply pile.",
};

// The words the cards use, folded: open, each word with its meaning (a list a keyboard and a
// screen reader reach like any text).
function glossary() {
  return node(
    "details",
    { class: "in-glossary" },
    node("summary", {}, "The words on the cards"),
    node(
      "dl",
      {},
      ...Object.entries(TERMS).map(([word, meaning]) => [
        node("dt", {}, word),
        node("dd", {}, meaning.replace(/^\w+: /, "")),
      ]),
    ),
  );
}

// The turn's four actions (melds sit under the hand's cards).
export function turnBox(view, state, actions, me) {
  const draws = actions.of("draw");
  const dogmas = actions.of("dogma");
  const achieves = actions.of("achieve");
  if (!draws.length && !dogmas.length && !achieves.length && !actions.of("meld").length) return null;
  const row = node("div", { class: "in-turn-actions" });
  for (const action of draws) {
    const age = drawAge(state, me);
    const text = age > 10 ? "Draw (no cards left, the game ends)" : `Draw an age-${age} card`;
    row.append(helped(actions.button(action, text), TERMS.draw));
  }
  for (const action of achieves) {
    const text = `Achieve age ${action.age}`;
    row.append(helped(actions.button(action, text), `Claim the age-${action.age} achievement. ${TERMS.achieve}`));
  }
  const dogmaList = node("div", { class: "in-turn-actions" });
  for (const action of dogmas) {
    const card = cardOf(action.card);
    const who = reach(state, me.seat, action.card);
    const notes = [];
    if (who.demanded.length) notes.push(`demands ${namesOf(view, who.demanded)}`);
    if (who.sharing.length) notes.push(`shared with ${namesOf(view, who.sharing)}`);
    if (!notes.length) notes.push("only you");
    const content = [
      node("span", {}, icon(card.dogma_icon, "", { hidden: true }), ` Dogma ${action.card}`),
      " ",
      node("span", { class: "in-share" }, `your ${who.count} ${ICON_NAMES[who.icon]} · ${notes.join(" · ")}`),
    ];
    const button = actions.button(action, content, null, `in-dogma in-dogma-${card.color}`);
    dogmaList.append(helped(button, `${TERMS.dogma}\n${action.card}: ${effectsText(card)}`));
  }
  return node(
    "section",
    { class: "in-turn", "aria-label": "Your actions" },
    node("h2", {}, "Your actions"),
    row,
    dogmas.length ? dogmaList : null,
    actions.list.some((a) => a.type === "meld")
      ? node("p", { class: "in-hint" }, "Or meld a card from your hand (below).")
      : null,
    glossary(),
  );
}

// --- reading the board -----------------------------------------------------------------------

function topCards(player) {
  return COLORS.map((color) => player.board[color].cards[0]).filter(Boolean);
}

function highestTop(player) {
  return Math.max(
    0,
    ...topCards(player)
      .map((name) => cardOf(name).age)
      .filter(Number.isFinite),
  );
}

// The age a draw takes: the highest top card's age (at least 1), then the next pile with cards.
function drawAge(state, player) {
  let age = Math.max(1, highestTop(player));
  while (age <= 10 && !state.supply[String(age)]) age += 1;
  return age;
}

// Who a dogma on `name` would reach, by the featured icon's counts now.
function reach(state, seat, name) {
  const card = cardOf(name);
  const featured = card.dogma_icon;
  const players = state.players;
  const count = (s) => players[s].icons[featured] || 0;
  const mine = count(seat);
  const order = players.map((_, i) => (seat + 1 + i) % players.length).filter((s) => s !== seat);
  const friend = (s) => players[seat].teammate === s;
  const demands = card.effects.some((e) => e.kind === "demand");
  const normal = card.effects.some((e) => e.kind !== "demand");
  return {
    icon: featured,
    count: mine,
    demanded: demands ? order.filter((s) => !friend(s) && count(s) < mine) : [],
    sharing: normal ? order.filter((s) => count(s) >= mine) : [],
  };
}
