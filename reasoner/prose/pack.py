"""The words of printed handouts and course packs (reasoner pack): headings and labels a trainer
reads. The renderers (render/pdf.py, render/docx.py, render/pack.py) lay these out."""
from __future__ import annotations
from types import MappingProxyType
from .argument import statute_text_line

PAPERS = ("letter", "a4")


FOOTER_CHARS = 70   # the footer's left side on one line of a Letter or A4 page beside 'Page N of M'


def page_footer(name: str) -> str:
    """The footer's left side: the case (or pack) it belongs to, cut at a word to fit one line
    ('A mobile crane under an annual overweight permit for 100,000 lb weighs ...'); the right
    side is 'Page N of M'."""
    name = " ".join(name.split())
    if len(name) <= FOOTER_CHARS:
        return name
    return name[:FOOTER_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def page_words() -> tuple:
    """('Page ', ' of '): the footer's page counter reads 'Page 2 of 5'."""
    return "Page ", " of "


LABELS = MappingProxyType({
    "scenario": "The scenario",
    "who": "Who and what",
    "question": "Question",
    "answer": "Answer",
    "argument": "The argument",
    "elements": "Elements:",
    "ways": "It follows if any one of these is met:",
    "exceptions": "Exceptions:",
    "arithmetic": "Arithmetic:",
    "conclusion": "Conclusion:",
    "missing": "Facts that would decide it:",
    "presumed": "Assumed, because the case does not raise them (our reading of who must raise each):",
    "whatif": "What if?",
    "facts_used": "The facts the argument used",
    "figure": "The argument as a figure",
    "official": "official text",
    "no_facts": "(none stated in the case)",
    # the course pack
    "contents": "Contents",
    "toc_note": "Word fills in the page numbers when it opens the file (or: right-click the contents → Update Field).",
    "instructor": "Instructor's table",
    "exercises": "Exercises",
    "exercise": "Exercise",
    "key": "Answer key",
    "variation": "Variation",
    "variations": "Variations for discussion",
    "facts_given": "The facts you may use",
    "task": "Your task: answer the question, citing the provisions and stating each element and exception.",
    "var_task": "Answer the question again on the changed facts.",
    "changed": "Changed fact",
    "new_answer": "Answer on the changed facts",
    "turned_on": "What changed it",
    "student": "Student edition: the answers are in the instructor's edition.",
    "key_only": "Answer key only.",
    "skipped": "Cases left out because they could not be read",
})

TABLE_HEAD = ("Case", "Question", "Answer", "Provisions that decide it", "Readings that would change the answer")


def label(name: str) -> str:
    return LABELS[name]


def line(lead: str, status: str, because: str = "") -> tuple:
    """(before, the status words in bold, after) of an element's line in print: 'X — ', 'met', ', because Y'."""
    return (lead + (" — " if lead and status else ""), status, f", because {because}" if because else "")


def pack_cover_note(cases: int, variations: int, edition: str) -> str:
    """The cover's line under the title: '10 cases, 2 variations each at most; instructor's edition'."""
    each = f", up to {variations} variation{'s' if variations != 1 else ''} each" if variations else ""
    names = {"full": "instructor's edition (exercises and answer key)", "student": "student edition (no answers)",
             "key": "answer key"}
    return f"{cases} case{'s' if cases != 1 else ''}{each}; {names[edition]}. {statute_text_line(('348', '350'))}"


def exercise_title(n: int, title: str) -> str:
    return f"{LABELS['exercise']} {n}. {title}"


def key_title(n: int, title: str) -> str:
    return f"{LABELS['key']}, exercise {n}. {title}"


def variation_title(n: int, k: int) -> str:
    return f"{LABELS['variation']} {n}.{k}"


def readings_cell(turns, not_checked: str = "") -> str:
    """The readings that would change the answer (prose/answers.py turn_parts), each a sentence:
    '“and 7 a.m.” (s. 350.10(1)(g)): read otherwise (an operation at exactly 07:00 is no longer
    between the hours), it would be lawful.'; 'none' when no other reading changes it; when the
    readings were not tried, that they were not and why (never 'none' for an answer not checked)."""
    if not_checked:
        return f"Not checked: {not_checked.rstrip('.')}."
    said = [f"“{_plain(text)}”{where}: read otherwise ({_plain(other_words)}), {_plain(answer)}."
            for text, where, other_words, answer in turns]
    return " ".join(said) if said else "none"


def _plain(text: str) -> str:
    """Words set inside the cell's own quotation marks: their double quotes made single, so that the
    cell's quotation marks pair up."""
    return str(text).replace("“", "‘").replace("”", "’").replace('"', "'")


def default_title(question: str) -> str:
    """The cover's title when --title is not given: the question the pack is about."""
    return f"Course pack: {question.rstrip('?')}"


def instructor_row(n, title, argument, cite, readings: str = "none") -> tuple:
    """(exercise, question, answer, provisions, readings) of the instructor's table; readings: the
    readings that would change the answer (readings_cell)."""
    provisions = "; ".join(cite(p.citation) for p in argument.provisions if p.citation) or "none"
    return (f"{n}. {title}", argument.question, argument.short, provisions, readings)


def variation_question(facts) -> str:
    """'What if the trail had been 40 feet from the roadway?' from the changed facts in words."""
    text = "; and ".join(f.rstrip(".") for f in facts)
    return f"What if {text}?"


def variation_key(short: str, moved: str, elements) -> tuple:
    """(the answer on the changed facts, what changed it) in the key."""
    changed = "; ".join(elements) if elements else ""
    lead = ("The element that changes: " if len(elements) == 1 else "The elements that change: ") + changed + "."
    return short, " ".join(t for t in (lead if changed else "", moved) if t)
