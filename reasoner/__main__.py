"""`python -m reasoner`: the `reasoner` command."""
from .core.gcpause import startup_collector

startup_collector()   # before the command line's modules load: nearly all they make lives as long as the process

from .cli import run  # noqa: E402 - after the collector's threshold

run()
