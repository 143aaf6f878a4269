"""The server's one door into the answering pipeline: the public functions the command line calls
(the Question of answer/question.py, its what-if, apps/export, apps/interview), wrapped so that each request answers
under its own Settings and the same time limit as the CLI. Nothing here re-implements answering."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from types import SimpleNamespace
    from ..answer.answering import Answer
    from ..answer.question import Question
    from ..apps.interview import Interview, Prompt, PresumedPrompt
    from ..answer.whatif import WhatIf
    from ..core.settings import Settings
    from ..engine.rulebase import Rulebase
    from ..facts.case import Case
    from ..language.ast import Atom, Program
    from ..law.index import StatuteIndex
    from ..law.queries import SavedQuery


@dataclass(frozen=True)
class Asked:
    """One answered question: the Question (what the what-if and the exports ask again) and its Answer."""
    question: Question
    answer: Answer


def rulebase(settings: Settings) -> Rulebase:
    from ..answer.answering import load_law
    return load_law(settings.readings)


def ask(case: str | dict[str, Any], query: str, settings: Settings, name: str | None = None, text: str | None = None) -> Asked:
    """Answer query about case (a path or a case dict) as `reasoner ask` does, under settings; with
    text, the case file's text (case its path, for the error locations), read as the file would be.
    Through the one Question (answer/answering.py): resolved, checked, loaded, answered and given
    its interpretation record there."""
    from ..answer.answering import check_case_argument, check_query_argument
    from ..answer.question import Question
    from ..core.deadline import time_limit
    from ..core.settings import use
    check_case_argument(case)
    check_query_argument(query)
    with use(settings), time_limit(settings.time_limit, "answering the question"):
        q = Question.of(case, query, rulebase(settings), settings, name, text=text)
        answer = q.answer()
    return Asked(q, answer)


def whatif(asked: Asked, settings: Settings, limit: int = 10) -> WhatIf:
    from ..core.deadline import time_limit
    from ..core.record import replace
    from ..core.settings import use
    with use(settings), time_limit(settings.time_limit, "looking for the nearest changes"):
        # the question asked, under this request's settings
        return replace(asked.question, settings=settings).whatif(base=asked.answer, max_results=limit)


def whatif_dict(asked: Asked, result: WhatIf) -> dict[str, Any]:
    """The JSON of `reasoner whatif --format json` (without the case path)."""
    a = asked.answer
    return {"schema": 2, "command": "whatif", "query": a.query, "answer": a.answer, "presumed": a.presumed,
            "summary": result.summary(), "searched": result.searched, "tried": result.tried,
            "truncated": result.truncated,
            "found": [{"changes": size, "outcome": kind, "count": n}
                      for (size, kind), n in sorted(result.counts.items())],
            "outcomes": [o.as_dict(None) for o in result.outcomes]}


def answer_json(answer: Answer) -> dict[str, Any]:
    """The JSON of `reasoner ask --format json`."""
    import json
    from ..render.jsonout import answer_dict, dumps
    data: dict[str, Any] = json.loads(dumps(answer_dict(answer)))
    return data


def sentence(answer: Answer) -> str:
    from ..render.handout import answer_sentence
    said: str = answer_sentence(answer)
    # what the answer holds on that no fact states (answer/timing.py), as ask says it below its answer
    assumed = dict.fromkeys(str(a.get("sentence") or "") for a in getattr(answer, "assumed", None) or [])
    return " ".join([said, *(a for a in assumed if a)])


def argument_text(answer: Answer) -> str:
    return answer.argument_text(width=100)


def export(asked: Asked, fmt: str, settings: Settings) -> str | bytes:
    """(content, media type) of one export format, as `reasoner export --to fmt` writes it."""
    from ..apps.export import export_files
    from ..core.deadline import time_limit
    from ..core.record import replace
    from ..core.settings import use
    with use(settings), time_limit(settings.time_limit, "exporting the answer"):
        files = export_files(fmt, asked.answer, None, question=replace(asked.question, settings=settings))
    return files[0][1]


NO_FIGURE = "The figure needs matplotlib, which is not installed (pip install 'reasoner[export]')."


def figure_svg(answer: Answer) -> str:
    """The argument's figure as SVG; '' when matplotlib is not installed (the page says so instead of
    failing: the web extra alone answers and argues)."""
    import importlib.util
    if importlib.util.find_spec("matplotlib") is None:
        return ""
    from ..render.figure import render_argument_figure
    svg = render_argument_figure(answer.argument, "svg")
    return svg.decode("utf-8") if isinstance(svg, bytes) else svg


def vocabulary(settings: Settings, kind: str | None = None) -> dict[str, Any]:
    from ..facts.vocab import vocabulary as vocab
    return vocab(rulebase(settings).checked.program, kind)


def queries(settings: Settings) -> list[dict[str, Any]]:
    from ..apps.catalog import saved_query_rows
    return saved_query_rows(rulebase(settings).checked.program)


def readings(settings: Settings) -> list[dict[str, Any]]:
    from ..language.readings import listing
    return listing(rulebase(settings).source)


def statute_index() -> StatuteIndex:
    from ..law.index import default_index
    return default_index()


def provision_level(index: StatuteIndex, citation: str) -> SimpleNamespace | None:
    """A citation the excerpt has subdivisions of but no text of its own for (s. 350.02,
    348.21(3)(b)) as the provision page shows it: its subdivisions' text laid out as `reasoner cite`
    does, and its direct subdivisions; None when it has neither."""
    from types import SimpleNamespace
    from ..core.errors import ReasonerError
    from ..law.index import MalformedCitation, format_citation, parse_citation
    from ..render.cite import cite_lines
    try:
        tree = index.subtree(citation)
    except ReasonerError:
        return None
    if isinstance(tree, dict) is False or not tree["subdivisions"]:
        return None
    try:
        section, parts = parse_citation(tree["citation"])
    except MalformedCitation:
        return None
    lines = cite_lines(tree)
    text = (f"The text of {tree['citation']} itself is not in the excerpt; its subdivisions in the excerpt "
            "follow.\n" + "\n".join(lines[1:]))
    children = [SimpleNamespace(citation=n["citation"],
                                text=n["text"] or n["hole"] or "(no text of its own in the excerpt; its "
                                                               "subdivisions follow)")
                for n in tree["subdivisions"]]
    return SimpleNamespace(citation=tree["citation"], title=None, text=text, children=children,
                           parent=format_citation(section, parts[:-1]) if parts else None)


def program(settings: Settings) -> Program:
    return rulebase(settings).checked.program


def edit_text(text: str, changes: list[tuple[str, str, object]], data: dict[str, Any],
              added: dict[str, str] | None = None, gone: Iterable[str] = ()) -> tuple[str, bool]:
    """(new text, kept): the case text without the entities of gone, with those of added ({id:
    kind}) and the (entity, attribute, value) changes written in, as `interview --save` does
    (comments and layout kept); when it cannot be edited in place, the case data written in full
    (kept False)."""
    from ..apps.case_edit import EditError, add_entity_text, edit_case_text, remove_entity_text
    from ..apps.interview import CaseDumper, dump_yaml
    try:
        for entity in gone:
            text = remove_entity_text(text, entity)
        for entity, kind in (added or {}).items():
            text = add_entity_text(text, entity, kind, CaseDumper)
        return edit_case_text(text, changes, CaseDumper), True
    except EditError:
        return dump_yaml(data), False


def case_text(description: str, entity: str, kind: str, name: str) -> str:
    """The text of a new case with one entity (its type and name), as the form starts one."""
    from ..apps.interview import dump_yaml
    body = {"type": kind, **({"name": name} if name else {})}
    return dump_yaml({"description": description, "entities": {entity: body}})


def write(path: Path, text: str, settings: Settings) -> None:
    """Write a case file atomically (a FIFO waited for at most the settings' time limit)."""
    from ..core.atomic import write_atomic
    write_atomic(path, text, wait=settings.time_limit)


def interview(case_path: Path, query: str, settings: Settings,
              replies: Iterable[str]) -> tuple[Interview, Prompt | PresumedPrompt | None]:
    """An Interview of case_path replayed through replies (the texts typed so far, in order); returns
    (interview, next question or None, the reply function for it)."""
    from ..apps.interview import Interview
    from ..core.deadline import time_limit
    from ..core.settings import use
    from ..law.queries import check_atom, resolve
    with use(settings), time_limit(settings.time_limit, "running the interview"):
        rb = rulebase(settings)
        atom, saved = resolve(query)
        atom = check_atom(atom, rb.checked)
        it = Interview(rb, str(case_path), atom, saved)
        for text in replies:
            q, reply = _next(it)
            if q is None:
                break
            reply(q, text)
        q, reply = _next(it)
    return it, q


def _next(it: Interview) -> tuple[Prompt | PresumedPrompt | None, Callable[[Any, str], object]]:

    q = it.next_question() if it.answer.answer == "undetermined" else None
    if q is not None:
        return q, it.reply
    return it.presumption_question(), it.reply_presumed
