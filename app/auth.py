"""The owner's tokens (METRICS_TOKEN, ADMIN_TOKEN): compared in constant time, and wrong ones
rate limited by address.

A client presents a token as `Authorization: Bearer TOKEN` (the browser's sign-in form of
/admin hands it over once, see app/admin/session.py). Each wrong token counts against its
address's LIMIT_ADMIN_SIGN_INS (10 a minute unless set); past it, every try from that address,
right or wrong, gets 429 `too_many` with Retry-After until the bucket refills, so that a token
cannot be guessed by trying (with RATE_LIMITS=false, as for the load tests, nothing is counted).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import time

from pydantic import SecretStr
from starlette.requests import HTTPConnection

from app.config import Settings
from app.edge.errors import Forbidden, TooMany, Unauthorized
from app.edge.limits import AddressBuckets, Clock, client_address, retry_after

log = logging.getLogger(__name__)


def same_secret(given: str, expected: str) -> bool:
    """Whether `given` is `expected`, in a time that tells nothing of either (their digests are
    compared, so not even the length shows)."""
    return hmac.compare_digest(
        hashlib.sha256(given.encode()).digest(), hashlib.sha256(expected.encode()).digest()
    )


def bearer_token(connection: HTTPConnection) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, or None without one."""
    scheme, _, value = connection.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


class BearerNeeded(Unauthorized):
    """401 with the header that says which kind of credentials to send."""

    def headers(self) -> dict[str, str] | None:
        return {"WWW-Authenticate": 'Bearer realm="tinkertable"'}


class WrongTokens:
    """The wrong tokens each address presented, as token buckets (app/edge/limits.py)."""

    def __init__(self, settings: Settings, clock: Clock = time.monotonic) -> None:
        self.enabled = settings.rate_limits
        self.buckets = AddressBuckets("wrong tokens", settings.limit_admin_sign_ins)
        self.clock = clock

    def may_try(self, connection: HTTPConnection) -> None:
        """TooMany when the client's address has presented too many wrong tokens lately."""
        if not self.enabled:
            return
        waiting = self.buckets.bucket(client_address(connection.scope), self.clock()).wait(
            self.clock()
        )
        if waiting:
            raise TooMany(
                "too many wrong tokens from your address", retry_after=retry_after(waiting)
            )

    def count(self, connection: HTTPConnection) -> None:
        """One more wrong token from the client's address."""
        address = client_address(connection.scope)
        log.warning("a wrong owner's token from %s for %s", address, connection.url.path)
        if self.enabled:
            self.buckets.take(address, self.clock())


class Bearer:
    """Checks the bearer token of a request against one secret setting."""

    def __init__(self, secret: SecretStr | None, wrong_tokens: WrongTokens) -> None:
        self.secret = secret
        self.wrong_tokens = wrong_tokens

    def check(self, connection: HTTPConnection, given: str | None = None) -> bool:
        """True for the right token (the request's bearer token, or `given`); False when none
        was presented; Forbidden for a wrong one; TooMany past the address's wrong tokens."""
        given = given if given is not None else bearer_token(connection)
        if given is None:
            return False
        self.wrong_tokens.may_try(connection)
        if self.secret is not None and same_secret(given, self.secret.get_secret_value()):
            return True
        self.wrong_tokens.count(connection)
        raise Forbidden("that is not the right token")
