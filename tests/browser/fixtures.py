"""Browser fixtures: a real server process, a headless Chromium, and contexts that are always
closed. A plugin of every test (tests/conftest.py `pytest_plugins`): a game's own browser tests
live beside its other tests (tests/games/<game>/), not only under tests/browser/.

Chromium is found as scripts/test finds it: TT_CHROMIUM, else `chromium` on the PATH. Without it
the browser tests skip (and fail with CI=true).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.conftest import unavailable
from tests.e2e.servers import free_port

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
# Bounds for liveness, not for speed: a passing test waits only as long as the page takes, and
# on a machine whose two cores are both busy a server took over 30 s to start and a page over
# 10 s to show what it had been sent. These fail only what truly hangs.
START_TIMEOUT = 120  # seconds for the server to answer /api/health
STOP_TIMEOUT = 40  # seconds for it to stop after SIGTERM (it finishes what is in flight first)
EXPECT_TIMEOUT = 30_000  # milliseconds for playwright's expect and waits


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("TT_CHROMIUM") or shutil.which("chromium")
    if not path:
        unavailable("Chromium is not installed")
    return path


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/api/health", timeout=2) as response:
            return response.status == 200
    except (OSError, urllib.error.URLError):
        return False


@contextmanager
def serving(directory: Path, port: int | None = None, **env: str) -> Iterator[str]:
    """A real server process on its own SQLite database in `directory` (on `port`, else a free
    one), with `env` added to its environment; its base URL until the block ends, when it is
    stopped as a host stops it (SIGTERM)."""
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{directory / 'browser.db'}", **env}
    log_path = directory / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app.ops.cli", "serve"]
            + ["--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not _healthy(url):
            if process.poll() is not None:
                pytest.fail(f"the server exited ({process.returncode}):\n{log_path.read_text()}")
            if time.monotonic() > deadline:
                log_text = log_path.read_text()
                pytest.fail(f"the server did not start in {START_TIMEOUT}s:\n{log_text}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server process on its own SQLite database; its base URL."""
    with serving(tmp_path_factory.mktemp("browser-server")) as url:
        yield url


QUICK_BOT_DELAY = 0.0  # seconds a bot waits before each action on the quick servers


@pytest.fixture(scope="session")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """As `server`, but its bots do not wait before each action (BOT_DELAY 0): for the tests
    that play whole games against bots (solo.py, test_hints_pages.py). Its base URL."""
    with serving(tmp_path_factory.mktemp("quick-server"), BOT_DELAY=str(QUICK_BOT_DELAY)) as url:
        yield url


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT)
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(
            executable_path=chromium_path,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            headless=True,
        )
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go: test-artifacts/screenshots (git-ignored)."""
    path = ROOT / "test-artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


# Screenshots of every page at both sizes, for people to look at (tests/browser/test_screens.py
# and the pages the access tests visit): artifacts/screens (git-ignored).
SCREENS = ROOT / "artifacts" / "screens"
SIZES = [(1280, 800), (375, 740)]


def shoot(page: Page, name: str) -> Path:
    """The whole page as artifacts/screens/<name>-<width>x<height>.png, and ...-first.png, the
    first screen alone: what a person sees before scrolling."""
    size = page.viewport_size
    assert size is not None
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=path, full_page=True)
    page.screenshot(path=path.with_name(f"{path.stem}-first.png"))
    assert path.stat().st_size > 1000, f"{path.name} is blank"
    return path


def shoot_at_each_size(page: Page, name: str) -> None:
    """`shoot` at 1280 x 800 and at 375 x 740; the page is left at its first size."""
    first = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, name)
    if first is not None:
        page.set_viewport_size(first)


# "How to play" offers a tour the first time each kind of decision comes up (static/js/guide.js):
# a line beside it, which moves the board down on a phone. Pages of the tests that are not about
# the guide have met every kind of decision already: a kind never remembered reads as dismissed.
GUIDE_SEEN = """(() => {
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    const kept = getItem.call(this, key);
    return kept === null && String(key).startsWith("tinkertable.guide.") ? "seen" : kept;
  };
})();"""


def bounded_context(browser: Any, *, guide: bool = False, **options: Any) -> Any:
    """A browser context (`options` as Playwright takes them) whose waits last EXPECT_TIMEOUT;
    with `guide`, one that has not met the guide's tours (else all read as dismissed)."""
    context = browser.new_context(**options)
    context.set_default_timeout(EXPECT_TIMEOUT)
    if not guide:
        context.add_init_script(GUIDE_SEEN)
    return context


@pytest.fixture
def new_context(browser: Any, server: str) -> Iterator[Callable[..., Any]]:
    """Open browser contexts (one per player) on the server; all are closed after the test."""
    contexts: list[Any] = []

    def open_context(**options: Any) -> Any:
        context = bounded_context(browser, base_url=server, **options)
        contexts.append(context)
        return context

    yield open_context
    for context in reversed(contexts):
        context.close()
