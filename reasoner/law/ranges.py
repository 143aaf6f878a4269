"""A citation of a run of sections, such as "350.02 to 350.101" (the citation of lawful(O), which
checks every provision of the ch. 350 excerpt): the sections of the excerpt it covers, in statute
order, so that `reasoner cite` can show what a proof step citing the run rests on."""
from __future__ import annotations

import re

from .index import parse_citation, sort_key


def section_run(index, citation: str) -> list[tuple[str, str | None]] | None:
    """[(section, title)] of every section of the excerpt from the first end to the last, both
    included; None when CITATION is not a run whose two ends are sections in the index."""
    parts = citation.split(" to ")
    if len(parts) != 2:
        return None
    first, last = (p.strip() for p in parts)
    sections: dict[str, str | None] = {}
    for prov in index:
        sections.setdefault(prov.section, None)
        if prov.citation == prov.section:
            sections[prov.section] = prov.title
    if first not in sections or last not in sections:
        return None
    lo, hi = sort_key(first), sort_key(last)
    run = [s for s in sections if parse_citation(s)[0] == s and lo <= sort_key(s) <= hi]
    return [(s, sections[s]) for s in sorted(run, key=sort_key)]


def excerpt_span(index, citation: str) -> str | None:
    """The provisions the excerpt actually holds of a run of sections, first to last in statute order:
    '350.02(2)(a)4 to 350.101(1)(d)' for '350.02 to 350.101' (the excerpt of s. 350.02 starts at
    (2)(a)4, so 'ss. 350.02 to 350.101' overstates it; trainer review 10, G3). None when CITATION is
    not a run or the excerpt holds nothing of it."""
    parts = citation.split(" to ")
    if len(parts) != 2:
        return None
    try:
        lo = sort_key(parse_citation(parts[0].strip())[0])
        hi_section = parse_citation(parts[1].strip())[0]
    except Exception:  # noqa: BLE001 - not a run of citations
        return None
    inside = [p.citation for p in index
              if lo <= sort_key(p.section) <= sort_key(hi_section)]
    if not inside:
        return None
    inside.sort(key=sort_key)
    return f"{inside[0]} to {inside[-1]}" if len(inside) > 1 else inside[0]


def chapter_span(index, chapter: str) -> str | None:
    """'350.02(2)(a)4 to 350.101(1)(d)': the first and last provision the excerpt holds of CHAPTER."""
    inside = sorted((p.citation for p in index if str(p.chapter) == str(chapter)), key=sort_key)
    if not inside:
        return None
    return f"{inside[0]} to {inside[-1]}" if len(inside) > 1 else inside[0]


_EXCERPT = re.compile(r"\{excerpt (\d+)\}")


def excerpt_range(index, chapter: str) -> str:
    """'the ch. 350 excerpt (ss. 350.02(2)(a)4 to 350.101(1)(d))': the chapter's excerpt named with
    the first and last provision it holds, read from the loaded excerpt (never a fixed range)."""
    span = chapter_span(index, chapter)
    if not span:
        return f"the ch. {chapter} excerpt"
    return f"the ch. {chapter} excerpt ({'ss.' if ' to ' in span else 's.'} {span})"


def with_excerpt_ranges(index, text: str) -> str:
    """TEXT with each '{excerpt 350}' (a saved question's description) named as excerpt_range does."""
    return _EXCERPT.sub(lambda m: excerpt_range(index, m.group(1)), text)
