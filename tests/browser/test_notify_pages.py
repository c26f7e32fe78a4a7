"""'Notify me when it's my turn' in a real browser (issue 19, point 3): the service worker
registers for the whole site; the switch asks for permission on the press, sends this browser's
push subscription to the server for its seat, and takes it back when switched off; the service
worker shows a push message and keeps its link.

What headless Chromium cannot do here: subscribe to a real push service (it has none without
Google's services: pushManager.subscribe() is refused with "AbortError: Registration failed -
permission denied" even with the permission granted). The test records that refusal, then
hands the page a subscription of its own making (the keys of a P-256 pair, as a browser's) so
that the page's request to the server is what a real browser would send. A message from a real
push service is tested without a browser (tests/notify/test_push.py: encrypted by the server,
decrypted as a browser does); here the service worker gets its push event through DevTools
(ServiceWorker.deliverPushMessage). Clicking the notification (which focuses or opens the
game's page) cannot be done in a headless browser and is not tested.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Page, expect

from tests.e2e.servers import free_port
from tests.notify.services import Browser, Inbox, PushService

from .fixtures import bounded_context, serving
from .pages import HOST_FIRST_NAME, NewContext, create_game, two_player_game

pytestmark = pytest.mark.browser

SWITCH = "Notify me when it's my turn"

# The page's push subscription, when the test hands it one (headless Chromium makes none).
FAKE_SUBSCRIPTION = """([subscription, already]) => {
  let made = already ? { endpoint: subscription.endpoint, toJSON: () => subscription } : null;
  PushManager.prototype.getSubscription = async function () { return made; };
  PushManager.prototype.subscribe = async function (options) {
    window.__subscribedWith = Array.from(new Uint8Array(options.applicationServerKey));
    made = { endpoint: subscription.endpoint, toJSON: () => subscription };
    return made;
  };
}"""


def server_status(page: Page, code: str) -> dict[str, Any]:
    """GET .../notify as this page's seat (its cookie)."""
    answer = page.request.get(f"/api/lobbies/{code}/notify")
    assert answer.ok, answer.text()
    return answer.json()


def real_subscribe(page: Page, key: str) -> str:
    """What this Chromium answers to a real pushManager.subscribe() with the server's key."""
    return page.evaluate(
        """async (key) => {
            const base64 = key.replace(/-/g, "+").replace(/_/g, "/");
            const padded = base64 + "=".repeat((4 - base64.length % 4) % 4);
            const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
            await navigator.serviceWorker.register("/sw.js");
            const registration = await navigator.serviceWorker.ready;
            try {
                const made = await registration.pushManager.subscribe(
                    { userVisibleOnly: true, applicationServerKey: bytes });
                await made.unsubscribe();
                return "subscribed";
            } catch (error) {
                return `${error.name}: ${error.message}`;
            }
        }""",
        key,
    )


