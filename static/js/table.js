// The lobby and game page: one websocket, the view kept up to date by the server's patches,
// the lobby and the board drawn from it. The game's own module draws the board; this page draws
// the rest of the table, the same for every game: the bar at the top (whose turn, what to do
// now, your clock, the sound and notification switches), the players (presence, each person's
// clock, a bot for a person who is away), the result banner and chart at the end, the whole log
// and the clock's timeouts.

import { clockText, clockWords } from "./clock-text.js";
import { GameLog } from "./game-log.js";
import { setUpHints } from "./hint.js";
import { applyPatch } from "./patch.js";
import { resultParts } from "./result.js";
import { ReviewBox } from "./review.js";
import { fetchChart, scoreChart } from "./score-chart.js";
import { followPace, showPace } from "./pace.js";
import { forgetSeat, keepSeat, keptSeat } from "./seats.js";
import { setUpNotify } from "./notify.js";
import { TableFocus } from "./table-focus.js";
import { notifyWhileHidden, setUpAlerts, turnIs } from "./turn-alerts.js";

const NAME_KEY = "tinkertable.name";
const RESUMING_KEY = "tinkertable.resuming";
const table = document.getElementById("table");
const code = table.dataset.code;
// Who this page's player is (null: a visitor). Their seat moves back if the host removes someone
// seated before them; the lobby messages say where they sit.
const myId = table.dataset.player === "" ? null : Number(table.dataset.player);
let mySeat = table.dataset.seat === "" ? null : Number(table.dataset.seat);
const el = (id) => document.getElementById(id);

const gameModule = await import(table.dataset.module); // the registry names it (app/play/registry.py)

const client = {
  view: null,
  seq: null,
  lobby: null,
  socket: null,
  live: false,
  attempts: 0,
  nextId: 1,
  pending: new Map(),
  // The server's clock less this page's, in seconds, as of the last snapshot: clocks run on it.
  offset: 0,
};
const gameName = document.title.split(" · ")[0];
const gameLog = new GameLog(el("log"), el("log-earlier"), code);
let rendered = false; // the game has been drawn once (alerts come on changes only)
let ownMove = false; // the view being drawn follows this page's own action

