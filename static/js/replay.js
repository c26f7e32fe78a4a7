// A finished game's replay: step through it action by action, from any seat's side. Each
// step is rebuilt by the server from the game's seed and record.
//
// The server computes one step at a time for an address (429 past it): so one is asked at a
// time here, and clicks made meanwhile move the step wanted next, which is asked once the
// answer is in (a 429 all the same is asked again after its Retry-After). No click is lost:
// each moves the step wanted from the one last wanted, not from the one on screen. The
// controls are enabled once the first step is shown (until then there is nothing to move from).
//
// The board is drawn without the live game's instructions ("Choose three cards...": nobody
// chooses anything here); the log holds every line up to the step shown, the step's own lines
// marked; the last step shows the result and the chart. The last step also shows every secret
// (app/games/core.py's replay_view): the page says so, and marks the log's lines that the seat
// could not read at the table (`log_secret`), numbering the others as the table did.
//
// `?step=N&seat=S` opens the replay at step N (the end without it), seen by seat S. The
// review's moments (review.js) link there, and on this page step to it in place.

import { resultParts } from "./result.js";
import { ReviewBox } from "./review.js";
import { fetchChart, scoreChart } from "./score-chart.js";

const root = document.getElementById("replay");
const code = root.dataset.code;
const el = (id) => document.getElementById(id);
const gameModule = await import(root.dataset.module); // the registry names it (app/play/registry.py)
const replay = { step: 0, steps: null, seat: 0, view: null };
let asked = null; // the step asked for, until it is answered
let wanted = null; // the step to ask for next
let chart = null;
let onStep = () => {}; // told of each step drawn (the review marks its moment)
// The score of its series of "Play again", from the series' second game on (app/lobby/series.py).
const series = root.dataset.series
  ? { series: JSON.parse(root.dataset.series), game: root.dataset.gameName }
  : null;
window.tinkertable = { replay, busy: () => asked !== null || wanted !== null };

const clamp = (step) => Math.max(0, replay.steps === null ? step : Math.min(step, replay.steps));
// The step a move starts from: the one wanted next, else the one asked for, else the one shown.
const current = () => wanted ?? asked ?? replay.step;

async function show(step) {
  wanted = clamp(step);
  if (asked !== null) return;
  try {
    while (wanted !== null) {
      [asked, wanted] = [wanted, null];
      await ask(asked);
    }
  } finally {
    asked = null;
  }
}

async function ask(step) {
  const seat = Number(el("replay-seat").value);
  let response;
  try {
    response = await fetch(`/api/lobbies/${code}/replay?step=${step}&seat=${seat}`);
  } catch {
    wanted ??= step; // the network failed: asked again in a moment
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return;
  }
  const body = await response.json();
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    wanted ??= step;
    return;
  }
  const error = el("replay-error");
  error.hidden = response.ok;
  if (!response.ok) {
    error.textContent = body.message;
    return;
  }
  const before = replay.seat === seat && replay.view ? numbered(replay.view) : null;
  Object.assign(replay, { step: body.step, steps: body.steps, seat, view: body.view });
  draw(body, before);
}

// The lines of a step's log that the seat read at the table (the numbered ones).
const numbered = (view) => view.log.length - (view.log_secret || []).length;

function draw(body, linesBefore) {
  const view = body.view;
  el("replay-step").textContent = `Move ${body.step} of ${body.steps}`;
  // At the end every hand and draw is shown: not "seen by" one seat. The banner names the
  // winner then, so the heading's line does not too.
  const everything = body.step === body.steps;
  el("replay-seat-label").textContent = everything ? "From the seat of" : "Seen by";
  el("replay-everything").hidden = !everything;
  if (el("replay-winner")) el("replay-winner").hidden = everything;
  // The board as it stood, with nothing to choose and no instructions (`replay`: for a board
  // that words its own, such as a question in progress, to describe the moment instead).
  gameModule.render(el("board"), { ...view, prompt: null, legal: [] }, { replay: true });
  drawLog(view.log, view.log_secret || [], linesBefore);
  drawResult(body.step === body.steps ? view : null);
  el("replay-first").disabled = el("replay-back").disabled = body.step === 0;
  el("replay-last").disabled = el("replay-forward").disabled = body.step === body.steps;
  onStep();
}

// The log up to the step shown; the lines this step wrote (after the last step shown) marked.
// Lines the seat could not read at the table (`secret`, indexes) are marked and not numbered:
// a line has the number it had at the table.
function drawLog(lines, secret, linesBefore) {
  const log = el("log");
  const hidden = new Set(secret);
  const fresh = linesBefore === null || linesBefore > lines.length - hidden.size ? Infinity : linesBefore;
  let number = 0;
  let firstNew = Infinity;
  const items = lines.map((line, index) => {
    const item = document.createElement("li");
    item.textContent = line;
    if (hidden.has(index)) {
      item.className = "secret";
      const tag = document.createElement("span");
      tag.className = "secret-tag";
      tag.textContent = "secret ";
      item.prepend(tag);
    } else {
      number += 1;
      item.value = number;
      if (number > fresh) firstNew = Math.min(firstNew, index);
    }
    if (index >= firstNew) item.classList.add("new");
    return item;
  });
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function drawResult(view) {
  const box = el("result");
  if (!view || !view.result) {
    box.hidden = true;
    return;
  }
  const parts = resultParts(view.result, view.players, chart, series);
  box.replaceChildren(parts.heading, parts.reason, parts.series || "", parts.scores, scoreChart(chart) || "");
  box.hidden = false;
}

// The step and seat the address asks for (null: none, or not one of this game's).
function askedInAddress() {
  const params = new URLSearchParams(location.search);
  const step = /^\d{1,6}$/.test(params.get("step") || "") ? Number(params.get("step")) : null;
  const seat = params.get("seat");
  const known = [...el("replay-seat").options].some((option) => option.value === seat);
  return { step, seat: known ? seat : null };
}

if (el("replay-seat")) {
  el("replay-first").addEventListener("click", () => show(0));
  el("replay-back").addEventListener("click", () => show(current() - 1));
  el("replay-forward").addEventListener("click", () => show(current() + 1));
  el("replay-last").addEventListener("click", () => show(replay.steps));
  el("replay-seat").addEventListener("change", () => show(current()));
  document.addEventListener("keydown", (event) => {
    if (replay.steps === null || event.target.closest("select, input, textarea")) return;
    if (event.key === "ArrowLeft") show(current() - 1);
    if (event.key === "ArrowRight") show(current() + 1);
  });
  const mine = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  const start = askedInAddress();
  el("replay-seat").value = start.seat ?? (mine === null ? el("replay-seat").value : String(mine));
  const review = new ReviewBox(code, {
    mySeat: mine,
    heading: "h2",
    onOpen: (step, seat, url) => {
      el("replay-seat").value = String(seat);
      history.replaceState(null, "", url);
      show(step);
    },
  });
  onStep = () => {
    if (replay.view) review.mark(replay.step, replay.seat);
  };
  review.onDrawn = onStep;
  el("review-slot").replaceWith(review.element);
  review.start(); // stored once computed: ready at once, as a rule
  // The step asked for, else the end of the game (the server answers its last step); then the
  // chart, which the server computes once (one costly request at a time per address: after
  // the first step).
  show(start.step ?? 100000).then(async () => {
    chart = await fetchChart(code);
    if (replay.view && replay.step === replay.steps) drawResult(replay.view);
  });
}
