"""`reasoner run` over fact directories, on the paths made for a million rows: a comparison of a
variable with a number tested a column at a time (engine/batch.py `_numeric_test`), a one-literal
body projected in one pass, rows sorted a column at a time; the set engine's model must be
pyDatalog's (the reference), and unknown values and text keep their three-valued answers and
errors."""
import pytest

from reasoner.core.errors import EvaluationError
from reasoner.apps.run import evaluate_program

PROGRAM = """big(X) :- w(X, N), N > 2.
small(X) :- w(X, N), 2 >= N.
same(X) :- w(X, N), N = 2.5.
other(X) :- w(X, N), N != 2.
has(X) :- w(X, _).
"""


def _dir(tmp_path, text):
    d = tmp_path / "facts"
    d.mkdir()
    (d / "w.csv").write_text(text)
    (tmp_path / "p.dl").write_text(PROGRAM)
    return tmp_path / "p.dl", d


@pytest.mark.parametrize("text", [
    "a,1\nb,2.5\nc,3\nd,-1\ne,2\n",
    "a,1\na,3\nb,2\nb,2.50\nc,10000000000000000000\n",
])
def test_numbers_compared_a_column_at_a_time_as_pydatalog_does(tmp_path, text):
    prog, d = _dir(tmp_path, text)
    sets = evaluate_program([prog], d, None, "sets")
    assert sets == evaluate_program([prog], d, None, "pydatalog")
    assert evaluate_program([prog], d, None, "sets", text=True) == evaluate_program([prog], d, None, "pydatalog", text=True)
    assert sets["model"]["big"] and sets["model"]["small"]


def test_text_compared_with_a_number_is_still_an_error(tmp_path):
    prog, d = _dir(tmp_path, "a,1\nb,x\n")
    with pytest.raises(EvaluationError):
        evaluate_program([prog], d, None, "sets")


def test_unknown_values_keep_their_three_valued_answers(tmp_path):
    (tmp_path / "p.dl").write_text('@entity thing "a thing".\n@input w(X: thing, N: number) "{X} weighs {N}".\n'
                                   + PROGRAM)
    (tmp_path / "c.yaml").write_text("entities:\n  a: {type: thing, w: 3}\n  b: {type: thing}\n  c: {type: thing, w: 1}\n")
    sets = evaluate_program([tmp_path / "p.dl"], tmp_path / "c.yaml", None, "sets")
    assert sets == evaluate_program([tmp_path / "p.dl"], tmp_path / "c.yaml", None, "pydatalog")
    assert sets["model"]["big"] == [["a"]] and sets["undetermined"]["big"] == [["b"]]
