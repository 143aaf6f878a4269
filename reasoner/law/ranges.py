"""A citation of a run of sections, such as "350.02 to 350.101" (the citation of lawful(O), which
checks every provision of the ch. 350 excerpt): the sections of the excerpt it covers, in statute
order, so that `reasoner cite` can show what a proof step citing the run rests on."""
from __future__ import annotations

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
