// A finished game's replay: step through it action by action, from any seat's side. Each
// step is rebuilt by the server from the game's seed and record.
//
// The server computes one step at a time for an address (429 past it): so one is asked at a
// time here, and clicks made meanwhile move the step wanted next, which is asked once the
// answer is in (a 429 all the same is asked again after its Retry-After).

const root = document.getElementById("replay");
const code = root.dataset.code;
const el = (id) => document.getElementById(id);
const gameModule = await import(`/static/js/${root.dataset.game}.js`);
const replay = { step: 0, steps: null, seat: 0, view: null };
window.tinkertable = { replay };
let asked = null; // the step asked for, until it is answered
let wanted = null; // the step to ask for next

// The step a move starts from: the one wanted next, else the one asked for, else the one shown.
const current = () => wanted ?? asked ?? replay.step;

async function show(step) {
  wanted = step;
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
  const response = await fetch(`/api/lobbies/${code}/replay?step=${step}&seat=${seat}`);
  const body = await response.json();
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    wanted ??= step;
    return;
  }
  if (!response.ok) {
    el("prompt").textContent = body.message;
    return;
  }
  Object.assign(replay, { step: body.step, steps: body.steps, seat, view: body.view });
  el("replay-step").textContent = `Move ${body.step} of ${body.steps}`;
  el("prompt").textContent = body.view.result && body.step === body.steps ? body.view.result.reason : "";
  el("log").replaceChildren(
    ...body.view.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
  gameModule.render(el("board"), body.view);
  el("replay-first").disabled = el("replay-back").disabled = body.step === 0;
  el("replay-last").disabled = el("replay-forward").disabled = body.step === body.steps;
}

if (el("replay-seat")) {
  el("replay-first").addEventListener("click", () => show(0));
  el("replay-back").addEventListener("click", () => show(Math.max(0, current() - 1)));
  el("replay-forward").addEventListener("click", () => show(current() + 1));
  el("replay-last").addEventListener("click", () => show(replay.steps ?? 100000));
  el("replay-seat").addEventListener("change", () => show(current()));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft" && current() > 0) show(current() - 1);
    if (event.key === "ArrowRight" && current() < replay.steps) show(current() + 1);
  });
  show(100000);
}
