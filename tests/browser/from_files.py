"""A page made of the repository's own files, loaded in Chromium without a server: the browser
asks for everything under one made-up address, answered from the repository's folders, and the
address itself is a test's own HTML."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route

ORIGIN = "http://files.test"
KINDS = {".css": "text/css", ".js": "text/javascript", ".json": "application/json"}


def open_from_files(page: Page, folders: dict[str, Path], html: str) -> None:
    """`page` at ORIGIN/, showing `html`; a request for `ORIGIN + prefix + rest` answered with the
    file `folders[prefix] / rest` (404 when there is none)."""

    def answer(route: Route) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        if path == "/":
            route.fulfill(body=html, content_type="text/html")
            return
        for prefix, folder in folders.items():
            if path.startswith(prefix) and (folder / path.removeprefix(prefix)).is_file():
                found = folder / path.removeprefix(prefix)
                kind = KINDS.get(found.suffix, "application/octet-stream")
                route.fulfill(body=found.read_text(), content_type=kind)
                return
        route.fulfill(status=404, body="")

    page.route(f"{ORIGIN}/**", answer)
    page.goto(f"{ORIGIN}/")
