"""The values the settings are written in, parsed: a rate ("30/minute"), a page's origin
("https://games.example.org"), the SMTP server an SMTP_URL names. They live beside the
settings, below everything that reads them (the edge's limits and security, the mail sender).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

PERIODS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_RATE = re.compile(r"\s*(\d+)\s*/\s*(second|minute|hour|day)\s*")
WEB_PORTS = {"http": 80, "https": 443}
SMTP_PORTS = {"smtp": 587, "smtps": 465}


@dataclass(frozen=True)
class Rate:
    """Up to `count` at once, refilled at `count` per `seconds`."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """ "30/minute" (also second, hour, day); ValueError for anything else."""
        match = _RATE.fullmatch(text)
        if match is None:
            raise ValueError(f"a rate is written N/second, N/minute, N/hour or N/day, not {text!r}")
        count = int(match[1])
        if count < 1:
            raise ValueError("a rate must let at least 1 through")
        return cls(count, PERIODS[match[2]])

    @property
    def per_second(self) -> float:
        return self.count / self.seconds

    def __str__(self) -> str:
        unit = next((name for name, length in PERIODS.items() if length == self.seconds), None)
        return f"{self.count}/{unit}" if unit else f"{self.count}/{self.seconds:g}s"


@dataclass(frozen=True)
class Origin:
    """Where a page comes from: scheme (http or https), host name or address, port."""

    scheme: str
    host: str
    port: int

    @classmethod
    def parse(cls, text: str) -> Origin | None:
        """An `Origin` header or a page's URL (a `Referer`) as an origin; None for "null" (a
        sandboxed frame or an opaque origin), what is not an http(s) URL, or a bad port."""
        try:
            url = urlsplit(text.strip())
            scheme = url.scheme.lower()
            if scheme not in WEB_PORTS or not url.hostname:
                return None
            return cls(scheme, url.hostname, url.port or WEB_PORTS[scheme])
        except ValueError:  # a port out of range, a malformed IPv6 address
            return None

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    username: str | None
    password: str | None
    use_tls: bool  # TLS from the start (smtps)
    start_tls: bool  # STARTTLS, required (smtp); neither: plain

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """The server an SMTP_URL names; ValueError (without the URL, which may hold a
        password) when it names none."""
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError:
            raise ValueError("SMTP_URL is written smtp://user:pass@host:587") from None
        if parts.scheme not in SMTP_PORTS or not parts.hostname:
            raise ValueError("SMTP_URL is written smtp://user:pass@host:587 or smtps://...")
        tls = parse_qs(parts.query).get("tls", [""])[0]
        if tls not in ("", "none"):
            raise ValueError("SMTP_URL's only option is ?tls=none (a plain connection)")
        plain = tls == "none"
        return cls(
            host=parts.hostname,
            port=port or SMTP_PORTS[parts.scheme],
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            use_tls=parts.scheme == "smtps" and not plain,
            start_tls=parts.scheme == "smtp" and not plain,
        )
