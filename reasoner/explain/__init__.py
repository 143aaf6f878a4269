"""The explanation stage: the argument every trainee-facing output renders (argument.py), built from
the proof graph (reasoner/proof, to move here with the layout of DESIGN.md)."""
from .argument import Argument, Element, Exception_, Provision, build_argument  # noqa: F401
