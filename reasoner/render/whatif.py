"""`reasoner whatif` as text: the answer now, then the nearest changes that change it, one numbered
sentence each (the sentences come from prose/whatif.py; this module only lays them out).

The default view fits a screen: at most MAX_LINES lines, the sentences wrapped at `width` columns;
the changes that do not fit are counted in a last line that says how to see them. With proofs,
each change also shows the inputs it sets, the provisions that would then apply or no longer apply,
the presumptions of the changed answer and its proof (no line bound).
"""
from __future__ import annotations

from ..prose import cite
from ..prose.whatif import answer_now, changes_tried, more_not_shown, provisions_then
from .wrap import wrap
from ..core.visible import visible

MAX_LINES = 60


def _wrapped(text: str, width: int, first: str = "", rest: str = "   ") -> list:
    lines = wrap(text, max(width - max(len(first), len(rest)), 20))
    return [(first if i == 0 else rest) + line for i, line in enumerate(lines)]


def render_whatif_text(case_label: str, base, result, width: int = 100, proofs=None,
                       max_lines: int = MAX_LINES) -> str:
    """proofs: None for the default view, else a function answer -> its proof as text lines."""
    arg = base.argument
    out = [f"Case: {visible(case_label, field=True)}"] + _wrapped(f"Question: {arg.question}", width, rest="  ")
    out += _wrapped(f"Answer now: {answer_now(base)}", width, rest="  ")
    if arg.presumed:   # the assumptions the answer rests on (burden of proof), as in `ask`
        out.append("Assumed, because the case does not raise them (--strict turns this off):")
        for p in arg.presumed:
            out += _wrapped(f"- {p.get('sentence') or p['fact']} ({cite(p.get('citation', ''))}: "
                            f"{p.get('reason', '')})", width, first="  ", rest="    ")
    outcomes = result.nearest()
    blocks = []
    for i, outcome in enumerate(outcomes, 1):
        block = [""] + _wrapped(outcome.sentence, width, first=f"{i}. ")
        if proofs is not None:
            for ch in outcome.changes:
                block.append(f"   change: {ch.entity}.{ch.attribute}: {ch.show(ch.old)} -> {ch.show(ch.new)}")
            then = provisions_then(outcome.gained, outcome.lost)
            if then:
                block += _wrapped(then[:1].upper() + then[1:] + ".", width, first="   ")
            presumed = outcome.answer.argument.presumed
            if presumed:
                block += _wrapped("Assumed then: " + "; ".join(f"{p.get('sentence') or p['fact']} "
                                                                f"({cite(p.get('citation', ''))})"
                                                                for p in presumed) + ".", width, first="   ")
            block += [f"   {line}" for line in proofs(outcome.answer)]
        blocks.append(block)
    # the summary says how many are shown: as many as fit under the bound (with proofs, all of them)
    shown = len(blocks)
    while True:
        head = _wrapped(f"What if: {result.summary(shown=shown)}; {changes_tried(result.tried)}.", width, rest="  ")
        fit = shown if proofs is not None else _fitting(blocks, len(out) + len(head), max_lines)
        if fit >= shown:
            break
        shown = fit
    out += head
    for block in blocks[:shown]:
        out += block
    if shown < len(blocks):
        out += ["", more_not_shown(len(blocks) - shown)]
    return "\n".join(out) + "\n"


def _fitting(blocks, used: int, max_lines: int) -> int:
    """How many blocks fit after `used` lines, keeping two lines for the count of those left out
    (at least one block is shown)."""
    n = 0
    for block in blocks:
        if used + len(block) > max_lines - 2 and n:
            break
        used += len(block)
        n += 1
    return n
