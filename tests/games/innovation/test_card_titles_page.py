"""Every card's title fits its face without breaking a word ("Experimentatio" over "n"): each of
the 105 cards drawn as the page draws it (page/cards.js, page/game.css), full size as a top card
of your own piles and small as one of another player's, and each word of its title measured
against the title's width.

The page's files are loaded in Chromium from the repository (tests/browser/from_files.py)."""

from __future__ import annotations

from typing import Any

import pytest

from app.config import ROOT
from app.games.innovation import Innovation
from tests.browser.from_files import open_from_files

pytestmark = pytest.mark.browser

FILES = {
    "/games/innovation/": ROOT / "app" / "games" / "innovation" / "page",
    "/js/": ROOT / "static" / "js",
    "/css/": ROOT / "static" / "css",
}
PAGE = """<!doctype html><html lang="en"><title>titles</title>
<link rel="stylesheet" href="/css/site.css">
<link rel="stylesheet" href="/games/innovation/game.css">
<body><div class="in-root" id="root"></div></body></html>"""
# Where the page draws a card face, and how big: your board's top cards, another player's.
PLACES = [("full", "in-board"), ("mini", "in-board in-compact")]


def test_every_card_title_fits_without_breaking_a_word(browser: Any) -> None:
    cards = Innovation().components()["cards"]
    assert len(cards) == 105
    context = browser.new_context(viewport={"width": 375, "height": 740})
    try:
        page = context.new_page()
        open_from_files(page, FILES, PAGE)
        broken = page.evaluate(
            """async ({ cards, places }) => {
              const { face } = await import("/games/innovation/cards.js");
              const root = document.getElementById("root");
              const broken = [];
              for (const [size, board] of places) {
                const list = document.createElement("ul");
                list.className = board;
                root.append(list);
                for (const card of cards) {
                  const top = document.createElement("div");
                  top.className = "in-top";
                  top.append(face(card, { size }));
                  const item = document.createElement("li");
                  item.className = "in-pile";
                  item.append(top);
                  list.append(item);
                  const title = top.querySelector(".in-card-title");
                  for (const word of card.name.split(" ")) {
                    const probe = document.createElement("span");
                    probe.textContent = word;
                    probe.style.whiteSpace = "nowrap";
                    title.append(probe);
                    const wide = probe.getBoundingClientRect().width;
                    probe.remove();
                    if (wide > title.clientWidth + 0.5)
                      broken.push(`${size}: ${word} is ${wide} px wide in ${title.clientWidth}`);
                  }
                }
              }
              return broken;
            }""",
            {"cards": cards, "places": PLACES},
        )
    finally:
        context.close()
    assert broken == []
