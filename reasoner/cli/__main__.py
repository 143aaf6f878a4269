"""`python -m reasoner.cli`: the `reasoner` command."""
from . import run

run()
