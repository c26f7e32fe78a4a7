// Boards that change while a person is pressing one of their buttons (everyone acting at once,
// bots moving) would swallow the click if drawn again between the press and the release: the
// button is replaced under the pointer. `steady(draw)` makes the `render(board, view, options)`
// a game page exports: while a pointer is down on the board, drawing waits for its release (at
// the latest PRESS_LIMIT ms), then draws the newest view. With `onlyActions`, only presses on
// an action ([data-action]) hold the drawing back.

const PRESS_LIMIT = 1500;

export function steady(draw, { onlyActions = false } = {}) {
  const watched = new WeakSet();
  let pressed = false;
  let pressTimer = null;
  let heldBack = null;

  function release() {
    clearTimeout(pressTimer);
    if (!pressed) return;
    pressed = false;
    const next = heldBack;
    heldBack = null;
    // After the click that follows this release has been handled.
    if (next) setTimeout(() => render(next.board, next.view, next.options));
  }

  function watch(board) {
    if (watched.has(board)) return;
    watched.add(board);
    board.addEventListener(
      "pointerdown",
      (event) => {
        if (onlyActions && !event.target.closest("[data-action]")) return;
        pressed = true;
        clearTimeout(pressTimer);
        pressTimer = setTimeout(release, PRESS_LIMIT);
      },
      true,
    );
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
  }

  // `options`: from the live page (table.js), { live }; from the replay page, { replay: true }
  // (a board then words no instructions: nobody is to do anything).
  function render(board, view, options = null) {
    watch(board);
    if (pressed) {
      heldBack = { board, view, options };
      return;
    }
    draw(board, view, options);
  }

  return render;
}

// The action of the control that has the keyboard focus on the board, if any ...
export function focusedAction(board) {
  const element = document.activeElement;
  if (!element || !board.contains(element) || !element.dataset.action) return null;
  return element.dataset.action;
}

// ... and the focus given back to the control with that action once the board is redrawn.
export function restoreFocus(board, action) {
  if (!action) return;
  const match = [...board.querySelectorAll("[data-action]")].find((element) => element.dataset.action === action);
  if (match) match.focus({ preventScroll: true });
}
