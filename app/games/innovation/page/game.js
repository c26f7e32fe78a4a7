// Innovation's board: the dogma's question with the cards that can be chosen lit up, the turn's
// actions (draw, meld, dogma with who would share or be demanded, achieve), your board as five
// piles showing their splays, your hand and score pile as readable cards, every opponent's board
// with the sizes and ages of their hidden cards, the supply, the achievements, the cards just
// revealed and the recent log. Card faces are drawn from the card list the server publishes
// (GET /api/games/innovation/components); the view names cards only.
// Every legal action is an element carrying its exact JSON in data-action, and nothing else on
// the page carries one; table.js sends them. Game text only goes in as text.
// The board reads as text too: each player's piles, hand, score pile and achievements are lists
// under headings, each pile named by its colour (in words and by letter) and its top card; every
// control is named by what it does in the game's words ("Meld Writing", "Dogma Archery").

import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus, steady } from "../../js/steady.js";
import { Actions, nameOf, namesOf, plural, withNames } from "../../js/board.js";
import {
  COLORS,
  ICONS,
  ICON_NAMES,
  SPLAY_WORDS,
  back,
  colorMark,
  colorName,
  effectsText,
  face,
  icon,
  strip,
} from "./cards.js";
import { tallied } from "./tally.js";

// --- the printed components ------------------------------------------------------------------

async function loadComponents() {
  try {
    const response = await fetch("/api/games/innovation/components");
    if (!response.ok) return { cards: [], special_achievements: [] };
    return await response.json();
  } catch {
    return { cards: [], special_achievements: [] };
  }
}

const components = await loadComponents();
const CARDS = Object.fromEntries((components.cards || []).map((card) => [card.name, card]));
const SPECIALS = Object.fromEntries((components.special_achievements || []).map((s) => [s.name, s]));
const SPECIAL_ORDER = ["Monument", "Empire", "World", "Wonder", "Universe"];

// A card we have no face for (the list could not be read): its name only.
function cardOf(name) {
  return (
    CARDS[name] || {
      name,
      age: "?",
      color: "none",
      icons: ["hex", "hex", "hex", "hex"],
      dogma_icon: "hex",
      effects: [],
    }
  );
}

// A card face; when one of the card-choice actions names it (the pending question's {"type":
// "card"}), the face is lit up and a "Choose <card>" button sits under it, which also takes a
// press anywhere on the face (game.css stretches it over the card).
function cardFace(actions, name, { size = "full", cls = "" } = {}) {
  const card = cardOf(name);
  const action = actions.one("card", (a) => a.card === name);
  if (!action) return face(card, { size, cls });
  const choose = helped(actions.button(action, `Choose ${name}`, null, "in-choose"), cardHelp(name));
  return node("span", { class: "in-choosable" }, face(card, { size, cls: `in-choice ${cls}`.trim() }), choose);
}

// A control named by its own words gets its help apart (its tooltip, and the key "?"): the rule's
// words, what a card does.
function helped(button, help) {
  button.dataset.tip = help;
  return button;
}

// A card's help (its controls' tips, the key "?"): what it is and what it does.
function cardHelp(name) {
  const card = cardOf(name);
  return `${name} (age ${card.age}, ${card.color})\n${effectsText(card)}`;
}

// Words that go into an accessible name: one line, a colon and space softened to a dash (a name
// reads as one phrase).
const spoken = (text) => String(text).replace(/\s+/g, " ").replace(/: /g, " - ").trim();

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

// --- small pieces ----------------------------------------------------------------------------

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

