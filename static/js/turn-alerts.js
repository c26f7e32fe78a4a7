// Telling a person that the game has turned to them while they look elsewhere: "Your turn" in
// the tab's title while the tab is hidden, a short sound (off unless they turn it on: the
// choice is remembered in this browser), and a browser notification while the page is hidden,
// once they have switched "Notify me" on (notify.js, which also asks the server to tell them
// once no page of the game is open).

const SOUND_KEY = "tinkertable.sound";
const baseTitle = document.title;
let yourTurn = false;
let audio = null; // the AudioContext, made on the first press of the sound button
let notes = false; // "Notify me" is on (notify.js)

export function notifyWhileHidden(on) {
  notes = on;
}

export const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";

// The title says "Your turn" while it is this person's turn and the tab is hidden.
function showTitle() {
  document.title = yourTurn && document.hidden ? `● Your turn · ${baseTitle}` : baseTitle;
}

// A two-note chime, synthesized (no audio file): about a third of a second.
export function chime() {
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [[0, 660], [0.16, 880]]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.2);
  }
}

function makeAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio && audio.state === "suspended") audio.resume();
}

function showSound(button) {
  const on = soundOn();
  button.textContent = on ? "Sound on" : "Sound off";
  button.setAttribute("aria-pressed", String(on));
}

// The sound toggle of the top bar ("Notify me" is notify.js's).
export function setUpAlerts(soundButton) {
  showSound(soundButton);
  if (soundOn()) {
    // Browsers start audio only after a gesture on the page: the first one will do.
    document.addEventListener("pointerdown", makeAudio, { once: true, capture: true });
  }
  soundButton.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    showSound(soundButton);
    if (soundOn()) {
      makeAudio();
      chime(); // what it sounds like
    }
  });
  document.addEventListener("visibilitychange", showTitle);
}

// Called on every render with whether it is this person's turn now; `then` says what to do.
// Only the change from "not your turn" to "your turn" alerts; the page's first render never.
export function turnIs(now, { first, what, game }) {
  const began = now && !yourTurn && !first;
  yourTurn = now;
  showTitle();
  if (!began) return false;
  if (soundOn()) chime();
  if (notes && document.hidden && "Notification" in window && Notification.permission === "granted") {
    const note = new Notification(`Your turn · ${game}`, { body: what || "", tag: "tinkertable-turn" });
    note.addEventListener("click", () => {
      window.focus();
      note.close();
    });
  }
  return true;
}
