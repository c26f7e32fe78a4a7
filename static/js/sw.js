// The service worker: shows "Your turn" when the server's push message comes while no page of
// that game is in sight, and opens (or brings forward) the game's page on a click. Served at
// /sw.js so that its scope is the whole site; it caches nothing and intercepts no request.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The game's page among the open windows of this site, if one is open.
async function gamePage(url) {
  const path = new URL(url, self.location.origin).pathname;
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return pages.find((page) => new URL(page.url).pathname === path) || null;
}

self.addEventListener("push", (event) => {
  let note = {};
  try {
    note = event.data ? event.data.json() : {};
  } catch {
    note = {};
  }
  const title = typeof note.title === "string" ? note.title : "Your turn";
  const url = typeof note.url === "string" ? note.url : "/";
  event.waitUntil(
    (async () => {
      const page = await gamePage(url);
      if (page && page.visibilityState === "visible" && page.focused) return; // already looking
      await self.registration.showNotification(title, {
        body: typeof note.body === "string" ? note.body : "",
        tag: typeof note.tag === "string" ? note.tag : "tinkertable-turn",
        renotify: true,
        data: { url },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    (async () => {
      const page = await gamePage(url);
      if (page) return page.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
