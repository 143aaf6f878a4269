"""One door into answering: every question is answered through the Question of
answer/answering.py (answer/question.py). Outside reasoner/answer/ no module calls `answer_case`
or `with_interpretation` itself, under whatever name it imported them; the package has one class
named Question. What-if's changed cases, debug's changed cases and laws, a related question, an
interview's case after each reply and a batch's case are Questions too (Question.about), so the
list of places allowed to call them directly is empty."""
from __future__ import annotations

import ast
from pathlib import Path

import reasoner
from reasoner.answer.answering import Question
from reasoner.core.settings import Settings, use

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reasoner"
DOOR = PACKAGE / "answer"
INSIDE = ("answer_case", "with_interpretation")    # the steps behind the door
# modules outside reasoner/answer/ allowed to call them directly, and why: none needs to
ALLOWED: dict[str, str] = {}


def direct_calls(source: str) -> list:
    """(line, name) of each call in `source` of answer_case or with_interpretation: by the name
    imported (also renamed: `import answer_case as ac`), or as a module's attribute
    (`answering.answer_case(...)`)."""
    tree = ast.parse(source)
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.name in INSIDE:
                    names[a.asname or a.name] = a.name
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in names:
            found.append((node.lineno, names[f.id]))
        elif isinstance(f, ast.Attribute) and f.attr in INSIDE:
            found.append((node.lineno, f.attr))
    return found


def test_the_finder_finds_calls_under_any_name():
    source = ("from ..answer.answering import answer_case as ac, with_interpretation\n"
              "from ..answer import answering as decisions\n"
              "def f(rb, c, a):\n"
              "    x = ac(rb, c, a, None)\n"
              "    y = decisions.answer_case(rb, c, a, None)\n"
              "    return with_interpretation(rb, c, a, None, x)\n")
    assert direct_calls(source) == [(4, "answer_case"), (5, "answer_case"), (6, "with_interpretation")]
    assert direct_calls("from ..answer.answering import Question\nQuestion.about(1, 2, 3).answer()\n") == []


def test_nothing_outside_the_answer_stage_answers_a_question_by_hand():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if DOOR in path.parents:
            continue
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if not any(name in text for name in INSIDE):
            continue
        found += [f"{rel}:{line} {name}" for line, name in direct_calls(text) if rel not in ALLOWED]
    assert found == [], ("these answer a question without the Question of answer/answering.py "
                         "(Question.of(...).answer(), or Question.about(...) for a changed case or law): "
                         + ", ".join(found))


def test_the_package_has_one_class_named_question():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name == "Question":
                found.append(path.relative_to(ROOT).as_posix())
    assert found == ["reasoner/answer/answering.py"]


def test_a_question_about_a_loaded_case_answers_as_ask(tmp_path):
    case = ROOT / "facts" / "ch350_youth_companion_18.yaml"
    asked = reasoner.ask(case, "lawful")
    q = Question.of(case, "lawful")
    about = Question.about(q.law, q.case, q.atom, q.saved)
    assert about.answer(interpretation=False).answer == asked.answer
    assert about.settings.engine == q.settings.engine
    with use(Settings(engine="sets")):
        assert Question.about(q.law, q.case, q.atom, q.saved, "pydatalog").settings.engine == "pydatalog"
    # the case file's text, read as the file would be (the server's edited case)
    text = case.read_text(encoding="utf-8")
    by_text = Question.of(tmp_path / "edited.yaml", "lawful", text=text)
    assert by_text.case.name == "edited" and by_text.answer().answer == asked.answer


FACTS = ROOT / "facts"


def test_a_question_is_asked_many_times_whatif_debug_varied_under():
    # one Question, built once: its what-if, its debug, a varied copy and the same question under
    # another reading are each a method of it, each answering through the Question itself
    q = Question.of(FACTS / "ch350_youth_companion_18.yaml", "lawful")
    assert q.answer().answer == "true"
    other = q.under(["companion_over_age.older_than"])
    # an 18-year-old companion is not "over 18" under the other reading: the ride is then unlawful
    assert other.answer().answer == "false" and q.answer().answer == "true"
    assert other.settings.readings == ("companion_over_age.older_than",) and other.law is not q.law
    assert reasoner.ask(FACTS / "ch350_youth_companion_18.yaml", "lawful",
                        readings=("companion_over_age.older_than",)).answer == other.answer().answer
    found = q.whatif(max_results=3)
    assert found.outcomes, "no change found"
    first = found.nearest(1)[0]
    varied = q.varied(first.changes)
    assert varied.case is not q.case and varied.law is q.law and varied.source is None
    assert varied.answer().answer == first.answer.answer != q.answer().answer
    d = q.debug("false")
    assert d.expected == "false" and d.answer.answer == "true"
    assert any(s.kind == "reading" and s.detail["reading"] == "companion_over_age.older_than" for s in d.suggestions)


BUILDERS = ("default_rulebase", "program_rulebase", "load_law")
# where a law is built outside the answer and engine stages, and why: each takes the readings in
# force (a law built without them answered batch under a reading differently from ask, issue #45)
LAW_BUILT: dict[str, str] = {
    "reasoner/cli/base.py": "the command's law: the bundled one, or --rules, under current().readings",
    "reasoner/cli/law.py": "the law's own listings (coverage, askable, saved queries): nothing is answered",
    "reasoner/server/adapter.py": "a request's law: load_law(settings.readings)",
    "reasoner/apps/batch.py": "a batch's law (BatchQuery.law, run_batch) under the settings' readings, "
                              "made once in the parent and sent to the workers",
}


def _builder_calls(source: str) -> list:
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in BUILDERS:
                found.append((node.lineno, name, ast.unparse(node)))
    return found


def test_a_law_for_answering_is_built_only_where_listed_and_with_the_readings():
    found, unread = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        if DOOR in path.parents or PACKAGE / "engine" in path.parents or path.name == "__init__.py":
            continue
        rel = path.relative_to(ROOT).as_posix()
        for line, name, call in _builder_calls(path.read_text(encoding="utf-8")):
            if rel not in LAW_BUILT:
                found.append(f"{rel}:{line} {call}")
            elif rel != "reasoner/cli/law.py" and "readings" not in call:
                unread.append(f"{rel}:{line} {call}")
    assert found == [], "a law built outside the listed places: " + ", ".join(found)
    assert unread == [], "a law built without the readings in force: " + ", ".join(unread)