// One colour pile, an item of its board's list: its name (the colour in words and by letter, how
// many cards, the splay), its top card, and the edge of every card under it that the splay
// reveals (a list of its own).
function pile(actions, player, color, { size, mine }) {
  const entry = player.board[color];
  const cards = entry.cards;
  const splay = cards.length > 1 ? entry.splay : null;
  const label = node(
    "span",
    { class: "in-pile-label" },
    node(
      "span",
      { class: "in-pile-name" },
      node(
        "span",
        { class: "visually-hidden" },
        `${colorName(color)} pile, ${plural(cards.length, "card")}${cards.length ? `, top ${cards[0]}` : ""}`,
      ),
      colorMark(color),
      node("span", { "aria-hidden": "true" }, `${colorName(color)}, ${plural(cards.length, "card")}`),
    ),
    splay ? node("span", { class: "in-splay tip-term", tip: TERMS.splay }, SPLAY_WORDS[splay]) : null,
  );
  const item = (...parts) =>
    node("li", { class: `in-pile in-pile-${color}${mine ? " in-mine" : ""}`, "data-color": color }, ...parts);
  if (!cards.length) return item(label, node("span", { class: "in-empty-pile" }, "no pile"));
  const top = cardFace(actions, cards[0], { size });
  const under = cards.slice(1);
  const parts = [label];
  if (splay) {
    parts.push(
      node(
        "div",
        { class: `in-stack in-splay-${splay}` },
        node("div", { class: "in-top" }, top),
        node(
          "ul",
          { class: "in-strips", "aria-label": `Under ${cards[0]}, ${SPLAY_WORDS[splay]}` },
          ...under.map((name) => strip(cardOf(name), splay)),
        ),
      ),
    );
  } else {
    parts.push(node("div", { class: "in-stack" }, node("div", { class: "in-top" }, top)));
    if (under.length)
      parts.push(node("span", { class: "in-below" }, `${plural(under.length, "card")} hidden below`));
  }
  // Cards under the top one that the question lets you choose (some effects reach into piles).
  const deeper = under.flatMap((name) => (actions.one("card", (a) => a.card === name) ? [name] : []));
  if (deeper.length) {
    parts.push(
      node(
        "div",
        { class: "in-pile-actions" },
        ...deeper.map((name) => cardFace(actions, name, { size: "mini" })),
      ),
    );
  }
  return item(...parts);
}

// A board: the list of the five piles (an opponent's empty piles are only named, to save room).
function boardOf(actions, player, { size, mine }) {
  const compact = size === "mini";
  const empty = COLORS.filter((color) => !player.board[color].cards.length);
  const shown = compact ? COLORS.filter((color) => !empty.includes(color)) : COLORS;
  return [
    node("h3", { class: "visually-hidden" }, "Piles"),
    shown.length
      ? node(
          "ul",
          { class: `in-board${compact ? " in-compact" : ""}`, "aria-label": "Piles" },
          ...shown.map((color) => pile(actions, player, color, { size, mine })),
        )
      : null,
    compact && empty.length
      ? node(
          "p",
          { class: "in-no-piles" },
          `No ${empty.join(", ")} ${empty.length === 1 ? "pile" : "piles"}`,
        )
      : null,
  ];
}

// --- the parts of the page -------------------------------------------------------------------

function header(view, state) {
  const bits = [];
  if (state.phase === "opening") bits.push("The opening: everyone picks one of two age-1 cards to meld");
  else if (state.result) bits.push("The game is over");
  else {
    bits.push(`Turn ${state.turn}`);
    bits.push(`${nameOf(view, state.current)} to play`);
    bits.push(plural(state.actions_left, "action") + " left");
  }
  bits.push(`${state.target} achievements win`);
  if (state.edition === "first") bits.push("first-edition texts");
  if (state.teams) bits.push("team game");
  const parts = [node("p", { class: "in-status" }, bits.join(" · "))];
  if (state.result) parts.push(node("p", { class: "in-status" }, withNames(view, state.result.reason)));
  return node("div", { class: "in-header" }, ...parts);
}

// A running dogma action: whose, on which card, who is demanded and who shares.
function dogmaBanner(view, state) {
  const dogma = state.dogma;
  if (!dogma) return null;
  const card = cardOf(dogma.card);
  const bits = [`${nameOf(view, dogma.player)}'s dogma: ${dogma.card}`];
  const demands = card.effects.some((e) => e.kind === "demand");
  const normal = card.effects.some((e) => e.kind !== "demand");
  if (demands)
    bits.push(dogma.affected.length ? `demanding of ${namesOf(view, dogma.affected)}` : "nobody is demanded");
  if (normal && dogma.sharing.length) bits.push(`shared with ${namesOf(view, dogma.sharing)}`);
  return node("p", { class: "in-dogma-banner" }, icon(card.dogma_icon), " ", bits.join(" · "));
}

