"""Web safety at the edge: security headers on every HTTP answer, and a CSRF wall in front of
the API's state-changing calls.

Headers: a Content-Security-Policy (only our own scripts, styles, images and connections; the
websocket of the same host; no inline script, no plugins, no framing), `X-Content-Type-Options:
nosniff`, `Referrer-Policy: same-origin` and `X-Frame-Options: DENY`. A response that already
carries one of them keeps its own.

CSRF: an unsafe call (POST, PUT, PATCH, DELETE) to `/api/` is refused with 403 `forbidden` when
its `Origin` (or, without one, its `Referer`) names another host than the request's, or when it
carries a body that is not `application/json` (what a cross-site form can send). Calls with
neither header (curl, bots, tests) pass: a browser always names the page that sent a POST.

A pure ASGI middleware: it looks at the request's headers and rewrites the response's start
message, never buffering a body; websockets pass straight through.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
GUARDED_PREFIX = "/api/"
DEFAULT_PORTS = {"http": 80, "https": 443}

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


def csrf_refusal(scope: Scope) -> str | None:
    """Why this request may not reach the API (the 403's message), or None when it may."""
    if scope["method"] not in UNSAFE_METHODS or not scope["path"].startswith(GUARDED_PREFIX):
        return None
    headers = Headers(scope=scope)
    sender = headers.get("origin") or headers.get("referer")
    if sender is not None and not _same_host(sender, headers):
        return "cross-site requests may not change anything here"
    if _has_body(headers) and not _is_json(headers.get("content-type")):
        return "the request body must be sent as application/json"
    return None


def _same_host(sender: str, headers: Headers) -> bool:
    """Whether the page that sent the request (an Origin or Referer URL) is on this server.

    The server's name is the Host header, or the X-Forwarded-Host of a proxy that rewrote it
    (a cross-site page cannot set either without a CORS preflight, which we never approve).
    """
    url = urlsplit(sender)
    if url.scheme not in DEFAULT_PORTS or not url.hostname:
        return False  # "null" (sandboxed or opaque origins) and anything that is not a page
    try:
        page = (url.hostname, url.port or DEFAULT_PORTS[url.scheme])
    except ValueError:  # a port out of range
        return False
    forwarded = headers.get("x-forwarded-host", "").split(",")[0].strip()
    names = [name for name in (headers.get("host"), forwarded) if name]
    return any(_host_and_port(name, url.scheme) == page for name in names)


def _host_and_port(name: str, scheme: str) -> tuple[str, int] | None:
    """A Host header as (host, port), the port defaulting to that of the page's scheme."""
    url = urlsplit(f"//{name}")
    try:
        port = url.port or DEFAULT_PORTS[scheme]
    except ValueError:
        return None
    return (url.hostname, port) if url.hostname else None


def _has_body(headers: Headers) -> bool:
    length = headers.get("content-length")
    return "transfer-encoding" in headers or (length is not None and length.strip() != "0")


def _is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


class SecurityMiddleware:
    """Adds the security headers to every HTTP response and refuses cross-site API writes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

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

        refusal = csrf_refusal(scope)
        if refusal is not None:
            refused = JSONResponse({"error": "forbidden", "message": refusal}, status_code=403)
            await refused(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
