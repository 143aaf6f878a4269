#!/usr/bin/env python3
"""Build reasoner/law/statutes.json (citation -> verbatim text) from the statute excerpts.

Usage:  python tools/build_statute_index.py [STATUTES_DIR] [--out FILE] [--check]

STATUTES_DIR defaults to ../shared/statutes relative to the repository root. ``--check`` writes
nothing and exits 1 when the committed JSON differs from what the excerpts produce now.

The two excerpts are scraped pages in two layouts:

* 000 (ch. 350): mostly a citation on its own line ("350.02(2)(b)4.") followed by the text line(s)
  ("4. At night travel ..."); continuation lines ("s. 350.04.", "par. (a) ...") belong to the
  previous provision. Some citations carry their own label glued on ("350.03(1)(1) The operator"),
  section numbers appear twice on their own lines followed by the section title, and
  "350.045 History" / "History: ..." lines are not law.
* 004 (ch. 348): run-on text where every provision starts with its citation immediately followed
  by its own label ("348.21(3)(b)1.a.a. One cent ..."), section headers are doubled
  ("348.195348.195 Weight records ..."), "History"/"Annotation" blocks and a "PERMITS" subchapter
  heading are interleaved, and the page ends with scraper metadata lines.

Citations inside the text ("s. 348.17 (3)") always contain spaces or lack the glued label, so
only a space-free citation at a segment start that is followed by its own label (or by the end of
its line, in layout 000) starts a new provision. Every provision's text is checked to start with
its own label.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(REPO_ROOT))

from reasoner.law.index import format_citation, label_key, parse_citation, sort_key  # noqa: E402

SOURCES = ("000_567dbc29f9e50f4d.txt", "004_3e1403f0aa2c407c.txt")
# The date (or version) of the statute text each excerpt reproduces, when it is known: the
# excerpts as supplied state none, so none is given (a handout says "date not stated").
TEXT_DATES: dict[str, str] = {}
DEFAULT_DIR = REPO_ROOT.parent / "shared" / "statutes"
DEFAULT_OUT = REPO_ROOT / "reasoner" / "law" / "statutes.json"

# Judgement calls that the gap rules below cannot make on their own.
EXTRA_HOLES = {
    "348.21(3)": (
        "lead-in of subsection (3) is absent: 348.21(3)(a) reads 'If the weight exceeds ..., a "
        "forfeiture of ...', a fragment that needs the subsection's introductory clause (compare "
        "the lead-in of 348.21(3g)); ss. 348.21(2)(b) and 348.25(2)(b) cross-reference sub. (3)"
    ),
}
NOT_HOLES = {
    "348.21(1)": (
        "348.21 starts at subsection (2); the official text of s. 348.21 has no subsection (1) "
        "(apparently repealed), so it is not listed as a hole"
    ),
}
FIGURE_NOTES = {
    "348.19(1)(b)": (
        "refers to a table of average weights per square foot of load measurement "
        "('[See Figure 348.19 (1) (b) following]') that is not in the excerpt; the weights "
        "needed to estimate a load cannot be computed from the index"
    ),
}

_SEC = r"3\d\d\.\d+(?!\d)"
_DOUBLED_RE = re.compile(r"(3\d\d\.\d+?)\1(?=\s|$)")
_META_RE = re.compile(rf"({_SEC}) ?(History|Annotation)")
_CITE_RE = re.compile(rf"({_SEC})((?:\([0-9A-Za-z]{{1,4}}\)|\d+[a-z]?\.|[a-z]\.)+)(?=\s|$)")
_PART_RE = re.compile(r"\([0-9A-Za-z]{1,4}\)|\d+[a-z]?\.|[a-z]\.")
_SECTION_LINE_RE = re.compile(rf"({_SEC})(?=\n|$)")
_CANDIDATE_RE = re.compile(rf"(?<!\S){_SEC}")
_FOOTER_RE = re.compile(r"^(/statutes/\S*|statutes(/\S*)?|true|false|section|Chs?\. \d+-\d+, .*)$")
_HEADING_RE = re.compile(r"(?<=[.:;\]]) ([A-Z]{3,}(?: [A-Z]{2,})*)$")
_TITLE_RE = re.compile(r"^(.*?\.)(?=\s|$)")
_REF_WORDS = {"s.", "ss.", "sub.", "subs.", "par.", "pars.", "subd.", "subds.", "ch."}


class BuildError(Exception):
    pass


def _ws(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _label(part: str) -> str:
    """How a part is printed at the start of its own text: "(b)", "4.", "a."."""
    return part if part.startswith("(") else part + "."


def _canonical(section: str, raw_parts: list[str]) -> tuple[str, tuple[str, ...]]:
    parts = tuple(p if p.startswith("(") else p.rstrip(".") for p in raw_parts)
    # the printed form must already be canonical apart from the dots
    sec, parsed = parse_citation(format_citation(section, parts))
    if parsed != parts or sec != section:
        raise BuildError(f"unexpected citation shape {section}{''.join(raw_parts)}")
    return section, parts


# --------------------------------------------------------------------------------------------
# Tokenizer


def _split_footer(lines: list[str]) -> tuple[list[str], list[str]]:
    for i, line in enumerate(lines):
        if _FOOTER_RE.match(line.strip()):
            footer = lines[i:]
            bad = [x for x in footer if x.strip() and not _FOOTER_RE.match(x.strip())]
            if bad:
                raise BuildError(f"unexpected line in trailing page metadata: {bad[0]!r}")
            return lines[:i], footer
    return lines, []


def tokenize(text: str):
    """Yield token dicts in order: kind section|provision|meta, with start/end offsets."""
    for m in _CANDIDATE_RE.finditer(text):
        pos = m.start()
        line_start = pos == 0 or text[pos - 1] == "\n"
        before = text[max(0, pos - 12):pos].split()
        prev_word = before[-1] if before else ""
        mm = _META_RE.match(text, pos)
        if mm:
            yield {"kind": "meta", "section": mm.group(1), "what": mm.group(2).lower(),
                   "start": pos, "end": mm.end()}
            continue
        mm = _DOUBLED_RE.match(text, pos)
        if mm:
            yield {"kind": "section", "section": mm.group(1), "start": pos, "end": mm.end()}
            continue
        mm = _CITE_RE.match(text, pos)
        if mm:
            raw_parts = _PART_RE.findall(mm.group(2))
            if "".join(raw_parts) != mm.group(2):
                raise BuildError(f"cannot split citation {mm.group(0)!r}")
            glued = len(raw_parts) >= 2 and raw_parts[-1] == raw_parts[-2]
            at_eol = mm.end() == len(text) or text[mm.end()] == "\n"
            if not glued and not at_eol:
                continue  # a citation written inside the text
            if prev_word.lower() in _REF_WORDS:
                raise BuildError(f"citation token after {prev_word!r} at offset {pos}: {mm.group(0)!r}")
            cite_parts = raw_parts[:-1] if glued else raw_parts
            section, parts = _canonical(mm.group(1), cite_parts)
            yield {"kind": "provision", "section": section, "parts": parts,
                   "label": raw_parts[-1] if glued else None, "start": pos, "end": mm.end()}
            continue
        mm = _SECTION_LINE_RE.match(text, pos)
        if mm and line_start:
            yield {"kind": "section", "section": mm.group(1), "start": pos, "end": mm.end()}


def parse_source(name: str, raw: str) -> dict:
    lines = raw.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    body, footer = _split_footer(lines)
    headings = []  # (offset in joined text, heading)
    kept = []
    offset = 0
    for line in body:
        hm = _HEADING_RE.search(line)
        if hm:
            headings.append((offset + len(line), hm.group(1)))
            line = line[: hm.start()]
        kept.append(line)
        offset += len(line) + 1
    text = "\n".join(kept)

    tokens = list(tokenize(text))
    provisions, non_law = [], []
    chapter = None
    for i, tok in enumerate(tokens):
        end = tokens[i + 1]["start"] if i + 1 < len(tokens) else len(text)
        segment = _ws(text[tok["end"]:end])
        sec = tok["section"]
        ch = sec.split(".")[0]
        if chapter is None:
            chapter = ch
        elif ch != chapter:
            raise BuildError(f"{name}: section {sec} is not in chapter {chapter}")
        if tok["kind"] == "meta":
            non_law.append({"kind": tok["what"], "citation": sec, "text": segment, "source": name})
        elif tok["kind"] == "section":
            if provisions and provisions[-1]["citation"] == sec and provisions[-1]["text"] == "":
                provisions.pop()  # the section number printed twice
            entry = {"citation": sec, "section": sec, "text": segment}
            tm = _TITLE_RE.match(segment)
            if tm:
                entry["title"] = tm.group(1)
            provisions.append(entry)
        else:
            label = tok["label"]
            body_text = _ws(label + " " + segment) if label else segment
            own = _label(tok["parts"][-1])
            if not body_text.startswith(own + " ") and body_text != own:
                raise BuildError(f"{name}: text of {sec}{tok['parts']} does not start with {own!r}: "
                                 f"{body_text[:60]!r}")
            provisions.append({"citation": format_citation(sec, tok["parts"]), "section": sec,
                               "text": body_text})
    for entry in provisions:
        if not entry["text"]:
            raise BuildError(f"{name}: {entry['citation']} has no text")
    seen = [p["citation"] for p in provisions]
    if len(set(seen)) != len(seen):
        raise BuildError(f"{name}: duplicate citations")
    if seen != sorted(seen, key=sort_key):
        raise BuildError(f"{name}: provisions are not in statute order")
    for off, heading in headings:
        nxt = next((t for t in tokens if t["start"] >= off), None)
        non_law.append({"kind": "heading", "citation": nxt["section"] if nxt else None,
                        "text": heading, "source": name})
    return {"chapter": chapter, "provisions": provisions, "non_law": non_law,
            "footer_lines": len(footer)}


# --------------------------------------------------------------------------------------------
# Holes and notes

_REF_RE = re.compile(
    r"\b(?P<kind>ss|s|sub|subs|par|pars|subd|subds|Subsection|Paragraphs?)\.?\s+"
    r"(?P<body>(?:\d{3}\.\d+\s*)?(?:\((?:\w{1,4})\)\s*)*(?:\d+[a-z]?\.\s*)?(?:[a-z]\.)?)"
    r"(?P<more>(?:\s*(?:,|and|or)\s+(?:\((?:\w{1,4})\)\s*)+|\s*(?:,|and|or)\s+\d+[a-z]?\.)*)"
)


def _resolve_refs(citation: str, text: str) -> list[str]:
    """Same-chapter cross-references in a provision's text, as canonical citations."""
    section, parts = parse_citation(citation)
    paren = [p for p in parts if p.startswith("(")]
    out = []
    for m in _REF_RE.finditer(text):
        kind = m.group("kind").lower().rstrip("s") if m.group("kind") not in ("s", "ss") else "s"
        body = m.group("body").strip()
        if not body:
            continue
        extras = re.findall(r"\(\w{1,4}\)|\d+[a-z]?\.", m.group("more") or "")
        try:
            if kind == "s":
                if not re.match(r"\d{3}\.\d+", body):
                    continue
                firsts = [body]
            elif kind in ("sub", "subsection"):
                firsts = [section + body] + [section + e for e in extras if e.startswith("(")]
            elif kind in ("par", "paragraph"):
                base = format_citation(section, tuple(paren[:1]))
                firsts = [base + body] + [base + e for e in extras if e.startswith("(")]
            elif kind == "subd":
                base = format_citation(section, tuple(paren[:2]))
                firsts = [base + body] + [base + e for e in extras if not e.startswith("(")]
            else:
                continue
            for f in firsts:
                sec, p = parse_citation(f)
                if sec.split(".")[0] == section.split(".")[0]:
                    out.append(format_citation(sec, p))
        except Exception:  # noqa: BLE001 - a reference we cannot read is simply not used
            continue
    return out


