"""Hosts on this machine for end-to-end tests: Linux network namespaces joined by veth pairs.

A `Network` makes namespaces (each one a host: its own addresses, its own ports) and links
(a veth pair: one end in each namespace, or one end on this machine itself, where the test,
Caddy and PostgreSQL run), each link a /30 of its own with 1 ms of delay each way where the
kernel has netem. A link can be cut (both ends down: each host finds its interface gone, its
route to the other with it) and mended. Everything it made is removed by `close()`, which the
`network()` context manager calls even on failure: first every process still in its
namespaces (SIGKILL), then the namespaces and the veth pairs.

Needs root and iproute2 (`ip`, `tc`). The names are made from the test process's id, so that
two runs never share a namespace, an interface or an address.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

CLONE_NEWNET = 0x40000000
DELAY = "1ms"
COMMAND_TIMEOUT = 30.0


class NetworkError(RuntimeError):
    """An `ip` or `tc` command failed."""


def ip(*arguments: str, check: bool = True) -> str:
    done = subprocess.run(
        ["ip", *arguments], capture_output=True, text=True, timeout=COMMAND_TIMEOUT
    )
    if check and done.returncode != 0:
        raise NetworkError(f"ip {' '.join(arguments)}: {done.stderr.strip()}")
    return done.stdout


def why_unavailable() -> str | None:
    """Why namespaces cannot be made here (None: they can)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None or shutil.which("tc") is None:
        return "network namespaces need iproute2 (ip, tc)"
    return None


@dataclass
class Namespace:
    """One host."""

    name: str

    @property
    def path(self) -> str:
        return f"/var/run/netns/{self.name}"

    def command(self, *command: str) -> list[str]:
        """`command` run inside this host."""
        return ["ip", "netns", "exec", self.name, *command]

    def pids(self) -> list[int]:
        output = ip("netns", "pids", self.name, check=False)
        return [int(pid) for pid in output.split()]

    def kill_all(self) -> list[int]:
        """SIGKILL every process in the host, as when the machine dies; their ids."""
        pids = self.pids()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        return pids

    def listening_socket(self, host: str, port: int) -> socket.socket:
        """A TCP socket listening on `host:port` inside this host, for a server in the test
        process itself (a socket stays in the namespace it was made in): made on a thread of
        its own that enters the namespace, so the rest of the process stays where it is."""
        made: list[socket.socket] = []
        failed: list[BaseException] = []

        def make() -> None:
            try:
                libc = ctypes.CDLL("libc.so.6", use_errno=True)
                with open(self.path) as handle:
                    if libc.setns(handle.fileno(), CLONE_NEWNET) != 0:
                        raise OSError(ctypes.get_errno(), f"setns into {self.name}")
                listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                listener.bind((host, port))
                listener.listen(128)
                listener.setblocking(False)
                made.append(listener)
            except BaseException as error:  # handed to the caller's thread
                failed.append(error)

        thread = threading.Thread(target=make, name=f"enter {self.name}")
        thread.start()
        thread.join()
        if failed:
            raise failed[0]
        return made[0]


@dataclass
class Link:
    """A veth pair between `left` (None: this machine) and `right`, `left_address` and
    `right_address` on a /30 of their own."""

    left: Namespace | None
    right: Namespace
    left_name: str
    right_name: str
    left_address: str
    right_address: str
    delayed: bool = False

    def _ip(self, side: Namespace | None, *arguments: str) -> None:
        if side is None:
            ip(*arguments)
        else:
            ip("-n", side.name, *arguments)

    def ends(self) -> list[tuple[Namespace | None, str]]:
        return [(self.left, self.left_name), (self.right, self.right_name)]

    def cut(self) -> None:
        """Both ends down: nothing passes, and each host's route to the other is gone."""
        for side, name in self.ends():
            self._ip(side, "link", "set", "dev", name, "down")

    def mend(self) -> None:
        for side, name in self.ends():
            self._ip(side, "link", "set", "dev", name, "up")


@dataclass
class Network:
    prefix: str  # names: at most 7 characters, so that interface names fit in 15
    subnet: int  # addresses: 10.<subnet>.<link>.1 and .2
    namespaces: list[Namespace] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)

    def host(self, name: str) -> Namespace:
        namespace = Namespace(f"{self.prefix}-{name}")
        ip("netns", "add", namespace.name)
        self.namespaces.append(namespace)
        ip("-n", namespace.name, "link", "set", "dev", "lo", "up")
        return namespace

    def link(self, left: Namespace | None, right: Namespace, tag: str) -> Link:
        """A veth pair from `left` (None: this machine) to `right`, up, with its addresses;
        `tag` (two characters) names its ends."""
        number = len(self.links) + 1
        link = Link(
            left,
            right,
            f"{self.prefix}{tag}l",
            f"{self.prefix}{tag}r",
            f"10.{self.subnet}.{number}.1",
            f"10.{self.subnet}.{number}.2",
        )
        ip("link", "add", link.left_name, "type", "veth", "peer", "name", link.right_name)
        self.links.append(link)
        for side, name, address in (
            (left, link.left_name, link.left_address),
            (right, link.right_name, link.right_address),
        ):
            if side is not None:
                ip("link", "set", "dev", name, "netns", side.name)
            link._ip(side, "addr", "add", f"{address}/30", "dev", name)
            link._ip(side, "link", "set", "dev", name, "up")
        link.delayed = all(self._delay(side, name) for side, name in link.ends())
        return link

    def _delay(self, side: Namespace | None, name: str) -> bool:
        """1 ms on the way out of this end; False where the kernel has no netem."""
        command = ["tc"] + (["-n", side.name] if side is not None else [])
        command += ["qdisc", "add", "dev", name, "root", "netem", "delay", DELAY]
        done = subprocess.run(command, capture_output=True, timeout=COMMAND_TIMEOUT)
        return done.returncode == 0

    def close(self) -> list[str]:
        """Remove everything made, whatever state it is in; what could not be removed."""
        left: list[str] = []
        for namespace in self.namespaces:
            namespace.kill_all()
        for link in self.links:
            if link.left is None:  # the pair goes with its end on this machine
                ip("link", "del", link.left_name, check=False)
        for namespace in self.namespaces:
            ip("netns", "del", namespace.name, check=False)
        for namespace in self.namespaces:
            if os.path.exists(namespace.path):
                left.append(namespace.name)
        for link in self.links:
            if link.left is None and ip("link", "show", link.left_name, check=False):
                left.append(link.left_name)
        return left


@contextlib.contextmanager
def network() -> Iterator[Network]:
    """A Network removed at the end, even on failure."""
    pid = os.getpid()
    made = Network(prefix=f"tt{pid % 100000}", subnet=20 + pid % 200)
    try:
        yield made
    finally:
        left = made.close()
        assert not left, f"could not remove {left}"
