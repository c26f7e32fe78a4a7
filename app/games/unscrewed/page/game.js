// UNSCREWED's board: the shrinking map with its thingamajigs (map.js), the playback of what just
// happened (play.js), the decision of the moment as buttons carrying their action's JSON
// (decision.js; the spawn and token spaces are buttons on the map, drawn here), your six Action
// Cards and three scheme slots (scheme.js), the players' boxes with the other players' schemes face
// down until flipped, their Quirks and Gimmicks (players.js), the map's key (key.js) and the
// round's status (status.js). Actions are sent by table.js alone; the listeners added here and in
// decision.js only light up the aim preview, skip the playback, or hold a redraw while a pointer is
// down. The view names the map and the cards by id; their faces (faces.js) come from the
// components (cards.js).

import { Actions } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { layoutOf } from "./cards.js";
import { focusedAction, restoreFocus, steady } from "../../js/steady.js";
import { decorate, drawMap, spot, modelOf, putThing, thingElement, thingInfo } from "./map.js";
import { numberedEvents, thingList } from "./derived.js";
import { Playback, caption, reducedMotion } from "./play.js";
import { decision, describe } from "./decision.js";
import { mapKey } from "./key.js";
import { playerBox } from "./players.js";
import { scheme } from "./scheme.js";
import { header, tableFacts } from "./status.js";

export { describe };

// Kept between renders: the last drawn view's positions (where the next playback starts), the
// last event number seen and the running playback.
let previous = null;
let lastEvent = null;
let playback = null;

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
  // The side column in two parts, around the map in the page's order (its order for the keyboard
  // and a screen reader, and on one column the order seen): what you decide, then the map, then
  // the players. On two columns the map stands beside both.
  const choices = node("div", { class: "us-side us-choices" });
  const others = node("div", { class: "us-side us-others" }, players, tableFacts(state));
  const decide = decision(view, state, actions, map.cells, things);
  if (decide.childElementCount) choices.append(decide);
  const over = Boolean(state.result || options.replay);
  if (state.you && state.phase !== "characters") choices.append(scheme(view, state, actions, over));
  const rest = actions.unshown();
  if (rest.length) {
    choices.prepend(
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
  parts.push(node("div", { class: "us-main" }, choices, mapBlock, others));
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
