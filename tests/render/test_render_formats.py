"""Renderers of the proof graph: JSON and GraphML read back into equal graphs, DOT is valid Graphviz,
figures are deterministic, handouts are self-contained, writes are atomic."""
import io
import json
import os
import re
from reasoner.core.record import replace
from pathlib import Path

import networkx as nx
import pytest

from reasoner.answer.answering import ask
from reasoner.engine.rulebase import program_rulebase

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:pydot")

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "cli"
CASES = ["night_unlawful", "night_lawful", "night_unknown", "two_violations"]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="module")
def trail():
    return program_rulebase([FIX / "trail.dl"])


@pytest.fixture(scope="module")
def weight():
    return program_rulebase([FIX / "weight.dl"])


def answer(rb, case, query="lawful(op1)"):
    return ask(FIX / f"{case}.yaml", query, rulebase=rb)


def all_answers(trail, weight):
    out = [answer(trail, c) for c in CASES]
    out.append(answer(weight, "weight_case", "forfeiture(truck1, Min, Max)"))
    return out


# -- JSON ----------------------------------------------------------------------------------------------
def test_json_reads_back_into_an_equal_graph(trail, weight):
    from networkx.readwrite import json_graph

    from reasoner.render.jsonout import answer_dict, dumps
    for a in all_answers(trail, weight):
        data = json.loads(dumps(answer_dict(a)))
        assert data["schema"] == 3
        g = json_graph.node_link_graph(data["proof"], edges="edges")
        assert nx.utils.graphs_equal(g, a.graph)
        assert g.graph == a.graph.graph


# -- GraphML -------------------------------------------------------------------------------------------
def test_graphml_reads_back_into_an_equal_graph(trail, weight, tmp_path):
    from reasoner.render.graphml import read_graphml, render_graphml
    for i, a in enumerate(all_answers(trail, weight)):
        path = tmp_path / f"p{i}.graphml"
        path.write_bytes(render_graphml(a.graph))
        g = read_graphml(path)
        assert nx.utils.graphs_equal(g, a.graph)
        assert g.graph == a.graph.graph
        for n in a.graph:
            assert g.nodes[n] == a.graph.nodes[n]


def test_graphml_attributes_are_plain_and_networkx_reads_them(trail):
    from reasoner.render.graphml import render_graphml
    a = answer(trail, "night_unlawful")
    raw = nx.read_graphml(io.BytesIO(render_graphml(a.graph)))
    assert set(raw.nodes) == set(a.graph.nodes)
    for _, d in raw.nodes(data=True):
        assert all(isinstance(v, (str, int, float, bool)) for v in d.values())
    rule = raw.nodes["rule:350.02(2)(b)4#1:O=op1"]
    assert json.loads(rule["bindings"]) == {"O": "op1"}
    assert json.loads(rule["readings"])[0].startswith("Subd. para. 4.b")
    assert render_graphml(a.graph) == render_graphml(answer(trail, "night_unlawful").graph)


# -- DOT -----------------------------------------------------------------------------------------------
def test_dot_is_valid_graphviz_with_colours_by_kind(trail):
    pydot = pytest.importorskip("pydot")
    from reasoner.render.dot import render_dot
    from reasoner.render.figure import KIND_COLOURS, view_graph
    a = answer(trail, "night_unlawful")
    text = render_dot(a.graph, fold=False)
    graphs = pydot.graph_from_dot_data(text)
    assert graphs and len(graphs) == 1
    g = graphs[0]
    nodes = [n for n in g.get_nodes() if n.get_name() not in ("node", "edge", "graph")]
    assert len(nodes) == len(a.graph) and len(g.get_edges()) == a.graph.number_of_edges()
    fills = {n.get_name(): n.get("fillcolor").strip('"') for n in nodes}
    kinds = {d["kind"] for _, d in a.graph.nodes(data=True)}
    assert set(fills.values()) == {KIND_COLOURS[k] for k in kinds}
    assert "At night travel shall conform" in text  # statute text in the tooltip
    assert "op1 was not lawful" in text.replace("\\n", " ")  # sentences; negative when FALSE
    folded = render_dot(view_graph(a.graph, True, None))
    assert len(pydot.graph_from_dot_data(folded)[0].get_edges()) < a.graph.number_of_edges()
    assert render_dot(a.graph) == render_dot(answer(trail, "night_unlawful").graph)


def test_dot_without_pydot_names_the_extra(trail, monkeypatch):
    import builtins

    from reasoner.core.errors import ReasonerError
    from reasoner.render.dot import render_dot
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "pydot":
            raise ImportError("no pydot")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", fake)
    with pytest.raises(ReasonerError) as exc:
        render_dot(answer(trail, "night_unlawful").graph)
    assert "pip install pydot (in a checkout: pip install -e .[export])" in str(exc.value)


