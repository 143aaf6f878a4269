"""The command line: the `reasoner` group (base.py) and one module per group of commands. The only
package that imports Click; domain errors become Click errors here (base.Group).

`reasoner` (the console script) is `run`: main(), then a quick exit (base.run)."""
from __future__ import annotations

from . import answers, batch, export, interp, interview, law, pack, run as _run_commands, serve  # noqa: F401 - they add their commands to main
from .base import main, run

__all__ = ("main", "run")
