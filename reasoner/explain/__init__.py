"""The explanation stage: the argument every trainee-facing output renders (argument.py), built from
the proof graph (explain/graph.py, explain/builder.py)."""
from .argument import Argument, Element, Exception_, Provision, build_argument  # noqa: F401