# -- figure ----------------------------------------------------------------------------------------------
def test_tree_layout_is_layered_top_down(trail):
    from reasoner.render.figure import tree_layout, view_graph
    v = view_graph(answer(trail, "night_lawful").graph, True, None)
    pos = tree_layout(v)
    root = v.graph["root"]
    assert pos[root][1] == 0
    for u, w in v.edges():
        assert pos[w][1] <= pos[u][1] - 1 or pos[w][1] < pos[u][1]  # children are below parents
    leaves = sorted(pos[n][0] for n in v if v.out_degree(n) == 0)
    assert leaves == sorted(set(leaves))  # no two leaves share a column


def test_view_graph_depth_marks_the_cut(trail):
    from reasoner.render.figure import view_graph
    g = answer(trail, "night_unlawful").graph
    v = view_graph(g, True, 2)
    assert any(d["kind"] == "elided" for _, d in v.nodes(data=True))
    assert max(nx.shortest_path_length(v, v.graph["root"]).values()) <= 3
    assert all(not d.get("helper") for _, d in v.nodes(data=True))


def test_svg_is_deterministic_with_labels_legend_and_colours(trail, weight):
    pytest.importorskip("matplotlib")
    from reasoner.render.figure import KIND_COLOURS, render_figure
    a = answer(trail, "night_unlawful")
    svg = render_figure(a.graph, "svg")
    assert svg == render_figure(answer(trail, "night_unlawful").graph, "svg")
    text = svg.decode("utf-8")
    assert text.startswith("<?xml") and "<svg" in text
    assert "Date" not in text.split("</metadata>")[0] or "<dc:date>" not in text
    assert "op1 was not lawful" in text and "s. 350.02(2)(b)4" in text  # sentences, negative when FALSE
    assert "op1 was lawful" not in text.replace("that op1 was lawful", "")
    assert "rule (provision)" in text and "outline: false" in text  # the legend
    assert KIND_COLOURS["rule"] in text and KIND_COLOURS["fact"] in text
    money = render_figure(answer(weight, "weight_case", "forfeiture(truck1, Min, Max)").graph, "svg").decode()
    assert "$125.00" in money  # dollar signs are text, not mathtext


def test_a_large_proof_is_drawn_capped_with_a_note(tmp_path, trail):
    """A proof of 459 steps (one per entity) is drawn as MAX_BOXES boxes, the last saying how many
    are not drawn and where the whole proof is; a small proof is drawn whole."""
    pytest.importorskip("matplotlib")
    from reasoner.facts.case import load_case
    from reasoner.render.figure import MAX_BOXES, outline_layout, render_figure, view_graph
    rules = tmp_path / "x.dl"
    rules.write_text('@entity e "an entity".\n@input a(X: e) "{X} is marked".\n'
                     "p(X0, X1) :- e(X0), e(X1), X0 != X1.\nq(X0) :- p(X0, _), a(X0).\n", encoding="utf-8")
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n" + "".join(f"  t{i}: {{type: e}}\n" for i in range(115)), encoding="utf-8")
    rb = program_rulebase([rules])
    from reasoner.answer.answering import answer_case
    from reasoner.law.queries import resolve
    atom, saved = resolve("q(t0)")
    proof = answer_case(rb, load_case(case, rb.checked), atom, saved).proof
    rows, _ = outline_layout(view_graph(proof))
    assert len(rows) > MAX_BOXES
    svg = render_figure(proof, "svg").decode("utf-8")
    assert "t0" in svg
    assert f"{len(rows) - MAX_BOXES + 1} more steps are not drawn" in svg.replace("\n", " ")
    small = render_figure(answer(trail, "night_unlawful").graph, "svg").decode("utf-8")
    assert "more steps are not drawn" not in small


