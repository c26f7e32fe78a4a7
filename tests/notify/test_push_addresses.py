"""Where the server may post a push message: a player names the endpoint, so the server checks
the addresses its host name leads to, on the very connection it makes. A name that leads to this
machine or its network is never connected to, whatever the scheme, and nor is one that leads
elsewhere when checked and here when connected (DNS rebinding)."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from py_vapid import Vapid

from app.notify.push import Pusher, Subscription, message, on_the_internet
from tests.conftest import run
from tests.notify.services import Browser, PushService

NAME = "push.example.org"


@pytest.mark.parametrize(
    ("address", "reachable"),
    [
        ("8.8.8.8", True),
        ("2001:4860:4860::8888", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("172.16.0.1", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),  # a cloud's metadata service
        ("100.64.0.1", False),  # carrier-grade NAT
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("::1", False),
        ("::ffff:127.0.0.1", False),
        ("::ffff:8.8.8.8", True),
        ("fd00::1", False),
        ("fe80::1%eth0", False),
        ("ff02::1", False),
    ],
)
def test_only_addresses_on_the_internet_may_be_reached(address: str, reachable: bool) -> None:
    assert on_the_internet(address) is reachable


@contextmanager
def name_leading_to(*answers: str) -> Iterator[list[str]]:
    """NAME resolves to answers[0] when first asked, to answers[1] the next time, ...; every
    other name as usual. Yields the answers given, one per question about NAME."""
    real = socket.getaddrinfo
    given: list[str] = []

    def resolve(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != NAME:
            return real(host, port, *args, **kwargs)
        given.append(answers[min(len(given), len(answers) - 1)])
        return real(given[-1], port, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket, "getaddrinfo", resolve)
        yield given


@contextmanager
def listener() -> Iterator[socket.socket]:
    """A socket listening on 127.0.0.1 that answers nothing: a connection made to it waits in
    its queue, so that after a send has returned, `connected` tells whether one was made."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        server.setblocking(False)
        yield server


def connected(server: socket.socket) -> bool:
    try:
        accepted, _ = server.accept()
    except BlockingIOError:
        return False
    accepted.close()
    return True


def send(endpoint: str, may_reach: Callable[[str], bool] = on_the_internet) -> int | None:
    """Post a push message to `endpoint` as the server does: the push service's status, or
    None when none answered."""
    pusher = Pusher(timeout=2.0)
    pusher.may_reach = may_reach
    browser = Browser(PushService(endpoint))
    keys = browser.subscription()["keys"]
    subscription = Subscription(browser.endpoint, keys["p256dh"], keys["auth"])
    vapid = Vapid()
    vapid.generate_keys()
    data = message("Your turn", "https://games.example.org/l/ABCD", "tinkertable-ABCD")
    return run(pusher.send(vapid, subscription, data, "mailto:host@example.org"))


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_a_host_name_that_leads_here_is_never_connected_to(scheme: str) -> None:
    with listener() as server, name_leading_to("127.0.0.1") as given:
        port = server.getsockname()[1]
        assert send(f"{scheme}://{NAME}:{port}") is None
        assert given == ["127.0.0.1"]
        assert not connected(server)
        # The same post, with this machine let in, does connect: the check refused it.
        send(f"{scheme}://{NAME}:{port}", may_reach=lambda address: True)
        assert connected(server)


def test_a_name_that_changes_its_answer_is_connected_where_it_was_checked() -> None:
    """Checked, NAME leads to 127.0.0.2 (let in here); asked again it would lead to 127.0.0.1
    (not let in). The server asks once and connects to the address it checked: nothing listens
    there, so the post fails, and nothing reaches the listener on 127.0.0.1."""
    with listener() as server, name_leading_to("127.0.0.2", "127.0.0.1") as given:
        port = server.getsockname()[1]
        assert send(f"https://{NAME}:{port}", may_reach=lambda a: a == "127.0.0.2") is None
        assert given == ["127.0.0.2"]
        assert not connected(server)