def _in_range(citation: str, present_by_source: list[str]) -> bool:
    key = sort_key(citation)
    keys = [sort_key(c) for c in present_by_source]
    return any(k < key for k in keys) and any(k > key for k in keys)


def _label_text(base: int, like: str) -> str:
    """A part with ordinal `base`, in the same style as the sibling `like`."""
    if like.startswith("("):
        inner = like[1:-1]
        if inner[0].isdigit():
            return f"({base})"
        letter = chr(ord("a") + base - 1)
        return "(L)" if letter == "l" else f"({letter})"
    if like[0].isdigit():
        return str(base)
    return chr(ord("a") + base - 1)


def find_holes(provisions: list[dict]) -> tuple[list[dict], list[dict]]:
    present = {p["citation"]: p for p in provisions}
    by_source: dict[str, list[str]] = {}
    for p in provisions:
        by_source.setdefault(p["source"], []).append(p["citation"])
    holes: dict[str, tuple[str, str]] = {}
    notes: list[dict] = []

    def hole(cit, reason, source):
        if cit in present:
            return
        if cit in NOT_HOLES:
            return
        if cit in holes:
            holes[cit] = (holes[cit][0] + "; " + reason, source)
        else:
            holes[cit] = (reason, source)

    for source, cits in by_source.items():
        # every node implied by the citations present (structural parents included)
        nodes: dict[tuple[str, tuple[str, ...]], None] = {}
        for c in cits:
            sec, parts = parse_citation(c)
            for cut in range(len(parts) + 1):
                nodes[(sec, parts[:cut])] = None
        groups: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for sec, parts in nodes:
            if parts:
                groups.setdefault((sec, parts[:-1]), []).append(parts[-1])
        for (sec, prefix), labels in groups.items():
            labels = sorted(set(labels), key=label_key)
            parent = format_citation(sec, prefix)
            first = label_key(labels[0])[0]
            for base in range(1, first):
                cit = format_citation(sec, prefix + (_label_text(base, labels[0]),))
                if _in_range(cit, cits):
                    hole(cit, f"{parent} continues at {labels[0]}; {_label_text(base, labels[0])} "
                              f"is missing from the excerpt", source)
            for a, b in zip(labels, labels[1:]):
                ka, kb = label_key(a), label_key(b)
                for base in range(ka[0] + 1, kb[0]):
                    missing = _label_text(base, a)
                    cit = format_citation(sec, prefix + (missing,))
                    hole(cit, f"sequence under {parent} skips from {_label(a).rstrip('.')} to "
                              f"{_label(b).rstrip('.')}", source)
        for sec, parts in nodes:
            cit = format_citation(sec, parts)
            if cit in present or not _in_range(cit, cits):
                continue
            if not parts:
                hole(cit, "section heading and title are absent; the excerpt goes straight to "
                          "its subsections", source)
                continue
            siblings = sorted(groups[(sec, parts[:-1])], key=label_key)
            idx = siblings.index(parts[-1])
            prev = format_citation(sec, parts[:-1] + (siblings[idx - 1],)) if idx else None
            if len(parts) >= 2 and prev in present:
                hole(cit, f"lead-in text is absent: the excerpt goes from {prev} straight to "
                          f"the subdivisions of {cit}", source)
        # cross-references to provisions that the excerpt should contain but does not
        for c in cits:
            for ref in _resolve_refs(c, present[c]["text"]):
                if ref in present:
                    continue
                rsec, rparts = parse_citation(ref)
                has_descendants = any(
                    s == rsec and len(p) > len(rparts) and p[: len(rparts)] == rparts
                    for s, p in nodes
                )
                if _in_range(ref, cits) and not has_descendants:
                    hole(ref, f"cited by {c} but absent from the excerpt", source)
                elif rsec in {parse_citation(x)[0] for x in cits} and not has_descendants and \
                        sort_key(ref) > sort_key(cits[-1]):
                    notes.append({"citation": ref, "note": f"cited by {c}; beyond the end of "
                                  f"the excerpt", "source": source})
        first, last = cits[0], cits[-1]
        notes.append({"citation": first, "note": "first provision of the excerpt (it starts "
                      "mid-section; earlier provisions are not in the index)", "source": source})
        notes.append({"citation": last, "note": "last provision of the excerpt (later "
                      "provisions are not in the index)", "source": source})

    for cit, reason in EXTRA_HOLES.items():
        src = next(p["source"] for p in provisions if p["section"] == parse_citation(cit)[0])
        hole(cit, reason, src)
    for cit, note in NOT_HOLES.items():
        src = next(p["source"] for p in provisions if p["section"] == parse_citation(cit)[0])
        notes.append({"citation": cit, "note": note, "source": src})
    for cit, note in FIGURE_NOTES.items():
        notes.append({"citation": cit, "note": note, "source": present[cit]["source"]})

    hole_list = [{"citation": c, "reason": r, "source": s}
                 for c, (r, s) in sorted(holes.items(), key=lambda kv: sort_key(kv[0]))]
    uniq = {(n["citation"], n["note"]): n for n in notes}
    note_list = sorted(uniq.values(), key=lambda n: (sort_key(n["citation"]), n["note"]))
    return hole_list, note_list


