"""What every page must give people who do not use a mouse, or not their eyes alone (issue "Every
hand and every eye"): the checks the browser tests run on each page, in one place.

- `check_axe(page, where)`: axe-core (the npm package, package-lock.json; `npm ci` puts it in
  node_modules) run in the page with the WCAG 2.0/2.1/2.2 A and AA tags, no rule disabled. A
  failure lists each violation's rule, impact and targets. `at_both_sizes` runs it at 1280 x 800
  and at 375 x 740.
- `check_names(page)`: every enabled control of the board and the bar has an accessible name in
  words, not empty, not only a number or a symbol.
- `check_focus_order(page)`: at 375 px, where every page is one column, Tab goes down the page
  as it is seen: no tab stop comes after one it stands wholly above in the same column.
- `check_focus_on_a_choice(page)`: after an action, at the next decision, the focus is on one of
  its choices, never on the page's top.
- `press_to(page, selector)`: moves the focus with Tab (and Shift+Tab) only until it is on the
  control `selector` finds; the keyboard-only games use it, never a click.
- `colour_vision(page, kind)`, `zoomed(page)`: a page seen in a simulated deuteranopia or
  protanopia (an SVG colour-matrix filter over the page), and at 200% zoom; `check_no_overlap`
  finds what is cut or covered at that zoom.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 740}


def axe_source() -> str:
    """axe-core's script; without node_modules (no `npm ci`) the test skips, and fails in CI."""
    if not AXE.exists():
        message = "axe-core is not installed: run `npm ci` (scripts/test does)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


