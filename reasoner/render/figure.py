"""Proof figures: SVG / PNG drawn with networkx + matplotlib (no system Graphviz needed).

Also the *view* of a proof graph that the figure, DOT and handout renderers share: helper
predicates folded away and the tree cut at a depth so that it fits a slide. The layout is a layered
top-down tree computed here: depth by breadth-first search from the root, x by the order of the
premises (leaves left to right, a parent centred over its children).

matplotlib is imported inside the drawing function only (the `export` extra).
"""
from __future__ import annotations

import io
import textwrap
from typing import TYPE_CHECKING, Any

from types import MappingProxyType
from collections.abc import Mapping

from ..core.errors import ReasonerError
from ..explain.graph import ProofGraph
from ..prose.order import ordered_children, proof_order  # noqa: F401  (re-exported for renderers)
from ..prose import argument as words
from ..prose import cite, gloss
from ..core.deadline import check as check_deadline

if TYPE_CHECKING:   # matplotlib itself is imported where a figure is drawn (the export extra)
    import networkx as nx
    from matplotlib.artist import Artist
    from matplotlib.typing import LineStyleType, RcKeyType

STATUS_WORD = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})

# One colour per node kind (fill) ...
KIND_COLOURS = MappingProxyType({
    "goal": "#c6dbef",
    "atom": "#deebf7",
    "rule": "#fdd0a2",
    "fact": "#e5f5e0",
    "unknown": "#fff3b0",
    "presumed": "#fde0ef",
    "negation": "#efedf5",
    "comparison": "#f0f0f0",
    "assignment": "#f0f0f0",
    "elided": "#ffffff",
    "cases": "#fde0ef",
    "case": "#fde0ef",
})
KIND_NAMES = MappingProxyType({
    "goal": "question", "atom": "conclusion", "rule": "rule (provision)", "fact": "fact of the case",
    "unknown": "unknown input", "presumed": "presumed (burden of proof)", "negation": "negation (not ...)",
    "comparison": "comparison",
    "assignment": "computation", "elided": "steps left out",
    "cases": "proof by cases", "case": "one case",
})
# ... and the outline says the status.
STATUS_COLOURS = MappingProxyType({"true": "#238b45", "false": "#cb181d", "undetermined": "#e6890f", "not_applicable": "#737373",
                                   "condition": "#1f2328"})
STATUS_STYLES: Mapping[str, LineStyleType] = MappingProxyType({"true": "solid", "false": "solid", "undetermined": "dashed", "not_applicable": "dotted",
                                                               "condition": "solid"})


# -- the view: fold helpers, cut at a depth -----------------------------------------------------
def foldable(g, nid) -> bool:
    """Helper predicates: nodes marked helper, and atoms without a @predicate declaration."""
    if nid == g.graph.get("root"):
        return False
    d = g.nodes[nid]
    kind = d.get("kind")
    if kind in ("rule", "atom") and d.get("helper"):
        return True
    return kind == "atom" and d.get("described") is False


def view_graph(g, fold: bool = True, depth: int | None = None) -> "nx.DiGraph | ProofGraph":
    """A new proof graph: folded helper nodes (their premises move up to their parent) and, with
    depth, nothing below that many steps from the root (an `elided` node marks the cut)."""
    root = g.graph["root"]
    memo: dict = {}

    def visible(nid):
        if nid in memo:
            return memo[nid]
        out = []
        for c in ordered_children(g, nid):
            role = g.edges[nid, c].get("role", "premise")
            if fold and foldable(g, c):
                out.extend((gc, role) for gc, _ in visible(c))
            else:
                out.append((c, role))
        seen, unique = set(), []
        for c, role in out:
            if c not in seen and c != nid:
                seen.add(c)
                unique.append((c, role))
        memo[nid] = unique
        return unique

    # a recorded proof (explain/graph.py) gives a view of its own kind: a notebook's handout
    # (Answer._repr_html_) need not import networkx; a networkx graph gives a networkx view
    if isinstance(g, ProofGraph):
        h: Any = ProofGraph()
    else:
        import networkx as nx
        h = nx.DiGraph()
    h.graph.update(g.graph)
    h.graph["view"] = True
    if fold:
        h.graph["folded"] = True
    if depth is not None:
        h.graph["depth_limit"] = depth
    level = {root: 0}
    queue = [root]
    h.add_node(root, **_shown(g.nodes[root]))
    while queue:
        nid = queue.pop(0)
        kids = visible(nid)
        if depth is not None and level[nid] >= depth:
            if kids:
                eid = f"elided:{nid}"
                h.add_node(eid, kind="elided", label=f"{_count_below(g, nid)} more step(s) left out",
                           status=g.nodes[nid].get("status", ""))
                h.add_edge(nid, eid, role="elided", order=0)
            continue
        for i, (c, role) in enumerate(kids):
            if c not in h:
                h.add_node(c, **_shown(g.nodes[c]))
                level[c] = level[nid] + 1
                queue.append(c)
            h.add_edge(nid, c, role=role, order=i)
    return h


