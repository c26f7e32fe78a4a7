// The decision of the moment: every action in words (for its button and a hint), and the box of
// what the game asks for now, as buttons carrying their action's JSON: a character, Quirks to keep
// or discard, an aim (lighting up its spaces on the map), a coin call, a direction or shift, which
// thing goes first, a Master Plan's action, an Improv card to play.

import { capitalise, nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { gimmickOf, improvOf, quirkOf } from "./cards.js";
import { CARD_TITLES, CHARACTERS, thingInfo, thingName } from "./map.js";
import { actionCard, gimmickText, improvCard, quirkCard } from "./faces.js";

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

export function decision(view, state, actions, cells, things) {
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
