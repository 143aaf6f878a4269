"""A course pack: one document for a class from several cases and one question (`reasoner pack`).

For each case: the handout (render/handout.py, the argument of explain/argument.py), an exercise
sheet (the scenario, every stated fact in words, the question: no answer), and up to N variations
drawn from what-if (answer/whatif.py): the changed facts in words and, for the key, the answer `ask`
gives on the changed case and the provisions the change moves. render/pack.py lays the pack out
as HTML (printed to PDF by render/pdf.py) or Word (render/docx.py). Everything is built before
anything is written; the same inputs give the same bytes.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import ReasonerError

if TYPE_CHECKING:
    from ..answer.answering import Answer
    from ..answer.question import Question
    from ..explain.argument import Argument
    from ..facts.case import Case
    from ..render.handout import Handout
    from ..answer.whatif import Change, WhatIf

EDITIONS = ("full", "student", "key")
PACK_SUFFIXES = MappingProxyType({".html": "html", ".htm": "html", ".pdf": "pdf", ".docx": "docx"})


@dataclass
class Variation:
    changes: tuple[Change, ...]   # whatif.Change: what is changed (apply_changes re-builds the case)
    facts: list[str]           # the changed facts in words (Change.clause)
    answer: str                # "true", "false", "undetermined": the answer on the changed case
    short: str                 # that answer in words (the argument's answer line)
    moved: str                 # the provisions the change makes apply or no longer apply (prose/whatif)
    elements: list[str] = field(default_factory=list)   # the elements of the deciding provisions whose status changed


@dataclass
class PackCase:
    path: str
    handout: Handout           # render.handout.Handout (trainee view)
    svg: bytes = b""
    facts: list[tuple[str, Any]] = field(default_factory=list)      # [(sentence, line)]: every stated fact, in file order
    variations: list[Variation] = field(default_factory=list)
    readings: str = "none"     # the readings that would change the answer, in words (prose/pack.py readings_cell)

    @property
    def argument(self) -> Argument:
        argument: Argument = self.handout.argument
        return argument


@dataclass
class Pack:
    title: str
    query: str
    cases: list[PackCase]
    skipped: list[tuple[str, str]] = field(default_factory=list)    # [(path, message)]: cases left out (--skip-errors)
    variations: int = 0
    edition: str = "full"      # "full" (exercises and key), "student" (no answers), "key" (the key only)


def case_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The case files named: files as given, folders' *.yaml/*.yml (sorted), each once."""
    out: list[str] = []
    seen: set[str] = set()
    for given in paths:
        p = Path(given)
        found = sorted(f for f in p.iterdir() if f.suffix in (".yaml", ".yml") and f.is_file()) if p.is_dir() else [p]
        for f in found:
            if str(f) not in seen:
                seen.add(str(f))
                out.append(str(f))
    return out


def _leaves(item: object) -> Iterator[object]:
    """Every element below an element or exception (itself included), depth first."""
    yield item
    for e in getattr(item, "parts", []) or []:
        yield from _leaves(e)
    for x in getattr(item, "exceptions", []) or []:
        yield from _leaves(x)
    for r in getattr(item, "reasons", []) or []:
        yield from _leaves(r)


def turned(argument: Argument, case: Case, changes: Iterable[Change]) -> list[str]:
    """The elements and exceptions of the deciding provisions (the top-level ones, as the key lists
    them) that rest on a changed fact: one of their conditions cites that fact's line of the case."""
    lines = {case.attr_locs.get(c.key) for c in changes} - {None, ""}
    out: list[str] = []
    for p in argument.provisions:
        for item in list(p.elements) + list(p.exceptions):
            tops = item.parts if not item.text and item.parts else [item]
            for top in tops:
                if any(getattr(leaf, "loc", "") in lines for leaf in _leaves(top)) and top.text not in out:
                    out.append(top.text)
    return out