// --- the connection ---

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const since = client.seq === null ? "" : `?since=${client.seq}`;
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${code}${since}`);
  client.socket = socket;
  client.live = false;
  socket.addEventListener("message", (event) => {
    if (client.socket === socket) receive(JSON.parse(event.data)); // not one given up (startAfresh)
  });
  socket.addEventListener("close", (event) => {
    if (client.socket !== socket) return;
    client.socket = null;
    client.live = false;
    reconnectLater(event.code === SERVER_RESTARTING);
  });
}

// The page's view is not the server's: drop it and connect again without `since`, which
// begins with a snapshot (a `sync` could only bring patches for a view the page no longer has).
function startAfresh() {
  const socket = client.socket;
  client.view = null;
  client.seq = null;
  client.socket = null; // its close is not a connection lost: no reconnecting later
  socket?.close();
  connect();
}

// The close code of a server going away to restart (RFC 6455): it is back within seconds,
// so the page says so and tries again soon, with the same backoff if it takes longer.
const SERVER_RESTARTING = 1012;

function reconnectLater(restarting = false) {
  client.attempts += 1;
  const delay = Math.min(15000, 400 * 2 ** client.attempts) * (0.5 + Math.random() / 2);
  client.restarting = restarting || client.restarting; // until a connection is live again
  showConnection(
    client.restarting ? "Server restarting, back in a moment…" : `Reconnecting… (attempt ${client.attempts})`,
  );
  render();
  setTimeout(connect, delay);
}

function showConnection(text) {
  const box = el("connection");
  box.textContent = text || "";
  box.hidden = !text;
  table.classList.toggle("offline", Boolean(text));
}

function send(message) {
  if (!client.socket || client.socket.readyState !== WebSocket.OPEN) return false;
  client.socket.send(JSON.stringify(message));
  return true;
}

export function act(action) {
  const id = client.nextId++;
  client.pending.set(id, action);
  hideRefusal();
  if (!send({ type: "action", id, action })) showRefusal("Not connected; try again in a moment.");
}

// Take back your last move, while the view says you may (`view.undo`: docs/protocol.md).
export function undo() {
  if (!client.view || !client.view.undo || !client.live) return;
  const id = client.nextId++;
  client.pending.set(id, { type: "undo" });
  hideRefusal();
  if (!send({ type: "undo", id })) showRefusal("Not connected; try again in a moment.");
}

// Ctrl+Z (Cmd+Z) takes back, unless the keys are for a field being typed in (the chat).
function undoKey(event) {
  if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
  const target = event.target;
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
  if (!client.view || !client.view.undo) return;
  event.preventDefault();
  undo();
}

// Hints from the good bot: the Hint button beside the prompt, the key H (hint.js).
const hints = setUpHints({
  client,
  send,
  seat: () => mySeat,
  game: gameModule,
  board: el("board"),
  button: el("hint"),
  note: el("hint-note"),
  said: el("hint-said"),
});

// Exposed for tests and the console: the page's current state.
window.tinkertable = {
  client,
  act,
  undo,
  hint: hints.ask,
  showHint: hints.show,
  drop: () => client.socket && client.socket.close(),
};

function receive(message) {
  switch (message.type) {
    case "lobby":
      if (!client.live) {
        // First message of a (re)connection: what follows brings us up to date.
        client.live = true;
        client.attempts = 0;
        client.restarting = false;
        el("chat").replaceChildren();
        showConnection(null);
      }
      client.lobby = message.lobby;
      renderLobby();
      break;
    case "snapshot":
      client.view = message.view;
      client.seq = message.seq;
      if (typeof message.now === "number") client.offset = message.now - Date.now() / 1000;
      render();
      break;
    case "patch":
      if (client.view === null) return; // the connection's snapshot comes first
      if (message.seq !== client.seq + 1) {
        send({ type: "sync", seq: client.seq }); // answered with the patches missed
        return;
      }
      try {
        client.view = applyPatch(client.view, message.ops);
        client.seq = message.seq;
      } catch (error) {
        startAfresh(); // the view is not the server's (and half patched)
        return;
      }
      ownMove = client.pending.size > 0;
      client.pending.clear();
      render();
      break;
    case "presence":
      if (client.view) {
        client.view.players = message.players;
        renderPlayers();
      }
      break;
    case "chat":
      addChat(message);
      break;
    case "hint":
      hints.receive(message);
      break;
    case "error":
      if (hints.receive(message)) break;
      if (message.ref !== null && message.ref !== undefined) client.pending.delete(message.ref);
      showRefusal(message.message);
      break;
  }
}

// --- the lobby ---

// A bot's name says it is one, and its level ("Good bot"): said once, not "Good bot (bot)".
const botNote = (player) => (player.bot && !/\bbot\b/i.test(player.name) ? " (bot)" : "");

// Bots are always there: never shown as away.
const presence = (player) => (player.bot ? "bot" : player.connected ? "connected" : "not connected");

// A seat's presence: a dot whose shape says it (filled: connected, ring: away, square: a bot;
// site.css), and the same in words for a screen reader (a bot's name says it already).
function presenceDot(words) {
  const dot = document.createElement("span");
  dot.className = "dot";
  dot.setAttribute("aria-hidden", "true");
  if (words === "bot") return [dot];
  const said = document.createElement("span");
  said.className = "visually-hidden";
  said.textContent = `(${words})`;
  return [dot, said];
}

function renderLobby() {
  const lobby = client.lobby;
  if (myId !== null) {
    const me = lobby.players.find((player) => player.id === myId);
    if (!me) {
      location.reload();  // the host removed us: the page shows the lobby as to a visitor
      return;
    }
    mySeat = me.seat;
  }
  const seats = el("seats");
  const hosting = Boolean(table.dataset.host) && lobby.status === "open";
  seats.replaceChildren(
    ...lobby.players.map((player) => {
      const item = document.createElement("li");
      item.className = player.bot ? "bot" : player.connected ? "connected" : "away";
      const you = player.seat === mySeat ? " — you" : "";
      const host = player.host ? " (host)" : "";
      item.append(...presenceDot(presence(player)), ` ${player.name}${host}${botNote(player)}${you}`);
      if (hosting && !player.host) {
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "remove-player";
        remove.dataset.player = player.id;
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", `Remove ${player.name}`);
        item.append(" ", remove);
      }
      return item;
    }),
    ...heldSeats(lobby).map(heldSeatItem),
  );
  const count = lobby.players.length;
  showJoinOrWatch(count + heldSeats(lobby).length >= Number(table.dataset.max));
  const full = count >= Number(table.dataset.max);
  const addBot = el("add-bot");
  if (addBot) {
    addBot.querySelector("button").disabled = full || !hosting;
    addBot.hidden = full;  // no seat for a bot: the reason instead
    el("table-full").hidden = !full;
  }
  const start = el("start");
  if (start) {
    const enough = count >= Number(table.dataset.min) && count <= Number(table.dataset.max);
    start.disabled = !enough || lobby.status !== "open";
    el("start-hint").textContent = enough
      ? `${count} players are ready.`
      : `Waiting for players: ${count} of at least ${table.dataset.min}.`;
  }
  for (const select of document.querySelectorAll("select[data-option]")) {
    if (document.activeElement !== select) select.value = JSON.stringify(lobby.options[select.dataset.option]);
  }
  showPace(el("table-options"));
  const playing = lobby.status !== "open";
  el("lobby").hidden = playing;
  el("game").hidden = !playing;
  el("turn-bar").hidden = !playing;
  hints.update();
  if (client.view) {
    renderPlayers();  // votes for a bot, and who is the host, come with the lobby
    renderResult();
  }
}

// A visitor joins, or watches while every seat is taken (or held).
let watching = false;

function showJoinOrWatch(full) {
  const join = el("join");
  if (!join) return;
  join.hidden = full;
  el("watch-box").hidden = !full || watching;
  el("watching").hidden = !full || !watching;
}

// "Play again": the seats the next lobby keeps for the last game's players, until a time.
const heldSeats = (lobby) => (lobby.held || []).filter((seat) => Date.parse(seat.until) > Date.now());

function heldSeatItem(seat) {
  const item = document.createElement("li");
  item.className = "held";
  const until = new Date(seat.until).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  item.textContent = `Held for ${seat.name} until ${until}`;
  return item;
}

function setUpLobbyControls() {
  followPace(el("table-options"));
  const invite = el("invite-link");
  invite.value = new URL(`/l/${code}`, location.href).href;
  el("copy-invite").addEventListener("click", async () => {
    invite.select();
    try {
      await navigator.clipboard.writeText(invite.value);
      el("copy-invite").textContent = "Copied!";
    } catch {
      document.execCommand("copy");
    }
  });

  const join = el("join");
  if (join) {
    const name = join.elements.namedItem("name");
    name.value = localStorage.getItem(NAME_KEY) || "";
    join.querySelector("button").disabled = false;  // only once the script can handle it
    join.addEventListener("submit", async (event) => {
      event.preventDefault();
      localStorage.setItem(NAME_KEY, name.value.trim());
      const answer = await post(`/api/lobbies/${code}/players`, { name: name.value.trim() });
      if (!answer.ok) {
        showError(join.querySelector(".error"), answer.body.message);
        return;
      }
      keepSeat(code, answer.body.player);
      location.reload();
    });
  }

  const watch = el("watch");
  if (watch) {
    watch.addEventListener("click", () => {
      watching = true;
      showJoinOrWatch(true);
      el("watching").focus(); // the button is gone: focus stays where the person looks
    });
  }

  const start = el("start");
  if (start) {
    start.addEventListener("click", async () => {
      start.disabled = true;
      const answer = await post(`/api/lobbies/${code}/start`, {});
      if (!answer.ok) showError(el("lobby-error"), answer.body.message);
    });
  }

  const addBot = el("add-bot");
  if (addBot) {
    addBot.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = addBot.querySelector("button");
      button.disabled = true;  // the lobby message that follows enables it again
      const level = addBot.elements.namedItem("level").value;
      const answer = await post(`/api/lobbies/${code}/bots`, { level });
      if (!answer.ok) {
        button.disabled = false;
        showError(el("lobby-error"), answer.body.message);
      }
    });
  }

  if (table.dataset.host) {
    el("seats").addEventListener("click", async (event) => {
      const remove = event.target.closest("button.remove-player");
      if (!remove) return;
      remove.disabled = true;
      const answer = await request("DELETE", `/api/lobbies/${code}/players/${remove.dataset.player}`);
      if (!answer.ok) showError(el("lobby-error"), answer.body.message);
    });
    for (const select of document.querySelectorAll("select[data-option]")) {
      select.addEventListener("change", async () => {
        const options = { [select.dataset.option]: JSON.parse(select.value) };
        const answer = await post(`/api/lobbies/${code}/options`, { options });
        if (!answer.ok) showError(el("lobby-error"), answer.body.message);
      });
      select.disabled = false;  // only once the script sends what is chosen
    }
  }

  const chat = el("chat-form");
  if (chat) {
    chat.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = el("chat-text");
      const text = input.value.trim();
      if (text && send({ type: "chat", text })) input.value = "";
    });
  }

  el("players").addEventListener("click", (event) => {
    const button = event.target.closest("button.away-bot");
    if (button) askForABot(button);
  });

  el("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !client.live) return;
    act(JSON.parse(target.dataset.action));
  });

  el("undo").addEventListener("click", undo);
  document.addEventListener("keydown", undoKey);
}

async function request(method, url, body, token) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (token) init.headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, init);
  return { ok: response.ok, status: response.status, body: await response.json() };
}

const post = (url, body) => request("POST", url, body);

function showError(box, text) {
  box.textContent = text || "Something went wrong.";
  box.hidden = false;
}

// The refusal area under the prompt shows the server's refusals, and its notices in milder ink.
function showRefusal(text) {
  el("refused").classList.replace("notice", "error");
  showError(el("refused"), text);
}

function showNotice(text) {
  el("refused").classList.replace("error", "notice");
  showError(el("refused"), text);
}

function hideRefusal() {
  el("refused").hidden = true;
}

function addChat(message) {
  const item = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = message.from;
  item.append(who, `: ${message.text}`);
  const list = el("chat");
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

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

// --- the keyboard and the ears ---

const deciding = (view) => mySeat !== null && view.active.includes(mySeat) && !view.result;
const focus = new TableFocus({ board: el("board"), prompt: el("prompt"), firstChoice: gameModule.firstChoice });

// "Skip to the game": straight to the first choice, or the prompt; before the game, the lobby's
// first step.
el("skip-to-game")?.addEventListener("click", (event) => {
  const target = client.view && !el("game").hidden
    ? focus.target(client.view, deciding(client.view))
    : el("lobby").querySelector("input:not([readonly]), button:not([disabled])");
  if (!target) return;
  event.preventDefault();
  target.focus();
});

// Heard, not only seen: the others' moves as the log writes them (polite), and "Your turn: ..."
// with the prompt when the turn comes or what it asks changes (assertive).
let saidTurn = "";

function sayAloud(view, yourTurn, lines, firstRender) {
  if (lines.length && !firstRender) el("moves-said").textContent = lines.join(" ");
  const turn = yourTurn && !view.result ? `Your turn: ${promptWords(view.prompt, true) || "choose"}` : "";
  if (turn !== saidTurn) {
    saidTurn = turn;
    el("turn-said").textContent = turn;
  }
}

// --- the bar at the top: whose turn, what to do now, your clock ---

function whoseTurn(view, yourTurn) {
  if (view.result) return "The game is over";
  if (yourTurn) return "Your turn";
  const names = view.active.map((seat) => view.players[seat].name);
  if (!names.length) return "";
  const waiting = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return mySeat === null ? `${waiting} to play` : `Waiting for ${waiting}`;
}

// What to do now, without saying again what the bar says before it ("Your turn: 2 actions
// left" -> "2 actions left"; "Waiting for ..." is said already).
function promptWords(prompt, yourTurn) {
  let words = (prompt || "").trim();
  if (yourTurn) words = words.replace(/^your turn\s*[:.,!-]?\s*/i, "");
  else if (/^waiting\b/i.test(words)) words = "";
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

function renderTurnBar(view, yourTurn) {
  const bar = el("turn-bar");
  bar.classList.toggle("yours", yourTurn);
  bar.classList.toggle("over", Boolean(view.result));
  el("turn-who").textContent = whoseTurn(view, yourTurn);
  el("prompt").textContent = view.result ? "See the result below." : promptWords(view.prompt, yourTurn);
  el("turn-tools").hidden = Boolean(view.result);
  el("undo").hidden = !(view.undo && client.live && !view.result);
  const clock = el("my-clock");
  const timed = mySeat !== null && view.clocks && view.clocks.seats[mySeat] && !view.result;
  clock.hidden = !timed;
  if (timed) clock.dataset.seat = mySeat;
}

function renderTimeouts(lines) {
  el("timeouts-box").hidden = lines.length === 0;
  el("timeouts").replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
}

// --- the players bar: presence, clocks, absent players ---

// Each seat's entry is drawn again only when what it says changes: a patch (a bot's move) must
// not replace a "Let a bot play" button under a pointer pressing it. Clocks tick in place.
const drawnFrom = new WeakMap();  // each entry -> the facts it was drawn from, as JSON

function renderPlayers() {
  const view = client.view;
  const bar = el("players");
  const items = view.players.map((player) => {
    const facts = seatFacts(player);
    const key = JSON.stringify(facts);
    const old = bar.children[player.seat];
    const item = old && drawnFrom.get(old) === key ? old : playerItem(player, facts);
    drawnFrom.set(item, key);
    item.classList.toggle("active", view.active.includes(player.seat));
    item.classList.toggle("away", !player.connected && !player.bot);
    item.classList.toggle("bot", Boolean(player.bot));
    return item;
  });
  if (items.length !== bar.children.length || items.some((item, index) => bar.children[index] !== item)) {
    bar.replaceChildren(...items);
  }
  tickClocks();
}

// What a seat's entry says, apart from its clock's time.
function seatFacts(player) {
  const view = client.view;
  const seated = client.lobby ? client.lobby.players.find((other) => other.seat === player.seat) : null;
  const votes = seated && !player.away_bot ? seated.away_votes || 0 : 0;
  let note = "";
  if (player.away_bot) note = "(a bot plays while away)";
  else if (votes) note = `(${votes} ${votes === 1 ? "vote" : "votes"} for a bot)`;
  const away = !player.bot && !player.connected && !player.away_bot && player.seat !== mySeat && botMayPlayFor(player);
  const playing = view.status === "playing" && !view.result;
  return {
    label: `${player.name}${botNote(player)}${player.seat === view.you ? " (you)" : ""}`,
    presence: presence(player),
    clock: Boolean(view.clocks && view.clocks.seats[player.seat]),
    note,
    // Any player may ask for a bot to play for a person who has gone; the host's word is enough.
    askFor: away && playing && mySeat !== null && seated ? seated.id : null,
  };
}

// Whether the others may ask for a bot to play for a person who is not connected. At a live
// table: once they have been away for the table's `away_minutes`. At a turn-based table, where
// being away is normal: only at one that waits for a player out of time, once their time to move
// has run out (at the others a bot moves for them by itself). The server refuses sooner.
function botMayPlayFor(player) {
  const options = client.lobby ? client.lobby.options : {};
  if (options.pace !== "turn-based") return awayLongEnough(player);
  const clock = client.view.clocks && client.view.clocks.seats[player.seat];
  return options.time_runs_out === "wait" && Boolean(clock && clock.running) && secondsLeft(clock) <= 0;
}

// A person may be handed to a bot once they have been away for the table's `away_minutes` (the
// server refuses sooner): the button shows from then on, not as soon as they drop out.
function awayLongEnough(player) {
  if (typeof player.away_since !== "number" || !client.lobby) return false;
  const minutes = Number(client.lobby.options.away_minutes ?? 3);
  const now = Date.now() / 1000 + client.offset;
  return now - player.away_since >= minutes * 60;
}

function playerItem(player, facts) {
  const item = document.createElement("li");
  item.dataset.seat = player.seat;
  item.append(...presenceDot(facts.presence), ` ${facts.label}`);
  if (facts.clock) {
    const clock = document.createElement("span");
    clock.className = "clock";
    clock.setAttribute("role", "timer");  // named by its aria-label; a timer is not live
    clock.dataset.seat = player.seat;
    item.append(" ", clock);
  }
  if (facts.note) {
    const note = document.createElement("span");
    note.className = "away-note";
    note.textContent = facts.note;
    item.append(" ", note);
  }
  if (facts.askFor !== null) {
    const label = table.dataset.host ? "Let a bot play" : "Vote: let a bot play";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "away-bot";
    button.dataset.player = facts.askFor;
    button.textContent = label;
    button.setAttribute("aria-label", `${label} for ${player.name}`);
    item.append(" ", button);
  }
  return item;
}

async function askForABot(button) {
  const id = Number(button.dataset.player);
  button.disabled = true;
  const answer = await post(`/api/lobbies/${code}/players/${id}/away-bot`, {});
  button.disabled = false;
  if (!answer.ok) {
    showRefusal(answer.body.message);
    return;
  }
  const lobby = answer.body;
  const player = lobby.players.find((other) => other.id === id);
  if (player.away_bot) {
    showNotice(`A bot plays for ${player.name} until they come back.`);
    return;
  }
  const others = lobby.players.filter((other) => !other.bot && other.id !== id).length;
  const needed = Math.floor(others / 2) + 1;
  showNotice(`${player.away_votes} of the ${needed} votes needed for a bot to play for ${player.name}.`);
}

// --- clocks ---

// Seconds left on a clock now: `left` as of `since` (server time) while it runs.
function secondsLeft(clock) {
  if (!clock.running || clock.since === null) return Math.max(0, clock.left);
  const now = Date.now() / 1000 + client.offset;
  return Math.max(0, clock.left - (now - clock.since));
}

// Only the clocks' own text changes each second: nothing else is drawn again. Their labels are
// read when a screen reader reaches them; no live region announces every second.
function tickClocks() {
  const view = client.view;
  if (!view || !view.clocks) return;
  for (const clock of table.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(clock.dataset.seat);
    const state = view.clocks.seats[seat];
    if (!state) continue;
    const whole = Math.ceil(secondsLeft(state));  // "0:00" only once it has run out
    const perMove = Boolean(view.clocks.per_move);  // a turn-based table's: "1 day 3 h left"
    const text = clockText(whole, perMove);
    if (clock.textContent !== text) {
      clock.textContent = text;
      const name = clock.id === "my-clock" ? "Your clock" : view.players[seat].name;
      clock.setAttribute("aria-label", clockWords(name, whole, perMove));
    }
    clock.classList.toggle("running", state.running);
    clock.classList.toggle("low", whole < (perMove ? 3600 : 10));
    clock.classList.toggle("out", whole <= 0);
  }
}

// --- the end: the result banner at the top, and the chart ---

let chart = null; // the finished game's chart, once fetched (app/play/progress.py)
let chartAsked = false;
let resultDrawn = null; // what the banner was drawn from, as JSON
let review = null; // the finished game's review by the good bot (review.js), once asked for
// The banner waits for the board to show the last moves (a board that plays them back, such
// as a map whose pieces move, says when it is done with `settled()`): it must not name the
// winner before.
let boardSettled = null; // the wait, then true

function renderResult() {
  const view = client.view;
  const box = el("result");
  if (!view.result) {
    box.hidden = true;
    return;
  }
  if (boardSettled === null) {
    boardSettled = Promise.resolve(gameModule.settled?.()).then(() => {
      boardSettled = true;
      renderResult();
    });
  }
  if (boardSettled !== true) return;
  if (!chartAsked) {
    chartAsked = true;
    fetchChart(code).then((answer) => {
      chart = answer;
      renderResult();
    });
  }
  // Drawn again only when what it shows changes: a lobby message (someone asking to play
  // again) must not replace the "Play again" button under a pointer pressing it.
  const key = JSON.stringify([
    view.result, view.players.map((p) => p.name), chart, client.lobby?.next, client.lobby?.series, mySeat,
  ]);
  if (resultDrawn === key && !box.hidden) return;
  resultDrawn = key;
  const wasHidden = box.hidden;
  const series = { series: client.lobby?.series, game: table.dataset.gameName };
  const parts = resultParts(view.result, view.players, chart, series);
  const { heading, reason, scores } = parts;
  const actions = document.createElement("div");
  actions.className = "result-actions";
  if (mySeat !== null) {
    const again = document.createElement("button");
    again.type = "button";
    again.id = "play-again";
    again.textContent = client.lobby && client.lobby.next ? "Join the next game" : "Play again";
    again.addEventListener("click", playAgain);
    actions.append(again);
  }
  const replay = document.createElement("a");
  replay.href = `/l/${code}/replay`;
  replay.id = "watch-replay";
  replay.textContent = "Watch the replay";
  actions.append(replay);
  if (!review) {
    review = new ReviewBox(code, { mySeat });
    review.start();
  }
  review.setSeat(mySeat);
  box.replaceChildren(heading, reason, parts.series || "", scores, actions, review.element, scoreChart(chart) || "");
  box.hidden = false;
  if (wasHidden) box.scrollIntoView({ block: "nearest" });
}

async function playAgain() {
  const answer = await post(`/api/lobbies/${code}/again`, {});
  if (answer.ok) {
    keepSeat(answer.body.code, answer.body.player);
    location.assign(answer.body.url);
  } else if (answer.body.error === "name_taken" && client.lobby.next) {
    location.assign(`/l/${client.lobby.next}`);
  } else {
    showRefusal(answer.body.message);
  }
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
  setUpAlerts(el("sound-toggle"));
  setUpNotify({
    code,
    seated: table.dataset.seat !== "",
    button: el("notify-toggle"),
    hint: el("notify-hint"),
    emailBox: el("notify-box"),
    onChange: notifyWhileHidden,
  });
  connect();
  // Clocks tick; a person away long enough may be handed to a bot (renderPlayers redraws only
  // the entries whose facts changed).
  setInterval(() => client.view && renderPlayers(), 250);
}
