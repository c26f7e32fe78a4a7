// The lobby and game page: one websocket, the view kept up to date by the server's patches,
// the lobby and the board drawn from it. The game's own module draws the board; this page draws
// the rest of the table, the same for every game: the bar at the top (whose turn, what to do
// now, your clock, the sound and notification switches), the players (presence, each person's
// clock, a bot for a person who is away), the result banner and chart at the end, the whole log
// and the clock's timeouts.
//
// This module draws the view and starts the page; the rest is in its own modules: the page's state
// (table-page.js), the websocket with its snapshot, patches, sync and starting afresh
// (table-connection.js), the lobby API's calls and the refusals (table-requests.js), actions, undo
// and hints (table-actions.js), the lobby (table-lobby.js), the chat (table-chat.js), the players
// bar (table-players.js), the clocks (table-clocks.js), the bar at the top (table-turn-bar.js), the
// result (table-result.js), and the focus and the live regions (table-access.js).

import { GameLog } from "./game-log.js";
import { setUpNotify } from "./notify.js";
import { forgetSeat, keptSeat } from "./seats.js";
import { notifyWhileHidden, setUpAlerts, turnIs } from "./turn-alerts.js";
import { act, hints, setUpActions, undo } from "./table-actions.js";
import { deciding, focus, sayAloud } from "./table-access.js";
import { addChat, setUpChat } from "./table-chat.js";
import { renderTimeouts } from "./table-clocks.js";
import { open } from "./table-connection.js";
import { renderLobby, setUpLobbyControls } from "./table-lobby.js";
import { client, code, el, gameModule, mySeat, table } from "./table-page.js";
import { renderPlayers, setUpPlayersBar } from "./table-players.js";
import { request } from "./table-requests.js";
import { renderResult } from "./table-result.js";
import { renderTurnBar } from "./table-turn-bar.js";

export { act, undo };

const RESUMING_KEY = "tinkertable.resuming";
const gameName = document.title.split(" · ")[0];
const gameLog = new GameLog(el("log"), el("log-earlier"), code);
let rendered = false; // the game has been drawn once (alerts come on changes only)
let ownMove = false; // the view being drawn follows this page's own action

// Exposed for tests and the console: the page's current state.
window.tinkertable = {
  client,
  act,
  undo,
  hint: hints.ask,
  showHint: hints.show,
  drop: () => client.socket && client.socket.close(),
};

// --- the game ---

function render() {
  const view = client.view;
  if (!view) return;
  table.classList.toggle("stale", !client.live);
  renderPlayers();
  const yourTurn = mySeat !== null && view.active.includes(mySeat);
  table.classList.toggle("your-turn", yourTurn);
  const focusWas = focus.before();
  renderTurnBar(view, yourTurn);
  turnIs(yourTurn, { first: !rendered, what: view.prompt, game: gameName });
  const firstRender = !rendered;
  rendered = true;
  const newLines = gameLog.show(view);
  renderTimeouts(view.timeouts || []);
  gameModule.render(el("board"), view, { live: client.live });
  hints.redrawn();
  renderResult();
  sayAloud(view, yourTurn, ownMove ? [] : newLines, firstRender);
  ownMove = false;
  if (!firstRender) focus.after(focusWas, view, deciding(view));
}

// Whether the view drawn next follows this page's own action: a patch says (table-connection.js).
function setOwnMove(own) {
  ownMove = own;
}

// --- the seat this browser joined ---

// The page came without the seat this browser joined (its cookie gone, or replaced by a
// response from another port of this host): give the kept token back to the server, which
// sets the cookie again, and load the page again. Only once in a row, so that a browser that
// refuses the cookie does not reload forever. True when the page is about to reload.
async function resumeKeptSeat() {
  const kept = keptSeat(code);
  const justResumed = sessionStorage.getItem(RESUMING_KEY) === code;
  sessionStorage.removeItem(RESUMING_KEY);
  if (!kept || String(kept.id) === table.dataset.player || justResumed) return false;
  const answer = await request("POST", `/api/lobbies/${code}/resume`, undefined, kept.token);
  if (answer.status === 401 || answer.status === 404) forgetSeat(code);  // that seat is gone
  if (!answer.ok) return false;
  sessionStorage.setItem(RESUMING_KEY, code);
  location.reload();
  return true;
}

if (!(await resumeKeptSeat())) {
  setUpLobbyControls();
  setUpChat();
  setUpPlayersBar();
  setUpActions();
  setUpAlerts(el("sound-toggle"));
  setUpNotify({
    code,
    seated: table.dataset.seat !== "",
    button: el("notify-toggle"),
    hint: el("notify-hint"),
    emailBox: el("notify-box"),
    onChange: notifyWhileHidden,
  });
  open({ render, setOwnMove, renderLobby, renderPlayers, addChat, hints });
  // Clocks tick; a person away long enough may be handed to a bot (renderPlayers redraws only
  // the entries whose facts changed).
  setInterval(() => client.view && renderPlayers(), 250);
}
