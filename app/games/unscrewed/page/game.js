// UNSCREWED's board: the shrinking map with its thingamajigs (unscrewed-map.js), the playback of
// what just happened (unscrewed-play.js), your six Action Cards and three scheme slots, the other
// players' schemes face down until flipped, their Quirks and Gimmicks, and every decision the
// game asks for as buttons carrying their action's JSON (spawn and token spaces are buttons on the
// map). Actions are sent by table.js alone; the listeners added here only light up the aim
// preview, skip the playback, or hold a redraw while a pointer is down. The view names the map and
// the cards by id; their faces come from the components (unscrewed-cards.js).

import { Actions, capitalise, nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { foldedAfterFirstView } from "../../js/fold.js";
import { friendToken, gimmickOf, gimmickSide, improvOf, layoutOf, masterPlanOf, quirkOf } from "./cards.js";
import { focusedAction, restoreFocus, steady } from "../../js/steady.js";
import {
  CARD_TITLES,
  CHARACTERS,
  SPACE_NAMES,
  characterName,
  decorate,
  drawMap,
  icon,
  spot,
  modelOf,
  putThing,
  thingElement,
  thingInfo,
  thingName,
} from "./map.js";
import { filledSlots, lockedIn, numberedEvents, thingList } from "./derived.js";
import { Playback, caption, reducedMotion } from "./play.js";

const CARDS = ["north", "east", "south", "west", "improvise", "again"];
const CARD_MARKS = { north: "↑", east: "→", south: "↓", west: "←", improvise: "★", again: "↻" };
const CARD_TEXT = {
  north: "Move 1 space North.",
  east: "Move 1 space East.",
  south: "Move 1 space South.",
  west: "Move 1 space West.",
  improvise: "Draw an Improv card and resolve it.",
  again: "Repeat your previous action (first in the scheme: Stumble).",
};
const PHASES = {
  characters: "Choosing characters",
  spawning: "Spawning",
  quirks: "Draw Quirks",
  scheming: "Scheming",
  execution: "Execution",
  aftermath: "Aftermath",
};
const SHIFT_GRID = [
  "northwest",
  "north",
  "northeast",
  "west",
  "stay",
  "east",
  "southwest",
  "south",
  "southeast",
];
const ARROWS = {
  north: "↑",
  northeast: "↗",
  east: "→",
  southeast: "↘",
  south: "↓",
  southwest: "↙",
  west: "←",
  northwest: "↖",
  stay: "•",
};
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

// Kept between renders: the last drawn view's positions (where the next playback starts), the
// last event number seen and the running playback.
let previous = null;
let lastEvent = null;
let playback = null;
// The map key's fold as the person last left it (null: untouched, so open only where the board
// has two columns: on a phone it is folded, so that the map is not pushed down by it).
let keyOpen = null;
const WIDE = "(min-width: 901px)"; // as .us-main's two columns in unscrewed.css

// An action in words, for its button's label (and a hint's words: hint.js).
export function describe(view, action) {
  switch (action.type) {
    case "character":
      return `Play ${CHARACTERS[action.name] ? CHARACTERS[action.name].name : action.name}`;
    case "spawn":
      return `Spawn at column ${action.at[0] + 1}, row ${action.at[1] + 1}`;
    case "friend":
      return `Put Slappy's Friend at column ${action.at[0] + 1}, row ${action.at[1] + 1}`;
    case "plan":
      return `Put the Plan token at column ${action.at[0] + 1}, row ${action.at[1] + 1}`;
    case "keep_quirk":
      return `Keep ${quirkOf(action.quirk).name}`;
    case "discard_quirk":
      return `Discard ${quirkOf(action.quirk).name}`;
    case "scheme":
      return `Scheme ${CARD_TITLES[action.card] || action.card} into the next slot`;
    case "unscheme":
      return "Take back the last card schemed";
    case "lock":
      return "Lock in your scheme";
    case "master_plan":
      return `Play ${CARD_TITLES[action.action] || action.action} by the Master Plan`;
    case "aim":
      return `Aim ${action.direction}`;
    case "call":
      return `Call ${action.side}`;
    case "direction":
    case "shift":
      return action.direction === "stay" ? "Stay put" : `Go ${action.direction}`;
    case "order":
      return `${thingName(view, thingInfo(view, action.thing))} goes first`;
    case "pick_improv": {
      const card = improvOf(action.card);
      return `Play ${card ? card.name : action.card}`;
    }
    default:
      return JSON.stringify(action);
  }
}

// --- cards ---------------------------------------------------------------------------------------

function actionCard(card, extra = "") {
  return node(
    "span",
    { class: `us-card us-card-${card} ${extra}`.trim() },
    node("span", { class: "us-card-mark", "aria-hidden": "true" }, CARD_MARKS[card] || "?"),
    node("span", { class: "us-card-title" }, CARD_TITLES[card] || card),
  );
}

// A Master Plan card lying on a scheme slot (its text from the components, when they have it).
function planCard(view, planId) {
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

function improvCard(view, cardId, extra = null) {
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
function quirkCard(quirkId, extra = null) {
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
function gimmickText(side, note = null, cls = "") {
  return node(
    "div",
    { class: `us-gimmick ${cls}`.trim() },
    node("p", {}, node("strong", {}, `Gimmick: ${side.title}`), note ? ` (${note})` : ""),
    side.text ? node("p", {}, side.text) : null,
    node("p", {}, node("em", {}, "Goal: "), side.goal),
    node("p", {}, node("em", {}, "Reward: "), side.reward),
  );
}

// --- header --------------------------------------------------------------------------------------

function header(view, state) {
  let status = `Round ${state.round} · ${state.result ? "Game over" : PHASES[state.phase] || state.phase}`;
  if (state.phase === "execution" && state.execution && !state.result)
    status += ` · step ${state.execution.step + 1} of 3`;
  const dibs = state.dibs_order.map((seat) => {
    const alive = state.players[seat].alive || ["characters", "spawning"].includes(state.phase);
    return node(
      "li",
      {
        class: `us-dibs-seat us-seat-${seat}${seat === state.dibs ? " us-dibs-now" : ""}${alive ? "" : " us-dead"}`,
      },
      nameOf(view, seat),
      seat === state.dibs ? " (Dibs)" : "",
      alive ? null : node("span", { class: "visually-hidden" }, " (dead)"),
    );
  });
  // Placed, next or later: drawn dark, dashed or plain, and said in words.
  const covers = state.map.cover_names.map((name, ring) => {
    const when = ring < state.map.covers ? "placed" : ring === state.map.covers ? "next" : "later";
    return node(
      "li",
      { class: `us-cover-${when}` },
      name,
      when === "later" ? null : node("span", { class: "visually-hidden" }, ` (${when})`),
    );
  });
  return node(
    "header",
    { class: "us-head" },
    node("p", { class: "us-status" }, status),
    node(
      "div",
      { class: "us-dibs" },
      node("span", { class: "us-label" }, "Dibs order"),
      node("ol", {}, ...dibs),
    ),
    node(
      "div",
      { class: "us-covers" },
      node("span", { class: "us-label" }, "Covers"),
      node("ol", {}, ...covers),
    ),
    foldedAfterFirstView(
      "unscrewed.stand-in",
      "Stand-in maps and cards",
      node(
        "p",
        { class: "us-standin" },
        "Maps, cards and Gimmicks here are stand-ins made for Tinkertable, not the printed ones: ",
        node(
          "a",
          { href: "/rules/unscrewed#stand-in-components", target: "_blank", rel: "noopener" },
          "see the rules",
        ),
      ),
    ),
  );
}

// --- the decision of the moment -------------------------------------------------------------------

function compassButtons(view, actions, list, cls) {
  const by = new Map(list.map((action) => [action.direction, action]));
  const order =
    cls === "us-shift" ? SHIFT_GRID : [null, "north", null, "west", null, "east", null, "south", null];
  return node(
    "div",
    { class: `us-compass ${cls}` },
    ...order.map((name) => {
      const action = name ? by.get(name) : null;
      if (!action) return node("span", { class: "us-compass-gap" });
      return actions.button(
        action,
        [node("span", { "aria-hidden": "true" }, ARROWS[name]), ` ${name === "stay" ? "Stay" : capitalise(name)}`],
        describe(view, action),
        "us-dir",
      );
    }),
  );
}

function decision(view, state, actions, cells, things) {
  const ask = state.asking;
  const box = node("section", { class: "us-decide", "aria-label": "Decision" });
  const title = (text) => node("p", { class: "us-decide-title" }, text);
  if (ask && ask.seat !== view.you) {
    box.append(title(`Waiting for ${nameOf(view, ask.seat)}: ${ask.prompt}`));
    if (ask.kind === "aim" && ask.info.card) box.append(improvCard(view, ask.info.card));
  }
  const characters = actions.of("character");
  if (characters.length) {
    box.append(
      title("Choose your character"),
      node(
        "ul",
        { class: "us-characters" },
        ...characters.map((a) => {
          const gimmick = state.mode === "full" ? gimmickOf(a.name) : null;
          const pick = actions.button(
            a,
            [
              node(
                "span",
                { class: `us-chip us-char-${a.name}`, "aria-hidden": "true" },
                CHARACTERS[a.name]?.mark || "?",
              ),
              ` ${CHARACTERS[a.name]?.name || a.name}`,
            ],
            describe(view, a),
            "us-pick-character",
          );
          return node(
            "li",
            {},
            pick,
            gimmick ? gimmickText(gimmick.front, gimmick.back ? "two-sided" : null) : null,
          );
        }),
      ),
    );
  }
  for (const [type, words] of [
    ["spawn", "Choose a highlighted space on the map to spawn on."],
    ["friend", "Choose a highlighted space on the map for Slappy's Friend."],
    ["plan", "Choose a highlighted space on the map for the Plan token."],
  ]) {
    if (actions.of(type).length) box.append(title(words));
  }
  const keeps = actions.of("keep_quirk");
  if (keeps.length) {
    box.append(
      title("Keep one of these two Quirks (the other is discarded)"),
      node(
        "div",
        { class: "us-choices" },
        ...keeps.map((a) =>
          quirkCard(a.quirk, actions.button(a, "Keep", describe(view, a))),
        ),
      ),
    );
  }
  const discards = actions.of("discard_quirk");
  if (discards.length) {
    box.append(
      title("Discard one of your Quirks"),
      node(
        "div",
        { class: "us-choices" },
        ...discards.map((a) =>
          quirkCard(a.quirk, actions.button(a, "Discard", describe(view, a), "us-secondary")),
        ),
      ),
    );
  }
  const aims = actions.of("aim");
  if (aims.length) {
    const preview = (ask && ask.info && ask.info.preview) || {};
    const light = (direction, on) => {
      const shown = preview[direction];
      if (!shown) return;
      for (const [list, cls] of [
        [shown.targets, "us-target"],
        [shown.move, "us-move-target"],
      ]) {
        for (const [x, y] of list || []) {
          const cell = cells[y] && cells[y][x];
          if (cell) cell.classList.toggle(cls, on);
        }
      }
    };
    // The map shows the aim pointed at, else the one with the keyboard's focus (the table puts it
    // on the first direction after each move): leaving one with the pointer goes back to it.
    const aiming = { hovered: null, focused: null };
    const aimAt = (change) => {
      Object.assign(aiming, change);
      for (const direction of Object.keys(preview)) light(direction, false);
      const shown = aiming.hovered ?? aiming.focused;
      if (shown) light(shown, true);
    };
    // Every aim's spaces carry a small arrow (for touch screens, where nothing hovers).
    for (const [direction, shown] of Object.entries(preview)) {
      for (const [x, y] of shown.targets || []) {
        const cell = cells[y] && cells[y][x];
        if (cell)
          cell.append(
            node(
              "span",
              { class: `us-aim-mark us-aim-${direction}`, "aria-hidden": "true" },
              ARROWS[direction],
            ),
          );
      }
    }
    const compass = compassButtons(view, actions, aims, "us-aim");
    for (const button of compass.querySelectorAll("[data-action]")) {
      const direction = JSON.parse(button.dataset.action).direction;
      const count = preview[direction] ? preview[direction].targets.length : 0;
      const name = button.getAttribute("aria-label") || button.textContent;
      button.dataset.tip = `${name}: ${plural(count, "space")} targeted`;
      button.addEventListener("mouseenter", () => aimAt({ hovered: direction }));
      button.addEventListener("focus", () => aimAt({ focused: direction }));
      button.addEventListener("mouseleave", () => aimAt({ hovered: null }));
      button.addEventListener("blur", () => aimAt({ focused: null }));
    }
    box.append(
      title(ask ? ask.prompt : "Aim the attack"),
      node("p", { class: "us-hint" }, "Point at a direction to see the spaces it targets on the map."),
      node(
        "div",
        { class: "us-aim-row" },
        ask && ask.info.card ? improvCard(view, ask.info.card) : null,
        compass,
      ),
    );
  }
  const calls = actions.of("call");
  if (calls.length)
    box.append(
      title("Call the coin"),
      node(
        "div",
        { class: "us-buttons" },
        ...calls.map((a) => actions.button(a, capitalise(a.side), describe(view, a))),
      ),
    );
  for (const type of ["direction", "shift"]) {
    const list = actions.of(type);
    if (list.length)
      box.append(
        title(ask ? ask.prompt : "Choose a direction"),
        compassButtons(view, actions, list, type === "shift" ? "us-shift" : "us-direction"),
      );
  }
  const orders = actions.of("order");
  if (orders.length) {
    const mark = (id, on) => {
      const element = things.get(id);
      if (element) element.classList.toggle("us-marked", on);
    };
    box.append(
      title(ask ? ask.prompt : "Which goes first?"),
      node(
        "div",
        { class: "us-buttons" },
        ...orders.map((a) => {
          const button = actions.button(a, thingName(view, thingInfo(view, a.thing)), describe(view, a));
          button.addEventListener("mouseenter", () => mark(a.thing, true));
          button.addEventListener("mouseleave", () => mark(a.thing, false));
          return button;
        }),
      ),
    );
  }
  const plans = actions.of("master_plan");
  if (plans.length)
    box.append(
      title("Master Plan: take any basic action"),
      node(
        "div",
        { class: "us-buttons us-hand" },
        ...plans.map((a) => actions.button(a, actionCard(a.action), describe(view, a), "us-card-button")),
      ),
    );
  const picks = actions.of("pick_improv");
  if (picks.length)
    box.append(
      title("Pick the Improv card to play"),
      node(
        "div",
        { class: "us-choices" },
        ...picks.map((a) =>
          improvCard(view, a.card, actions.button(a, "Play this one", `Play this one (${improvOf(a.card)?.name})`)),
        ),
      ),
    );
  if (ask && ask.seat === view.you && ask.kind === "aim" && !aims.length && ask.info.card)
    box.append(improvCard(view, ask.info.card));
  return box;
}

// --- your scheme ---------------------------------------------------------------------------------

// `over`: the game is over (or replayed): the cards are drawn inert, neither raised nor reachable
// by the keyboard, so that nothing looks playable.
function scheme(view, state, actions, over) {
  const you = state.you;
  const me = state.players[you.seat];
  const step = state.phase === "execution" && state.execution && !state.result ? state.execution.step : null;
  const lastFilled = me.slots.reduce((last, slot, i) => (slot && slot.card !== "plan" ? i : last), -1);
  const unscheme = actions.one("unscheme");
  const nextEmpty = me.slots.findIndex((slot) => slot === null);
  const slots = me.slots.map((slot, i) => {
    let content;
    let cls = "us-slot";
    if (!slot) {
      content = node("span", { class: "us-slot-empty" }, `${i + 1}`);
      cls += " us-slot-open";
      if (i === nextEmpty && actions.of("scheme").length) cls += " us-slot-next";
    } else if (slot.card === "plan") {
      content = planCard(view, slot.plan);
      cls += " us-slot-plan";
    } else {
      content = actionCard(slot.card);
    }
    if (slot && slot.flipped) cls += " us-slot-flipped";
    if (step === i) cls += " us-slot-now";
    const item = node(
      "li",
      { class: cls },
      node("span", { class: "us-slot-number" }, `${i + 1}`),
      content,
      slot && slot.card !== "plan"
        ? node("span", { class: "us-slot-state" }, slot.flipped ? "flipped" : "face down")
        : null,
    );
    item.dataset.slot = String(i);
    if (unscheme && i === lastFilled)
      item.append(actions.button(unscheme, "Take back", describe(view, unscheme), "us-secondary us-small"));
    return item;
  });
  const hand = CARDS.map((card) => {
    const action = actions.one("scheme", (a) => a.card === card);
    if (action) {
      // Named by what it does ("Scheme North into the next slot"); the card's text is its help.
      const button = actions.button(action, actionCard(card), describe(view, action), "us-card-button");
      button.dataset.tip = `${describe(view, action)}: ${CARD_TEXT[card]}`;
      return button;
    }
    const where = me.slots.findIndex((slot) => slot && slot.card === card);
    return node(
      "span",
      { class: `us-card-holder${where >= 0 ? " us-card-used" : ""}`, tip: over ? null : CARD_TEXT[card] },
      actionCard(card),
      where >= 0 ? node("span", { class: "us-card-where" }, `slot ${where + 1}`) : null,
    );
  });
  const lock = actions.one("lock");
  let note = null;
  if (state.phase === "scheming" && me.alive)
    note = lockedIn(view, state, me.seat)
      ? "Locked in: waiting for the others."
      : "Choose three cards in order, then lock in.";
  if (!me.alive && !state.result && !["characters", "spawning"].includes(state.phase))
    note = "You are dead for now: you come back when Dibs comes to you, if there is room.";
  return node(
    "section",
    { class: "us-mine", "aria-label": "Your scheme" },
    node("h3", { class: "us-block-title" }, "Your scheme"),
    node("ol", { class: "us-slots" }, ...slots),
    lock
      ? node(
          "p",
          { class: "us-lock" },
          actions.button(lock, "Lock in the scheme", null, "us-lock-button"),
        )
      : null,
    note ? node("p", { class: "us-hint" }, note) : null,
    node("h4", { class: "us-sub-title" }, `Your Action Cards${state.result ? " (the game is over)" : ""}`),
    node("div", { class: over ? "us-hand us-hand-over" : "us-hand" }, ...hand),
  );
}

// --- the players ---------------------------------------------------------------------------------

function playerBox(view, state, player, slotElements) {
  const mine = player.seat === view.you;
  const character = player.character;
  const step = state.phase === "execution" && state.execution && !state.result ? state.execution.step : null;
  const status = [];
  if (!character) status.push("choosing a character");
  else if (!player.alive)
    status.push(state.phase === "characters" || state.phase === "spawning" ? "not spawned yet" : "dead");
  if (state.phase === "scheming" && player.alive)
    status.push(lockedIn(view, state, player.seat) ? "locked in" : `scheming (${filledSlots(player)} of 3)`);
  if (player.seat === state.dibs) status.push("has Dibs");
  const slots = player.slots.map((slot, i) => {
    let element;
    if (!slot)
      element = node(
        "li",
        { class: "us-slot us-slot-open" },
        node("span", { class: "us-slot-empty" }, `${i + 1}`),
      );
    else if (slot.card === "plan")
      element = node("li", { class: "us-slot us-slot-plan" }, planCard(view, slot.plan));
    // A face-down card is only in the view for its owner (and in a finished game's replay).
    else if (slot.card)
      element = node(
        "li",
        {
          class: `us-slot${slot.flipped ? " us-slot-flipped" : " us-known-face-down"}`,
          tip: slot.flipped ? "Flipped" : "Face down (seen by you)",
        },
        actionCard(slot.card),
      );
    else
      element = node(
        "li",
        { class: "us-slot us-face-down", tip: "Face down" },
        node(
          "span",
          { class: "us-card us-card-back" },
          node("span", { class: "us-card-mark", "aria-hidden": "true" }, "?"),
          node("span", { class: "us-card-title" }, "Face down"),
        ),
      );
    if (step === i) element.classList.add("us-slot-now");
    element.dataset.slot = String(i);
    slotElements.set(`${player.seat},${i}`, element);
    return element;
  });
  const gimmick = player.gimmick;
  return node(
    "section",
    {
      class: [
        `us-player us-seat-${player.seat}`,
        player.alive || ["characters", "spawning"].includes(state.phase) ? "" : "us-dead",
        mine ? "us-own" : "",
        (view.active || []).includes(player.seat) ? "us-active" : "",
      ].join(" ").trim(),
      "aria-label": nameOf(view, player.seat),
      "data-seat": String(player.seat),
    },
    node(
      "h4",
      { class: "us-player-head" },
      node(
        "span",
        { class: `us-chip us-char-${character || "unknown"}`, "aria-hidden": "true" },
        character ? CHARACTERS[character]?.mark || "?" : "?",
      ),
      ` ${nameOf(view, player.seat)}${mine ? " (you)" : ""}`,
      character ? node("span", { class: "us-character-name" }, ` ${characterName(view, player.seat)}`) : null,
    ),
    status.length ? node("p", { class: "us-player-status" }, status.join(" · ")) : null,
    node("ol", { class: "us-slots us-slots-small", "aria-label": "Scheme" }, ...slots),
    player.quirks.length
      ? node(
          "div",
          { class: "us-quirks" },
          node("span", { class: "us-label" }, `Quirks (${player.quirks.length} of 3)`),
          ...player.quirks.map((q) => quirkCard(q)),
        )
      : null,
    gimmick
      ? gimmickText(gimmickSide(gimmick), gimmick.side === "back" ? "flipped" : null, `us-gimmick-${gimmick.side}`)
      : null,
  );
}

// What each space and token on the map does, from the rulebook's Space Reference.
const SPACE_MEANINGS = {
  blank: "No effect.",
  slick: "Whatever enters it moves one more space the same way.",
  cracks: "When something leaves it, a Hole token is put here.",
  hole: "Whatever stops moving here dies (passing over is safe).",
  crush: "In the Aftermath, whatever stands here dies and an Anvil is put here.",
  wall: "Nothing can enter it. It blocks fans and ranged attacks.",
  fan: "Whatever enters it dies. In the Aftermath it blows everything in its line one space its way.",
  bomb_spitter: "Whatever enters it makes it spit a bomb, a die roll of spaces out of the frog's mouth.",
  portal: "Entering it, you come out of the matching portal, going the same way.",
};

// An entry of the key: the swatch as on the map, its name and what it does, written out (no
// pointer needed to read it).
function keyItem(swatch, name, meaning) {
  swatch.setAttribute("aria-hidden", "true");
  return node(
    "li",
    {},
    swatch,
    node("span", {}, node("strong", {}, name), node("span", { class: "us-key-meaning" }, ` ${meaning}`)),
  );
}

// The map's key: every kind of space and token, drawn as on the map, with what it does. Right
// under the map, folded on a phone until opened.
function mapKey(state) {
  const spaces = Object.entries(SPACE_NAMES).map(([type, name]) =>
    keyItem(
      node(
        "span",
        {
          class: [
            `us-cell us-key us-space-${type}`,
            type === "fan" || type === "bomb_spitter" ? "us-face-east" : "",
            type === "portal" ? "us-pair-a" : "",
          ].join(" ").trim(),
        },
        icon(type),
      ),
      name,
      SPACE_MEANINGS[type],
    ),
  );
  const token = (kind) => node("span", { class: `us-cell us-key us-space-blank us-tok-${kind}` }, icon(kind));
  const marker = (cls, mark) =>
    node("span", { class: "us-cell us-key us-space-blank" }, node("span", { class: `us-marker ${cls}` }, mark));
  const friend = state.mode === "full" ? friendToken() : null;
  const items = [
    ...spaces,
    keyItem(token("slick"), "Slick token", `A token: ${SPACE_MEANINGS.slick}`),
    keyItem(token("hole"), "Hole token", `A token: ${SPACE_MEANINGS.hole}`),
    keyItem(token("bomb"), "Bomb", "Explodes in the Aftermath, killing what is next to it."),
    keyItem(token("anvil"), "Anvil", "Left by a crush spot; it can be pushed like anything else."),
    keyItem(
      marker("us-friend", "♥"),
      friend ? friend.name : "Slappy's Friend",
      friend ? friend.text : "Slappy's Friend token.",
    ),
    keyItem(marker("us-plan", "✎"), "Plan token", "Dr. Piddles' Plan token, for his Master Plans."),
    keyItem(
      node("span", { class: "us-cell us-key us-space-blank us-covered" }),
      "Covered",
      "Under a map cover: The Edge. Whatever goes there falls off and dies.",
    ),
    keyItem(
      node("span", { class: "us-cell us-key us-space-blank us-next-cover" }),
      "Next cover",
      "Covered in the next Aftermath, when the map shrinks.",
    ),
  ];
  const open = keyOpen ?? Boolean(window.matchMedia && window.matchMedia(WIDE).matches);
  const key = node(
    "details",
    { class: "us-legend", open },
    node("summary", {}, node("h3", {}, "Map key")),
    node("ul", {}, ...items),
  );
  key.addEventListener("toggle", () => {
    keyOpen = key.open;
  });
  return key;
}

function tableFacts(state) {
  const supply = state.supply;
  const discard = state.decks.improv_discard;
  const top = discard.length ? improvOf(discard[discard.length - 1]) : null;
  return node(
    "section",
    { class: "us-facts", "aria-label": "The table" },
    node(
      "p",
      {},
      `Off the map: ${supply.bomb} bombs, ${supply.anvil} anvils, `,
      `${supply.slick} slick and ${supply.hole} hole tokens. `,
      `Improv deck ${state.decks.improv}${top ? ` (last played: ${top.name})` : ""}`,
      state.decks.quirks || state.decks.quirk_discard.length ? `; Quirk deck ${state.decks.quirks}` : "",
      state.plan ? `; Master Plans left ${state.plan.cards_left}` : "",
      ".",
    ),
  );
}

// --- drawing -------------------------------------------------------------------------------------

// Who waits for the playback to end (table.js's result banner: the winner is named once the last
// moves are seen, not while they play).
let waiting = [];

// Resolved once the board shows the final state: at once when nothing is playing back.
export function settled() {
  if (!playback || playback.done) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

function settle() {
  const done = waiting;
  waiting = [];
  for (const resolve of done) resolve();
}

// Where the keyboard goes after an action (table.js asks when the focus was lost): while
// scheming, "Lock in" once the three slots are full, else the next card of the hand (not "Take
// back", which comes first on the page). Otherwise the board's first choice (null).
export function firstChoice(board) {
  const lock = board.querySelector(".us-lock-button:not([disabled])");
  if (lock) return lock;
  return board.querySelector(".us-mine .us-hand [data-action]:not([disabled])");
}

// A press on an action holds the redrawing back until its release.
export const render = steady(draw, { onlyActions: true });

function draw(board, view, options = {}) {
  if (playback) playback.finish();
  playback = null;
  const focused = focusedAction(board);
  const state = view.state;
  const actions = new Actions(view.you === null || view.you === undefined ? [] : view.legal, {
    cls: "us-action",
  });
  const model = modelOf(state);

  // The map, with the spaces that are choices as buttons.
  const atActions = new Map();
  for (const type of ["spawn", "friend", "plan"])
    for (const a of actions.of(type)) atActions.set(spot(a.at), a);
  const map = drawMap(view, model, (x, y) => {
    const action = atActions.get(spot([x, y]));
    return action
      ? actions.button(
          action,
          node("span", { class: "visually-hidden" }, describe(view, action)),
          describe(view, action),
          "us-cell-action",
        )
      : null;
  });
  const things = new Map();
  const makeThing = (id) => {
    if (!things.has(id)) {
      const element = thingElement(view, thingInfo(view, id));
      things.set(id, element);
      map.layer.append(element);
    }
    return things.get(id);
  };
  for (const thing of thingList(state)) putThing(makeThing(thing.id), thing.at);
  if (state.asking && things.has(`c${state.asking.seat}`))
    things.get(`c${state.asking.seat}`).classList.add("us-asked");

  const now = node("p", { class: "us-now", role: "status" });
  const skip = node(
    "button",
    { type: "button", class: "us-skip us-secondary us-small", "aria-label": "Skip the playback" },
    "Skip",
  );
  const events = numberedEvents(state);
  const latest = [...events]
    .reverse()
    .map((event) => caption(view, event))
    .find(Boolean);
  now.textContent = latest || "";

  const slotElements = new Map();
  const players = node(
    "section",
    { class: "us-players", "aria-label": "Players" },
    ...state.players.map((player) => playerBox(view, state, player, slotElements)),
  );
  const parts = [header(view, state)];
  const side = node("div", { class: "us-side" });
  const decide = decision(view, state, actions, map.cells, things);
  if (decide.childElementCount) side.append(decide);
  const over = Boolean(state.result || options.replay);
  if (state.you && state.phase !== "characters") side.append(scheme(view, state, actions, over));
  side.append(players, tableFacts(state));
  const rest = actions.unshown();
  if (rest.length) {
    side.prepend(
      node(
        "section",
        { class: "us-decide us-other" },
        node("p", { class: "us-decide-title" }, "Other choices"),
        node(
          "div",
          { class: "us-buttons" },
          ...rest.map((a) => actions.button(a, describe(view, a), describe(view, a))),
        ),
      ),
    );
  }
  const mapBlock = node(
    "section",
    { class: "us-board-map", "aria-label": "The map" },
    node("div", { class: "us-now-row" }, now, skip),
    map.element,
    node("p", { class: "us-map-name" }, layoutOf(state).name),
    mapKey(state),
  );
  parts.push(node("div", { class: "us-main" }, mapBlock, side));
  const root = node("div", { class: `us us-phase-${state.phase}${over ? " us-over" : ""}` }, ...parts);
  board.replaceChildren(root);
  restoreFocus(board, focused);

  // What happened since the last drawing, played back.
  // Only a continuation of what was drawn last is played back (not a jump, as in a replay).
  // (lastEvent: null before the first drawing, -1 when that one had no events to go by.)
  let fresh = lastEvent === null ? [] : events.filter((event) => event.n > lastEvent);
  if (fresh.length && lastEvent !== -1 && fresh[0].n !== lastEvent + 1) fresh = [];
  const start = previous;
  if (events.length) lastEvent = Math.max(...events.map((event) => event.n));
  else if (lastEvent === null) lastEvent = -1;
  previous = model;
  skip.hidden = true;
  if (!fresh.length || !start || reducedMotion()) return;
  // table.js patches the view in place: keep our own copy of where things end up.
  const finalThings = thingList(state).map((thing) => ({ id: thing.id, at: thing.at ? [...thing.at] : null }));
  const stage = {
    view,
    root,
    cells: map.cells,
    things,
    thing: makeThing,
    caption: (text) => {
      now.textContent = text;
    },
    slot: (seat, index) => slotElements.get(`${seat},${index}`) || null,
    finish: () => {
      skip.hidden = true;
      root.classList.add("us-instant");
      for (const element of things.values()) putThing(element, null);
      for (const thing of finalThings) putThing(makeThing(thing.id), thing.at);
      map.cells.forEach((row) =>
        row.forEach((cell) =>
          cell.classList.remove("us-boom", "us-blowing", "us-crushing", "us-flash", "us-checking"),
        ),
      );
      map.cells.forEach((row, y) => row.forEach((cell, x) => decorate(cell, state, x, y, model)));
      void root.offsetWidth;
      root.classList.remove("us-instant");
      now.textContent = latest || "";
      settle();
    },
  };
  skip.hidden = false;
  skip.addEventListener("click", () => {
    if (playback) playback.finish();
  });
  playback = new Playback(stage, start, fresh);
  playback.begin();
}
