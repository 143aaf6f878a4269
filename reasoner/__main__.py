"""`python -m reasoner`: the `reasoner` command."""
from .cli import run

run()
