"""Email through the host's SMTP server (aiosmtplib), when `SMTP_URL` is set.

`SMTP_URL` says how to reach it: `smtp://user:pass@host:587` talks STARTTLS and refuses a
server that does not offer it, `smtps://user:pass@host:465` is TLS from the first byte, and
`smtp://host:25?tls=none` is plain (a relay on the same machine). User and password are
percent-decoded. Nothing of the URL, nor any address, is logged.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parseaddr
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

log = logging.getLogger(__name__)

DEFAULT_PORTS = {"smtp": 587, "smtps": 465}


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
        if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
            raise ValueError("SMTP_URL is written smtp://user:pass@host:587 or smtps://...")
        tls = parse_qs(parts.query).get("tls", [""])[0]
        if tls not in ("", "none"):
            raise ValueError("SMTP_URL's only option is ?tls=none (a plain connection)")
        plain = tls == "none"
        return cls(
            host=parts.hostname,
            port=port or DEFAULT_PORTS[parts.scheme],
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            use_tls=parts.scheme == "smtps" and not plain,
            start_tls=parts.scheme == "smtp" and not plain,
        )


def plausible_address(text: str) -> str | None:
    """An email address as a person typed it, trimmed, if it looks like one (the SMTP server
    has the last word); None otherwise."""
    text = text.strip()
    name, address = parseaddr(text)
    if name or address != text or len(address) > 254 or address.count("@") != 1:
        return None
    local, domain = address.split("@")
    if not local or "." not in domain.strip(".") or any(c.isspace() for c in address):
        return None
    if any(ord(c) < 32 or c in '<>,;"\\' for c in address):
        return None
    return address


class Mailer:
    """Sends one email at a time through the host's server."""

    def __init__(self, server: SmtpServer, sender: str, *, timeout: float) -> None:
        self.server = server
        self.sender = sender
        self.timeout = timeout

    async def send(self, to: str, subject: str, text: str) -> bool:
        """Whether the server took the email."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        try:
            await aiosmtplib.send(
                message,
                hostname=self.server.host,
                port=self.server.port,
                username=self.server.username,
                password=self.server.password,
                use_tls=self.server.use_tls,
                start_tls=self.server.start_tls,
                timeout=self.timeout,
            )
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            log.warning("could not send an email: %s", type(error).__name__)
            return False
        return True