def _shown(data) -> dict:
    """Node attributes for a view: compiler helper names in literals written as the user wrote them."""
    out = dict(data)
    for key in ("failed", "rule_text"):
        if isinstance(out.get(key), str) and "__proj" in out[key]:
            out[key] = pretty_literal(out[key])
    return out


def _count_below(g, nid) -> int:
    """How many nodes are below nid (networkx's descendants, for either kind of graph)."""
    seen, todo = {nid}, [nid]
    while todo:
        for c in g.successors(todo.pop()):
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return len(seen) - 1


# -- layout -----------------------------------------------------------------------------------------
def tree_layout(g) -> dict:
    """{node: (x, y)}: y = -depth (BFS from the root), x = leaf order, parents centred."""
    root = g.graph["root"]
    level = {root: 0}
    tree: dict[Any, list] = {root: []}
    queue = [root]
    while queue:
        nid = queue.pop(0)
        for c in ordered_children(g, nid):
            if c not in level:
                level[c] = level[nid] + 1
                tree[nid].append(c)
                tree[c] = []
                queue.append(c)
    xs: dict = {}
    counter = [0]
    stack = [(root, False)]
    while stack:  # iterative post-order
        nid, done = stack.pop()
        kids = tree[nid]
        if not kids:
            xs[nid] = float(counter[0])
            counter[0] += 1
        elif done:
            xs[nid] = (xs[kids[0]] + xs[kids[-1]]) / 2
        else:
            stack.append((nid, True))
            stack.extend((k, False) for k in reversed(kids))
    return {n: (xs[n], -float(level[n])) for n in level}


# -- labels -----------------------------------------------------------------------------------------
def node_text(d, width: int = 26, max_lines: int | None = None) -> str:
    """A node's label: its sentence (prose layer), wrapped, never cut. The sentence already says what
    holds (a FALSE atom reads with its negative sentence, an undetermined one "it is undetermined
    whether ..."), so no status word follows it: "op1 did not travel ... FALSE" would read as the
    opposite of the truth. The outline's colour and dash give the status (see the legend).
    (max_lines is accepted for compatibility and ignored: labels are never truncated.)"""
    kind = d.get("kind")
    if kind in ("rule", "goal", "atom", "fact", "negation", "unknown", "cases", "case", "presumed"):
        return _wrap(_cap(gloss(d)), width)
    if kind in ("comparison", "assignment"):
        return _wrap(_cap(d.get("sentence") or " ".join(d.get("label", "").split())), width)
    return _wrap(_cap(d.get("sentence") or d.get("label", "")), width)


def _cap(text: str) -> str:
    first = text.split(" ", 1)[0] if text else ""
    if not first or not first.isalpha() or not first.islower():
        return text
    return text[:1].upper() + text[1:]


def fact_value(label: str, pred: str):
    """The value of a valued fact `pred(entity, value)`, or None for a boolean fact."""
    if not pred or not label.startswith(pred + "(") or not label.endswith(")"):
        return None
    inner = label[len(pred) + 1:-1]
    _, sep, value = inner.partition(", ")
    return value if sep else None


