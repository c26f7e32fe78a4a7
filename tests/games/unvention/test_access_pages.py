"""Unvention's sheet read as text (issue "Every hand and every eye"): on a real table page, the
journals, workshops and inventions are tables whose every row and column has a header, their
cells say in words what the eye reads from a ring, a stroke or a colour, and wherever a colour
tells something (a mechanism's workshop) a sign tells it too. (The whole game by keyboard, axe,
names, sizes, colour filters and zoom: test_pages_solo.py.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.recorded import RecordedServer, recorded_server_fixture

from .test_pages_recorded import ann_at_the_torque

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

WORKSHOPS = {
    "Hydraulic": "≈",
    "Magnetic": "∩",
    "Electrical": "ϟ",
    "Mechanical": "⚙",
}


def check_headed(where: Any, caption: str, rows: int, columns: int, extra: int = 0) -> Any:
    """The table named `caption` (its caption): a header for each of its rows and columns, in
    words ("Row 2", "Column 3"), as the accessibility tree has them; the table."""
    table = where.get_by_role("table", name=caption, exact=True)
    expect(table).to_have_count(1)
    expect(table.get_by_role("rowheader")).to_have_text(
        [f"Row {r}" for r in range(1, rows + 1)] + [re.compile(".")] * extra
    )
    expect(table.get_by_role("columnheader")).to_have_text(
        [f"Column {c}" for c in range(1, columns + 1)] + [re.compile(".")] * extra
    )
    assert table.locator("th[scope=row]").count() == rows + extra
    assert table.locator("th[scope=col]").count() == columns + extra
    return table


def test_the_sheet_reads_as_tables_and_colour_is_never_alone(
    browser: Any, recorded_server: RecordedServer
) -> None:
    """Ann, 76 moves in (tests/games/unvention/stored): one Electrical mechanism drawn in The
    Integron Assembly, two Magnetic parts chosen for the next. Her sheet: three journals (4 x 4
    and the wrenches), four workshops (5 x 5), three inventions, each a table with its headers;
    a part's state and a mechanism's workshop in words and signs, not only in colour."""
    with ann_at_the_torque(browser, recorded_server) as page:
        view = page.evaluate("() => window.tinkertable.client.view")
        me = view["state"]["players"][view["you"]]
        sheet = page.locator("#board .uv-sheet.uv-own")

        # Journals: 4 x 4, and a header for the wrench beside each row and under each column.
        for j in (1, 2, 3):
            journal = check_headed(sheet, f"Journal {j}", 4, 4, extra=1)
            expect(journal.get_by_role("rowheader").last).to_have_text("Column's wrench")
            expect(journal.get_by_role("columnheader").last).to_have_text("Row's wrench")
            # A wrench's state is in its name, not only in its shade.
            wrenches = journal.get_by_role("img", name=re.compile(r"^Wrench (beside|under)"))
            expect(wrenches).to_have_count(8)
        written = [
            (j, r, c, value)
            for j, journal in enumerate(me["journals"])
            for r, row in enumerate(journal["cells"])
            for c, value in enumerate(row)
            if value not in (None, "X")
        ]
        assert written, "76 moves in, Ann has written numbers"
        j, r, c, value = written[0]
        cell = sheet.get_by_role("table", name=f"Journal {j + 1}").locator("tbody tr").nth(r)
        expect(cell.locator("td").nth(c)).to_contain_text(str(value))

        # Workshops: 5 x 5; each part says its state (circled, used, crossed off) in words, and
        # each heading carries its workshop's sign beside its colour.
        for title, sign in WORKSHOPS.items():
            check_headed(sheet, f"{title} workshop", 5, 5)
            head = sheet.locator(".uv-workshop-head", has_text=title)
            expect(head.locator(".uv-sign")).to_have_text(sign)
        circled = sheet.locator("td.uv-circled:not(:has([data-action]))")
        electrical = sheet.get_by_role("table", name="Electrical workshop").locator("td.uv-used")
        expect(electrical).to_have_count(5)  # the Electrical mechanism's five parts
        for part in electrical.all():
            expect(part).to_contain_text("used in a mechanism")
        for part in circled.all():
            expect(part).to_contain_text("circled")
        assert circled.count() > 0  # the Magnetic one being built: its parts are circled

        # Inventions: tables; the Electrical mechanism's cells show its sign and name it.
        integron = sheet.get_by_role("table", name="The Integron Assembly pattern")
        expect(integron).to_have_count(1)
        mechanism = integron.locator("td.uv-mech")
        expect(mechanism).to_have_count(5)
        for square in mechanism.all():
            expect(square).to_have_class(re.compile(r"\buv-ws-electrical\b"))
            expect(square).to_contain_text("ϟ")
            expect(square).to_contain_text("Electrical mechanism of 5 parts")
        for slug in ("The Unison Motorworks", "The Lateral Arc Engine"):
            expect(sheet.get_by_role("table", name=f"{slug} pattern")).to_have_count(1)

        # The Idea circles: the earned ones said in words as well as filled.
        circles = sheet.locator(".uv-circle-on")
        assert circles.count() >= 1
        for circle in circles.all():
            expect(circle).to_contain_text("circled")

        # Where the mechanism may go: buttons on the cells, named in words.
        places = sheet.locator("button.uv-place")
        assert places.count() > 0
        expect(places.first).to_have_attribute(
            "aria-label", re.compile(r"^Draw the mechanism in .+, covering row-column \d-\d")
        )