RUN = """async (tags) => {
  const only = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] };
  const result = await axe.run(document, only);
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 8)
      .map((n) => ({ target: n.target.join(" "), why: n.failureSummary })),
  }));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated as the test's own script: the pages' Content-Security-Policy forbids an
        # inline <script>, and stays on.
        page.evaluate(axe_source() + "\n;true")
    violations: list[dict[str, Any]] = page.evaluate(RUN, TAGS)
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['rule']} ({violation['impact']}): {violation['help']}")
        for node in violation["targets"]:
            why = " ".join(str(node["why"]).split())
            lines.append(f"    {node['target']}: {why[:300]}")
    return "\n".join(lines)


def check_axe(page: Page, where: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"axe finds on {where}:\n{describe(violations)}"


def axe_found(page: Page, where: str) -> list[str]:
    """axe at 1280 x 800 and at 375 x 740, each finding kept (a test that looks at many pages
    names all of them); the page is left at its first size."""
    first = page.viewport_size or WIDE
    found = []
    for size in (WIDE, PHONE):
        page.set_viewport_size(size)  # laid out again as axe measures (no frame waited for)
        # From the page's top: scrolled, the sticky bar covers what passes under it, and axe
        # would count any target there as obscured.
        page.evaluate("() => window.scrollTo(0, 0)")
        violations = axe_violations(page)
        if violations:
            found.append(f"{where} at {size['width']} x {size['height']}:\n{describe(violations)}")
    page.set_viewport_size(first)
    return found


def at_both_sizes(page: Page, where: str) -> None:
    """axe at 1280 x 800 and at 375 x 740 finds nothing."""
    found = axe_found(page, where)
    assert not found, "axe finds on " + "\n".join(found)


# Every enabled, visible control of the table and its accessible name as Chromium computes it
# (the accessibility tree: aria-labelledby, aria-label, then content, then title).
CONTROLS = "#board button, #board [data-action], #turn-bar button, #result button, #result a"


def check_names(page: Page, where: str) -> None:
    controls = page.locator(CONTROLS)
    bad = []
    for index in range(controls.count()):
        control = controls.nth(index)
        try:
            if not control.is_visible() or control.is_disabled():
                continue
            name = accessible_name(control)
        except PlaywrightError:
            continue  # drawn again meanwhile (a bot moves at once): the new one is read below
        if name is None:
            continue
        if not any(character.isalpha() for character in name):
            bad.append(f"{control.evaluate('(e) => e.outerHTML.slice(0, 160)')} (name {name!r})")
    assert not bad, f"controls on {where} without a name in words:\n" + "\n".join(bad)


# A line of an ARIA snapshot: `- role "name" [attributes]: text`, the whole of it YAML-quoted
# when it holds ": ", and ending in ":" when lines of what it holds follow (an element's
# property, `- /url: ...`, is none).
SNAPSHOT_LINE = re.compile(r'^([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*(?::\s*(.*))?$')


def snapshot_line(line: str) -> tuple[str, str]:
    """The name and the text of a line of an ARIA snapshot ("" for either that it lacks)."""
    text = line.strip().removeprefix("- ")
    if text.startswith("'") and text.removesuffix(":").endswith("'"):
        text = text.removesuffix(":")[1:-1].replace("''", "'")
    found = SNAPSHOT_LINE.match(text)
    if not found:
        return "", ""
    return found.group(2) or "", (found.group(3) or "").strip('"')


def accessible_name(control: Any) -> str | None:
    """The control's accessible name, as Chromium's accessibility tree has it (its ARIA
    snapshot's first line: `- button "Score 24 in Green"`); None when it is gone."""
    lines = control.aria_snapshot(timeout=2_000).splitlines()
    return snapshot_line(lines[0])[0] if lines else None


# --- the keyboard ---------------------------------------------------------------------------------

FOCUS = """() => {
  const element = document.activeElement;
  if (!element || element === document.body) return { where: "body" };
  const board = document.getElementById("board");
  return {
    where: element.id === "prompt" ? "prompt"
      : board.contains(element) && element.matches("[data-action]") && !element.disabled ? "choice"
      : element.id || element.tagName.toLowerCase(),
    action: element.dataset.action || null,
    text: element.textContent.trim().slice(0, 80),
  };
}"""


def focused(page: Page) -> dict[str, Any]:
    where: dict[str, Any] = page.evaluate(FOCUS)
    return where


# The page's tab stops (visible, enabled) that come after one they stand wholly above, in the
# same column (a grid's next cell may start higher than the half of a cell before it), named.
BACKWARDS = """() => {
  const name = (stop) => stop.getAttribute('aria-label') || stop.textContent.trim().slice(0, 40);
  const stops = [...document.querySelectorAll(
    ':is(button, a[href], summary, input, select, textarea, [tabindex]):not([tabindex="-1"])')]
    .filter((element) => !element.disabled && element.checkVisibility())
    .map((element) => [element, element.getBoundingClientRect()]);
  const found = [];
  stops.forEach(([element, box], index) => {
    const earlier = stops.slice(0, index).find(([, before]) => box.bottom <= before.top
      && box.left < before.right && before.left < box.right);
    if (earlier) found.push(`"${name(element)}" after "${name(earlier[0])}"`);
  });
  return found;
}"""


def check_focus_order(page: Page, where: str) -> None:
    """At 375 x 740 (one column) Tab goes down the page as it is seen (WCAG 2.4.3): no tab stop
    comes after one it stands wholly above, in the same column. The page is left at its first
    size."""
    first = page.viewport_size or WIDE
    page.set_viewport_size(PHONE)
    try:
        page.evaluate("() => window.scrollTo(0, 0)")
        backwards = page.evaluate(BACKWARDS)
    finally:
        page.set_viewport_size(first)
    assert not backwards, f"Tab goes back up the page on {where} at 375 px:\n" + "\n".join(
        backwards[:10]
    )


def check_focus_on_a_choice(page: Page) -> None:
    """After an action, at the person's next decision: the focus is on one of its choices."""
    page.wait_for_function(
        """() => {
          const element = document.activeElement;
          return Boolean(element) && document.getElementById("board").contains(element)
            && element.matches("[data-action]") && !element.disabled;
        }"""
    )


def press_to(page: Page, action: str, limit: int = 400) -> int:
    """Tab (forward, and back when that is nearer) until the control carrying `action` (its
    data-action JSON) has the focus; how many presses it took. Fails when Tab never gets there."""
    order: list[str | None] = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-action]')]
             .filter((e) => !e.disabled && e.checkVisibility() && e.tabIndex >= 0)
             .map((e) => e.dataset.action)"""
    )
    here = focused(page).get("action")
    assert action in order, f"{action} cannot be reached by Tab"
    backwards = here in order and order.index(action) < order.index(here)
    key = "Shift+Tab" if backwards else "Tab"
    for presses in range(limit):
        if focused(page).get("action") == action:
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{limit} presses of {key} never reached {action}; at {focused(page)}")


# --- colour vision and zoom ---------------------------------------------------------------------

# Machado, Oliveira and Fernandes (2009), severity 1.0: the colours a person with deuteranopia
# or protanopia tells apart, as a matrix on linear RGB (close enough on sRGB for looking).
MATRICES = {
    "deuteranopia": "0.367 0.861 -0.228 0 0 0.280 0.673 0.047 0 0 -0.012 0.043 0.969 0 0 0 0 0 1 0",
    "protanopia": "0.152 1.053 -0.205 0 0 0.115 0.786 0.099 0 0 -0.004 -0.048 1.052 0 0 0 0 0 1 0",
}

FILTER = """([kind, values]) => {
  const id = `vision-${kind}`;
  if (!document.getElementById(id)) {
    const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    holder.setAttribute("aria-hidden", "true");
    holder.setAttribute("style", "position:absolute;width:0;height:0");
    holder.innerHTML = `<filter id="${id}" color-interpolation-filters="linearRGB">`
      + `<feColorMatrix type="matrix" values="${values}"/></filter>`;
    document.body.append(holder);
  }
  document.documentElement.style.filter = `url(#${id})`;
}"""


@contextmanager
def colour_vision(page: Page, kind: str) -> Iterator[None]:
    page.evaluate(FILTER, [kind, MATRICES[kind]])
    try:
        yield
    finally:
        page.evaluate("() => { document.documentElement.style.filter = ''; }")


@contextmanager
def zoomed(page: Page) -> Iterator[None]:
    """200% zoom on a 1280 x 800 window: the page laid out in 640 x 400 CSS pixels, drawn twice
    as large (as the browser's zoom does)."""
    first = page.viewport_size or WIDE
    page.set_viewport_size(ViewportSize(width=640, height=400))
    try:
        yield
    finally:
        page.set_viewport_size(first)


# Text and controls that are cut (past the page's right edge: a sideways scroll) or cover one
# another: each pair of visible leaf boxes that overlap by more than a pixel or two.
OVERLAPS = """(within) => {
  const root = within ? document.querySelector(within) : document.documentElement;
  const frame = root.getBoundingClientRect();
  const wide = document.documentElement.scrollWidth > document.documentElement.clientWidth + 1
    || root.scrollWidth > root.clientWidth + 1 || frame.left < 0
    || frame.right > document.documentElement.clientWidth;
  const shown = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const kinds = "button, a, input, select, label, h1, h2, h3, p, li, td, th, span, summary, legend";
  // What of an element is in sight: its box cut by every ancestor that clips (a scrolled log).
  const clipped = (e) => {
    const box = e.getBoundingClientRect();
    let { left, top, right, bottom } = box;
    for (let at = e.parentElement; at; at = at.parentElement) {
      if (getComputedStyle(at).overflow === "visible") continue;
      const edge = at.getBoundingClientRect();
      left = Math.max(left, edge.left); top = Math.max(top, edge.top);
      right = Math.min(right, edge.right); bottom = Math.min(bottom, edge.bottom);
    }
    return { left, top, right, bottom, width: right - left, height: bottom - top };
  };
  const leaves = [...root.querySelectorAll(kinds)]
    .filter((e) => shown(e) && !e.closest("[aria-hidden='true'], .visually-hidden, #tip")
      && [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
    .map((e) => ({ e, box: clipped(e) }))
    .filter(({ box }) => box.width > 0 && box.height > 0);
  const name = (e) => e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "")
    + (typeof e.className === "string" && e.className ? `.${e.className.split(" ")[0]}` : "")
    + ` "${e.textContent.trim().slice(0, 30)}"`;
  const found = [];
  for (let i = 0; i < leaves.length && found.length < 10; i += 1) {
    for (let j = i + 1; j < leaves.length && found.length < 10; j += 1) {
      const a = leaves[i], b = leaves[j];
      if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 2 && y > 2) found.push(`${name(a.e)} and ${name(b.e)}`);
    }
  }
  return { wide, found };
}"""


def check_no_overlap(page: Page, where: str, within: str | None = None) -> None:
    """Nothing cut or covered on the page, or `within` the element that selector finds (an open
    modal dialog: the inert page behind it is covered by design)."""
    seen = page.evaluate(OVERLAPS, within)
    assert not seen["wide"], f"{where} scrolls sideways at 200% zoom"
    assert not seen["found"], f"on {where} at 200% zoom these overlap: " + json.dumps(seen["found"])


# --- sizes on a phone ---------------------------------------------------------------------------

# Each help term (an element with a tooltip that is not a control) in sight, and its size: a
# finger taps it for its help, so it is a target of WCAG 2.2's 24 x 24 CSS px.
HELP_TERMS = """() => [...document.querySelectorAll("[data-tip]")]
  .filter((e) => e.checkVisibility()
    && !e.closest("a[href], button, input, select, textarea, summary, [data-action], #tip"))
  .map((e) => {
    const box = e.getBoundingClientRect();
    return { what: e.outerHTML.slice(0, 120), width: box.width, height: box.height };
  })"""

SMALLEST_TERM = 24  # CSS px each side


def check_help_terms(page: Page, where: str) -> None:
    """On a 375 px phone every help term in sight is at least 24 x 24 CSS px."""
    first = page.viewport_size or WIDE
    page.set_viewport_size(PHONE)
    try:
        terms = page.evaluate(HELP_TERMS)
    finally:
        page.set_viewport_size(first)
    small = [
        f"{term['what']} ({term['width']:.0f} x {term['height']:.0f})"
        for term in terms
        if term["width"] < SMALLEST_TERM - 0.5 or term["height"] < SMALLEST_TERM - 0.5
    ]
    assert not small, f"help terms under 24 x 24 px on {where} at 375 px:\n" + "\n".join(small)


def check_everyone_can_use(page: Page, where: str) -> None:
    """axe at both sizes, names in words, help terms big enough, Tab down the page on a phone:
    what every game page must pass."""
    at_both_sizes(page, where)
    check_names(page, where)
    check_help_terms(page, where)
    check_focus_order(page, where)


def look_as_everyone(page: Page, artifacts: Path, name: str) -> None:
    """Screenshots under each colour-vision filter and at 200% zoom (to be looked at), and the
    zoomed page checked for what is cut or overlapping."""
    for kind in MATRICES:
        with colour_vision(page, kind):
            page.screenshot(path=artifacts / f"{name}-{kind}.png", full_page=True)
    with zoomed(page):
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=artifacts / f"{name}-zoom200.png", full_page=True)
        check_no_overlap(page, name)
