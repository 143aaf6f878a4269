"""The plan is data (issue 45, "One door"): after compiling every rule of the bundled law (chapters
348 and 350) in both copies, with its semi-naive variants and its body plans, no field of any plan
or step holds a function or an interpreter; the interpreters make their functions from the data
(engine/ops.py) and keep them apart. And no module of the reasoner imports another module's
private (`_name`) names, except the ones listed here as left to do outside the engine."""
import ast
from pathlib import Path

from reasoner.engine import plan as ir
from reasoner.engine.batch import BatchProgram
from reasoner.engine.compile import in_place_variants
from reasoner.engine.rulebase import default_rulebase

ROOT = Path(__file__).resolve().parents[2] / "reasoner"


def _values(obj):
    """Every value a plan holds: its fields, its steps' fields, and the items of tuples among them."""
    todo = [obj]
    while todo:
        value = todo.pop()
        yield value
        if isinstance(value, (ir.Plan, ir.Step)):
            todo.extend(getattr(value, name) for name in ir.fields(type(value)))
        elif isinstance(value, (tuple, list)):
            todo.extend(value)


def _plans(rb):
    program = BatchProgram(rb.checked)
    for keys, plans in program.groups:
        for plan in plans:
            yield plan
            if keys is not None:
                for _, variant in program.delta_variants(plan, keys) or ():
                    yield variant
                for _, variant in in_place_variants(plan, keys):
                    yield variant
    for code in rb.codes.rules:
        for copy in ("c", "p"):
            yield program.body_plan(code.rule, copy, code.variables)


def test_no_plan_or_step_field_holds_a_callable():
    rb = default_rulebase()
    count, kinds = 0, set()
    for plan in _plans(rb):
        count += 1
        for value in _values(plan):
            assert not callable(value), (str(plan), value)
            assert not isinstance(value, BatchProgram), str(plan)
        kinds |= {type(step) for step in plan.steps}
    assert count > 200          # both chapters' rules, in both copies, and their body plans
    assert kinds == {ir.Positive, ir.Exists, ir.Negative, ir.Compare, ir.Assign}


def test_the_walk_finds_a_callable_where_there_is_one():
    """The test above can fail: a step holding a function is found."""
    step = ir.Compare("X > 1", ("X",), ("X",), lit=None, names=("X",), get=(0,))
    step.numeric = (0, max, 1)          # a function where the operator's symbol belongs
    assert any(callable(v) for v in _values(step))


def test_the_interpreters_keep_their_executable_forms():
    """A program's plans are generated once per interpreter and kept by the program, not on the plan."""
    rb = default_rulebase()
    program = rb.batch_program([("lawful", 1)])
    plan = program.plans[0]
    assert program.executable(plan) is program.executable(plan)
    assert program.executable(plan).plan is plan


def _private_imports(root=ROOT):
    """(module path, imported module, imported name) for each `from x import _name`."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        out.append((path.relative_to(root.parent).as_posix(), node.module, alias.name))
    return out


def test_no_module_imports_another_module_s_private_names():
    """A name one module shares with another is public (issue 45): no `from .x import _name`."""
    assert not _private_imports(), sorted(_private_imports())


def test_the_scan_finds_a_private_import(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("from .batch import TooMany, _relation_of\nfrom . import __version__\n")
    assert _private_imports(tmp_path / "pkg") == [("pkg/a.py", "batch", "_relation_of")]