# --------------------------------------------------------------------------------------------


def build(statutes_dir: str | Path = DEFAULT_DIR) -> dict:
    statutes_dir = Path(statutes_dir)
    sources, provisions, non_law = {}, [], []
    for name in SOURCES:
        path = statutes_dir / name
        if not path.is_file():
            raise BuildError(f"missing statute excerpt {path}")
        raw_bytes = path.read_bytes()
        parsed = parse_source(name, raw_bytes.decode("utf-8"))
        sources[name] = {
            "chapter": parsed["chapter"],
            "sha256": hashlib.sha256(raw_bytes).hexdigest(),
            "provisions": len(parsed["provisions"]),
            "skipped_page_metadata_lines": parsed["footer_lines"],
            # the date of the text the excerpt reproduces: neither excerpt states one (no header,
            # no "updated through" line); a handout then says "date not stated" (prose/argument.py)
            "text_date": TEXT_DATES.get(name),
        }
        for p in parsed["provisions"]:
            p["source"] = name
        provisions.extend(parsed["provisions"])
        non_law.extend(parsed["non_law"])

    provisions.sort(key=lambda p: sort_key(p["citation"]))
    index = {p["citation"]: p for p in provisions}
    out = []
    for p in provisions:
        sec, parts = parse_citation(p["citation"])
        parent = None
        for cut in range(len(parts) - 1, -1, -1):
            cand = format_citation(sec, parts[:cut])
            if cand in index:
                parent = cand
                break
        entry = {"citation": p["citation"], "chapter": sec.split(".")[0], "section": sec}
        if "title" in p:
            entry["title"] = p["title"]
        entry.update({"text": p["text"], "parent": parent, "source": p["source"]})
        out.append(entry)
    holes, notes = find_holes(out)
    non_law.sort(key=lambda n: (sort_key(n["citation"]), n["kind"]))
    return {
        "version": 1,
        "sources": sources,
        "provisions": out,
        "holes": holes,
        "notes": notes,
        "non_law": non_law,
    }


def render(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("statutes_dir", nargs="?", default=str(DEFAULT_DIR))
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--check", action="store_true", help="compare with --out instead of writing")
    args = ap.parse_args(argv)
    try:
        text = render(build(args.statutes_dir))
    except BuildError as exc:
        print(f"build_statute_index: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if args.check:
        current = out.read_text(encoding="utf-8") if out.exists() else None
        if current != text:
            print(f"{out} is out of date; run tools/build_statute_index.py", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    data = json.loads(text)
    print(f"wrote {out}: {len(data['provisions'])} provisions, {len(data['holes'])} holes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