def _wrap(text: str, width: int, max_lines: int | None = None) -> str:
    """Wrapped at spaces; a word longer than the width (an identifier) stays whole, never cut."""
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]
    return "\n".join(lines)


def pretty_literal(text: str) -> str:
    """`not violation__proj0_2(O)` -> `not violation(O, _)` (the compiler's projection helpers)."""
    import re

    def repl(m):
        base, kept, arity, args = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        values = [a.strip() for a in args.split(",")] if args.strip() else []
        positions = [] if kept == "x" else [int(c) for c in kept]
        full = ["_"] * arity
        for pos, v in zip(positions, values):
            full[pos] = v
        return f"{base}({', '.join(full)})"
    return re.sub(r"([a-z][a-z0-9_]*)__proj(x|\d+)_(\d+)\(([^()]*)\)", repl, text)


# -- drawing ------------------------------------------------------------------------------------------
def render_figure(graph, fmt: str = "svg", fold: bool = True, depth: int | None = None,
                  title: str | None = None) -> bytes:
    """The proof graph drawn as SVG or PNG bytes (deterministic for the same input)."""
    g = graph if graph.graph.get("view") else view_graph(graph, fold, depth)
    rows, links = outline_layout(g)
    rows, links = _capped(rows, links)
    return _draw(rows, links, fmt, title)


# The argument's figure: one box a sentence, each sentence once; the outline's colour says one thing,
# whether the element is met (or the exception applies) in the case, and the legend says so.
ARGUMENT_LEGEND = MappingProxyType({"true": "met / applies", "false": "not met / does not apply / not raised",
                   "undetermined": "open: the case does not decide it",
                   "condition": "a condition of an exception: its words say whether it holds"})
_EXC_STATUS = MappingProxyType({"applies": "true", "fails": "false", "not raised": "false", "open": "undetermined"})


def argument_rows(arg, width: int = 0) -> tuple:
    """The argument as an outline: ([(key, depth, data, text)], [(parent, child, role)])."""
    width = width or ARGUMENT_CHARS
    rows: list[tuple] = []
    links: list[tuple] = []

    def add(parent, level, status, text, kind="argument"):
        key = f"a{len(rows)}"
        rows.append((key, level, {"kind": kind, "status": status}, _wrap(text, width)))
        if parent is not None:
            links.append((parent, key, "premise"))
        return key

    def element(parent, e, level):
        if not e.text and e.parts:
            for p in e.parts:
                element(parent, p, level)
            return
        # a condition of an exception: its words say whether it holds; its outline is neutral, never the
        # colour of 'met' (trainer review 11, G6)
        key = add(parent, level, words.line_kind(e),
                  words.line_text(*words.element_parts(e), words.element_source(e)))
        for p in e.parts:
            element(key, p, level + 1)
        for x in e.exceptions:
            exception(key, x, level + 1)

    def exception(parent, x, level):
        lead, status, because = words.exception_parts(x)
        key = add(parent, level, _EXC_STATUS.get(x.status, "undetermined"),
                  words.line_text(words.exception_lead(lead, getattr(x, "kind", "")), status, because, words.exception_source(x)))
        for r in x.reasons if not because else ():
            element(key, r, level + 1)

    head = add(None, 0, arg.answer if arg.answer in ARGUMENT_LEGEND else "undetermined", arg.cases,
               kind="provision") if arg.cases else None
    for p in arg.provisions:
        parent, level = head, 1 if head else 0
        if p.case and head is not None:
            parent = add(head, 1, p.outcome if p.outcome in ARGUMENT_LEGEND else "undetermined", p.case)
            level = 2
        top = add(parent, level, p.outcome if p.outcome in ARGUMENT_LEGEND else "undetermined",
                  f"{cite(p.citation) if p.citation else 'The rules'}: {p.conclusion}", kind="provision")
        for e in p.elements:
            element(top, e, level + 1)
        for x in p.exceptions:
            exception(top, x, level + 1)
    return _capped(rows, links)


