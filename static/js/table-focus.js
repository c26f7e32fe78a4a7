// Where the keyboard's focus goes at the table (issue "Every hand and every eye"). After an
// action it never falls to the top of the page: it goes to the next decision's first choice (the
// game's own `firstChoice(board, view)` when its page module has one, else the board's first
// control), or to the prompt while the others play, unless the person has put it elsewhere (the
// chat, the log, a dialog). "Skip to the game" goes the same way.

const choosable = (element) =>
  element instanceof HTMLElement && element.isConnected && !element.disabled && element.tabIndex >= 0 &&
  element.checkVisibility();

export class TableFocus {
  // `firstChoice(board, view)`: the game's own choice of where a decision starts, or null.
  constructor({ board, prompt, firstChoice }) {
    this.board = board;
    this.prompt = prompt;
    this.firstChoice = firstChoice;
    this.byKeyboard = false; // the person's last press was a key, not a pointer
    document.addEventListener("keydown", () => { this.byKeyboard = true; }, true);
    document.addEventListener("pointerdown", () => { this.byKeyboard = false; }, true);
  }

  // Where the focus is before a render: lost (on the page itself), on the prompt, or on a board
  // control; null when the person is elsewhere, where it is left alone.
  before() {
    const active = document.activeElement;
    if (!active || active === document.body) return "lost";
    if (active === this.prompt) return "prompt";
    if (this.board.contains(active)) return "board";
    return null;
  }

  // The next sensible place: the first choice of the viewer's decision (`deciding`), else the
  // prompt.
  target(view, deciding) {
    if (deciding) {
      const own = this.firstChoice?.(this.board, view);
      if (choosable(own)) return own;
      const first = [...this.board.querySelectorAll("[data-action]")].find(choosable);
      if (first) return first;
    }
    return this.prompt;
  }

  // After a render, from where `before()` found the focus. A pointer's user keeps their scroll; a
  // keyboard's sees where the focus went.
  after(before, view, deciding) {
    if (before === null) return;
    const active = document.activeElement;
    if (before === "board" && this.board.contains(active) && choosable(active)) return;
    const target = this.target(view, deciding);
    if (target !== active) target.focus({ preventScroll: target === this.prompt || !this.byKeyboard });
  }
}
