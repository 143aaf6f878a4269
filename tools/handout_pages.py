#!/usr/bin/env python3
"""Count the Letter pages of trainee handouts as Chromium prints them (print-to-PDF).

    python tools/handout_pages.py                       # every bundled case x each saved query it answers
    python tools/handout_pages.py facts/X.yaml lawful   # one handout

Prints one line per handout: pages, the number of entities the answer is about, the bound for
its length (2 pages about one entity; about several, the table and at most one page each) and the case
and query; the exit code is 1 when a handout is over its bound. Needs chromium on PATH.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("chromium is not installed (apt-get install -y chromium)")


def pages_of(html: str, browser: str, footer: str = "") -> int:
    """The pages of the handout as `export --to pdf` prints it (render/pdf.py: its @page margins and
    footer), counted in the PDF."""
    from reasoner.render.pdf import print_pdf
    pdf = print_pdf(html, footer=footer)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def handout(case: Path, query: str):
    """(html, entities) of the trainee handout, or None for a question the case does not answer."""
    from reasoner.answer.question import Question
    from reasoner.apps.export import export_files
    q = Question.of(case, query)
    answer = q.answer()
    if answer.answer == "not_applicable":
        return None
    [(_, html)] = [(p, t) for p, t in export_files("html", answer, Path("h.html"), question=q) if str(p).endswith(".html")]
    subjects = {str(next(iter(v for k, v in b.items() if k != "answer"), "")) for b in answer.bindings
                if b.get("answer") in ("true", "undetermined")}
    return html, max(len(subjects), 1)


def main(argv) -> int:
    sys.path.insert(0, str(ROOT))
    browser = chromium()
    if argv:
        todo = [(Path(argv[0]), argv[1])]
    else:
        queries = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
        todo = [(c, q) for c in sorted((ROOT / "facts").glob("*.yaml")) for q in queries]
    over = 0
    for case, query in todo:
        made = handout(case, query)
        if made is None:
            continue
        html, entities = made
        pages = pages_of(html, browser)
        bound = 2 if entities == 1 else entities + 1
        over += pages > bound
        flag = "" if pages <= bound else "\tOVER"
        print(f"{pages}\t{entities}\t{bound}\t{case.name}\t{query}{flag}", flush=True)
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
