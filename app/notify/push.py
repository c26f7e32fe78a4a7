"""Sending one Web Push message (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) with
pywebpush: the encryption and the VAPID signature are the library's, never ours.

pywebpush's sending is blocking (requests): it runs on a worker thread, with a timeout, so that
neither the event loop nor any table waits for a push service. The message itself is small
JSON, `{"title", "body", "url", "tag"}`, that our service worker (static/sw.js) shows.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import requests
from py_vapid import Vapid
from pywebpush import WebPushException, webpush
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import NameResolutionError, NewConnectionError

log = logging.getLogger(__name__)

# A push service answering one of these has forgotten the subscription: delete it.
GONE = frozenset({404, 410})
# How long a push service keeps a message for a browser that is offline (seconds): a turn
# still waits a day later.
TTL = 24 * 3600


@dataclass(frozen=True)
class Subscription:
    """What a browser's PushSubscription says, as the page sent it: where to post, and the
    keys to encrypt for."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def endpoint_refusal(endpoint: str) -> str | None:
    """Why the server will not post to `endpoint`, or None. A push service is an https address
    with a host name: never a plain http one, nor an address of this machine or its network,
    which a player could otherwise make the server post to. Where a host name leads is checked
    again on every connection (`_Checked`)."""
    try:
        url = urlsplit(endpoint)
        port = url.port
    except ValueError:
        return "an endpoint must be an https URL"
    if url.scheme != "https" or not url.hostname or url.username or url.password:
        return "an endpoint must be an https URL"
    del port
    host = url.hostname.rstrip(".").lower()
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return "an endpoint must be a push service on the internet"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return None
    return "an endpoint names a push service by its host name, not an address"


def on_the_internet(address: str) -> bool:
    """Whether the server may connect to `address` on a player's word: a global unicast
    address, never one of this machine, its network, a shared or reserved range, or
    multicast."""
    found = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        found = found.ipv4_mapped
    return found.is_global and not found.is_multicast


class _Checked(HTTPConnection):
    """A connection that resolves its host name itself, refuses it when any address it leads
    to may not be reached (`may_reach`), and connects to one of those very addresses: a name
    that leads to this machine or its network is never connected to, nor one that leads
    elsewhere when checked and here when connected (DNS rebinding)."""

    def __init__(self, *args: Any, may_reach: Callable[[str], bool], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.may_reach = may_reach

    def _new_conn(self) -> socket.socket:
        try:
            found = socket.getaddrinfo(self._dns_host, self.port, type=socket.SOCK_STREAM)
        except socket.gaierror as error:
            raise NameResolutionError(self.host, self, error) from error
        addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
        if not addresses or not all(self.may_reach(address) for address in addresses):
            raise NewConnectionError(self, "the host name leads to an address not on the internet")
        name, last = self._dns_host, None
        try:
            for address in addresses:
                self._dns_host = address  # the TLS name stays self.host
                try:
                    return super()._new_conn()
                except NewConnectionError as error:
                    last = error
        finally:
            self._dns_host = name
        assert last is not None
        raise last


class _CheckedHTTPS(_Checked, HTTPSConnection):
    pass


class _CheckedPool(HTTPConnectionPool):
    ConnectionCls = _Checked

    def __init__(self, *args: Any, may_reach: Callable[[str], bool], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn_kw["may_reach"] = may_reach  # handed to every connection it makes


class _CheckedHTTPSPool(_CheckedPool, HTTPSConnectionPool):
    ConnectionCls = _CheckedHTTPS


def _checked_session(may_reach: Callable[[str], bool]) -> requests.Session:
    """A session that connects only where `may_reach` lets it (checked on the addresses it
    connects to) and follows no redirect: a push service answers, it never sends us on."""
    pools: dict[str, Any] = {
        "http": functools.partial(_CheckedPool, may_reach=may_reach),
        "https": functools.partial(_CheckedHTTPSPool, may_reach=may_reach),
    }
    adapter = HTTPAdapter()
    adapter.poolmanager.pool_classes_by_scheme = pools
    session = requests.Session()
    session.max_redirects = 0
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def message(title: str, url: str, tag: str) -> str:
    return json.dumps({"title": title, "body": "Open the game to play.", "url": url, "tag": tag})


class Pusher:
    """Sends push messages signed with the server's key (`vapid`); `contact` is the VAPID
    `sub`."""

    def __init__(self, *, timeout: float) -> None:
        self.timeout = timeout
        # The addresses it may post to (the tests' local push service is let in here).
        self.may_reach: Callable[[str], bool] = on_the_internet

    async def send(
        self, vapid: Vapid, subscription: Subscription, data: str, contact: str
    ) -> int | None:
        """Post `data` to the subscription: the push service's status, or None when it could
        not be reached in time. Nothing of the subscription is logged (its endpoint is a
        capability to write to that browser)."""
        try:
            async with asyncio.timeout(self.timeout + 1):
                return await asyncio.to_thread(self._send, vapid, subscription, data, contact)
        except TimeoutError:
            log.warning("a push service did not answer within %s s", self.timeout)
            return None

    def _send(
        self, vapid: Vapid, subscription: Subscription, data: str, contact: str
    ) -> int | None:
        try:
            response = webpush(
                subscription.info(),
                data,
                vapid_private_key=vapid,
                vapid_claims={"sub": contact},  # a fresh dict: webpush adds `aud` and `exp`
                timeout=self.timeout,
                ttl=TTL,
                requests_session=_checked_session(self.may_reach),
            )
        except WebPushException as refused:
            status = refused.response.status_code if refused.response is not None else None
            if status not in GONE:
                log.warning("a push service refused a message (status %s)", status)
            return status
        except Exception as error:  # unreachable, a malformed key: this message only
            log.warning("could not send a push message: %s", type(error).__name__)
            return None
        return int(getattr(response, "status_code", 201))
