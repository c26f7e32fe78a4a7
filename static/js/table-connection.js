// The table's one websocket (docs/protocol.md): connecting (with `since`, the view's seq), again
// after a loss; the snapshot and the patches that keep the view (a `sync` for those missed, starting
// afresh when one does not apply); sending. What the messages change on the page is table.js's.

import { applyPatch } from "./patch.js";
import { client, code, el, table } from "./table-page.js";
import { showRefusal } from "./table-requests.js";

// The page's parts that the messages draw (render, setOwnMove, renderLobby, renderPlayers, addChat,
// hints): table.js's, given once, when it first connects.
let page = null;

export function open(handlers) {
  page = handlers;
  connect();
}

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
  page.render();
  setTimeout(connect, delay);
}

function showConnection(text) {
  const box = el("connection");
  box.textContent = text || "";
  box.hidden = !text;
  table.classList.toggle("offline", Boolean(text));
}

export function send(message) {
  if (!client.socket || client.socket.readyState !== WebSocket.OPEN) return false;
  client.socket.send(JSON.stringify(message));
  return true;
}

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
      page.renderLobby();
      break;
    case "snapshot":
      client.view = message.view;
      client.seq = message.seq;
      if (typeof message.now === "number") client.offset = message.now - Date.now() / 1000;
      page.render();
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
      page.setOwnMove(client.pending.size > 0);
      client.pending.clear();
      page.render();
      break;
    case "presence":
      if (client.view) {
        client.view.players = message.players;
        page.renderPlayers();
      }
      break;
    case "chat":
      page.addChat(message);
      break;
    case "hint":
      page.hints.receive(message);
      break;
    case "error":
      if (page.hints.receive(message)) break;
      if (message.ref !== null && message.ref !== undefined) client.pending.delete(message.ref);
      showRefusal(message.message);
      break;
  }
}
