// The table's pace on the home and lobby pages: the options that apply at one pace only (live:
// the chess clock and the away time; turn-based: the time per move and what happens when it runs
// out) show while the pace select says that pace, and hide otherwise, so that a newcomer never
// sets a clock that would be ignored. The server renders them so at first (app/play/table.py,
// PACE_OF); this keeps them so when the pace changes. The same for an option that applies only
// while another is on (`data-needs`, app/play/table.py's NEEDS: the seconds added per turn need a
// clock): hidden, and out of reach (inert), while that one is 0.

// The pace select in `root`: the home page's form names it, the lobby page marks its option.
const paceSelect = (root) => root.querySelector('select[name="pace"], select[data-option="pace"]');

export function showPace(root) {
  const select = paceSelect(root);
  if (!select) return;
  const pace = select.value ? JSON.parse(select.value) : "live";  // a lobby from before paces: live
  for (const option of root.querySelectorAll("[data-pace]")) option.hidden = option.dataset.pace !== pace;
  for (const option of root.querySelectorAll("[data-needs]")) {
    const name = option.dataset.needs;
    const needed = root.querySelector(`select[name="${name}"], select[data-option="${name}"]`);
    if (!needed || !needed.value || !JSON.parse(needed.value)) option.hidden = true;
  }
  for (const option of root.querySelectorAll("[data-pace], [data-needs]")) option.inert = option.hidden;
}

// Shows the options of the pace (and the clock) chosen now, and again whenever they change.
export function followPace(root) {
  if (!paceSelect(root)) return;
  root.addEventListener("change", () => showPace(root));
  showPace(root);
}
