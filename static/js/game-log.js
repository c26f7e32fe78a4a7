// The game's whole log on the table page. A view carries its last lines only (`log`, which
// starts at line `log_start` of the whole log as this seat reads it); "Show earlier entries"
// asks the server for the lines before (`GET /api/lobbies/{code}/log/lines`), as many times as
// there are more. Lines only ever come after the last one, so a line's number never changes:
// the page keeps every line it has seen or loaded by number, and shows them from the first
// one asked for to the end. New lines are added at the bottom, scrolled into sight if the
// reader was at the bottom already; lines loaded above keep the reader's place.

const PAGE = 200; // lines asked for at once

export class GameLog {
  constructor(list, earlierButton, code) {
    this.list = list;
    this.button = earlierButton;
    this.code = code;
    this.known = []; // line number -> text (a sparse array)
    this.total = 0; // lines in the whole log, as of the latest view
    this.from = null; // the first line the reader asked to see; null: the view's own
    this.shown = { first: 0, count: 0 };
    this.loading = false;
    this.button.addEventListener("click", () => this.loadEarlier());
  }

  // Shows the view's lines; returns those new since the last view (for the live region).
  show(view) {
    const start = view.log_start ?? 0;
    view.log.forEach((line, index) => {
      this.known[start + index] = line;
    });
    const before = this.total;
    this.total = start + view.log.length;
    this.viewStart = start;
    this.draw();
    return view.log.slice(Math.max(0, before - start));
  }

  // The lines to show: from `from` (or the view's first) to the end, while all are known.
  range() {
    let first = this.from === null ? this.viewStart : Math.min(this.from, this.viewStart);
    for (let number = this.total - 1; number >= first; number -= 1) {
      if (this.known[number] === undefined) {
        first = number + 1;
        this.fill(number + 1); // a gap (a reconnection after many moves): load it
        break;
      }
    }
    return { first, count: this.total - first };
  }

  draw() {
    const { first, count } = this.range();
    const list = this.list;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const fromBottom = list.scrollHeight - list.scrollTop;
    const item = (number) => {
      const entry = document.createElement("li");
      entry.textContent = this.known[number];
      return entry;
    };
    const old = this.shown;
    if (first === old.first && count >= old.count && list.children.length === old.count) {
      for (let number = first + old.count; number < first + count; number += 1) list.append(item(number));
    } else if (first < old.first && first + count === old.first + old.count && list.children.length === old.count) {
      list.prepend(...Array.from({ length: old.first - first }, (_, index) => item(first + index)));
    } else {
      list.replaceChildren(...Array.from({ length: count }, (_, index) => item(first + index)));
    }
    list.start = first + 1; // the lines' numbers in the whole log
    const grew = first < old.first;
    this.shown = { first, count };
    this.button.hidden = first === 0;
    this.button.disabled = this.loading;
    if (grew) list.scrollTop = list.scrollHeight - fromBottom; // the reader's place kept
    else if (atBottom || old.count === 0) list.scrollTop = list.scrollHeight;
  }

  async fetchLines(before) {
    const response = await fetch(`/api/lobbies/${this.code}/log/lines?before=${before}&limit=${PAGE}`);
    if (!response.ok) return null;
    const page = await response.json();
    page.lines.forEach((line, index) => {
      this.known[page.start + index] = line;
    });
    return page;
  }

  async loadEarlier() {
    if (this.loading || this.shown.first === 0) return;
    this.loading = true;
    this.button.disabled = true;
    this.button.textContent = "Loading…";
    try {
      const page = await this.fetchLines(this.shown.first);
      if (page) this.from = page.start;
    } finally {
      this.loading = false;
      this.button.textContent = "Show earlier entries";
      this.draw();
      // The button goes with the first line: the focus goes to the log instead.
      if (this.button.hidden) this.list.focus({ preventScroll: true });
    }
  }

  async fill(before) {
    if (this.loading || this.from === null) return;
    this.loading = true;
    try {
      if (!(await this.fetchLines(before))) this.from = null; // back to the view's own lines
    } finally {
      this.loading = false;
    }
    this.draw();
  }
}
