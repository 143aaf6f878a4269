"""Citations in the statute's style, and the address of the official online text of a section.

`s. 350.10(1)(g)` in running text, `Wis. Stat. § 350.10(1)(g)` in handouts; the link is to the
section on docs.legis.wisconsin.gov (a link in the output; nothing is fetched).
"""
from __future__ import annotations

import re

OFFICIAL = "https://docs.legis.wisconsin.gov/statutes/statutes"
_SECTION = re.compile(r"^(\d+)\.(\d+\w*)")


def cite(provision: str, style: str = "short") -> str:
    """'s. 350.10(1)(g)' / 'Wis. Stat. § 350.10(1)(g)'; a run of sections ('350.02 to 350.101') is
    plural: 'ss. 350.02 to 350.101' / 'Wis. Stat. §§ 350.02 to 350.101'."""
    if not provision:
        return ""
    plural = " to " in provision
    if style == "statute":
        return f"Wis. Stat. {'§§' if plural else '§'} {provision}"
    return f"{'ss.' if plural else 's.'} {provision}"


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
