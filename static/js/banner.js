// The owner's banner (templates/_banner.html): asked again every `data-poll-seconds` while the
// page is in view, and when it comes back into view, so that an open page shows a new banner
// ("Restarting at 22:00 for an update") without a reload.

const banner = document.getElementById("site-banner");

async function look() {
  if (document.hidden) return;
  try {
    const answer = await fetch("/api/banner", { cache: "no-store" });
    if (!answer.ok) return;
    const { text } = await answer.json();
    banner.textContent = text || "";
    banner.hidden = !text;
  } catch {
    // offline or restarting: the banner stays as it is until the next look
  }
}

if (banner) {
  const seconds = Number(banner.dataset.pollSeconds) || 60;
  setInterval(look, seconds * 1000);
  document.addEventListener("visibilitychange", look);
}
