// Each player's area: your board (its piles, the icons showing, your score and achievements) and
// every opponent's (the same, with the sizes and ages of their hidden hand and score pile), and
// this turn's tucks and scores toward Monument.

import { node } from "../../js/dom.js";
import { nameOf } from "../../js/board.js";
import { ICONS, back, face, icon } from "./cards.js";
import { SPECIALS, cardOf } from "./components.js";
import { boardOf } from "./piles.js";

// The icons a board shows, counted: a list "crown 3, leaf 0, ..." (the featured icon of a running
// dogma marked, by a frame and in words). Each icon's picture carries its name (its <title> shows
// on hover): no tooltip of its own, so that the board's first help is on a control.
function iconCounts(player, featured = null) {
  return node(
    "ul",
    { class: "in-icon-counts", "aria-label": "Icons showing" },
    ...ICONS.map((name) =>
      node(
        "li",
        { class: `in-icon-count${name === featured ? " in-featured" : ""}` },
        icon(name),
        String(player.icons[name] || 0),
        name === featured ? node("span", { class: "visually-hidden" }, ", the dogma's icon") : null,
      ),
    ),
  );
}

// A small group of a player's things: its heading ("Hand (2)") and its list.
function group(title, list, cls = "") {
  return node("div", { class: `in-group ${cls}`.trim() }, node("h3", { class: "in-group-head" }, title), list);
}

// Hidden cards as a list of their backs, by age (a finished game's replay names them: small
// faces).
function hidden(entries) {
  if (!entries.length) return node("p", { class: "in-hint" }, "none");
  if (entries.every((entry) => typeof entry === "string")) {
    return node(
      "ul",
      { class: "in-backs in-named" },
      ...entries.map((name) => node("li", {}, face(cardOf(name), { size: "mini" }))),
    );
  }
  return node("ul", { class: "in-backs" }, ...entries.map((age) => node("li", {}, back(age))));
}

function achievementsHeld(player) {
  const ages = player.achievements.map((entry) => (typeof entry === "number" ? entry : cardOf(entry).age));
  if (!ages.length && !player.specials.length) return node("p", { class: "in-hint" }, "none");
  return node(
    "ul",
    { class: "in-achieved" },
    ...ages.map((age) => node("li", {}, back(age, { label: `the age-${age} achievement` }))),
    ...player.specials.map((name) =>
      node(
        "li",
        { class: "in-special-held", tip: SPECIALS[name] ? SPECIALS[name].condition : name },
        name,
      ),
    ),
  );
}

// This turn's tucks and scores (six of either claim Monument).
function monument(player) {
  if (!player.tucked && !player.scored) return null;
  return node(
    "p",
    { class: "in-fact" },
    `This turn: ${player.tucked} tucked, ${player.scored} scored (six of either claim Monument)`,
  );
}

function scoreWords(state, player) {
  return state.teams ? `${player.score} (team ${player.team_score})` : String(player.score);
}

// An opponent's hidden hand and score pile (their backs: the ages) and the achievements they hold.
function playerFacts(view, state, player, featured) {
  return [
    node(
      "div",
      { class: "in-facts" },
      iconCounts(player, featured),
      node("p", { class: "in-fact" }, "Score ", node("strong", {}, scoreWords(state, player))),
      monument(player),
    ),
    node(
      "div",
      { class: "in-secret" },
      group(`Hand (${player.hand.length})`, hidden(player.hand)),
      group(`Score pile (${player.score_pile.length})`, hidden(player.score_pile)),
      group(`Achievements (${player.achievement_count} of ${state.target})`, achievementsHeld(player)),
    ),
  ];
}

export function ownArea(view, state, actions, me, featured) {
  const current = state.current === me.seat && state.phase === "turn" && !state.result;
  return node(
    "section",
    { class: `in-player in-mine${current ? " in-current" : ""}`, "aria-label": "Your board" },
    node(
      "div",
      { class: "in-player-head" },
      node(
        "h2",
        {},
        `Your board${me.teammate !== null && me.teammate !== undefined
          ? ` (team with ${nameOf(view, me.teammate)})` : ""}`,
      ),
      node("div", { class: "in-facts" }, iconCounts(me, featured)),
    ),
    ...boardOf(actions, me, { size: "full", mine: true }),
    node(
      "div",
      { class: "in-secret" },
      node("p", { class: "in-fact" }, "Score ", node("strong", {}, scoreWords(state, me))),
      group(`Achievements (${me.achievement_count} of ${state.target})`, achievementsHeld(me)),
      monument(me),
    ),
  );
}

export function opponentArea(view, state, actions, player, featured) {
  const current = state.current === player.seat && state.phase === "turn" && !state.result;
  const mate =
    view.you !== null && state.players[view.you] && state.players[view.you].teammate === player.seat;
  const title = `${nameOf(view, player.seat)}${mate ? " (your teammate)" : ""}${current ? " · to play" : ""}`;
  return node(
    "section",
    {
      class: `in-player${current ? " in-current" : ""}`,
      "aria-label": `${nameOf(view, player.seat)}'s board`,
      "data-seat": player.seat,
    },
    node("div", { class: "in-player-head" }, node("h2", {}, title)),
    ...playerFacts(view, state, player, featured),
    ...boardOf(actions, player, { size: "mini", mine: false }),
  );
}
