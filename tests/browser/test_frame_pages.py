"""The table's frame in real browsers (issue 18): the bar at the top and the tab's title as the
turn changes, the sound and notification switches; the result banner and chart at the end; the
whole log of a long game; the replay's stepping, log and heading. Any game of the registry
that fits: a two-seat game whose host may go first, a long one, one with secrets."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.edge.error_codes import ErrorCode
from app.games.log import LOG_STEP, visible_log
from app.play import logbook
from app.play.views import name_seats
from tests.play.test_off_loop import GAMES, NAMES, random_game
from tests.registered import ENTRIES, a_game, with_secrets

from .fixtures import bounded_context
from .pages import (
    HOST_FIRST_NAME,
    NewContext,
    create_game,
    join,
    play_until_the_turn_passes,
    start,
)
from .recorded import RecordedServer, recorded_server_fixture

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

# Each page a stand-in for the browser's Notification and a count of the sounds synthesized:
# a notification is recorded (window.__notes), never shown; permission starts unasked.
ALERTS = """
window.__notes = [];
window.__tones = 0;
class FakeNotification {
  static permission = "default";
  static async requestPermission() { FakeNotification.permission = "granted"; return "granted"; }
  constructor(title, options) { window.__notes.push({ title, ...options }); }
  addEventListener() {}
  close() {}
}
window.Notification = FakeNotification;
const create = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return create.call(this);
};
"""


BAR_PARTS = ("#turn-who", "#prompt", "#turn-tools")
WORDS = re.compile(r"\w")  # the prompt says something


def hide(page: Page, hidden: bool) -> None:
    """The tab goes to the background (or comes back), as far as the page can tell."""
    page.evaluate(
        """(hidden) => {
            Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_the_bar_and_the_title_follow_the_turn(new_context: NewContext) -> None:
    ann_context, bob_context = new_context(), new_context()
    for context in (ann_context, bob_context):
        context.add_init_script(ALERTS)
    ann = ann_context.new_page()
    link = create_game(ann, "Ann")
    bob = bob_context.new_page()
    join(bob, link, "Bob")
    # The table is full: no bot level or "Add bot" for the host, the reason instead.
    expect(ann.locator("#table-full")).to_be_visible()
    expect(ann.locator("#add-bot")).to_be_hidden()
    start(ann, bob)

    bar = ann.locator("#turn-bar")
    expect(bar).to_be_visible()
    expect(ann.locator("#turn-who")).to_have_text("Your turn")
    expect(ann.locator("#prompt")).to_have_text(WORDS)  # what to do, from the view's prompt
    expect(bob.locator("#turn-who")).to_have_text("Waiting for Ann")
    base = bob.title()
    assert "Your turn" not in base

    # Bob turns the sound on (remembered), and asks for notifications: asked once, on a press.
    assert bob.evaluate("() => Notification.permission") == "default"
    sound = bob.get_by_role("button", name="Sound off")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(bob.locator("#sound-toggle")).to_have_text("Sound on")
    expect(bob.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    bob.get_by_role("button", name="Notify me when it's my turn").click()
    expect(bob.locator("#notify-toggle")).to_have_attribute("aria-pressed", "true")
    assert bob.evaluate("() => Notification.permission") == "granted"
    tones = bob.evaluate("() => window.__tones")
    assert tones > 0  # pressing "Sound on" plays the chime once, to hear it

    # Bob's tab goes to the background; Ann plays her turn: the game turns to Bob.
    hide(bob, True)
    assert bob.title() == base  # not his turn yet
    play_until_the_turn_passes(ann, bob)
    expect(bob.locator("#turn-who")).to_have_text("Your turn")
    expect(bob.locator("#prompt")).to_have_text(WORDS)
    expect(bob).to_have_title(f"● Your turn · {base}")
    notes = bob.evaluate("() => window.__notes")
    assert [note["title"] for note in notes] == [f"Your turn · {HOST_FIRST_NAME}"]
    assert notes[0]["body"] == bob.evaluate("() => window.tinkertable.client.view.prompt")
    assert bob.evaluate("() => window.__tones") > tones  # the chime
    expect(ann.locator("#turn-who")).to_have_text("Waiting for Bob")
    assert ann.evaluate("() => window.__notes") == []  # Ann's page is in sight, sound off

    # Back in sight: the title is the page's own again. The bar stays at the top on scrolling.
    hide(bob, False)
    expect(bob).to_have_title(base)
    bob.set_viewport_size({"width": 375, "height": 740})
    bob.mouse.wheel(0, 3000)
    bob.wait_for_function("() => window.scrollY > 100")
    box = bob.locator("#turn-bar").bounding_box()
    assert box is not None and -1 <= box["y"] <= 1, box
    # On a phone the turn and its prompt stay together: the bar's buttons come after them.
    who, prompt, tools = (bob.locator(part).bounding_box() for part in BAR_PARTS)
    assert who is not None and prompt is not None and tools is not None
    assert prompt["y"] - (who["y"] + who["height"]) < 8, (who, prompt)
    assert tools["y"] >= prompt["y"] + prompt["height"] - 1, (prompt, tools)

    # The sound is remembered in this browser.
    bob.reload()
    expect(bob.locator("#sound-toggle")).to_have_text("Sound on")


# --- a finished game, written into the server's database ---------------------------------------


@pytest.fixture
def recorded_page(browser: Any, recorded_server: RecordedServer) -> Iterator[Any]:
    """Pages on the recorded server (a context each); closed after the test."""
    contexts: list[Any] = []

    def open_page(**options: Any) -> Page:
        context = bounded_context(browser, base_url=recorded_server.url, **options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def played(game_id: str, at_least: int = 1, upto: int | None = None) -> tuple[Any, Any, Any]:
    """The recorded game's state after `upto` of its moves (all: the end), its moves, its
    result there."""
    game = GAMES[game_id]
    seed, moves = random_game(game_id, at_least)
    state = game.start(2, {}, seed)
    for seat, action in moves[:upto]:
        state = game.apply(state, seat, action)
    return state, moves, game.result(state)


def a_long_game(actions: int) -> str:
    """The first two-seat game of the registry that a random game can make last `actions`."""
    for game in ENTRIES:
        if ENTRIES[game].game.min_players <= 2 <= ENTRIES[game].game.max_players:
            try:
                random_game(game, actions)
            except AssertionError:
                continue
            return game
    raise LookupError(f"no registered game lasts {actions} random actions")


def test_the_result_banner_and_chart_are_at_the_top(
    recorded_server: RecordedServer, recorded_page: Any
) -> None:
    game = a_game(players=2)
    recorded = recorded_server.finished(game)
    state, moves, result = played(game)
    assert result is not None
    winner = NAMES[result.winners[0]]
    progress = ENTRIES[game].progress
    # The columns the rulebook decides on (the game's breakdown, else its measure).
    columns = [label for label, _ in progress.breakdown(state)] if progress.breakdown else []
    reason = result.reason  # "won 7 categories to 5" gets its winner's name, as a sentence
    reason = f"{winner} {reason}" if reason.startswith("won") else reason
    reason = reason[0].upper() + reason[1:] + ("" if reason[-1] in ".!?" else ".")
    for size in ({"width": 1280, "height": 800}, {"width": 375, "height": 740}):
        page = recorded_page(viewport=size)
        page.goto(f"/l/{recorded.code}")
        banner = page.locator("#result")
        expect(banner).to_be_visible()
        expect(page.locator("#result h2")).to_have_text(f"{winner} won!")
        expect(page.locator("#result .result-reason")).to_have_text(reason)
        # The columns the rulebook decides on, once the chart has come.
        heads = page.locator("#result .result-scores thead th")
        expect(heads).to_have_text(["Player", *(columns or [progress.measure])])
        expect(page.locator("#result .result-scores tr.winner th")).to_have_text(
            f"{winner} (winner)"
        )
        # The chart: one line per player, from the start to the last move.
        chart = page.locator("#result svg.chart")
        expect(chart).to_be_visible()
        expect(chart.locator("path.chart-line")).to_have_count(2)
        expect(page.locator("#result figcaption")).to_have_text(f"{progress.measure} over the game")
        expect(chart).to_have_attribute("aria-label", re.compile(r"at the end, Ann \d+, Bob \d+"))
        expect(chart).to_contain_text(f"Move {len(moves)}")
        # At the top: the banner starts on the first screen, above the board.
        top = banner.bounding_box()
        board = page.locator("#board").bounding_box()
        assert top is not None and board is not None
        assert top["y"] < size["height"] / 2 and top["y"] < board["y"]
        expect(page.locator("#turn-who")).to_have_text("The game is over")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"], f"the page is {width}px wide"


def test_the_chart_comes_after_the_server_has_long_been_busy(
    recorded_server: RecordedServer, recorded_page: Any
) -> None:
    """A busy server answers the chart with 429 and Retry-After (the address's replay steps
    hold its share of the workers): the page keeps asking as told, however many refusals it
    takes. Under load it once gave up after 8 (the screenshots test saw no chart)."""
    refusals = 12
    recorded = recorded_server.finished(a_game(players=2))
    page = recorded_page()
    refused = 0

    def busy_for_a_while(route: Any) -> None:
        nonlocal refused
        if refused < refusals:
            refused += 1
            route.fulfill(
                status=429,
                headers={"Retry-After": "1"},
                json={"error": ErrorCode.TOO_MANY.value, "message": "too many at once"},
            )
        else:
            route.continue_()

    page.route(f"**/api/lobbies/{recorded.code}/progress", busy_for_a_while)
    page.goto(f"/l/{recorded.code}/replay")
    expect(page.locator("#result svg.chart")).to_be_visible()
    assert refused == refusals


def test_the_log_holds_every_line_of_a_long_game(
    recorded_server: RecordedServer, recorded_page: Any
) -> None:
    game = a_long_game(300)
    recorded = recorded_server.finished(game, 300)
    state, moves, _ = played(game, 300)
    assert len(moves) >= 300
    whole = [name_seats(line, NAMES[:2]) for line in logbook.readable(state, None)]
    assert len(whole) > 250
    page = recorded_page()  # a spectator
    page.goto(f"/l/{recorded.code}")
    log = page.locator("#log li")
    # The view's last lines: 40 at most, the oldest let go 16 at a time (app/games/log.py).
    shown = len(visible_log(state, None, step=LOG_STEP))
    assert 40 - 16 < shown <= 40
    expect(log).to_have_count(shown)
    earlier = page.get_by_role("button", name="Show earlier entries")
    while earlier.is_visible():
        shown = log.count()
        earlier.click()
        expect(log).not_to_have_count(shown)
    expect(log).to_have_count(len(whole))
    assert log.all_inner_texts() == whole
    assert page.locator("#log").get_attribute("start") == "1"


def test_the_replay_steps_at_every_click_and_its_log_follows(
    recorded_server: RecordedServer, recorded_page: Any
) -> None:
    game = a_game(players=2)
    recorded = recorded_server.finished(game)
    _, moves, result = played(game)
    assert len(moves) > 8
    assert result is not None
    page = recorded_page()
    page.goto(f"/l/{recorded.code}/replay")
    names = " and ".join(NAMES[seat] for seat in result.winners) if result.winners else ""
    expect(page.locator("#replay-winner")).to_contain_text(f"{names} won!" if names else "Nobody")
    page.wait_for_function("n => window.tinkertable?.replay?.step === n", arg=len(moves))
    expect(page.locator("#result")).to_be_visible()  # the last step: the result and the chart
    expect(page.locator("#result svg.chart")).to_be_visible()
    # Icons are drawn, not font glyphs; one way back to the table.
    for control in ("first", "back", "forward", "last"):
        button = page.locator(f"#replay-{control}")
        expect(button.locator("svg")).to_have_count(1)
        assert button.inner_text().strip() == ""
    expect(page.get_by_role("link", name=re.compile("Back to the"))).to_have_count(1)

    page.locator("#replay-first").click()
    page.wait_for_function("() => window.tinkertable.replay.step === 0")
    # Eight clicks faster than the answers: every one counts.
    page.evaluate(
        "() => { for (let i = 0; i < 8; i += 1) document.getElementById('replay-forward').click() }"
    )
    page.wait_for_function("() => window.tinkertable.replay.step === 8")
    page.wait_for_function("() => !window.tinkertable.busy()")
    assert page.evaluate("() => window.tinkertable.replay.step") == 8
    expect(page.locator("#replay-step")).to_have_text(f"Move 8 of {len(moves)}")
    # The log is the game's up to move 8, scrolled to its end; no instructions, nothing to do.
    at, _, _ = played(game, upto=8)
    lines = [name_seats(line, NAMES[:2]) for line in logbook.readable(at, 0)]
    expect(page.locator("#log li")).to_have_count(len(lines))
    assert page.locator("#log li").all_inner_texts() == lines
    assert page.evaluate(
        "() => { const log = document.getElementById('log');"
        " return log.scrollHeight - log.scrollTop - log.clientHeight < 2; }"
    )
    assert page.locator("#board [data-action]").count() == 0
    assert page.locator("#prompt").count() == 0
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => window.tinkertable.replay.step === 7")


# The replay's parts on the page: the controls' boxes, the log's numbering, the heading's words.
REPLAY_PARTS = """() => {
  const box = (id) => { const b = document.getElementById(id).getBoundingClientRect();
    return { x: b.x, y: b.y, bottom: b.bottom }; };
  const log = [...document.querySelectorAll('#log li')];
  const chart = document.querySelector('#result svg.chart');
  const scale = chart ? chart.getScreenCTM().a : 0;
  return {
    controls: ['replay-first', 'replay-back', 'replay-step', 'replay-forward', 'replay-last',
      'replay-seat'].map(box),
    numbered: log.filter((li) => !li.classList.contains('secret'))
      .map((li) => [li.value, li.textContent]),
    secret: log.filter((li) => li.classList.contains('secret')).length,
    label: document.getElementById('replay-seat-label').textContent,
    everything: document.getElementById('replay-everything').checkVisibility(),
    won: [...document.querySelectorAll('main *')].filter((element) => element.checkVisibility()
      && [...element.childNodes].some((child) => child.nodeType === 3 && / won!/.test(child.data)))
      .length,
    chartText: chart ? [...chart.querySelectorAll('text')].map((text) =>
      parseFloat(getComputedStyle(text).fontSize) * scale) : [],
  };
}"""


def test_the_replay_numbers_lines_as_the_table_says_what_it_shows_and_fits_a_phone(
    recorded_server: RecordedServer, recorded_page: Any
) -> None:
    """One numbering: the end of a finished game shows every line, the other seat's secrets
    marked and left unnumbered, the seat's own lines numbered as at the table. The page says
    that everything is shown then (not "Seen by"), and names the winner once. On a phone the
    controls make one row and the seat the next; the chart's text reads at 12 px or more."""
    game = a_game(players=2, where=with_secrets)
    recorded = recorded_server.finished(game)
    state, moves, _ = played(game)
    table = [name_seats(line, NAMES[:2]) for line in logbook.readable(state, 0)]
    page = recorded_page(viewport={"width": 375, "height": 740})
    page.goto(f"/l/{recorded.code}/replay")
    page.wait_for_function("n => window.tinkertable?.replay?.step === n", arg=len(moves))
    expect(page.locator("#result svg.chart")).to_be_visible()
    parts = page.evaluate(REPLAY_PARTS)
    assert parts["numbered"] == [[n + 1, line] for n, line in enumerate(table)]
    assert parts["secret"] > 0
    assert parts["label"] == "From the seat of" and parts["everything"]
    assert parts["won"] == 1
    assert min(parts["chartText"]) >= 12, parts["chartText"]
    first, back, step, forward, last, seat = parts["controls"]
    assert len({round(box["y"]) for box in (first, back, forward, last)}) == 1, parts["controls"]
    assert first["x"] < back["x"] < step["x"] < forward["x"] < last["x"]
    assert seat["y"] >= first["bottom"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375

    page.locator("#replay-back").click()
    page.wait_for_function("n => window.tinkertable.replay.step === n", arg=len(moves) - 1)
    parts = page.evaluate(REPLAY_PARTS)
    assert parts["label"] == "Seen by" and not parts["everything"] and parts["secret"] == 0
    assert parts["won"] == 1  # the heading's line, the banner being for the end
    # Round steps on every chart's axis (one game's points went 0/19/38/57/76/95).
    ticks = page.evaluate(
        "async () => { const { ticks } = await import('/static/js/score-chart.js');"
        " return [1, 6, 7, 95, 101, 1234].map(ticks); }"
    )
    assert ticks[3] == [0, 20, 40, 60, 80, 100]
    for marks in ticks:
        step = marks[1] - marks[0]
        assert re.fullmatch(r"[125]0*", str(step)), marks
        assert marks == [n * step for n in range(len(marks))] and len(marks) <= 6
