// The lobby and game page: one websocket, the view kept up to date by the server's patches,
// the lobby and the board drawn from it. The game's own module draws the board.

import { applyPatch } from "./patch.js";

const NAME_KEY = "tinkertable.name";
const table = document.getElementById("table");
const code = table.dataset.code;
const gameId = table.dataset.game;
const mySeat = table.dataset.seat === "" ? null : Number(table.dataset.seat);
const el = (id) => document.getElementById(id);

const gameModule = await import(`/static/js/${gameId}.js`);

const client = {
  view: null,
  seq: null,
  lobby: null,
  socket: null,
  live: false,
  attempts: 0,
  nextId: 1,
  pending: new Map(),
};
const baseTitle = document.title;

// --- the connection ---

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const since = client.seq === null ? "" : `?since=${client.seq}`;
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${code}${since}`);
  client.socket = socket;
  client.live = false;
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (client.socket !== socket) return;
    client.socket = null;
    client.live = false;
    reconnectLater();
  });
}

function reconnectLater() {
  client.attempts += 1;
  const delay = Math.min(15000, 400 * 2 ** client.attempts) * (0.5 + Math.random() / 2);
  showConnection(`Reconnecting… (attempt ${client.attempts})`);
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

// Exposed for tests and the console: the page's current state.
window.tinkertable = { client, act, drop: () => client.socket && client.socket.close() };

function receive(message) {
  switch (message.type) {
    case "lobby":
      if (!client.live) {
        // First message of a (re)connection: what follows brings us up to date.
        client.live = true;
        client.attempts = 0;
        el("chat").replaceChildren();
        showConnection(null);
      }
      client.lobby = message.lobby;
      renderLobby();
      break;
    case "snapshot":
      client.view = message.view;
      client.seq = message.seq;
      render();
      break;
    case "patch":
      if (client.view === null || message.seq !== client.seq + 1) {
        send({ type: "sync", seq: client.seq ?? 0 });
        return;
      }
      try {
        client.view = applyPatch(client.view, message.ops);
        client.seq = message.seq;
      } catch (error) {
        client.view = null;
        send({ type: "sync", seq: 0 });
        return;
      }
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
    case "error":
      if (message.ref !== null && message.ref !== undefined) client.pending.delete(message.ref);
      showRefusal(message.message);
      break;
  }
}

// --- the lobby ---

// Bots are always there: never shown as away.
const presence = (player) => (player.bot ? "bot" : player.connected ? "connected" : "not connected");

function renderLobby() {
  const lobby = client.lobby;
  const seats = el("seats");
  const hosting = Boolean(table.dataset.host) && lobby.status === "open";
  seats.replaceChildren(
    ...lobby.players.map((player) => {
      const item = document.createElement("li");
      item.className = player.bot ? "bot" : player.connected ? "connected" : "away";
      const dot = document.createElement("span");
      dot.className = "dot";
      dot.setAttribute("aria-label", presence(player));
      const level = player.bot ? ` (bot${player.level ? `, ${player.level}` : ""})` : "";
      item.append(dot, ` ${player.name}${player.host ? " (host)" : ""}${level}${player.seat === mySeat ? " — you" : ""}`);
      if (player.bot && hosting) {
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "remove-bot";
        remove.dataset.player = player.id;
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", `Remove ${player.name}`);
        item.append(" ", remove);
      }
      return item;
    }),
  );
  const count = lobby.players.length;
  const addBot = el("add-bot");
  if (addBot) addBot.querySelector("button").disabled = count >= Number(table.dataset.max) || !hosting;
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
  const playing = lobby.status !== "open";
  el("lobby").hidden = playing;
  el("game").hidden = !playing;
  if (client.view) renderResult();
}

function setUpLobbyControls() {
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
      if (answer.ok) location.reload();
      else showError(join.querySelector(".error"), answer.body.message);
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
    el("seats").addEventListener("click", async (event) => {
      const remove = event.target.closest("button.remove-bot");
      if (!remove) return;
      remove.disabled = true;
      const answer = await request("DELETE", `/api/lobbies/${code}/players/${remove.dataset.player}`);
      if (!answer.ok) showError(el("lobby-error"), answer.body.message);
    });
  }

  if (table.dataset.host) {
    for (const select of document.querySelectorAll("select[data-option]")) {
      select.addEventListener("change", async () => {
        const options = { [select.dataset.option]: JSON.parse(select.value) };
        const answer = await post(`/api/lobbies/${code}/options`, { options });
        if (!answer.ok) showError(el("lobby-error"), answer.body.message);
      });
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

  el("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !client.live) return;
    act(JSON.parse(target.dataset.action));
  });
}

async function request(method, url, body) {
  const init = { method };
  if (body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  return { ok: response.ok, body: await response.json() };
}

const post = (url, body) => request("POST", url, body);

function showError(box, text) {
  box.textContent = text || "Something went wrong.";
  box.hidden = false;
}

function showRefusal(text) {
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
  el("prompt").textContent = view.prompt || (view.status === "finished" ? "The game is over." : "");
  document.title = yourTurn && document.hidden ? `● Your turn · ${baseTitle}` : baseTitle;
  const log = el("log");
  log.replaceChildren(
    ...view.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
  log.scrollTop = log.scrollHeight;
  gameModule.render(el("board"), view, { live: client.live });
  renderResult();
}

function renderPlayers() {
  const view = client.view;
  el("players").replaceChildren(
    ...view.players.map((player) => {
      const item = document.createElement("li");
      item.classList.toggle("active", view.active.includes(player.seat));
      item.classList.toggle("away", !player.connected && !player.bot);
      item.classList.toggle("bot", Boolean(player.bot));
      item.dataset.seat = player.seat;
      const dot = document.createElement("span");
      dot.className = "dot";
      dot.setAttribute("aria-label", presence(player));
      item.append(dot, ` ${player.name}${player.bot ? " (bot)" : ""}${player.seat === view.you ? " (you)" : ""}`);
      return item;
    }),
  );
}

function renderResult() {
  const view = client.view;
  const box = el("result");
  if (!view.result) {
    box.hidden = true;
    return;
  }
  const names = view.result.winners.map((seat) => view.players[seat].name);
  const heading = document.createElement("h2");
  heading.textContent = names.length ? `${names.join(" and ")} won!` : "Nobody won.";
  const reason = document.createElement("p");
  reason.textContent = view.result.reason;
  const scores = document.createElement("ul");
  for (const [seat, score] of Object.entries(view.result.scores)) {
    const item = document.createElement("li");
    item.textContent = `${view.players[Number(seat)].name}: ${score}`;
    scores.append(item);
  }
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
  box.replaceChildren(heading, reason, scores, actions);
  box.hidden = false;
}

async function playAgain() {
  const answer = await post(`/api/lobbies/${code}/again`, {});
  if (answer.ok) location.assign(answer.body.url);
  else if (answer.body.error === "name_taken" && client.lobby.next) location.assign(`/l/${client.lobby.next}`);
  else showRefusal(answer.body.message);
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) document.title = baseTitle;
});

setUpLobbyControls();
connect();