function optionText(view, action, question) {
  switch (action.type) {
    case "color":
      return colorName(action.color);
    case "player":
      return `${nameOf(view, action.player)}${action.player === view.you ? " (you)" : ""}`;
    case "age":
      return `Age ${action.age}`;
    case "icon":
      return ICON_NAMES[action.icon] || action.icon;
    case "yes":
      return action.yes ? "Yes" : "No";
    case "done":
      return question && question.optional ? "Decline" : "Done";
    case "card":
      return action.card;
    default:
      return JSON.stringify(action);
  }
}

// Whose effect is under way, when not simply the chooser's own dogma.
function whose(view, question, card) {
  const effect = card.effects[question.effect - 1];
  const demander = nameOf(view, question.demander);
  const player = nameOf(view, question.player);
  if (effect && effect.kind === "demand") {
    return question.demander === view.you ? ` (your demand on ${player})` : ` (demanded by ${demander})`;
  }
  if (question.player === question.demander) return "";
  return question.player === view.you
    ? ` (sharing ${demander}'s dogma)`
    : ` (${player} sharing ${demander}'s dogma)`;
}

// The pending question: its words (the view's prompt), and the answers that are not cards
// (colours, players, ages, icons, yes/no, done). Card answers are the lit-up cards on the page; a
// card that is nowhere on the page to click gets a face here.
function questionBox(view, state, actions, replay = false) {
  const question = state.asking;
  if (!question) return null;
  const card = question.card ? cardOf(question.card) : null;
  const about = card
    ? [icon(card.dogma_icon), ` ${question.card}, effect ${question.effect}${whose(view, question, card)}`]
    : [];
  if (question.seat !== view.you || replay) {
    const box = node(
      "section",
      { class: "in-prompt in-waiting-box", "aria-label": "Waiting" },
      node(
        "p",
        { class: "in-waiting" },
        `Waiting for ${nameOf(view, question.seat)} to choose`,
        card ? " · " : "",
        ...about,
      ),
    );
    return { box, choices: null };
  }
  const choices = node("div", { class: "in-choices" });
  for (const type of ["yes", "color", "player", "age", "icon"]) {
    for (const action of actions.of(type)) {
      const text = optionText(view, action, question);
      let cls = "";
      let content = text;
      if (type === "color") {
        cls = `in-choice-color in-${action.color}`;
        content = [colorMark(action.color), text];
      }
      if (type === "icon") content = [icon(action.icon, "", { hidden: true }), ` ${text}`];
      choices.append(actions.button(action, content, answerName(view, question, text), cls));
    }
  }
  const box = node(
    "section",
    { class: "in-prompt", "aria-label": "Your choice", "data-guide": "question" },
    node("p", { class: "in-prompt-text" }, withNames(view, view.prompt)),
    card ? node("p", { class: "in-hint" }, ...about) : null,
    choices,
  );
  const cardChoices = actions.list.filter((a) => a.type === "card");
  if (cardChoices.length)
    box.insertBefore(node("p", { class: "in-hint" }, "Choose one of the highlighted cards."), choices);
  return { box, choices };
}

// An answer's name: the answer, then the question it answers ("Red, for Choose a pile to splay"):
// the view's prompt, which is the question's words for the seat asked.
function answerName(view, question, text) {
  return spoken(`${text}, for ${withNames(view, question ? view.prompt : "") || "the question"}`);
}

// After the question's other answers are drawn: card choices that had no place on the page,
// and the "done" answer last.
function finishQuestion(view, state, actions, asked) {
  if (!asked || !asked.choices) return;
  const loose = actions.of("card");
  if (loose.length) {
    asked.box.insertBefore(
      node(
        "ul",
        { class: "in-cards in-small" },
        ...loose.map((action) => node("li", {}, cardFace(actions, action.card, { size: "mini" }))),
      ),
      asked.choices,
    );
  }
  for (const action of actions.of("done")) {
    const text = optionText(view, action, state.asking);
    asked.choices.append(actions.button(action, text, answerName(view, state.asking, text), "in-secondary"));
  }
}

