// The players bar: each seat's presence, clock and notes, and the button that asks for a bot to
// play for a person who has gone (the host's word, or the others' votes). The presence words and
// dots are the lobby's seats' too.

import { secondsLeft, tickClocks } from "./table-clocks.js";
import { client, code, el, mySeat, table } from "./table-page.js";
import { post, showNotice, showRefusal } from "./table-requests.js";

// A bot's name says it is one, and its level ("Good bot"): said once, not "Good bot (bot)".
export const botNote = (player) => (player.bot && !/\bbot\b/i.test(player.name) ? " (bot)" : "");

// Bots are always there: never shown as away.
export const presence = (player) => (player.bot ? "bot" : player.connected ? "connected" : "not connected");

// A seat's presence: a dot whose shape says it (filled: connected, ring: away, square: a bot;
// site.css), and the same in words for a screen reader (a bot's name says it already).
export function presenceDot(words) {
  const dot = document.createElement("span");
  dot.className = "dot";
  dot.setAttribute("aria-hidden", "true");
  if (words === "bot") return [dot];
  const said = document.createElement("span");
  said.className = "visually-hidden";
  said.textContent = `(${words})`;
  return [dot, said];
}

// Each seat's entry is drawn again only when what it says changes: a patch (a bot's move) must
// not replace a "Let a bot play" button under a pointer pressing it. Clocks tick in place.
const drawnFrom = new WeakMap();  // each entry -> the facts it was drawn from, as JSON

export function renderPlayers() {
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

export function setUpPlayersBar() {
  el("players").addEventListener("click", (event) => {
    const button = event.target.closest("button.away-bot");
    if (button) askForABot(button);
  });
}
