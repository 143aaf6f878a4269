"""Which inputs of a finished exact split decide the answer ("whose either value
settles the answer"). The split (engine/exact/split.py) branches on an unknown input until every branch is
decided; a branch point where every value of the input leads to one and the same outcome (every
completion below it gives the same certain and possible goal rows) shows that the input does not
matter there. An input decides the answer unless every branch point on it is such a point (in a
decided leaf no unknown input matters). Two branches that are each undetermined as a whole may
still differ, so anything short of one constant outcome counts as mattering: a deciding fact is
never hidden."""
from __future__ import annotations

from .split import Node, leaves as _leaves


def outcome(node: Node) -> tuple[frozenset, frozenset] | None:
    """The goal's rows (certain, possible) when every leaf below is decided with the same rows: the
    outcome does not depend on any input split below. None otherwise."""
    found: tuple[frozenset, frozenset] | None = None
    for leaf in _leaves(node):
        if not leaf.decided:
            return None
        certain, possible = leaf.status
        status = (frozenset(certain), frozenset(possible))
        if found is not None and status != found:
            return None
        found = status
    return found


def splits_that_matter(root: Node) -> set:
    """The indexes of the unknown inputs on which some branch point of the split tree matters."""
    out: set = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if node.split is None or not node.children:
            continue
        outcomes = [outcome(child) for _, child in node.children]
        if None in outcomes or len(set(outcomes)) > 1:
            out.add(node.split.index)
        todo.extend(child for _, child in node.children)
    return out
