"""The statute index: canonical citation -> verbatim provision text.

The data lives in ``statutes.json`` next to this module; it is generated from the statute excerpts
by ``tools/build_statute_index.py`` (never edit it by hand).

Canonical citation form: no spaces, no trailing period, subsections and paragraphs in parentheses,
subdivisions and subdivision paragraphs joined with ``.``::

    350.02  350.02(2)(b)  350.02(2)(b)4  350.02(2)(b)4.a  348.25(8)(a)2m  350.10(1)(L)

Importing this module only reads JSON (lazily, in :func:`default_index`).
"""
from __future__ import annotations

import re
from ..core.record import record
from ..core import shelf
from pathlib import Path

from reasoner.core.errors import ReasonerError, clip, shown

DATA_FILE = "statutes.json"

__all__ = (
    "Hole",
    "MalformedCitation",
    "Provision",
    "StatuteIndex",
    "UnknownCitation",
    "default_index",
    "normalize",
    "parse_citation",
    "sort_key",
    "row_order",
    "statute_order",
)


class UnknownCitation(ReasonerError):
    """A citation that is not in the statute index."""


class MalformedCitation(UnknownCitation):
    """A string that cannot be read as a statute citation at all."""


@record(frozen=True)
class Provision:
    citation: str
    chapter: str
    section: str
    text: str
    parent: str | None
    title: str | None = None
    source: str | None = None


@record(frozen=True)
class Hole:
    """A subdivision that the statute has but the excerpt skips."""

    citation: str
    reason: str
    source: str | None = None


# --------------------------------------------------------------------------------------------
# Citation syntax

_PREFIX_RE = re.compile(
    r"^\s*(?:wis\.?\s*stats?\.?\s*)?(?:§§?\s*|ss?\.\s*|secs?\.\s*|sections?\s+)?", re.IGNORECASE
)
_SECTION_RE = re.compile(r"(\d{1,3})\.(\d+)")
# after the section: parenthesised parts, then a subdivision number, then a subdivision paragraph
_PART_RE = re.compile(r"\(\s*([0-9A-Za-z]{1,4})\s*\)|(\d+[A-Za-z]?)|([A-Za-z])")
_SEPARATORS = " \t\n."
# the end of a sentence in a provision's text: a period before the next sentence's first word (a
# capital letter); "s. 348.26", "subs. (3)" and "U.S. numbered" end none
_SENTENCE_END = re.compile(r"\.(?=\s+[A-Z])")


def _norm_paren(label: str) -> str:
    if label in ("l", "L"):
        return "L"  # Wisconsin prints paragraph (L) in capitals so it is not read as (1)
    return label.lower()


def parse_citation(text: str) -> tuple[str, tuple[str, ...]]:
    """Split a citation into (section, parts); parts look like ``("(2)", "(b)", "4", "a")``.

    Accepts user spellings such as ``"s. 350.02 (2) (b) 4."`` or ``"350.02(2)(b)4.a."``.
    Raises MalformedCitation when the string is not a citation.
    """
    if not isinstance(text, str):
        raise MalformedCitation(f"not a statute citation: {shown(text)}")
    rest = _PREFIX_RE.sub("", text, count=1)
    m = _SECTION_RE.match(rest)
    if not m:
        raise MalformedCitation(
            f"not a statute citation: {shown(text)}", hint='write it like "350.02(2)(b)4.a"'
        )
    section = f"{int(m.group(1))}.{m.group(2)}"
    parts: list[str] = []
    stage = 0  # 0: parentheses allowed, 1: after the subdivision number, 2: after the letter
    pos = m.end()
    while pos < len(rest):
        if rest[pos] in _SEPARATORS:
            pos += 1
            continue
        pm = _PART_RE.match(rest, pos)
        if not pm:
            raise MalformedCitation(
                f"not a statute citation: {shown(text)} (unexpected {shown(rest[pos:])})",
                hint='write it like "350.02(2)(b)4.a"',
            )
        paren, number, letter = pm.groups()
        if paren is not None and stage == 0:
            parts.append(f"({_norm_paren(paren)})")
        elif number is not None and stage == 0 and not parts:
            # "350.10 1 g": a bare number right after the section is not a subdivision (those follow a
            # paragraph); it used to run into the section number (350.101.g). Ask for parentheses.
            raise MalformedCitation(f"ambiguous citation: {shown(text)} (a number right after the section)",
                                    hint=f"did you mean {_spaced_suggestion(section, rest[pos:])!r}? "
                                         "write subsections and paragraphs in parentheses")
        elif number is not None and stage == 0:
            # a separate letter after a number ("4 a", "4.a") is the subdivision paragraph
            parts.append(number.lower())
            stage = 1
        elif letter is not None and stage == 1:
            parts.append(letter.lower())
            stage = 2
        else:
            raise MalformedCitation(
                f"not a statute citation: {shown(text)} (misplaced {pm.group(0)!r})",
                hint='write it like "350.02(2)(b)4.a"',
            )
        pos = pm.end()
    return section, tuple(parts)


