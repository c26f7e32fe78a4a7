"""Web safety at the edge: security headers on every HTTP answer, and a CSRF wall in front of
the API's state-changing calls.

Headers: a Content-Security-Policy (only our own scripts, styles, images and connections; the
websocket of the same host; no inline script, no plugins, no framing), `X-Content-Type-Options:
nosniff`, `Referrer-Policy: same-origin` and `X-Frame-Options: DENY`. A response that already
carries one of them keeps its own.

Our own origin: the page that sent a request is ours when its origin (scheme, host, port) is
the server's own, as the browser asked for it: the `Host` header or a proxy's `X-Forwarded-Host`,
and the scheme of a TLS connection or a proxy's `X-Forwarded-Proto` (with neither, a plain
connection may come from a TLS proxy that does not say so, and the page's scheme is taken);
or when it is one of the `ALLOWED_ORIGINS`. Another port of the same host is another origin,
though the browser hands its pages the same cookies.

CSRF: an unsafe call (POST, PUT, PATCH, DELETE) to `/api/` is refused with 403 `forbidden` when
its `Origin` (or, without one, its `Referer`) is not our own, or when it carries a body that is
not `application/json` (what a cross-site form can send). Calls with neither header (curl, bots,
tests) pass: a browser always names the page that sent a POST.

Websockets: `/ws/{code}` refuses a handshake whose `Origin` is not our own (`socket_refusal`);
one without (not a browser) may open.

A pure ASGI middleware: it looks at the request's headers and rewrites the response's start
message, never buffering a body; websockets pass straight through.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config.values import WEB_PORTS, Origin
from app.edge.error_codes import ErrorCode

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
GUARDED_PREFIX = "/api/"
# What a connection's or a proxy's scheme means for the pages: a websocket's is its page's.
PAGE_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}

# What our pages load: scripts and styles from our own files (no inline code; positions are
# classes, never style attributes), images from our files and data: URLs, fetches to ourselves.
PAGE_POLICY: dict[str, str] = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

OTHER_HEADERS: dict[str, str] = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}

# A Host header we are willing to repeat in connect-src: a name or IP address and a port.
_HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def content_security_policy(host: str | None) -> str:
    """The policy for a response to a request made to `host` (its Host header).

    `connect-src 'self'` covers ws:/wss: of the same host in CSP Level 3 browsers; the host's
    own ws: and wss: are named too for the browsers before it.
    """
    policy = dict(PAGE_POLICY)
    if host and _HOST.fullmatch(host):
        policy["connect-src"] += f" ws://{host} wss://{host}"
    return "; ".join(f"{name} {sources}" for name, sources in policy.items())


def security_headers(scope: Scope) -> dict[str, str]:
    """The headers every HTTP response to this request gets."""
    host = Headers(scope=scope).get("host")
    return {"content-security-policy": content_security_policy(host), **OTHER_HEADERS}


def is_own_origin(sender: str, scope: Scope, allowed: Collection[str] = ()) -> bool:
    """Whether the page that sent a request (an `Origin` or `Referer`) is one of ours.

    `allowed` holds origins as `str(Origin)` (the `ALLOWED_ORIGINS` setting). The server's names
    are the Host header and a proxy's X-Forwarded-Host: a page of another site cannot set either,
    nor X-Forwarded-Proto, without a CORS preflight (which we never approve), and a websocket
    handshake cannot set any header at all.
    """
    page = Origin.parse(sender)
    if page is None:
        return False
    if str(page) in allowed:
        return True
    headers = Headers(scope=scope)
    scheme = _server_scheme(scope, headers)
    if scheme is not None and scheme != page.scheme:
        return False
    forwarded = headers.get("x-forwarded-host", "").split(",")[0].strip()
    names = [name for name in (headers.get("host"), forwarded) if name]
    return any(
        _host_and_port(name, scheme or page.scheme) == (page.host, page.port) for name in names
    )


def _server_scheme(scope: Scope, headers: Headers) -> str | None:
    """The scheme the browser used to reach us, when known: a proxy's X-Forwarded-Proto, else
    https for a TLS connection; None for a plain connection that no proxy speaks for."""
    forwarded = headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    if forwarded:
        return PAGE_SCHEMES.get(forwarded, forwarded)
    return "https" if PAGE_SCHEMES.get(scope.get("scheme", "")) == "https" else None


def _host_and_port(name: str, scheme: str) -> tuple[str, int] | None:
    """A Host header as (host, port), the port defaulting to that of the scheme."""
    try:
        url = urlsplit(f"//{name}")
        port = url.port or WEB_PORTS[scheme]
    except ValueError:  # a port out of range, a malformed IPv6 address
        return None
    return (url.hostname, port) if url.hostname else None


def csrf_refusal(scope: Scope, allowed_origins: Collection[str] = ()) -> str | None:
    """Why this request may not reach the API (the 403's message), or None when it may."""
    if scope["method"] not in UNSAFE_METHODS or not scope["path"].startswith(GUARDED_PREFIX):
        return None
    headers = Headers(scope=scope)
    sender = headers.get("origin") or headers.get("referer")
    if sender is not None and not is_own_origin(sender, scope, allowed_origins):
        return "cross-site requests may not change anything here"
    if _has_body(headers) and not _is_json(headers.get("content-type")):
        return "the request body must be sent as application/json"
    return None


def socket_refusal(scope: Scope, allowed_origins: Collection[str] = ()) -> str | None:
    """Why a websocket handshake may not open (the close reason), or None when it may: a page
    of another origin, another port of this host included, would act with the lobby cookie the
    browser hands it. A handshake without `Origin` is not a browser's: it may open."""
    sender = Headers(scope=scope).get("origin")
    if sender is None or is_own_origin(sender, scope, allowed_origins):
        return None
    return "pages of another origin may not connect here"


def _has_body(headers: Headers) -> bool:
    length = headers.get("content-length")
    return "transfer-encoding" in headers or (length is not None and length.strip() != "0")


def _is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


class SecurityMiddleware:
    """Adds the security headers to every HTTP response and refuses cross-site API writes."""

    def __init__(self, app: ASGIApp, allowed_origins: Collection[str] = ()) -> None:
        self.app = app
        self.allowed_origins = allowed_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = security_headers(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in extra.items():
                    headers.setdefault(name, value)
            await send(message)

        refusal = csrf_refusal(scope, self.allowed_origins)
        if refusal is not None:
            refused = JSONResponse(
                {"error": ErrorCode.FORBIDDEN, "message": refusal}, status_code=403
            )
            await refused(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
