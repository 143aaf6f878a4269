"""No heading at the foot of a printed page with what it heads on the next (trainer review 12, G10:
08 left "the second ride: ... Wis. Stat. § 350.10(1)(f)" at the foot of page 1, its quotation on
page 2).
Printed by headless Chromium as `export --to pdf` prints them; the page text is read with pypdf."""
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.prose.pack import page_footer

ROOT = Path(__file__).resolve().parents[2]


def chromium():
    if not shutil.which("chromium") and not shutil.which("chromium-browser"):
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but chromium is not installed (.ci/run installs it with apt-get)")
        pytest.skip("chromium is not installed (apt-get install -y chromium); the test runs under CI=true")


def _squeezed(text):
    return re.sub(r"\s+", "", text)


def _headings(html):
    """Each heading the handout prints, as its text with no spaces: a section's heading (with the lead
    that runs in after it), a provision's heading (with the party's that runs in before it), a label."""
    def plain(fragment):
        return _squeezed(re.sub(r"<[^>]+>", "", fragment).replace("&#39;", "'").replace("&amp;", "&")
                         .replace("&#34;", '"').replace("&quot;", '"'))
    found = [plain(m) for m in re.findall(r'<div class="provision-head">(.*?)</div>', html, re.S)]
    found += [plain(m) for m in re.findall(r'<p class="label[^"]*">(.*?)</p>', html, re.S)]
    found += [plain(m) for m in re.findall(r"<h2>(.*?)</h2>", html, re.S)]
    # a run-in heading with its lead: the lead's last line could be left alone at the foot too
    found += [plain(h + p) for h, p in re.findall(r'<section class="(?:readings|whatif)"><h2>(.*?)</h2>\s*<p>(.*?)</p>',
                                                  html, re.S)]
    return [h for h in found if h]


def _export(tmp_path, case, query, to):
    out = tmp_path / f"h.{to}"
    run = CliRunner().invoke(main, ["export", str(ROOT / case), query, "--to", to, "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out


def _page_ends(tmp_path, case, query):
    """The text of each page but the last, without spaces or its footer."""
    pypdf = pytest.importorskip("pypdf")
    chromium()
    html = _export(tmp_path, case, query, "html").read_text()
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    import yaml
    footers = [" ".join(str((yaml.safe_load(Path(case).read_text()) or {}).get("description") or "").split())]
    reader = pypdf.PdfReader(io.BytesIO(_export(tmp_path, case, query, "pdf").read_bytes()))
    pages = []
    for page in reader.pages[:-1]:
        text = _squeezed(page.extract_text())
        text = re.sub(r"Page\d+of\d+", "", text).replace(_squeezed(page_footer(title)), "")
        for footer in footers:   # the footer is the case's scenario (trainer review 14, G10)
            text = text.replace(_squeezed(page_footer(footer)), "")
        pages.append(text)
    return html, pages


@pytest.mark.slow
@pytest.mark.parametrize("case, query", [
    ("facts/ch350_owner_lends_three_times.yaml", "violations"),          # review 12, 08
    ("tests/fixtures/five_vehicles_conviction_histories.yaml", "forfeiture"),   # "The facts of ... need a note:"
    ("facts/ch348_tandem_axle_reloaded.yaml", "forfeiture"),            # "Our readings. ..." at a foot
    ("facts/ch348_transformer_night_move.yaml", "forfeiture"),
])
def test_no_heading_is_left_at_the_foot_of_a_page(tmp_path, case, query):
    html, pages = _page_ends(tmp_path, case, query)
    heads = _headings(html)
    assert len(pages) >= 1 and any(re.search(r"s\.\d{3}\.", h) for h in heads)   # the check has something to check
    for number, text in enumerate(pages, 1):
        for head in heads:
            assert not text.endswith(head), f"page {number} ends with the heading {head!r}"


def test_the_check_finds_a_heading_left_at_a_foot():
    html = ('<div class="provision-head"><p class="case"><em>the second ride:</em></p>\n'
            '<h3><span class="cite">s. 350.10(1)(f)</span></h3></div>')
    heads = _headings(html)
    assert heads == ["thesecondride:s.350.10(1)(f)"]
    assert _squeezed("... page one's last line\nthe second ride: s. 350.10(1)(f)").endswith(heads[0])
