// The lobby part of the page: the seats (and those held for "Play again"), joining or watching a
// full table, the invite link, the host's start, bots, removals and table options; the lobby
// messages also say which part of the page shows, the lobby or the game.

import { followPace, showPace } from "./pace.js";
import { keepSeat } from "./seats.js";
import { hints } from "./table-actions.js";
import { client, code, el, myId, mySeat, setSeat, table } from "./table-page.js";
import { botNote, presence, presenceDot, renderPlayers } from "./table-players.js";
import { post, request, showError } from "./table-requests.js";
import { renderResult } from "./table-result.js";

const NAME_KEY = "tinkertable.name";

export function renderLobby() {
  const lobby = client.lobby;
  if (myId !== null) {
    const me = lobby.players.find((player) => player.id === myId);
    if (!me) {
      location.reload();  // the host removed us: the page shows the lobby as to a visitor
      return;
    }
    setSeat(me.seat);
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

export function setUpLobbyControls() {
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
}