def render_argument_figure(arg, fmt: str = "svg", title: str | None = None) -> bytes:
    """The argument (explain/argument.py) drawn as SVG or PNG bytes."""
    rows, links = argument_rows(arg)
    return _draw(rows, links, fmt, title, legend=ARGUMENT_LEGEND)


def _draw(rows, links, fmt, title=None, legend=None) -> bytes:
    """rows, links (outline_layout's) drawn as SVG or PNG bytes. legend: status -> what the outline
    colour means (the argument's figure: fills are white, the colour means one thing); None: the
    proof's figure, fill by node kind and outline by status."""
    if fmt not in ("svg", "png"):
        raise ReasonerError(f"unknown figure format {fmt!r}", hint="use svg or png")
    try:
        import matplotlib
        matplotlib.use("Agg", force=True)
        import matplotlib.pyplot as plt
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch
    except ImportError:
        raise ReasonerError("drawing figures needs matplotlib, which is not installed",
                            hint="pip install matplotlib (in a checkout: pip install -e .[export])") from None
    check_deadline()   # drawing runs under the command's time limit too
    width = PAGE_WIDTH_IN
    max_depth = max((r[1] for r in rows), default=0)
    indent = min(0.3, (width - BOX_WIDTH_IN - 0.3) / max(max_depth, 1))
    line_h, pad, gap, legend_h, least = 0.125, 0.16, 0.08, 0.6, 2.0
    if legend:   # the argument's figure: wider boxes, tighter rows (it sits in a handout's page count)
        indent = min(0.22, (width - ARGUMENT_BOX_IN - 0.3) / max(max_depth, 1))
        pad, gap, legend_h, least = 0.1, 0.035, 0.4, 1.0
    y, placed = 0.2 + (0.35 if title else 0), []
    for key, level, d, text in rows:
        lines = text.count("\n") + 1
        h = lines * line_h + pad
        placed.append((key, 0.15 + level * indent, y + h / 2, d, text, h))
        y += h + gap
    height = max(least, y + legend_h)
    rc: dict[RcKeyType, Any] = {"svg.hashsalt": "reasoner", "svg.fonttype": "none", "font.family": "DejaVu Sans",
          "font.size": 7, "path.simplify": False}
    with matplotlib.rc_context(rc):
        fig = plt.figure(figsize=(width, height))
        try:
            ax = fig.add_axes((0, 0, 1, 1))
            ax.set_axis_off()
            ax.set_xlim(0, width)
            ax.set_ylim(height, 0)
            where = {key: (x, yc, h) for key, x, yc, _d, _t, h in placed}
            for parent, child, role in links:
                px, py, ph = where[parent]
                cx, cy, _ = where[child]
                colour = STATUS_COLOURS["false"] if role == "failed" else "#777777"
                ls: LineStyleType = "dashed" if role in ("could have", "elided") else "solid"
                ax.plot([px + 0.08, px + 0.08, cx], [py + ph / 2, cy, cy], color=colour, linestyle=ls,
                        linewidth=0.7, zorder=1)
            kinds_seen, statuses_seen = [], []
            for n, (key, x, yc, d, text, _h) in enumerate(placed):
                if n % 25 == 0:
                    check_deadline()
                kind = d.get("kind", "atom")
                status = d.get("status", "")
                if kind not in kinds_seen:
                    kinds_seen.append(kind)
                if status in STATUS_COLOURS and status not in statuses_seen:
                    statuses_seen.append(status)
                ax.text(x, yc, text, ha="left", va="center", zorder=3, gid=_svg_id(key), parse_math=False,
                        weight="bold" if kind == "provision" else "normal",
                        bbox=dict(boxstyle="round,pad=0.3",
                                  facecolor="#ffffff" if legend else KIND_COLOURS.get(kind, "#ffffff"),
                                  edgecolor=STATUS_COLOURS.get(status, "#555555"),
                                  linestyle=STATUS_STYLES.get(status, "solid"), linewidth=1.0))
            if title:
                ax.text(width / 2, 0.25, title, ha="center", va="center", fontsize=9, weight="bold",
                        parse_math=False)
            handles: list[Artist]
            if legend:
                handles = [Line2D([0], [0], color=STATUS_COLOURS[s], linestyle=STATUS_STYLES[s], linewidth=1.5,
                                  label=f"outline: {legend[s]}")
                           for s in sorted(statuses_seen, key=list(STATUS_COLOURS).index)]
            else:
                handles = [Patch(facecolor=KIND_COLOURS.get(k, "#ffffff"), edgecolor="#555555",
                                 label=KIND_NAMES.get(k, k)) for k in sorted(kinds_seen, key=_kind_order)]
                handles += [Line2D([0], [0], color=STATUS_COLOURS[s], linestyle=STATUS_STYLES[s], linewidth=1.5,
                                   label=f"outline: {STATUS_WORD[s].lower()}")
                            for s in sorted(statuses_seen, key=list(STATUS_COLOURS).index)]
            ax.legend(handles=handles, loc="lower center", ncol=max(1, min(len(handles), 3 if legend else 4)),
                      frameon=False,
                      fontsize=6.5, bbox_to_anchor=(0.5, 0.0))
            check_deadline()
            buf = io.BytesIO()
            if fmt == "svg":
                fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "reasoner"})
            else:
                fig.savefig(buf, format="png", dpi=150, metadata={"Software": None})
        finally:
            plt.close(fig)
    return buf.getvalue()


