// Nerdy Inventions' board: the invention row under its dice-value tiles, the dice in hand, every
// player's inventions and tool, and each legal action as a button carrying its action JSON.
// Game text (card names, notes) only ever goes in through textContent and attributes.
//
// Read as text, the board is lists under headings: the row's tiles in order (each tile's number,
// what its gear asks, then its card), the dice with their values, each player's cards. A card says
// its name, level, points, cost in words, ability and state (tapped or upright) in its own text;
// the symbols (pips, ⚙, →) are hidden from screen readers and said in words beside them. Nothing
// is told by colour alone: a paid die says "paid", the card being built or moved says so, the
// player to play is named. A control's name starts with the words it shows ("Build the Clamp",
// "Pay 5", "Raise 3 to 5 with the tool"); the longer help is its tooltip, which "?" reads.

import { Actions, nameOf, plural, twins } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { focusedAction, restoreFocus } from "../../js/steady.js";

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const GEAR = "⚙";

// Whether this page is the host's (the table page says so; a replay has no host).
const hosting = () => Boolean(document.getElementById("table")?.dataset.host);

// --- words ---------------------------------------------------------------------------------

function allCards(state) {
  const cards = {};
  for (const slot of state.row) if (slot.card) cards[slot.card.id] = slot.card;
  for (const tableau of state.tableaus) for (const card of tableau.cards) cards[card.id] = card;
  for (const tool of state.tools) cards[tool.card.id] = tool.card;
  return cards;
}

function dieValue(state, id) {
  const die = state.dice.find((d) => d.id === id);
  return die ? die.value : "?";
}

// What a tile's gear asks, read in the row ("a gear asks for a 4"), and its help.
const gearWords = (gear) => `a gear asks for a ${gear}`;
const gearHelp = (gear) =>
  `Gear ${gear}: a gear (${GEAR}) on a card under this tile asks for a ${gear}, the tile's number.`;

// What ⚙ means wherever it shows, for the row's legend and the cost's tooltip.
const GEAR_LEGEND = `${GEAR} is a gear: a requirement worth the number on the tile above the card `
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
const COMPONENTS = await (await fetch("/api/games/nerdy-inventions/components")).json();

function costText(card, gear) {
  if (!card.cost) return "cannot be built";
  return card.cost.map((r) => requirementText(r, gear)).join(" + ");
}

// "Build cost: a 2, a gear (here a 3)": a card's cost in words.
function costWords(card, gear) {
  if (!card.cost) return "Cannot be built.";
  return `Build cost: ${card.cost.map((r) => requirementWords(r, gear)).join(", ")}.`;
}

// `shown` (symbols) for the eye, `words` for a screen reader, `help` for the tooltip.
function spoken(cls, shown, words, help = words) {
  return node(
    "span",
    { class: cls, tip: help },
    node("span", { "aria-hidden": "true" }, shown),
    node("span", { class: "visually-hidden" }, words),
  );
}

// A symbol for the eye alone (a pip, an arrow): the words beside it say it.
const symbol = (text) => node("span", { "aria-hidden": "true" }, text);
// Words for a screen reader alone, beside what the eye reads from the board's layout.
const hidden = (text) => node("span", { class: "visually-hidden" }, text);

// "Build: 2 + ⚙3" on a card; what ⚙ means in its tooltip and accessible name.
function costLine(card, gear) {
  const gears = card.cost && card.cost.includes("gear") ? ` ${GEAR_LEGEND}` : "";
  const words = costWords(card, gear);
  return spoken("ni-card-cost", `Build: ${costText(card, gear)}`, words, `${words}${gears}`);
}

function effectText(state, card) {
  if (card.group === "tool") return COMPONENTS.tool_text;
  const ability = COMPONENTS.abilities[card.ability];
  return ability ? `${ability.title}: ${ability.text}` : "";
}

// The four things a turn is made of, as the rulebook tells them (each button's tooltip ends so).
const TERMS = {
  use: "Use: an upright invention does what its card says, then it is tapped (turned sideways).",
  charge: "Charge: pay a die at least as high as a tapped invention's level to stand it up again.",
  research: "Research: pay a die to move the card under the tile of that value one place along the row.",
  build: "Build: pay the dice the card asks for (a 6 pays for any number) and take it, upright.",
};