// The game's own words, as the rulebook tells them: tooltips on the actions, the splays and the
// glossary under "Your actions".
const TERMS = {
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
function turnBox(view, state, actions, me) {
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

// The opening: each player picks one of their two cards (the picks sit here, under the question,
// where the keyboard's focus and the eye start; the cards themselves are in the hand below).
function openingBox(view, state, actions) {
  const opening = state.opening;
  if (!opening) return null;
  const waiting = opening.waiting || [];
  const lines = [];
  const picks = actions.of("pick");
  if (view.you !== null && view.you !== undefined && picks.length) {
    lines.push(
      node(
        "p",
        { class: "in-prompt-text" },
        "Pick the card to meld first (the other stays in your hand). The first title alphabetically starts.",
      ),
      node(
        "div",
        { class: "in-choices" },
        ...picks.map((action) => {
          const help = `Pick ${action.card} to meld first; the other stays in your hand.\n${cardHelp(action.card)}`;
          return helped(actions.button(action, `Meld ${action.card} first`), help);
        }),
      ),
    );
  } else if (opening.pick) {
    lines.push(node("p", { class: "in-prompt-text" }, `You picked ${opening.pick}.`));
  }
  if (waiting.length)
    lines.push(node("p", { class: "in-waiting" }, `Still picking: ${namesOf(view, waiting)}`));
  return node("section", { class: "in-prompt in-opening-box", "aria-label": "The opening" }, ...lines);
}

// Your hand: full cards; under each its meld button, or the card itself lit up with its "Choose"
// button when the question lets you choose it.
function handBox(view, state, actions, me) {
  const items = me.hand.map((name) => {
    const buttons = [];
    for (const action of actions.of("meld", (a) => a.card === name)) {
      buttons.push(helped(actions.button(action, `Meld ${name}`), `${TERMS.meld}\n${cardHelp(name)}`));
    }
    return node("li", {}, cardFace(actions, name), ...buttons);
  });
  return node(
    "section",
    { class: "in-section in-hand", "aria-label": "Your hand" },
    node("h2", {}, `Your hand (${plural(me.hand.length, "card")})`),
    items.length
      ? node("ul", { class: "in-cards" }, ...items)
      : node("p", { class: "in-hint" }, "Your hand is empty."),
  );
}

function scoreBox(view, state, actions, me) {
  const items = me.score_pile.map((name) => node("li", {}, cardFace(actions, name, { size: "mini" })));
  const total = state.teams ? `score ${me.score}, team ${me.team_score}` : `score ${me.score}`;
  return node(
    "section",
    { class: "in-section in-score", "aria-label": "Your score pile" },
    node("h2", {}, `Your score pile (${plural(me.score_pile.length, "card")}, ${total})`),
    items.length
      ? node("ul", { class: "in-cards in-small" }, ...items)
      : node("p", { class: "in-hint" }, "No cards scored yet."),
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

function ownArea(view, state, actions, me, featured) {
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

function opponentArea(view, state, actions, player, featured) {
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

function tableBox(view, state) {
  const supply = node(
    "ul",
    { class: "in-supply", "aria-label": "Supply piles" },
    ...Array.from({ length: 10 }, (_, i) => {
      const age = i + 1;
      const count = state.supply[String(age)] || 0;
      return node(
        "li",
        {},
        count
          ? back(age, { label: `age ${age}, ${plural(count, "card")}` })
          : back(age, { cls: "in-empty", label: `age ${age}, empty` }),
        node("span", { "aria-hidden": "true" }, `×${count}`),
      );
    }),
  );
  const holders = {};
  for (const player of state.players) {
    for (const entry of player.achievements) {
      const age = typeof entry === "number" ? entry : cardOf(entry).age;
      (holders[age] = holders[age] || []).push(player.seat);
    }
  }
  const standard = node(
    "ul",
    { class: "in-achievements", "aria-label": "Standard achievements" },
    ...Array.from({ length: 9 }, (_, i) => {
      const age = i + 1;
      if (state.available.includes(age))
        return node("li", {}, back(age, { label: `age ${age}` }), node("span", {}, "open"));
      const who = holders[age] ? namesOf(view, holders[age]) : "taken";
      return node(
        "li",
        { class: "in-ach-taken" },
        back(age, { label: `age ${age}` }),
        node("span", {}, holders[age] ? [node("span", { class: "visually-hidden" }, "held by "), who] : who),
      );
    }),
  );
  const specialHolders = {};
  for (const player of state.players) for (const name of player.specials) specialHolders[name] = player.seat;
  const specials = node(
    "ul",
    { class: "in-specials", "aria-label": "Special achievements" },
    ...SPECIAL_ORDER.map((name) => {
      const info = SPECIALS[name];
      const holder = specialHolders[name];
      const text =
        holder === undefined ? (state.specials.includes(name) ? "open" : "gone") : nameOf(view, holder);
      return node(
        "li",
        {
          class: holder === undefined ? "" : "in-ach-taken",
          tip: info ? `${info.condition} (also: ${info.also_via_card})` : name,
        },
        node("strong", {}, name),
        `: ${text}`,
        info ? node("span", { class: "visually-hidden" }, `. ${info.condition}`) : null,
      );
    }),
  );
  return node(
    "div",
    { class: "in-table" },
    node("section", { class: "in-section", "aria-label": "Supply" }, node("h2", {}, "Supply"), supply),
    node(
      "section",
      { class: "in-section", "aria-label": "Achievements" },
      node("h2", {}, "Achievements"),
      standard,
      specials,
    ),
  );
}

function revealedBox(view, state, actions) {
  if (!state.revealed || !state.revealed.length) return null;
  return node(
    "section",
    { class: "in-section in-revealed", "aria-label": "Revealed" },
    node("h2", {}, "Revealed in the last action"),
    node(
      "ul",
      { class: "in-revealed-list" },
      ...state.revealed.map((name) => node("li", {}, cardFace(actions, name, { cls: "in-revealed" }))),
    ),
  );
}

// The recent log, with card names in their colours (and their colours' letters).
const CARD_NAMES = Object.keys(CARDS).sort((a, b) => b.length - a.length);
const CARD_PATTERN = CARD_NAMES.length
  ? new RegExp(`\\b(${CARD_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`, "g")
  : null;

function logLine(line) {
  const kind = /^Turn \d+/.test(line) ? "in-log-turn" : / activates /.test(line) ? "in-log-dogma" : null;
  const item = node("li", { class: kind });
  if (!CARD_PATTERN) {
    item.textContent = line;
    return item;
  }
  let at = 0;
  for (const match of line.matchAll(CARD_PATTERN)) {
    if (match.index > at) item.append(line.slice(at, match.index));
    const color = cardOf(match[0]).color;
    item.append(
      node(
        "strong",
        { class: `in-logcard in-text-${color}` },
        COLORS.includes(color) ? colorMark(color) : null,
        match[0],
      ),
    );
    at = match.index + match[0].length;
  }
  if (at < line.length) item.append(line.slice(at));
  return item;
}

// The log from the start of the previous turn on (at most LOG_LINES lines).
const LOG_LINES = 30;

function logBox(view) {
  const all = view.log || [];
  const starts = all.flatMap((line, i) => (/^Turn \d+/.test(line) ? [i] : []));
  const from = starts.length >= 2 ? starts[starts.length - 2] : 0;
  const lines = all.slice(Math.max(from, all.length - LOG_LINES));
  if (!lines.length) return null;
  return node(
    "section",
    { class: "in-section in-recent", "aria-label": "This turn and the last" },
    node("h2", {}, "This turn and the last"),
    node("ol", { class: "in-log" }, ...lines.map(logLine)),
  );
}

// --- drawing ---------------------------------------------------------------------------------

// The opening is picked by everyone at once, so the view can change while a player is pressing.
export const render = steady(draw);

// Where the keyboard's focus goes after a move (table.js asks): when a dogma asks for a card, the
// first card that can be chosen (the question's "Decline" comes before the cards on the page);
// otherwise the board's first control, as for any game.
export function firstChoice(board, view) {
  const asking = view && view.state && view.state.asking;
  if (!asking || asking.seat !== view.you) return null;
  const cards = [...board.querySelectorAll("button.in-choose[data-action]")];
  return cards.find((button) => !button.disabled && button.checkVisibility()) || null;
}

function draw(board, view, options) {
  const focused = focusedAction(board);
  const state = tallied(view.state, CARDS); // with the counts the view leaves to the page
  const you = view.you === undefined || view.you === null ? null : view.you;
  const actions = new Actions(you === null ? [] : view.legal, { cls: "in-act", once: true });
  const me = you === null ? null : state.players[you];
  const featured = state.dogma ? cardOf(state.dogma.card).dogma_icon : null;

  // Built in the order that decides where a card choice lands (first place drawn wins), then
  // laid out in reading order.
  const asked = questionBox(view, state, actions, Boolean(options?.replay)); // a replay: no instructions
  const opening = openingBox(view, state, actions);
  const own = me ? ownArea(view, state, actions, me, featured) : null;
  const hand = me ? handBox(view, state, actions, me) : null;
  const score = me ? scoreBox(view, state, actions, me) : null;
  const turn = me ? turnBox(view, state, actions, me) : null;
  const seats = state.players.map((p) => p.seat);
  const others = (you === null ? seats : seats.slice(you + 1).concat(seats.slice(0, you))).map((seat) =>
    opponentArea(view, state, actions, state.players[seat], featured),
  );
  const revealed = revealedBox(view, state, actions);
  finishQuestion(view, state, actions, asked);

  // Anything legal that found no place above still gets a button, described in words.
  const rest = actions.unshown();
  const extra = rest.length
    ? node(
        "div",
        { class: "in-choices" },
        ...rest.map((action) => {
          const text = optionText(view, action, state.asking);
          return actions.button(action, text, answerName(view, state.asking, text));
        }),
      )
    : null;

  const parts = [
    header(view, state),
    dogmaBanner(view, state),
    asked ? asked.box : null,
    opening,
    turn,
    extra,
    revealed,
    own,
    hand,
    score,
    others.length ? node("div", { class: "in-opponents" }, ...others) : null,
    tableBox(view, state),
    logBox(view),
  ];
  const root = node("div", { class: "in-root" }, ...parts.filter(Boolean));
  const old = board.firstElementChild;
  const glossaryOpen = old && old.querySelector(".in-glossary[open]");
  if (glossaryOpen) root.querySelector(".in-glossary")?.setAttribute("open", "");
  if (old && old.classList.contains("in-root") && sameShape(old, root)) {
    copyWords(old, root);
    return;
  }
  board.replaceChildren(root);
  restoreFocus(board, focused);
}

// A view that changes only words on the board (another player's opening pick, a count) changes
// them in place, so that the focus, an open tooltip and a screen reader's place stay where they
// are; any other change draws the board anew. The tooltip's own mark (aria-describedby) is not
// part of the shape.
function sameShape(drawn, fresh) {
  if (drawn.nodeType !== fresh.nodeType) return false;
  if (drawn.nodeType === Node.TEXT_NODE) return true;
  if (drawn.nodeType !== Node.ELEMENT_NODE) return drawn.isEqualNode(fresh);
  if (drawn.tagName !== fresh.tagName || drawn.childNodes.length !== fresh.childNodes.length) return false;
  const names = (element) =>
    element
      .getAttributeNames()
      .filter((name) => name !== "aria-describedby")
      .sort();
  const attributes = names(fresh);
  if (names(drawn).join(" ") !== attributes.join(" ")) return false;
  if (attributes.some((name) => drawn.getAttribute(name) !== fresh.getAttribute(name))) return false;
  return [...drawn.childNodes].every((child, i) => sameShape(child, fresh.childNodes[i]));
}

function copyWords(drawn, fresh) {
  if (drawn.nodeType === Node.TEXT_NODE) {
    if (drawn.data !== fresh.data) drawn.data = fresh.data;
    return;
  }
  drawn.childNodes.forEach((child, i) => copyWords(child, fresh.childNodes[i]));
}
