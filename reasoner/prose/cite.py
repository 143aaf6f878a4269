"""Citations in the statute's style, and the address of the official online text of a section.

`s. 350.10(1)(g)` in running text and in a handout's headings alike, the style of the excerpt itself
(trainer review 16, G8: 'Wis. Stat. §' headings over 's.' text); 'Wis. Stat.' names only the chapter a
handout is prepared from. `Wis. Stat. § 350.10(1)(g)` (style 'statute') is kept for a caller that
needs the formal form; the link is to the
section on docs.legis.wisconsin.gov (a link in the output; nothing is fetched).
"""
from __future__ import annotations

import re

OFFICIAL = "https://docs.legis.wisconsin.gov/statutes/statutes"
_SECTION = re.compile(r"^(\d+)\.(\d+\w*)")


def cite(provision: str, style: str = "short") -> str:
    """'s. 350.10(1)(g)' / 'Wis. Stat. § 350.10(1)(g)'; a run of sections ('350.02 to 350.101') is
    plural and names what the loaded excerpt holds of it, its first and last provision: 'ss.
    350.02(2)(a)4 to 350.101(1)(d)' / 'Wis. Stat. §§ 350.02(2)(a)4 to 350.101(1)(d)' (the excerpt of
    s. 350.02 starts at (2)(a)4: 'ss. 350.02 to 350.101' overstated it, trainer review 10, G3). A run
    the excerpt holds nothing of ('348.15 to 348.17', named by the statute) is cited as given."""
    if not provision:
        return ""
    plural = " to " in provision
    if plural:
        provision = _in_excerpt(provision)
    if style == "statute":
        return f"Wis. Stat. {'§§' if plural else '§'} {provision}"
    return f"{'ss.' if plural else 's.'} {provision}"


def cite_with(provision: str, others) -> str:
    """'s. 350.101(1)(b), (d)': a provision cited with others of the same subsection, each by its own
    last part; others differing higher up are cited whole ('ss. 350.101(1)(b) and 350.10(1)')."""
    out = [provision]
    head = provision.rsplit("(", 1)[0] if "(" in provision else ""
    for o in others:
        out.append(o[len(head):] if head and o.startswith(head) and "(" not in o[len(head) + 1:] else o)
    if all(x.startswith("(") for x in out[1:]):
        return "s. " + ", ".join(out)
    return "ss. " + ", ".join(out[:-1]) + f" and {out[-1]}"


def _in_excerpt(run: str) -> str:
    from ..core import shelf
    from ..law.index import default_index
    from ..law.ranges import excerpt_span
    return shelf.PROCESS.get(("excerpt span", run), lambda: excerpt_span(default_index(), run) or run)


def statute_url(provision: str) -> str:
    """https://docs.legis.wisconsin.gov/statutes/statutes/350/10 for 350.10(1)(g) ('' if not a section)."""
    m = _SECTION.match(provision or "")
    if not m:
        return ""
    return f"{OFFICIAL}/{m.group(1)}/{m.group(2)}"


def excerpt_note(index, provision: str) -> str:
    """The law the quoted text comes from, named as the law: 'Wis. Stat. ch. 350, excerpt' (never
    the file it was read from; '' when the index does not say)."""
    if index is None or not provision or provision not in index:
        return ""
    source = getattr(index.get(provision), "source", "") or ""
    sources = getattr(index, "sources", None) or {}
    info = sources.get(source, {}) if isinstance(sources, dict) else {}
    chapter = (info.get("chapter", "") if isinstance(info, dict) else "") or getattr(index.get(provision), "chapter", "")
    date = info.get("date", "") if isinstance(info, dict) else ""
    if not chapter:
        return ""
    return f"Wis. Stat. ch. {chapter}, excerpt" + (f" ({date})" if date else "")
