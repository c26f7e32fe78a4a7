"""Debian's `caddy` in front of a real server, running the repository's own Caddyfile as a host
would, with `CERTIFICATES=internal` (`tls internal`: a certificate for `localhost` from Caddy's
own authority, which the clients here trust) and ports of its own.

Caddy keeps its authority and certificates under the directory it is given (XDG_DATA_HOME) and
never adds its authority to the system's trust store (the Caddyfile's `skip_install_trust`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.e2e.servers import ROOT, START_TIMEOUT, die_with_parent, free_port, stop_process

CADDYFILE = ROOT / "Caddyfile"
DOMAIN = "localhost"


class CaddyProcess:
    """`caddy run` with the shipped Caddyfile, in front of the app listening on `upstream_port`,
    or of several app hosts at `upstreams` ("10.1.2.3:8000"...: the Caddyfile's APP_HOSTS)."""

    def __init__(
        self,
        executable: str,
        upstream_port: int | None,
        directory: Path,
        *,
        upstreams: list[str] | None = None,
    ) -> None:
        self.executable = executable
        self.upstreams = upstreams or [f"127.0.0.1:{upstream_port}"]
        self.directory = directory
        self.https_port = free_port()
        self.http_port = free_port()
        self.admin_port = free_port()
        self.log_path = directory / "caddy.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def origin(self) -> str:
        """The origin of the pages it serves, as a browser names it."""
        return f"https://{DOMAIN}:{self.https_port}"

    @property
    def ws_base(self) -> str:
        return f"wss://{DOMAIN}:{self.https_port}"

    @property
    def root_certificate(self) -> Path:
        return self.directory / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def environment(self) -> dict[str, str]:
        """What a host sets (the Caddyfile's variables), for this test's ports."""
        several = {"APP_HOSTS": "several"} if len(self.upstreams) > 1 else {}
        return {
            "DOMAIN": DOMAIN,
            "CERTIFICATES": "internal",
            "UPSTREAM": " ".join(self.upstreams),
            **several,
            "HTTP_PORT": str(self.http_port),
            "HTTPS_PORT": str(self.https_port),
            "CADDY_ADMIN": f"127.0.0.1:{self.admin_port}",
        }

    def start(self) -> None:
        env = {
            **os.environ,
            "XDG_DATA_HOME": str(self.directory / "data"),
            "XDG_CONFIG_HOME": str(self.directory / "config"),
            **self.environment(),
        }
        command = [self.executable, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=self.directory,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=die_with_parent if sys.platform.startswith("linux") else None,
            )

    def ssl_context(self) -> ssl.SSLContext:
        """A client's TLS settings trusting Caddy's authority (and nothing else)."""
        return ssl.create_default_context(cafile=self.root_certificate)

    def client(self, address: str) -> httpx.AsyncClient:
        """An HTTPS client whose connections come from `address` (any of 127.0.0.0/8 is this
        machine), keeping its cookies as a browser does."""
        transport = httpx.AsyncHTTPTransport(verify=self.ssl_context(), local_address=address)
        return httpx.AsyncClient(base_url=self.origin, transport=transport, timeout=15.0)

    async def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        """Until the app's /api/health answers 200 through Caddy, over verified HTTPS."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"caddy exited ({self.process.returncode}):\n{self.log()}")
            if self.root_certificate.exists():
                with contextlib.suppress(httpx.HTTPError, ssl.SSLError, OSError):
                    async with self.client("127.0.0.1") as http:
                        if (await http.get("/api/health")).status_code == 200:
                            return
            if time.monotonic() > deadline:
                raise AssertionError(f"caddy did not serve within {timeout}s:\n{self.log()}")
            await asyncio.sleep(0.1)

    def stop(self) -> None:
        stop_process(self.process)

    def log(self) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-40:])
        except OSError:
            return "(no log)"
