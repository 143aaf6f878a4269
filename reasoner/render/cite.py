"""`reasoner cite`: a provision and its subdivisions as an indented outline (layout only; the
tree comes from law/index.py StatuteIndex.subtree)."""
from __future__ import annotations

from .wrap import wrap

INDENT = "  "


def cite_lines(tree: dict, width: int = 100) -> list:
    """The provision's citation, its text, then each subdivision indented under its parent; a
    subdivision the excerpt skips is named ("350.02(2)(b)4.b is not in the excerpt: ...")."""
    lines = [tree["citation"]]
    lines.extend(wrap(tree["text"], width) if tree["text"] else [])

    def walk(node, depth):
        pad = INDENT * depth
        if node["hole"] and node["subdivisions"]:   # a lead-in the excerpt lacks; its parts follow
            body = f"{node['label']} has no lead-in in the excerpt ({node['citation']}: {node['hole']})."
        elif node["hole"]:
            body = f"{node['label']} is not in the excerpt ({node['citation']}: {node['hole']})."
        elif node["text"]:
            body = node["text"]
        else:
            body = f"{node['label']} (no text of its own in the excerpt; its subdivisions follow)"
        wrapped = wrap(body, max(width - len(pad) - len(INDENT), 30))
        lines.append(pad + wrapped[0])
        lines.extend(pad + INDENT + w for w in wrapped[1:])
        for kid in node["subdivisions"]:
            walk(kid, depth + 1)

    for kid in tree["subdivisions"]:
        walk(kid, 1)
    return lines
