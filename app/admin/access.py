"""Who may use the owner's page: the bearer of ADMIN_TOKEN, or a browser signed in with it.

- A script sends `Authorization: Bearer ADMIN_TOKEN` with each call (a wrong one: 403, counted
  against its address's rate of wrong tokens, app/auth.py).
- A browser signs in once through the page's form; it gets a session cookie `tt_admin`
  (HttpOnly, SameSite=Strict, Secure over HTTPS, for SESSION_HOURS): the expiry time and a MAC
  of it under a key made from SECRET_KEY and ADMIN_TOKEN, so changing either signs everyone out.
  The token itself is never stored in the browser.
- CSRF: a call that changes something on the strength of the cookie must come from one of our
  own pages: its `Origin` (or `Referer`) is checked as the API's are (app/edge/security.py), and,
  unlike there, one of them must be present (every browser sends one with a form's POST).
  SameSite=Strict keeps the cookie off every request another site starts anyway.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from starlette.requests import HTTPConnection
from starlette.responses import Response

from app.auth import Bearer, WrongTokens
from app.config import Settings
from app.edge.errors import Forbidden
from app.edge.security import UNSAFE_METHODS, is_own_origin

COOKIE = "tt_admin"
SESSION_HOURS = 12


class AdminAccess:
    def __init__(self, settings: Settings, wrong_tokens: WrongTokens) -> None:
        assert settings.admin_token is not None, "the owner's page needs ADMIN_TOKEN"
        self.bearer = Bearer(settings.admin_token, wrong_tokens)
        self.allowed_origins = settings.allowed_origins
        secrets = f"{settings.secret_key}\0{settings.admin_token.get_secret_value()}"
        self._key = hashlib.sha256(secrets.encode()).digest()
        self.clock = time.time

    def allowed(self, connection: HTTPConnection) -> bool:
        """Whether the request is the owner's: its bearer token (Forbidden when wrong), else its
        session cookie (Forbidden for a change asked from another site's page)."""
        if self.bearer.check(connection):
            return True
        if not self._session(connection.cookies.get(COOKIE)):
            return False
        self.from_our_pages(connection)
        return True

    def sign_in(self, connection: HTTPConnection, token: str) -> bool:
        """Whether `token` (from the sign-in form) is ADMIN_TOKEN (Forbidden when it is not)."""
        self.from_our_pages(connection)
        return self.bearer.check(connection, given=token)

    def from_our_pages(self, connection: HTTPConnection) -> None:
        """Forbidden for a call that changes something from a page not ours (or none said)."""
        if connection.scope.get("method") not in UNSAFE_METHODS:
            return
        sender = connection.headers.get("origin") or connection.headers.get("referer")
        if sender is None or not is_own_origin(sender, connection.scope, self.allowed_origins):
            raise Forbidden("changes here must come from the owner's page")

    def set_session(self, response: Response, connection: HTTPConnection) -> None:
        expires = int(self.clock()) + SESSION_HOURS * 3600
        response.set_cookie(
            COOKIE,
            f"{expires}.{self._mac(expires)}",
            max_age=SESSION_HOURS * 3600,
            httponly=True,
            samesite="strict",
            secure=connection.url.scheme == "https",
            path="/",
        )

    def end_session(self, response: Response) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")

    def _mac(self, expires: int) -> str:
        return hmac.new(self._key, f"admin session until {expires}".encode(), "sha256").hexdigest()

    def _session(self, cookie: str | None) -> bool:
        """Whether the cookie is a session we made that has not expired."""
        expires_text, _, mac = (cookie or "").partition(".")
        if not expires_text.isdigit() or len(expires_text) > 12:
            return False
        expires = int(expires_text)
        return expires > self.clock() and hmac.compare_digest(
            mac.encode(), self._mac(expires).encode()
        )
