// "Notify me when it's my turn": a switch on the table page, for the seat this browser holds.
// On: the browser's permission is asked (on the press, never on load), the service worker
// (/sw.js) is registered, and this browser's push subscription (made with the server's public
// key) is sent to the server for this seat, so that the server can tell it when the game turns
// to it while no page of the game is open. While a page is open but hidden, the page itself
// shows the notification (turn-alerts.js). Off: the server forgets this browser's subscription
// for this seat. A browser that cannot subscribe (no push service) still notifies while a page
// is open, and the hint says so. The choice is remembered per game in this browser.
//
// With the host's SMTP_URL set, the seat may also leave an email address for this game.

const choiceKey = (code) => `tinkertable.notify.${code}`;
const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function call(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let answer = {};
  try {
    answer = await response.json();
  } catch {
    answer = {};
  }
  return { ok: response.ok, status: response.status, body: answer };
}

// The server's public key (base64url) as pushManager.subscribe() takes it.
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function workerRegistration() {
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

// This browser's subscription, made if there is none; null when the browser refuses.
async function subscription(key) {
  const registration = await workerRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
}

export async function setUpNotify({ code, seated, button, hint, emailBox, onChange }) {
  if (!seated) return;
  const base = `/api/lobbies/${code}/notify`;
  const first = await call("GET", base);
  if (!first.ok) return; // not a seat of this lobby (any more), or the game is over
  let key = first.body.key;

  const on = () => localStorage.getItem(choiceKey(code)) === "on" && Notification.permission === "granted";
  const say = (text) => {
    hint.textContent = text || "";
    hint.hidden = !text;
  };
  const show = () => {
    button.setAttribute("aria-pressed", String(on()));
    button.textContent = on() ? "Notify me: on" : "Notify me";
    onChange(on());
  };

  async function switchOn() {
    if ((await Notification.requestPermission()) !== "granted") {
      say("Notifications are blocked for this site in this browser's settings.");
      return;
    }
    localStorage.setItem(choiceKey(code), "on");
    show(); // on for this page at once; the subscription follows
    if (!pushSupported()) {
      say("This browser tells you while this page is open, not once it is closed.");
      return;
    }
    let made = null;
    try {
      made = await subscription(key);
    } catch {
      made = null;
    }
    if (!made) {
      say("This browser tells you while this page is open, not once it is closed.");
      return;
    }
    const sent = await call("PUT", `${base}/push`, made.toJSON());
    if (sent.ok) {
      key = sent.body.key;
      say("You will be told when it is your turn, even with this page closed.");
    } else {
      say(sent.body.message || "The server could not keep this browser's subscription.");
    }
  }

  async function switchOff() {
    localStorage.removeItem(choiceKey(code));
    say("");
    if (!pushSupported()) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const existing = registration && (await registration.pushManager.getSubscription());
    if (existing) await call("DELETE", `${base}/push`, { endpoint: existing.endpoint });
  }

  button.hidden = !("Notification" in window);
  show();
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (on()) await switchOff();
      else await switchOn();
    } finally {
      button.disabled = false;
      show();
    }
  });

  if (first.body.email_offered) setUpEmail(base, first.body.email, emailBox);
}

function setUpEmail(base, address, box) {
  const form = box.querySelector("form");
  const input = form.querySelector("input");
  const remove = form.querySelector("[data-remove]");
  const status = box.querySelector("[role=status]");
  const show = (current, text) => {
    input.value = current || "";
    remove.hidden = !current;
    status.textContent = text || (current ? `Emails go to ${current}.` : "");
  };
  show(address);
  box.hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await call("PUT", `${base}/email`, { address: input.value });
    show(answer.ok ? answer.body.email : input.value, answer.ok ? "" : answer.body.message);
  });
  remove.addEventListener("click", async () => {
    const answer = await call("DELETE", `${base}/email`);
    if (answer.ok) show(null, "Your address is deleted.");
  });
}
