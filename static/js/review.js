// "Review": a finished game's costliest decisions of each person by the good bot
// (`GET /api/lobbies/{code}/review`, docs/protocol.md), as lines in words that open the replay
// at that step, from that person's side. Shown in the result banner at the table and on the
// replay page. While the server prepares it ("working"), it says so and asks again, less and
// less often (2 s, 3 s, 5 s... at most every 30 s), for up to half an hour.

import { node } from "./dom.js";

const PATIENCE = 30 * 60 * 1000;
const WAITS = [2, 3, 5, 8, 13, 20, 30];

// "has scored" -> "have scored", "melds Pottery" -> "meld Pottery": the log's words about a
// player, said of "you"; a character named after the player stays before the verb
// ("(Slappy) has schemed" -> "(Slappy) have schemed").
export function asYou(words) {
  const character = words.match(/^(\([^)]*\) )(.*)$/);
  if (character) return character[1] + asYou(character[2]);
  const [verb, ...rest] = words.split(" ");
  const irregular = { has: "have", is: "are", was: "were", does: "do" };
  let mine = irregular[verb];
  if (!mine) {
    if (/^[a-z]+(ch|sh|x|ss|o)es$/.test(verb)) mine = verb.slice(0, -2);
    else if (/^[a-z]+[^s]s$/.test(verb)) mine = verb.slice(0, -1);
    else mine = verb;
  }
  return [mine, ...rest].join(" ");
}

// What the person did: "you scored 12 in Blue", "Ann scored 12 in Blue", "you chose: ...".
function choseWords(text, name, you) {
  const subject = you ? "you" : name;
  if (text.startsWith(`${name} `)) {
    const rest = text.slice(name.length + 1);
    return `${subject} ${you ? asYou(rest) : rest}`;
  }
  return `${subject} chose: ${text}`;
}

// What was better, without the person's name at its start: "scored 24 in Green".
function betterWords(text, name) {
  return text.startsWith(`${name} `) ? text.slice(name.length + 1) : text;
}

// "-12 points", "-1 point", "-18% chance to win".
export function lossWords(lost, unit) {
  if (unit === "chance") {
    const percent = Math.round(lost * 100);
    return percent >= 1 ? `-${percent}% chance to win` : "-less than 1% chance to win";
  }
  const points = Math.round(lost * 10) / 10;
  return `-${points} ${points === 1 ? "point" : "points"}`;
}

// One moment as a line: "Turn 7: you scored 12 in Blue. Better: scored 24 in Green (-12 points)".
export function momentWords(moment, name, you) {
  const chose = choseWords(moment.chose_text, name, you);
  const better = betterWords(moment.better_text, name);
  return `Turn ${moment.turn}: ${chose}. Better: ${better} (${lossWords(moment.lost, moment.unit)})`;
}

export function replayUrl(code, moment, seat) {
  return `/l/${code}/replay?step=${moment.seq}&seat=${seat}`;
}

// The review's contents: the viewer's own moments first, then each other person's (folded
// away when the viewer has moments of their own: their own come first).
function drawn(code, review, mySeat, onOpen, subheading) {
  const players = [...review.players].sort((a, b) => (b.seat === mySeat) - (a.seat === mySeat));
  if (!players.length) return [node("p", { class: "hint" }, "Only bots played this game: nothing to review.")];
  const fold = players.some((player) => player.seat === mySeat);
  return players.map((player) => {
    const you = player.seat === mySeat;
    const who = you ? "You" : player.name;
    if (!player.moments.length) {
      return node("p", { class: "review-none" }, `${who}: the good bot found no decision to improve.`);
    }
    const items = player.moments.map((moment) => {
      const href = replayUrl(code, moment, player.seat);
      const words = momentWords(moment, player.name, you);
      const link = node("a", { href, dataset: { step: moment.seq, seat: player.seat } }, words);
      if (onOpen) {
        link.addEventListener("click", (event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen(moment.seq, player.seat, link.href);
        });
      }
      return node("li", {}, link, moment.why ? node("span", { class: "review-why" }, moment.why) : null);
    });
    const heading = you ? "Your decisions" : `${player.name}'s decisions`;
    const list = node("ol", { class: "review-moments" }, items);
    if (fold && !you) return node("details", { class: "review-player" }, node("summary", {}, heading), list);
    return node("div", { class: "review-player" }, players.length > 1 ? node(subheading, {}, heading) : null, list);
  });
}

// The "Review" section: `element` to place on the page; `start()` asks the server until the
// review is ready. `mySeat`: the viewer's seat (their moments say "you"; null: a spectator).
// `onOpen(step, seat, url)`: instead of following a moment's link (the replay page steps to
// it in place).
export class ReviewBox {
  constructor(code, { mySeat = null, onOpen = null, heading = "h3" } = {}) {
    this.code = code;
    this.mySeat = mySeat;
    this.onOpen = onOpen;
    this.review = null;
    this.heading = heading;
    this.status = node("p", { class: "review-status", role: "status" }, "The review is being prepared…");
    this.body = node("div", { class: "review-body" });
    this.element = node("section", { class: "review", id: "review", "aria-labelledby": "review-heading" },
      node(heading, { id: "review-heading" }, "Review"), this.status, this.body);
    this.started = false;
  }

  // The moment of this step and seat, if any, marked as the one shown (the replay page).
  mark(step, seat) {
    for (const link of this.body.querySelectorAll("a[data-step]")) {
      const shown = Number(link.dataset.step) === step && Number(link.dataset.seat) === seat;
      if (shown) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    }
  }

  setSeat(seat) {
    this.mySeat = seat;
    if (this.review) this.draw();
  }

  draw() {
    this.status.textContent = "";
    this.status.hidden = true;
    const subheading = `h${Number(this.heading[1]) + 1}`;
    this.body.replaceChildren(...drawn(this.code, this.review, this.mySeat, this.onOpen, subheading));
    this.onDrawn?.();
  }

  async start() {
    if (this.started) return;
    this.started = true;
    const giveUp = Date.now() + PATIENCE;
    for (let attempt = 0; Date.now() < giveUp; attempt += 1) {
      let body = null;
      try {
        const response = await fetch(`/api/lobbies/${this.code}/review`);
        // 409: the game's end is a moment behind the last move; 429: asked too often.
        if (response.ok) body = await response.json();
        else if (![409, 429, 503].includes(response.status)) break;
      } catch {
        // the network failed: asked again in a moment
      }
      if (body && body.status === "ready") {
        this.review = body;
        this.draw();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, WAITS[Math.min(attempt, WAITS.length - 1)] * 1000));
    }
    this.status.textContent = "The review could not be prepared. Load the page again to try once more.";
  }
}
