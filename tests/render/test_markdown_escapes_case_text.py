"""The Markdown handout escapes everything it copies from the case (and the
rule file's sentences): no raw HTML, no link or image, no code span or table cell broken open.
The rendered .md is read back with markdown-it-py's CommonMark parser when it is installed, else
checked textually."""
import re
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
EVIL = '<img src=x onerror=alert(1)> [click](javascript:alert(2)) ![i](http://e.x/p.png) `code` a|b *em* <script>x</script> &lt;b&gt;'
PROGRAM = """@entity person "a person".
@input note(P: person, N: string) "the note about {P}".
@input tall(P: person) "{P} is tall".
@predicate ok(P: person) "{P} passes".
ok(P) :- person(P), note(P, N), tall(P).
"""


def _render(tmp_path, description=EVIL, note=EVIL):
    prog = tmp_path / "p.dl"
    prog.write_text(PROGRAM)
    case = tmp_path / "case.yaml"
    import yaml
    case.write_text(yaml.safe_dump({"description": description,
                                    "entities": {"p1": {"type": "person", "note": note, "tall": True}}}))
    out = tmp_path / "handout.md"
    r = CliRunner().invoke(main, ["export", str(case), "ok(p1)", "--rules", str(prog), "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    return out.read_text()


def test_markdown_handout_has_no_raw_html_or_links_from_the_case(tmp_path):
    md = _render(tmp_path)
    assert "<img" not in md and "<script" not in md
    assert "](javascript:" not in md.replace("\\]", "") and "![i](" not in md
    assert "&lt;b&gt;" not in md  # an entity in the case stays the characters the case wrote
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        return
    tokens = MarkdownIt("commonmark").enable("table").parse(md)

    def walk(ts):
        for t in ts:
            yield t
            yield from walk(t.children or [])
    kinds = {t.type for t in walk(tokens)}
    assert not kinds & {"html_inline", "html_block"}, kinds
    links = [t.attrGet("href") for t in walk(tokens) if t.type == "link_open"]
    images = [t.attrGet("src") for t in walk(tokens) if t.type == "image"]
    assert not links and images == ["handout.svg"], (links, images)
    # the table keeps four cells in every row
    rows = [line for line in md.splitlines() if line.startswith("|")]
    assert all(len(re.split(r"(?<!\\)\|", row)) == 6 for row in rows), rows


def test_markdown_code_spans_and_line_starts_cannot_break_out(tmp_path):
    md = _render(tmp_path, description="# not a heading", note="``x`` ```y``` > quote\n- item <b>")
    lines = md.splitlines()
    # the title is the question; the description follows, labelled, never a heading of its own
    assert lines[0] == "# Is it so that the person passes?" and not any(line.startswith("- item") for line in lines)
    assert lines[2] == "Scenario: # not a heading"
    assert "<b>" not in md
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        return
    tokens = MarkdownIt("commonmark").enable("table").parse(md)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h1"]
    assert headings == ["Is it so that the person passes?"]
    assert not [t for t in tokens if t.type in ("html_block", "blockquote_open")]