def _spaced_suggestion(section: str, rest: str) -> str:
    """ "1 g" after 350.10 -> 350.10(1)(g); "2 b 4 a" -> (2)(b)4.a: subsection, paragraph in
    parentheses, then subdivision and subdivision paragraph."""
    tokens = re.findall(r"\d+[A-Za-z]?|[A-Za-z]", rest)
    out = section
    for i, tok in enumerate(tokens):
        out += f"({_norm_paren(tok)})" if i < 2 else (tok.lower() if i == 2 else "." + tok.lower())
    return out


def format_citation(section: str, parts: tuple[str, ...] | list[str]) -> str:
    parens = "".join(p for p in parts if p.startswith("("))
    subs = ".".join(p for p in parts if not p.startswith("("))
    return section + parens + subs


def _part_label(parts, base_len: int) -> str:
    """How a subdivision is named under its provision: "(a)", "(3g)", "4", and "4.b" for a
    subdivision paragraph (its subdivision's number with it, as the statute cites it)."""
    if not parts:
        return ""
    last = parts[-1]
    if last.startswith("("):
        return last
    if len(parts) >= 2 and not parts[-2].startswith("(") and last.isalpha():
        return f"{parts[-2]}.{last}"
    return last


def normalize(text: str) -> str:
    """The canonical form of a citation (it need not exist in the index)."""
    section, parts = parse_citation(text)
    return format_citation(section, parts)


_LABEL_RE = re.compile(r"(\d+)([A-Za-z]*)$")


def label_key(part: str) -> tuple[int, str]:
    """Ordinal of one part: ``(3g)`` -> (3, "g"), ``(dm)`` -> (4, "m"), ``(L)`` -> (12, "")."""
    label = part.strip("()")
    m = _LABEL_RE.match(label)
    if m:
        return int(m.group(1)), m.group(2).lower()
    label = label.lower()
    return ord(label[0]) - ord("a") + 1, label[1:]


def sort_key(citation: str) -> tuple:
    """Statute order: 348.21(3)(b)2.e < 348.21(3g) < 350.045 < 350.05 < 350.10(1)(L) < 350.101."""
    section, parts = parse_citation(citation)
    chapter, _, fraction = section.partition(".")
    # section numbers are decimals: 350.045 < 350.05 < 350.10 < 350.101
    return (int(chapter), fraction.rstrip("0"), tuple(label_key(p) for p in parts))


def statute_order(citations) -> list:
    """The citations in statute order (sort_key: 350.10(1)(a) before 350.10(1)(L), (3) before (3g)
    before (4), 350.045 before 350.05), never as plain strings, where 'L' sorts before 'a'. Anything
    that is not a citation goes last, in string order."""
    def key(citation):
        try:   # a run of sections ("350.02 to 350.101") sorts where its first one does
            return (0, sort_key(str(citation).split(" to ")[0]), citation)
        except MalformedCitation:
            return (1, (), str(citation))
    return sorted(citations, key=key)


_LOOKS_CITED = re.compile(r"^\d{3}\.\d")


def row_order(row) -> tuple:
    """A key that orders rows of values as a person reads them: a value that is a statute citation
    in statute order (so `violation(op1, P)` lists 350.10(1)(a) before 350.10(1)(L)), any other by
    its repr, as before."""
    out = []
    for value in row:
        if isinstance(value, str) and _LOOKS_CITED.match(value):
            try:
                out.append((0, sort_key(value), value))
                continue
            except MalformedCitation:
                pass
        out.append((1, (), repr(value)))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# The index