def variations(q: Question, answer: Answer, n: int, result: WhatIf | None = None) -> list[Variation]:
    """Up to n variations: the nearest what-if outcomes, each with the answer on the changed case."""
    from ..prose.whatif import contrast_text
    if n <= 0:
        return []
    loaded = q.case
    result = result or q.whatif(base=answer)
    out: list[Variation] = []
    for o in result.nearest(n):
        arg = o.answer.argument
        out.append(Variation(changes=tuple(o.changes), facts=[c.clause() for c in o.changes], answer=o.answer.answer,
                             short=arg.short, moved=contrast_text(o.gained, o.lost, o.answer, o.answer.cited),
                             elements=turned(answer.argument, loaded, o.changes)))
    return out


def build_case(question: Question, answer: Answer, n_variations: int = 0) -> PackCase:
    from ..render.figure import render_argument_figure
    from ..render.handout import build_handout
    from .export import handout_answer
    shown, answer = handout_answer(question, answer)
    from ..answer.caseraises import with_raises
    answer = with_raises(shown, answer)   # what the case also raises, said under the answer
    q = cast("Question", shown)   # a question given, a question back (its case labelled with its roles)
    loaded = q.case
    result = q.whatif(base=answer)
    handout = build_handout(answer, result, view="trainee", max_contrasts=3, program=q.law.checked.program, ids=False)
    from .related import note_in_table, related_answers, widen_answer
    handout.related = related_answers(q, answer)
    note_in_table(handout)   # a party's row that finds nothing: what the same provisions decide of it
    widen_answer(q, answer, handout)   # the bottom line as wide as the case (queries/*.yaml otherwise:)
    svg = render_argument_figure(handout.argument, "svg")
    handout.figure_caption = "The argument: each sentence once; the outline's colour says whether it is met"
    if n_variations:   # the key's variations take the place of the handout's what-if list (not said twice)
        handout.contrasts, handout.contrast_note = [], ""
    facts = sorted(list(handout.used_facts) + list(handout.other_facts), key=lambda f: (int(f[1]) if str(f[1]).isdigit() else 0))
    from ..prose.answers import turn_parts
    from ..prose.pack import readings_cell
    record = getattr(answer, "interpretation", None) or {}
    return PackCase(path=str(handout.case_path or loaded), handout=handout, svg=svg, facts=facts,
                    readings=readings_cell(turn_parts(answer), record.get("not_checked") or ""),
                    variations=variations(q, answer, n_variations, result))


def build_pack(paths: Iterable[str | os.PathLike[str]], query: str,
               ask: Callable[[str], tuple[Question, Answer]], title: str = "", n_variations: int = 0, edition: str = "full",
               skip_errors: bool = False) -> Pack:
    """ask(path) -> (question, answer): how the CLI answers one case (cli/base.command_answer).
    An unreadable case stops the pack (its ReasonerError, naming it), or with skip_errors is listed.
    Each case's questions are answered on the Settings' engine (current())."""
    if edition not in EDITIONS:
        raise ValueError(f"edition is one of {EDITIONS}")
    cases: list[PackCase] = []
    skipped: list[tuple[str, str]] = []
    for path in case_files(paths):
        try:
            question, answer = ask(path)
        except ReasonerError as err:
            if not skip_errors:
                raise
            skipped.append((path, err.message))
            continue
        cases.append(build_case(question, answer, n_variations))
    if not cases:
        raise ReasonerError("no case could be read: the pack would be empty", location=", ".join(map(str, paths)),
                            hint="give case files (.yaml) or folders that hold them")
    from ..prose.pack import default_title
    return Pack(title=title or default_title(cases[0].argument.question), query=query, cases=cases,
                skipped=skipped, variations=n_variations, edition=edition)


def pack_files(pack: Pack, to: str, output: str | None, paper: str = "letter") -> list[tuple[str | None, str | bytes]]:

    """[(output, bytes or str)]: the pack rendered (everything before anything is written)."""
    from ..render.pack import render_pack_docx, render_pack_html
    if to == "docx":
        return [(output, render_pack_docx(pack, paper))]
    if to == "html":
        return [(output, render_pack_html(pack))]
    from ..render.pdf import print_pdf_paged   # the contents page numbers: pypdf, pip install -e .[pdf]
    return [(output, print_pdf_paged(lambda pages: render_pack_html(pack, pages), paper, footer=pack.title))]
