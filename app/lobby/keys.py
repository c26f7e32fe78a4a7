"""The private player key: a random key that each browser holds in a cookie, no account.

The key is set the first time a browser takes a seat (creates a lobby, joins one, plays
again) and lives long. The server never keeps it: the seats the browser takes keep
its SHA-256 hash (`Player.key_hash`), and "Your games" (app/lobby/your_games.py) lists the seats of
the key a request carries. A key is 256 random bits, so nobody finds another's by guessing,
and a stranger's request (no key, or a made-up one) lists nothing of anyone else's.

The cookie is HttpOnly (no script reads it), SameSite=Lax (never sent with another site's
POST), Secure over HTTPS. Like every cookie it is shared by all ports of a host; the home page
also keeps each seat's token in the page's own storage (static/js/seats.js), which still proves
its seats if the key is lost or replaced.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from fastapi import Request, Response

KEY_COOKIE = "tt_key"
# Browsers keep a cookie at most 400 days; each new seat sets it again only when it is missing.
KEY_DAYS = 400
_KEY = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def new_key() -> str:
    return secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def key_of(request: Request) -> str | None:
    """The browser's player key, if it sent a well-formed one."""
    key = request.cookies.get(KEY_COOKIE)
    return key if key is not None and _KEY.fullmatch(key) else None


def key_hash_of(request: Request) -> str | None:
    key = key_of(request)
    return hash_key(key) if key is not None else None


def ensure_key(request: Request, response: Response) -> str:
    """The hash of the browser's player key; a new key, set in its cookie, when it has none."""
    key = key_of(request)
    if key is None:
        key = new_key()
        response.set_cookie(
            KEY_COOKIE,
            key,
            max_age=60 * 60 * 24 * KEY_DAYS,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )
    return hash_key(key)