class StatuteIndex:
    """Citation -> Provision for the statute excerpts bundled with the package."""

    def __init__(self, data: dict):
        self.version = data.get("version")
        self.sources = dict(data.get("sources", {}))
        self._provisions: dict[str, Provision] = {}
        for item in data["provisions"]:
            prov = Provision(
                citation=item["citation"],
                chapter=item["chapter"],
                section=item["section"],
                text=item["text"],
                parent=item.get("parent"),
                title=item.get("title"),
                source=item.get("source"),
            )
            self._provisions[prov.citation] = prov
        self._holes = {
            h["citation"]: Hole(h["citation"], h["reason"], h.get("source"))
            for h in data.get("holes", [])
        }
        self._notes = tuple(dict(n) for n in data.get("notes", []))
        self._non_law = tuple(dict(n) for n in data.get("non_law", []))
        self._parsed = {c: parse_citation(c) for c in self._provisions}

    def text_date(self, chapter: str) -> str | None:
        """The date (or version) of the statute text the excerpt of `chapter` reproduces, as the
        law's data gives it (statutes.json sources[...]["text_date"]); None when not stated."""
        for src in self.sources.values():
            if str(src.get("chapter")) == str(chapter) and src.get("text_date"):
                return str(src["text_date"])
        return None

    @classmethod
    def load(cls, path: str | Path | None = None) -> "StatuteIndex":
        if path is None:
            try:
                from importlib.resources import files

                raw = files("reasoner.law").joinpath(DATA_FILE).read_text(encoding="utf-8")
            except (ModuleNotFoundError, FileNotFoundError, OSError):
                raw = (Path(__file__).with_name(DATA_FILE)).read_text(encoding="utf-8")
        else:
            raw = Path(path).read_text(encoding="utf-8")
        import json   # only when the index is built from its file (not from the law cache)
        return cls(json.loads(raw))

    # -- lookup ---------------------------------------------------------------------------

    @staticmethod
    def normalize(citation: str) -> str:
        return normalize(citation)

    def __contains__(self, citation: object) -> bool:
        if not isinstance(citation, str):
            return False
        if citation in self._provisions:   # already canonical (the index's own keys are)
            return True
        try:
            return normalize(citation) in self._provisions
        except MalformedCitation:
            return False

    def __len__(self) -> int:
        return len(self._provisions)

    def __iter__(self):
        return iter(self._provisions.values())

    def get(self, citation: str) -> Provision:
        prov = self._provisions.get(citation)
        if prov is not None:
            return prov
        canonical = normalize(citation)
        prov = self._provisions.get(canonical)
        if prov is not None:
            return prov
        suggestions = self.nearest(canonical, n=3)
        hint = f"did you mean: {', '.join(suggestions)}" if suggestions else None
        hole = self._holes.get(canonical)
        if hole is not None:
            message = f"statute citation {canonical} is not in the excerpt ({hole.reason})"
        else:
            message = f"unknown statute citation {clip(canonical)}"
        raise UnknownCitation(message, hint=hint)

    def sentence(self, citation: str, first_words: str) -> str | None:
        """The sentence of the provision's text that opens with ``first_words``, in the statute's
        exact words, from those words to the end of the sentence (a period, before the next sentence's
        capital letter or the end of the text). None when no sentence, or more than one, opens with
        them (a sentence opens the text, after its label "(b)" or "4.", or follows a period)."""
        found = self.sentences_opening(citation, first_words)
        return found[0] if len(found) == 1 else None

    def sentences_opening(self, citation: str, first_words: str) -> list[str]:
        """Every sentence of the provision's text that opens with ``first_words`` (see sentence)."""
        text = self.get(citation).text
        words = " ".join(str(first_words).split())
        out: list[str] = []
        if not words:
            return out
        for m in re.finditer(re.escape(words), text):
            before = text[:m.start()].rstrip()
            if before and not re.fullmatch(r"\(\w{1,4}\)|\w{1,4}\.", before) and not before.endswith("."):
                continue
            end = _SENTENCE_END.search(text, m.end())
            said = text[m.start():end.start() + 1 if end else len(text)].rstrip()
            if said not in out:
                out.append(said)
        return out

    def citations(self) -> list[str]:
        """All citations in statute order."""
        return list(self._provisions)

    def provisions(self, chapter: str | None = None) -> list[Provision]:
        return [p for p in self._provisions.values() if chapter is None or p.chapter == chapter]

    def children(self, citation: str) -> list[Provision]:
        canonical = normalize(citation)
        return [p for p in self._provisions.values() if p.parent == canonical]

    def subtree(self, citation: str) -> dict:
        """The provision with every subdivision below it, in statute order, as nested dicts:
        {"citation", "label", "text", "hole" (the reason, for a subdivision the excerpt skips; ""
        otherwise), "subdivisions": [...]}. A level the excerpt has no text of its own for (s.
        348.21 (2) has only its paragraphs) appears as a node with no text, holding its
        subdivisions; the excerpt's named holes appear where the statute has them. A citation
        whose own text the excerpt lacks but whose subdivisions it has (s. 350.02, whose subsections
        (2)(b) to (4) are in it) is such a node too, with "own_text" False; a citation with neither
        is UnknownCitation."""
        canonical = citation if citation in self._provisions else normalize(citation)
        root = self._provisions.get(canonical)
        section, base = parse_citation(canonical)
        below: dict = {}   # parts -> ("text", Provision) | ("hole", Hole)
        for prov in self._provisions.values():
            s, parts = self._parsed[prov.citation]
            if s == section and len(parts) > len(base) and parts[:len(base)] == base:
                below[parts] = ("text", prov)
        for hole in self._holes.values():
            try:
                s, parts = parse_citation(hole.citation)
            except MalformedCitation:
                continue
            if s == section and len(parts) > len(base) and parts[:len(base)] == base:
                below.setdefault(parts, ("hole", hole))
        for parts in list(below):   # the levels between, so that each node hangs under its own
            for n in range(len(base) + 1, len(parts)):
                below.setdefault(parts[:n], ("level", None))

        def node(parts, kind, item):
            cit = format_citation(section, parts)
            kids = sorted((p for p in below if len(p) == len(parts) + 1 and p[:len(parts)] == parts),
                          key=lambda p: tuple(label_key(x) for x in p))
            return {"citation": cit, "label": _part_label(parts, len(base)),
                    "text": item.text if kind == "text" else "",
                    "hole": item.reason if kind == "hole" else "",
                    "subdivisions": [node(k, *below[k]) for k in kids]}

        if root is None and not below:
            self.get(citation)   # neither its text nor any subdivision: the unknown-citation error
        out = node(base, "text", root) if root is not None else node(base, "level", None)
        out["label"] = canonical
        out["own_text"] = root is not None   # False: only its subdivisions are in the excerpt
        return out

    def holes(self) -> list[Hole]:
        """Subdivisions the excerpt skips (statute order), each with a reason."""
        return list(self._holes.values())

    def parsed_holes(self) -> list[tuple[Hole, tuple[str, tuple[str, ...]]]]:
        """Each hole with its citation parsed (parse_citation; a malformed one left out), worked
        out once per index: every argument reads them."""
        kept: list[tuple[Hole, tuple[str, tuple[str, ...]]]] | None = self.__dict__.get("_parsed_holes")
        if kept is None:
            kept = []
            for hole in self._holes.values():
                try:
                    kept.append((hole, parse_citation(hole.citation)))
                except MalformedCitation:
                    continue
            self.__dict__["_parsed_holes"] = kept
        return list(kept)

    def hole(self, citation: str) -> Hole | None:
        try:
            return self._holes.get(normalize(citation))
        except MalformedCitation:
            return None

    def notes(self) -> list[dict]:
        return [dict(n) for n in self._notes]

    def non_law(self) -> list[dict]:
        """History notes, annotations and headings found in the excerpts (not law)."""
        return [dict(n) for n in self._non_law]

    # -- suggestions ----------------------------------------------------------------------

    def nearest(self, citation: str, n: int = 5) -> list[str]:
        """Existing citations closest to ``citation`` (which need not exist).

        Order: adjacent siblings, the citation's own children, its closest existing ancestor,
        further siblings, then fuzzy string matches.
        """
        import difflib

        if n <= 0:
            return []
        try:
            section, parts = parse_citation(citation)
            canonical = format_citation(section, parts)
        except MalformedCitation:
            section, parts, canonical = None, (), str(citation).strip()

        ranked: list[str] = []

        def add(items):
            for c in items:
                if c != canonical and c not in ranked:
                    ranked.append(c)

        if section is not None:
            depth = len(parts)
            if depth:
                prefix = parts[:-1]
                target = label_key(parts[-1])
                siblings = [
                    c
                    for c, (s, p) in self._parsed.items()
                    if s == section and len(p) == depth and p[:-1] == prefix
                ]
                siblings.sort(key=lambda c: (self._distance(self._parsed[c][1][-1], target), sort_key(c)))
                close = [c for c in siblings if self._distance(self._parsed[c][1][-1], target) <= 1]
            else:
                siblings, close = [], []
            children = [
                c
                for c, (s, p) in self._parsed.items()
                if s == section and len(p) == depth + 1 and p[:depth] == parts
            ]
            ancestor = None
            for cut in range(depth - 1, -1, -1):
                candidate = format_citation(section, parts[:cut])
                if candidate in self._provisions:
                    ancestor = candidate
                    break
            add(close)
            add(children)
            if ancestor:
                add([ancestor])
            add(siblings)
        if len(ranked) < n:
            pool = [c for c in self._provisions if c not in ranked and c != canonical]
            add(difflib.get_close_matches(canonical, pool, n=n - len(ranked), cutoff=0.6))
        return ranked[:n]

    @staticmethod
    def _distance(part: str, target: tuple[int, str]) -> float:
        base, suffix = label_key(part)
        return abs(base - target[0]) + (0.5 if suffix != target[1] else 0)


def default_index() -> StatuteIndex:
    """The bundled index, loaded once per process (kept on the process's shelf, core/shelf.py)."""
    return shelf.PROCESS.get(("index",), StatuteIndex.load)
