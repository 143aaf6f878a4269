"""`reasoner serve`: the law, the cases of a folder and their arguments in a browser (docs/SERVE.md).
The web stack (the `web` extra) is imported only when the command runs."""
from __future__ import annotations

import click

from ..core.settings import current
from .base import DomainError, main, say


@main.command()
@click.argument("folder", type=click.Path(file_okay=False), default="facts")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to bind; another than 127.0.0.1 lets other machines reach the server (a warning says so).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
def serve(folder, host, port):
    """Serve the law, the cases of FOLDER (default: facts/), their answers, arguments, readings,
    what-if and an interview in a browser, with a JSON API beside the pages."""
    from pathlib import Path
    if not Path(folder).is_dir():
        raise DomainError(f"{folder}: no such folder (hint: give the folder of the case files to serve)")
    _web_stack()
    from ..server.app import create_app, run
    if host not in ("127.0.0.1", "localhost", "::1"):
        say(f"warning: binding {host}: other machines can reach this server and the cases of {folder}; "
            "it has no login", err=True)
    app = create_app(folder, host=host, settings=current())
    say(f"reasoner serve: http://{'[' + host + ']' if ':' in host else host}:{port}/ (the cases of {folder}; Ctrl-C stops)", err=True)
    run(app, host, port)


def _web_stack() -> None:
    """A plain `pip install reasoner` is told what to install rather than shown a ModuleNotFoundError
    (the server imports the web stack only when it runs)."""
    from ..server.app import missing_web_stack
    missing = missing_web_stack()
    if missing:
        raise DomainError(f"reasoner serve needs the web extra ({', '.join(missing)} not installed) "
                          "(hint: pip install 'reasoner[web]')")
