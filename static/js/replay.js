// A finished game's replay: step through it action by action, from any seat's side. Each
// step is rebuilt by the server from the game's seed and record.

const root = document.getElementById("replay");
const code = root.dataset.code;
const el = (id) => document.getElementById(id);
const gameModule = await import(`/static/js/${root.dataset.game}.js`);
const replay = { step: 0, steps: null, seat: 0, view: null };
window.tinkertable = { replay };

async function show(step) {
  const seat = Number(el("replay-seat").value);
  const response = await fetch(`/api/lobbies/${code}/replay?step=${step}&seat=${seat}`);
  const body = await response.json();
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
  el("replay-back").addEventListener("click", () => show(replay.step - 1));
  el("replay-forward").addEventListener("click", () => show(replay.step + 1));
  el("replay-last").addEventListener("click", () => show(replay.steps ?? 100000));
  el("replay-seat").addEventListener("change", () => show(replay.step));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft" && replay.step > 0) show(replay.step - 1);
    if (event.key === "ArrowRight" && replay.step < replay.steps) show(replay.step + 1);
  });
  show(100000);
}