def test_the_switch_subscribes_this_seat_and_switches_off(new_context: NewContext) -> None:
    ann, bob, link = two_player_game(new_context, permissions=["notifications"])
    code = link.rsplit("/", 1)[1]
    switch = ann.get_by_role("button", name=SWITCH)
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(ann.locator("#notify-box")).to_be_hidden()  # this server sends no email
    status = server_status(ann, code)
    assert status["push"] == 0 and status["email_offered"] is False
    key = status["key"]

    refused = real_subscribe(ann, key)
    assert refused != "subscribed", "this Chromium subscribes: test the real thing instead"
    assert refused.startswith("AbortError"), refused

    subscription = Browser(PushService("https://push.example.org")).subscription()
    ann.evaluate(FAKE_SUBSCRIPTION, [subscription, False])
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(ann.locator("#notify-hint")).to_have_text(
        "You will be told when it is your turn, even with this page closed."
    )
    assert server_status(ann, code)["push"] == 1
    assert server_status(bob, code)["push"] == 0  # Bob's seat has none
    server_key = bytes(ann.evaluate("() => window.__subscribedWith"))
    assert server_key[0] == 4 and len(server_key) == 65  # the server's public key, as bytes

    # The service worker covers the whole site, the table pages too.
    registration = ann.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.getRegistration(location.href);
            return { scope: registration.scope, script: registration.active.scriptURL };
        }"""
    )
    origin = link.split("/l/")[0]
    assert registration == {"scope": f"{origin}/", "script": f"{origin}/sw.js"}

    # Remembered in this browser: on after a reload; off at a press, and the server forgets.
    ann.reload()
    switch = ann.get_by_role("button", name=SWITCH)
    expect(switch).to_have_attribute("aria-pressed", "true")
    ann.evaluate(FAKE_SUBSCRIPTION, [subscription, True])  # the browser keeps it
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert server_status(ann, code)["push"] == 0


def test_the_service_worker_shows_a_turn(new_context: NewContext) -> None:
    context = new_context(permissions=["notifications"])
    page = context.new_page()
    page.goto("/")
    page.evaluate(
        "async () => { await navigator.serviceWorker.register('/sw.js');"
        " await navigator.serviceWorker.ready; }"
    )
    registrations: list[dict[str, Any]] = []
    devtools = context.new_cdp_session(page)
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    origin = page.url.rstrip("/")
    for _ in range(200):  # DevTools tells of the registration as an event
        if any(r["scopeURL"] == f"{origin}/" for r in registrations):
            break
        page.wait_for_timeout(50)
    registration = next(r for r in registrations if r["scopeURL"] == f"{origin}/")
    note = {
        "title": f"Your turn: {HOST_FIRST_NAME} with Ann",
        "body": "Open the game to play.",
        "url": f"{origin}/l/abcdefghjkmnp",
        "tag": "tinkertable-abcdefghjkmnp",
    }
    devtools.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": origin,
            "registrationId": registration["registrationId"],
            "data": json.dumps(note),
        },
    )
    page.wait_for_function(
        "async () => (await (await navigator.serviceWorker.ready).getNotifications()).length > 0"
    )
    shown = page.evaluate(
        """async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(
            (n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }))"""
    )
    assert shown == [
        {"title": note["title"], "body": note["body"], "tag": note["tag"], "url": note["url"]}
    ]
    devtools.detach()


def test_a_blocked_permission_is_said_and_nothing_is_sent(new_context: NewContext) -> None:
    ann, _bob, link = two_player_game(new_context)  # no permission granted: the browser denies
    code = link.rsplit("/", 1)[1]
    ann.context.clear_permissions()
    switch = ann.get_by_role("button", name=SWITCH)
    switch.click()
    expect(ann.locator("#notify-hint")).to_have_text(
        "Notifications are blocked for this site in this browser's settings."
    )
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert server_status(ann, code)["push"] == 0


def test_an_address_left_on_the_page(browser: Any, tmp_path: Path) -> None:
    """With SMTP_URL set, the page offers "Email me when it's my turn": an address is kept,
    shown to its seat, and removed."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    smtp = f"smtp://127.0.0.1:{controller.port}?tls=none"
    try:
        with serving(tmp_path, SMTP_URL=smtp) as url:
            context = bounded_context(browser, base_url=url)
            try:
                page = context.new_page()
                link = create_game(page, "Ann")
                code = link.rsplit("/", 1)[1]
                box = page.locator("#notify-box")
                expect(box).to_be_visible()
                box.get_by_label("Email me when it's my turn").fill("ann@example.org")
                box.get_by_role("button", name="Save").click()
                expect(box.get_by_role("status")).to_have_text("Emails go to ann@example.org.")
                assert server_status(page, code)["email"] == "ann@example.org"
                page.reload()
                expect(page.get_by_label("Email me when it's my turn")).to_have_value(
                    "ann@example.org"
                )
                page.locator("#notify-box").get_by_role("button", name="Remove").click()
                expect(page.locator("#notify-box").get_by_role("status")).to_have_text(
                    "Your address is deleted."
                )
                assert server_status(page, code)["email"] is None
            finally:
                context.close()
    finally:
        controller.stop()