def test_png_is_a_png(trail):
    pytest.importorskip("matplotlib")
    from reasoner.render.figure import render_figure
    png = render_figure(answer(trail, "night_unknown").graph, "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png == render_figure(answer(trail, "night_unknown").graph, "png")


# -- handouts ----------------------------------------------------------------------------------------------
def _handout(rb, case, query="lawful(op1)", with_whatif=True, view="trainee"):
    from reasoner.facts.case import load_case
    from reasoner.law.queries import resolve
    from reasoner.render.handout import build_handout
    from reasoner.answer.question import Question
    a = answer(rb, case, query)
    result = None
    if with_whatif:
        atom, saved = resolve(query)
        result = Question.about(rb, load_case(FIX / f"{case}.yaml", rb.checked), atom, saved).whatif(base=a)
    return a, build_handout(a, result, view=view)


def test_handout_content(trail):
    a, h = _handout(trail, "night_unlawful")
    assert ("op1", "operation", "trail_distance_ft", "30") in h.facts
    assert h.answer_sentence.startswith("Unlawful: op1 violated s. 350.02(2)(b)4 (")  # what makes it false, cited
    rule_steps = [s for s in h.steps if s.kind == "rule"]
    assert all(s.provision for s in rule_steps)
    quoted = [s for s in rule_steps if s.statute]
    assert len({s.provision for s in quoted}) == len(quoted)  # each text quoted once
    assert all(s.quoted_in for s in rule_steps if not s.statute)
    assert h.steps[-1].kind == "goal" and h.steps[-1].premises
    for s in h.steps:
        assert all(p < s.number for p in s.premises)  # premises come first
    assert any("4.b is missing" in r for r in h.readings)
    assert h.contrasts and "the answer would then be: op1 was lawful" in h.contrasts[0].sentence


def test_handout_undetermined_lists_missing_and_open_query_shows_instances(trail, weight):
    _, h = _handout(trail, "night_unknown")
    assert h.answer_sentence.startswith("Undetermined: depends on ") and len(h.missing) == 2
    _, w = _handout(weight, "weight_case", "forfeiture(truck1, Min, Max)", with_whatif=False)
    assert w.answer_sentence.startswith("The forfeiture for truck1 is at least $125.00 and at most $250.00 (s. ")
    assert w.bindings == [("forfeiture(truck1, $125.00, $250.00)", "true")]
    assert w.question == "What forfeiture follows from the facts for truck1?"


def test_html_is_self_contained(trail):
    pytest.importorskip("matplotlib")
    from reasoner.render.figure import render_figure
    from reasoner.render.html import render_html
    a, h = _handout(trail, "night_unlawful", view="full")   # the researchers' view: every step
    html = render_html(h, render_figure(a.graph, "svg"))
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 1
    assert "<?xml" not in html and "<script" not in html
    assert not re.search(r'src="(https?:)?//', html)  # nothing loaded from the network; links to the
    assert set(re.findall(r'href="(https?://[^/"]+)', html)) <= {"https://docs.legis.wisconsin.gov"}  # statutes
    assert "@import" not in html and not re.search(r"url\((?!#)", html)  # only in-document references
    assert "<blockquote><cite>s. 350.02(2)(b)4</cite>" in html and ": 4. At night travel" in html
    assert "<details" in html and "<summary>" in html  # the proof as a collapsible tree
    assert "What if?" in html and "The proof it would produce" in html
    from reasoner.render.figure import render_argument_figure
    a, h = _handout(trail, "night_unlawful")   # the trainee view: the argument
    html = render_html(h, render_argument_figure(h.argument, "svg"))
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 1 and "<script" not in html
    assert not re.search(r'src="(https?:)?//', html) and "@import" not in html
    assert "<h3>s. 350.02(2)(b)4 " in html and "<blockquote>(b) Snowmobiles may be operated adjacent to a roadway with due regard to safety in the following manner: … 4. At night travel" in html
    # one order in every handout: the question, the answer, then the facts box (trainer review 12, G2)
    assert html.index("<strong>Question.</strong>") < html.index("<h2>The facts the argument uses</h2>") \
        < html.index("The argument") < html.index("<h2>Our readings</h2>") < html.index("What if?")


def test_markdown_references_the_figure_or_embeds_it(trail):
    from reasoner.render.markdown import render_markdown
    _, h = _handout(trail, "night_unlawful", view="full")
    md = render_markdown(h, figure="night.svg")
    assert "](night.svg)" in md and "| op1 | operation | `adjacent_to_roadway` | true |" in md
    assert "|  |  | `at_night` | true |" in md
    assert "> s. 350.02(2)(b)4.a ([official text](https://docs.legis.wisconsin.gov/statutes/statutes/350/02))" in md
    assert ": a. The snowmobile trail" in md
    embedded = render_markdown(h, svg=b"<svg/>")
    assert "](data:image/svg+xml;base64,PHN2Zy8+)" in embedded
    _, h = _handout(trail, "night_unlawful")
    md = render_markdown(h, figure="night.svg")
    assert "](night.svg)" in md and "### s. 350.02(2)(b)4 ([official text](" in md
    assert "following manner: … 4. At night travel" in md and "*Wis. Stat. ch. 350, excerpt*" in md


# -- atomic writes -------------------------------------------------------------------------------------------
def test_atomic_write_replaces_and_leaves_nothing_on_error(tmp_path):
    from reasoner.core.atomic import atomic_path, write_atomic
    target = tmp_path / "out.txt"
    write_atomic(target, "one\n")
    write_atomic(target, b"two\n")
    assert target.read_text() == "two\n"
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            Path(tmp).write_text("half")
            raise RuntimeError("boom")
    assert target.read_text() == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_atomic_write_keeps_permissions(tmp_path):
    from reasoner.core.atomic import write_atomic
    target = tmp_path / "out.txt"
    target.write_text("x")
    os.chmod(target, 0o640)
    write_atomic(target, "y")
    assert (target.stat().st_mode & 0o777) == 0o640