// An action's description and, for the four turn words, what the word means.
function explained(view, action) {
  const term = TERMS[action.type];
  return term ? `${describe(view, action)}. ${term}` : describe(view, action);
}

// A button showing `content`, named `name` (which holds the words it shows: board.js
// nameHoldsWords), whose tooltip, read by "?", is `help`: the name says what it does, the help why.
function control(actions, action, content, name, help, cls = "") {
  const button = actions.button(action, content, name, cls);
  if (help) button.dataset.tip = help;
  return button;
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

const TAPPED = "Tapped (turned sideways): used this turn or before. Charge it with a die to use it again.";

// --- cards ---------------------------------------------------------------------------------

// A card's face, its ability's words on it (and in its tooltip); a tapped card is marked so in
// words, and a held card that stands upright says so to a screen reader (the eye sees it upright).
function cardFace(state, card, { gear = null, tapped = false, held = false } = {}) {
  const effect = effectText(state, card);
  const ability = card.group === "tool" ? null : COMPONENTS.abilities[card.ability];
  const facts = [];
  if (card.level !== null && card.level !== undefined) facts.push(`Level ${card.level}`);
  facts.push(`${card.points} ${card.points === 1 ? "point" : "points"}`);
  if (card.group === "starting") facts.push(`start ${card.seat_order}`);
  return node(
    "div",
    { class: `ni-card ni-${card.group}${tapped ? " ni-tapped" : ""}`, tip: effect, "data-card": card.id },
    node("strong", { class: "ni-card-name" }, card.name),
    tapped ? node("span", { class: "ni-card-state", tip: TAPPED }, "tapped") : null,
    held && !tapped ? hidden("upright") : null,
    node("span", { class: "ni-card-facts" }, facts.join(" · ")),
    card.group === "tool" || (!card.cost && gear === null) ? null : costLine(card, gear),
    ability ? node("span", { class: "ni-card-ability" }, node("strong", {}, ability.title), `: ${ability.text}`) : null,
    card.group === "tool" ? node("span", { class: "ni-card-ability" }, COMPONENTS.tool_text) : null,
    card.ability === "zeppelin"
      ? node("span", { class: "ni-card-warning", role: "note" }, "⚠ Using it ends the game at once.")
      : null,
  );
}

function cardBlock(state, card, options = {}) {
  return node("div", { class: "ni-card-box" }, cardFace(state, card, options));
}

// --- the parts of the board --------------------------------------------------------------------

function header(view, state) {
  const bits = [
    `Turn ${state.turn}`,
    `round ${state.round}`,
    `deck: ${state.deck} ${state.deck === 1 ? "card" : "cards"}`,
  ];
  if (state.current !== null) bits.push(`${nameOf(view, state.current)} to play`);
  const parts = [node("p", { class: "ni-status" }, bits.join(" · "))];
  if (state.final_round && !view.result) {  // once it is over, the result says so
    parts.push(
      node(
        "p",
        { class: "ni-final" },
        `Final round: the game ends before ${nameOf(view, state.first_player)}'s next turn.`,
      ),
    );
  }
  // The stand-in values are the host's business (only a host can give the real cards): the
  // host sees the notice, folded; the players find the same in the rules.
  if (state.stand_in && hosting()) {
    parts.push(
      node(
        "details",
        { class: "folded-notice" },
        node("summary", {}, "Stand-in cards"),
        node(
          "p",
          { class: "ni-stand-in" },
          "The printed card values are not known: these levels, costs, counts and points are ours ",
          "(the Rules page explains them, and how a host plays with the real cards).",
        ),
      ),
    );
  }
  return node("div", { class: "ni-header" }, ...parts);
}

// "Choose a die", "Pay for the Clamp: ..." as another player's: "Ann is choosing a die".
const DOING = { Choose: "is choosing", Pay: "is paying", Pass: "is passing" };

function theirs(name, text) {
  const [verb, ...rest] = text.split(" ");
  return DOING[verb] ? `${name} ${DOING[verb]} ${rest.join(" ")}` : `${name} is deciding: ${text}`;
}

// The choice being made: the viewer's to make, in a box that asks for it; someone else's, as a
// plain line saying who is making it. Not a live region: the table says "Your turn: ..." with the
// prompt, and reads the others' moves from the log.
function askingBox(view, state, actions) {
  const asking = state.asking;
  if (!asking) return null;
  const mine = view.you !== null && view.you === state.current;
  const box = node(
    "div",
    { class: mine ? "ni-asking" : "ni-asking ni-theirs" },
    node("p", { class: "ni-asking-text" }, mine ? asking.text : theirs(nameOf(view, state.current), asking.text)),
  );
  if (asking.kind === "build" && asking.needs) {
    box.append(
      node(
        "p",
        { class: "ni-needs" },
        "Requirements: ",
        // Read as "a 2 ✓ (paid with 6), a 1": each box a requirement, paid or not in words.
        ...asking.needs.map((need, index) =>
          node(
            "span",
            { class: index < asking.paid.length ? "ni-need ni-paid" : "ni-need" },
            hidden("a "),
            index < asking.paid.length
              ? `${need} ✓ (paid with ${dieValue(state, asking.paid[index])})`
              : `${need}`,
            index < asking.needs.length - 1 ? hidden(", ") : null,
          ),
        ),
      ),
    );
  }
  const values = actions.find((a) => a.type === "choose_value");
  if (values.length) {
    box.append(
      node("div", { class: "ni-choices" }, ...values.map((a) => actions.button(a, describe(view, a)))),
    );
  }
  const passes = actions.find((a) => a.type === "pass_tool");
  if (passes.length) {
    box.append(
      node(
        "div",
        { class: "ni-choices" },
        ...passes.map((a) => actions.button(a, describe(view, a))),
      ),
    );
  }
  return box;
}

function invRow(view, state, actions) {
  const slots = state.row.map((slot) => {
    const buttons = [];
    const here = slot.card ? `the ${slot.card.name}` : "the empty place";
    for (const action of actions.find((a) => a.type === "build" && a.slot === slot.slot)) {
      // What it costs, what building means and what the card does: all "?" needs to decide.
      const card = slot.card;
      const help = `Build the ${card.name}. ${costWords(card, slot.gear)} ${TERMS.build} ${effectText(state, card)}`;
      buttons.push(control(actions, action, "Build", `Build the ${card.name}`, help));
    }
    for (const action of actions.find((a) => a.type === "choose_row" && a.slot === slot.slot)) {
      const name = `Choose ${here} under tile ${slot.slot}`;
      buttons.push(control(actions, action, "Choose", name, describe(view, action)));
    }
    for (const action of actions.find((a) => a.type === "research_swap" && a.with === slot.slot)) {
      const name = `Swap here, with ${here} under tile ${slot.slot}`;
      buttons.push(control(actions, action, "Swap here", name, describe(view, action)));
    }
    const asking = state.asking;
    const marked = asking && asking.slot === slot.slot && asking.kind !== "ability";
    // The card being built or moved: its outline for the eye, these words for everyone.
    const mark = marked ? (asking.kind === "build" ? "Being built" : "Being moved") : null;
    return node(
      "li",
      { class: `ni-slot${marked ? " ni-marked" : ""}` },
      node(
        "div",
        { class: "ni-tile" },
        node("span", { class: "ni-tile-value" }, hidden("Tile "), String(slot.slot)),
        spoken("ni-gear", `${GEAR} = ${slot.gear}`, gearWords(slot.gear), gearHelp(slot.gear)),
      ),
      mark ? node("span", { class: "ni-mark" }, `▶ ${mark}`) : null,
      slot.card
        ? cardBlock(state, slot.card, { gear: slot.gear })
        : node("div", { class: "ni-card ni-empty" }, "empty"),
      buttons.length ? node("div", { class: "ni-slot-actions" }, ...buttons) : null,
    );
  });
  return node(
    "section",
    { class: "ni-row-section", "aria-labelledby": "ni-row-title" },
    node("h2", { id: "ni-row-title" }, "Invention row"),
    node("p", { class: "ni-legend" }, GEAR_LEGEND),
    node("ol", { class: "ni-row" }, ...slots),
  );
}

function diceArea(view, state, actions) {
  const owner = state.current === null ? null : nameOf(view, state.current);
  const title =
    view.you !== null && view.you === state.current ? "Your dice" : owner ? `${owner}'s dice` : "Dice";
  const paid = new Set(state.asking && state.asking.paid ? state.asking.paid : []);
  const picked = new Set(
    state.asking && state.asking.picks
      ? state.asking.picks.filter((p) => p.die !== undefined).map((p) => p.die)
      : [],
  );
  // A second die of one value researches the same tile: one button says it.
  const researched = new Set();
  const researchButton = (action, value) => {
    const text = `Research tile ${value}`;
    if (researched.has(value)) return actions.twin(action, text);
    researched.add(value);
    const name = `${text} with the ${value}`;
    return control(actions, action, text, name, explained(view, action), "ni-small");
  };
  const dice = state.dice.map((die) => {
    // The pips for the eye, the value in words for everyone: "Pay ⚄ 5" is named "Pay 5".
    const face = [symbol(PIPS[die.value] || ""), ` ${die.value}`];
    const single = actions.find((a) => (a.type === "choose_die" || a.type === "pay") && a.die === die.id);
    const chosen = picked.has(die.id) || state.asking?.die === die.id;
    const cls = `ni-die${paid.has(die.id) ? " ni-paid" : ""}${chosen ? " ni-picked" : ""}`;
    const verb = single.length && single[0].type === "pay" ? "Pay" : "Choose";
    const shown = single.length
      ? control(actions, single[0], [node("span", { class: "ni-die-verb" }, verb), ...face], null,
        describe(view, single[0]), cls)
      : node("span", { class: cls }, hidden("a die showing"), ...face);
    // Paid or chosen: a colour and an outline for the eye, and these words.
    const marks = [paid.has(die.id) ? "✓ paid" : null, chosen ? "▶ chosen" : null].filter(Boolean);
    const research = actions.find((a) => a.type === "research" && a.die === die.id);
    return node(
      "li",
      { class: "ni-die-slot" },
      shown,
      marks.length ? node("span", { class: "ni-mark" }, marks.join(" ")) : null,
      ...research.map((a) => researchButton(a, die.value)),
    );
  });
  return node(
    "section",
    { class: "ni-dice-section", "aria-labelledby": "ni-dice-title" },
    node("h2", { id: "ni-dice-title" }, title),
    dice.length
      ? node("ul", { class: "ni-dice" }, ...dice)
      : node("p", { class: "hint" }, "No dice in hand."),
  );
}

function tableau(view, state, actions, entry) {
  const seat = entry.seat;
  const mine = view.you === seat;
  const score = entry.score;
  const cards = entry.cards.map((card) => {
    const buttons = [];
    for (const action of actions.find((a) => a.type === "use" && a.card === card.id)) {
      const help = `${explained(view, action)} ${effectText(state, card)}`;
      buttons.push(control(actions, action, "Use", `Use the ${card.name}`, help));
    }
    const charges = actions.find((a) => a.type === "charge" && a.card === card.id);
    for (const [action, ...same] of twins(charges, (a) => dieValue(state, a.die))) {
      const label = `Charge with ${dieValue(state, action.die)}`;
      const name = `${label}, standing the ${card.name} up again`;
      buttons.push(control(actions, action, label, name, explained(view, action), "ni-small"));
      for (const twin of same) buttons.push(actions.twin(twin, label));
    }
    // Two dice of one value raise the same way: one button says it ("Raise 3 → 5", "3 to 5").
    const tools = actions.find((a) => a.type === "tool" && a.card === card.id);
    for (const [action, ...same] of twins(tools, (a) => dieValue(state, a.die))) {
      const before = dieValue(state, action.die);
      const after = Math.min(6, before + card.level);
      const content = [`Raise ${before} `, symbol("→"), hidden("to "), ` ${after}`];
      const name = `Raise ${before} to ${after} with the tool, tapping the ${card.name}`;
      buttons.push(control(actions, action, content, name, describe(view, action), "ni-small"));
      for (const twin of same) buttons.push(actions.twin(twin, `Raise ${before} to ${after}`));
    }
    return node(
      "li",
      { class: "ni-held" },
      cardBlock(state, card, { tapped: card.tapped, held: true }),
      buttons.length ? node("div", { class: "ni-card-actions" }, ...buttons) : null,
    );
  });
  let tool = node("p", { class: "hint" }, "No tool");
  if (entry.tool) {
    const choose = actions.find((a) => a.type === "choose_tool" && a.card === entry.tool.card.id);
    tool = node(
      "div",
      { class: "ni-tool-slot" },
      cardBlock(state, entry.tool.card, { tapped: entry.tool.tapped, held: true }),
      ...choose.map((a) => {
        const name = `Choose this tool, the one ${nameOf(view, seat)} holds`;
        return control(actions, a, "Choose this tool", name, describe(view, a));
      }),
    );
  }
  const starting = seat === state.first_player ? " · starting player" : "";
  // Whose turn it is: the frame's colour for the eye, the words for everyone.
  const playing = seat === state.current && !view.result ? " · to play" : "";
  const who = `${nameOf(view, seat)}${mine ? " (you)" : ""}${starting}${playing}`;
  const scoreText = `${plural(score.total, "point")}: ${score.inventions} from inventions, `
    + `${score.tools} from tools, ${plural(score.kinds, "kind")} (bonus ${score.bonus})`;
  return node(
    "section",
    {
      class: `ni-tableau${mine ? " ni-mine" : ""}${seat === state.current ? " ni-current" : ""}`,
      "aria-label": `${nameOf(view, seat)}'s inventions`,
    },
    node("h3", {}, who),
    node("p", { class: "ni-score" }, scoreText),
    node("div", { class: "ni-tableau-body" }, node("ul", { class: "ni-cards" }, ...cards), tool),
  );
}

function controls(view, actions) {
  const bar = node("div", { class: "ni-controls" });
  for (const action of actions.find((a) => a.type === "cancel"))
    bar.append(actions.button(action, "Cancel", describe(view, action), "ni-secondary"));
  for (const action of actions.find((a) => a.type === "end_turn")) {
    const help = "End your turn. Dice you did not spend are lost.";
    bar.append(control(actions, action, "End turn", "End turn", help));
  }
  return bar;
}

export function render(board, view) {
  const focused = focusedAction(board);
  const state = view.state;
  const actions = new Actions(view.legal, { cls: "ni-action" });
  const you = view.you;
  const order = state.tableaus
    .slice()
    .sort((a, b) => (a.seat === you ? -1 : b.seat === you ? 1 : a.seat - b.seat));

  const parts = [
    header(view, state),
    askingBox(view, state, actions),
    invRow(view, state, actions),
    view.result && !state.dice.length ? null : diceArea(view, state, actions),
    node(
      "section",
      { class: "ni-players", "aria-labelledby": "ni-players-title" },
      node("h2", { class: "visually-hidden", id: "ni-players-title" }, "Players' inventions"),
      ...order.map((entry) => tableau(view, state, actions, entry)),
    ),
  ];
  const bar = controls(view, actions);
  // Anything legal that has no place above still gets a button, described in words.
  const rest = actions.unshown();
  if (rest.length) bar.prepend(...rest.map((action) => actions.button(action, describe(view, action))));
  parts.splice(2, 0, bar.childElementCount ? bar : null);  // nothing to press: no empty bar
  board.replaceChildren(...parts.filter(Boolean));
  restoreFocus(board, focused);
}

// Where the keyboard goes after an action (the table asks): the first choice that moves the game
// on (a build, a die to pay with, an answer), not Cancel or End turn, which the bar shows first
// but which would throw a turn away on a second Enter. Only those two left: the first of them.
const LAST_RESORTS = new Set(["cancel", "end_turn"]);

export function firstChoice(board) {
  const choices = [...board.querySelectorAll("[data-action]")].filter(
    (element) => !element.disabled && element.tabIndex >= 0 && element.checkVisibility(),
  );
  return choices.find((element) => !LAST_RESORTS.has(JSON.parse(element.dataset.action).type)) || null;
}
