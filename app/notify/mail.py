"""Email through the host's SMTP server (aiosmtplib), when `SMTP_URL` is set.

`SMTP_URL` says how to reach it: `smtp://user:pass@host:587` talks STARTTLS and refuses a
server that does not offer it, `smtps://user:pass@host:465` is TLS from the first byte, and
`smtp://host:25?tls=none` is plain (a relay on the same machine). User and password are
percent-decoded. Nothing of the URL, nor any address, is logged.
"""

from __future__ import annotations

import logging
from email.message import EmailMessage
from email.utils import parseaddr

import aiosmtplib

from app.config.values import SmtpServer

log = logging.getLogger(__name__)


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
