// Unvention's board: a competition sheet drawn as on paper (three journals, four workshops
// around the hub, three inventions with their Idea circles, the tools and the score box), the
// day and this turn's dice, and every legal action as a button carrying its action JSON. The
// other players' sheets are one tab away. Game text only ever goes in through textContent and
// attributes; the only listeners added here switch what is drawn (tabs) or light up the cells a
// mechanism would cover (the placement preview): actions are sent by table.js alone.
//
// This module keeps what is drawn between renders (the sheet on screen, the picks) and puts the
// board together: roll.js draws the days and the dice, turn.js the turn box, picks.js the
// pickers, sheet.js a sheet (with journals.js, workshops.js, inventions.js), shapes.js a shape.

import { Actions, nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { steady } from "../../js/steady.js";
import { PICKS, offers, picker } from "./picks.js";
import { over } from "./printed.js";
import { header } from "./roll.js";
import { shapeGrid } from "./shapes.js";
import { sheet } from "./sheet.js";
import { turnPanel } from "./turn.js";
import { describe } from "./words.js";

export { describe };

// What is drawn, kept between renders: the seat whose sheet is on screen (null: the viewer's
// own, or the first player's for a spectator), and the last board and view, to draw again when
// a tab is chosen.
let shownSeat = null;
let last = null;

// Choices made before a tap on the sheet, kept between drawings: the number to write in a
// journal, the number a wild part is circled as, the turn of a mechanism (with the Torque). One
// no longer offered falls back to the first offered. The sheet shows a button only for the
// chosen one (the others' actions ride on hidden twins), so every cell holds one big button.
// What each is chosen among, and its picker: picks.js.
const chosen = { journal: null, circle: null, place: null, by: null };

function settle(kind, offered) {
  if (!offered.includes(chosen[kind])) chosen[kind] = offered.length ? offered[0] : null;
  return chosen[kind];
}

function choosePick(kind, value) {
  chosen[kind] = value;
  if (!last) return;
  draw(last.board, last.view, last.options);
  const button = last.board.querySelector(`.uv-pick-choice[data-pick="${kind}:${value}"]`);
  if (button) button.focus({ preventScroll: true });
}

const NO_ACTIONS = new Actions([], { cls: "uv-action" });

// --- tabs --------------------------------------------------------------------------------------

function choose(seat) {
  shownSeat = seat;
  if (!last) return;
  draw(last.board, last.view, last.options);
  const tab = last.board.querySelector(`.uv-tab[data-seat="${seat}"]`);
  if (tab) tab.focus();
}

function tabs(view, state, shown) {
  const waiting = new Set(over(view) ? [] : state.waiting || []);
  return node(
    "nav",
    { class: "uv-tabs", "aria-label": "Whose sheet to show" },
    ...state.players.map((player) => {
      const mine = player.seat === view.you;
      const note = over(view) ? "" : waiting.has(player.seat) ? " · working" : " · done";
      const tab = node(
        "button",
        {
          type: "button",
          class: `uv-tab${player.seat === shown ? " uv-tab-on" : ""}`,
          "aria-pressed": player.seat === shown ? "true" : "false",
          tip: mine ? "Show your competition sheet" : `Show ${nameOf(view, player.seat)}'s competition sheet`,
        },
        `${nameOf(view, player.seat)}${mine ? " (you)" : ""}`,
        node("span", { class: "uv-tab-score" }, ` ${plural(player.score.total, "pt")}${note}`),
      );
      tab.dataset.seat = String(player.seat);
      tab.addEventListener("click", () => choose(player.seat));
      return tab;
    }),
  );
}

// --- the board ---------------------------------------------------------------------------------

// Which control had the keyboard focus, to give it back once the board is drawn again.
function focusKey(board) {
  const element = document.activeElement;
  if (!element || !board.contains(element)) return null;
  if (element.dataset.action) return ["[data-action]", "action", element.dataset.action];
  if (element.classList.contains("uv-tab")) return [".uv-tab", "seat", element.dataset.seat];
  if (element.dataset.pick) return [".uv-pick-choice", "pick", element.dataset.pick];
  return null;
}

function refocus(board, found) {
  if (!found) return;
  const [selector, field, value] = found;
  const match = [...board.querySelectorAll(selector)].find((element) => element.dataset[field] === value);
  if (match) match.focus({ preventScroll: true });
}

// Where the keyboard goes after an action (table.js asks when the focus was lost): on with the
// step in hand, the first cell that can take the next number, part or mechanism, rather than
// the first button of the turn box above the sheet (Build, End turn). An owed choice (an Idea, a
// Quantum Leap, a presentation) is the turn box's own first button: the table's default.
const OWED = ["idea", "leap", "present", "keep"];

export function firstChoice(board, view) {
  if (view.you === null || view.you === undefined || over(view)) return null;
  const types = new Set((view.legal || []).map((action) => action.type));
  if (OWED.some((type) => types.has(type))) return null;
  const asking = view.state.players[view.you].asking || {};
  let where = [];
  if (asking.building) where = [".uv-shops-block", ".uv-inventions"];
  else if (types.has("journal") || types.has("cross")) where = [".uv-journals"];
  else if (types.has("circle") || types.has("spend_wrench")) where = [".uv-shops-block"];
  for (const part of where) {
    const found = [...board.querySelectorAll(`.uv-own ${part} [data-action]`)].find(
      (element) => !element.disabled && element.tabIndex >= 0 && element.checkVisibility(),
    );
    if (found) return found;
  }
  return null;
}

// Everyone plays at once, so the view changes while a player is clicking.
export const render = steady(draw);

// A hint (hint.js) is about to point at the control of `action`: the viewer's own sheet is
// shown, with the picks that make that control the cell's button (the number to write, what a
// wild part counts as, the dice or a wrench, the mechanism's turn) rather than a hidden twin.
export function showChoice(action) {
  if (!last || last.view.you === null || last.view.you === undefined) return;
  const before = JSON.stringify([shownSeat, chosen]);
  shownSeat = last.view.you;
  if (action.type === "journal") chosen.journal = action.number;
  if (action.type === "circle") chosen.circle = action.number;
  if (action.type === "circle" || action.type === "build_add") chosen.by = "dice";
  if (action.type === "spend_wrench") chosen.by = "wrench";
  if (action.type === "build_place") chosen.place = action.orientation || 0;
  if (JSON.stringify([shownSeat, chosen]) !== before) draw(last.board, last.view, last.options);
}

function draw(board, view, options) {
  last = { board, view, options };
  const focused = focusKey(board);
  const state = view.state;
  const you = view.you === undefined ? null : view.you;
  const seats = state.players.map((p) => p.seat);
  if (shownSeat === null || !seats.includes(shownSeat))
    shownSeat = you !== null && seats.includes(you) ? you : seats[0];
  const actions = new Actions(you === null ? [] : view.legal, { cls: "uv-action" });
  const me = you === null ? null : state.players[you];

  const offered = me ? offers(actions, me) : { journal: [], circle: [], place: [], by: [] };
  for (const kind of Object.keys(PICKS)) settle(kind, offered[kind]);

  const parts = [header(view, state)];
  let turn = null;
  if (me && !over(view) && ((options && !options.replay) || actions.any)) {
    turn = turnPanel(view, state, actions, me, shownSeat === you, choose);
    parts.push(turn.panel);
  }
  if (seats.length > 1) parts.push(tabs(view, state, shownSeat));
  if (me) {
    const own = sheet(view, state, me, actions, true, chosen);
    own.hidden = shownSeat !== you;
    const building = me.asking && me.asking.building;
    const turned = (building && building.orientations) || [];
    const shape = (o) => (turned[o] ? shapeGrid(turned[o], `uv-ws-${building.workshop}`) : null);
    const pickers = [
      picker("journal", offered.journal, chosen, choosePick),
      picker("circle", offered.circle, chosen, choosePick),
      picker("place", offered.place, chosen, choosePick, shape),
      picker("by", offered.by, chosen, choosePick),
    ].filter(Boolean);
    // At the top of the sheet, and kept in sight while its cells scroll by.
    if (pickers.length) own.querySelector(".uv-sheet-title").after(node("div", { class: "uv-pickers" }, ...pickers));

    parts.push(own);
  }
  if (shownSeat !== you) parts.push(sheet(view, state, state.players[shownSeat], NO_ACTIONS, false, chosen));

  // Anything legal that has no place above still gets a button, described in words.
  const rest = actions.unshown();
  if (rest.length && turn) {
    turn.controls.prepend(
      ...rest.map((action) => actions.button(action, describe(view, action), describe(view, action))),
    );
    turn.panel.hidden = false;
  }
  board.replaceChildren(...parts);
  refocus(board, focused);
}