PAGE_WIDTH_IN = 6.9     # fits A4 (8.27 in) and Letter (8.5 in) portrait with margins
BOX_WIDTH_IN = 3.9      # a label of LABEL_CHARS characters at 7 pt, with its padding
LABEL_CHARS = 62
ARGUMENT_CHARS = 96     # the argument's figure: one sentence a box, at most this many characters a line
ARGUMENT_BOX_IN = 5.4


def outline_layout(g) -> tuple:
    """The proof as an indented outline, one box a row: ([(key, depth, data, text)], [(parent, child, role)]).
    A node reached a second time is a small box that refers back to it; nothing is cut."""
    root = g.graph["root"]
    rows, links, seen = [], [], set()
    stack = [(root, 0, None, None)]
    while stack:
        nid, level, parent, role = stack.pop()
        d = g.nodes[nid]
        if nid in seen:
            key = f"again:{parent}:{nid}"
            whole = " ".join(node_text(d, LABEL_CHARS).split())   # the whole label, never its first line
            rows.append((key, level, {"kind": "elided", "status": d.get("status", "")},
                         _wrap(f"(as shown above: {whole})", LABEL_CHARS)))
            links.append((parent, key, role))
            continue
        seen.add(nid)
        rows.append((nid, level, d, node_text(d, LABEL_CHARS)))
        if parent is not None:
            links.append((parent, nid, role))
        kids = ordered_children(g, nid)
        for c in reversed(kids):
            stack.append((c, level + 1, nid, g.edges[nid, c].get("role")))
    return rows, links


MAX_BOXES = 120   # a figure taller than ~4 pages is read by nobody, and drawing it takes seconds


def _capped(rows, links):
    """At most MAX_BOXES boxes: the first ones in outline order, then one box that says how many
    steps are not drawn and where the whole proof is (the text, Markdown, HTML and JSON exports)."""
    if len(rows) <= MAX_BOXES:
        return rows, links
    kept = rows[:MAX_BOXES - 1]
    keys = {r[0] for r in kept}
    more = len(rows) - len(kept)
    note = ("\0more", 0, {"kind": "elided", "status": ""},
            _wrap(f"... {more} more steps are not drawn (a figure holds at most {MAX_BOXES} boxes): the "
                  "whole proof is in the text, Markdown, HTML and JSON exports", LABEL_CHARS))
    return kept + [note], [link for link in links if link[0] in keys and link[1] in keys]


def _kind_order(kind):
    order = list(KIND_COLOURS)
    return order.index(kind) if kind in order else len(order)


def _svg_id(nid: str) -> str:
    import hashlib
    return "node-" + hashlib.sha1(nid.encode("utf-8")).hexdigest()[:12]
