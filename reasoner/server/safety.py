"""The rules every request passes (docs/SERVE.md, Safe by default): the Host header names the bound
host (DNS rebinding), a body is at most the case-file limit, a form that writes carries the server's
CSRF token, and a case path stays inside FOLDER (no traversal, no symlink out)."""
from __future__ import annotations

import hmac
import re
from pathlib import Path

MAX_BODY = 2 * 1024 * 1024     # the case-file limit (facts/case.read_case_text)
CASE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")


class Refused(Exception):
    """A request refused: an HTTP status and one sentence saying why and what to do."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def allowed_hosts(host: str) -> frozenset:
    """The Host names a request may carry: the bound name, and the loopback names when bound there."""
    names = {host}
    if host in LOCAL_NAMES or host in ("0.0.0.0", "::"):
        names.update(LOCAL_NAMES)
    return frozenset(names)


def check_host(header: str | None, allowed: frozenset) -> None:
    if not header:
        raise Refused(400, "the request has no Host header")
    name = header.strip().lower()
    if name.startswith("["):
        name = name[:name.find("]") + 1] if "]" in name else name
    else:
        name = name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    if name not in allowed:
        raise Refused(421, f"the Host {header!r} is not the name this server is bound to; open it at "
                           "the address `reasoner serve` printed")


def check_length(header: str | None) -> None:
    if header is not None:
        try:
            size = int(header)
        except ValueError:
            raise Refused(400, "the Content-Length is not a number") from None
        if size > MAX_BODY:
            raise Refused(413, f"the request body is {size} bytes; a case is at most {MAX_BODY} bytes")


def check_csrf(given: str | None, token: str) -> None:
    if not given or not hmac.compare_digest(str(given), token):
        raise Refused(403, "the form has no valid CSRF token; reload the page and submit it again")


def case_path(folder: Path, name: str) -> Path:
    """FOLDER/name.yaml, refused unless the name is a plain file name and the resolved file (symlinks
    followed) is inside FOLDER."""
    if not CASE_NAME.match(name or "") or ".." in name:
        raise Refused(404, f"no case {name!r} in the folder (a case name is a file name without .yaml)")
    stem = name[:-5] if name.endswith(".yaml") else name
    path = folder / f"{stem}.yaml"
    root = folder.resolve()
    resolved = path.resolve()
    if resolved.parent != root and root not in resolved.parents:
        raise Refused(404, f"no case {name!r} in the folder (it leads outside it)")
    return path
