"""The course pack's instructor's table and its Word file (issue 46, item 7): the readings column
lists only the readings that would change each answer ('none' in words otherwise), every cell's
quotation marks pair up, the column is wide enough to read; the Word pack's contents is a real
table-of-contents field and every footer reads 'Page N of M'. Built without a browser (html, docx)."""
import io
import re
import zipfile
from pathlib import Path

import pytest

from reasoner.apps.pack import build_pack, pack_files
from reasoner.render.pack import TABLE_MM, instructor_rows

FACTS = Path(__file__).resolve().parents[2] / "facts"
CASES = [str(FACTS / f"ch350_{n}.yaml") for n in ("dwelling_boundary_0700", "airport", "youth_age_12_alone",
                                                  "night_direction_lawful")]


def ask(path, query="lawful"):
    from reasoner.answer.question import Question
    q = Question.of(path, query)
    return q, q.answer()


@pytest.fixture(scope="module")
def pack():
    return build_pack(CASES, "lawful", ask, title="Snowmobiles")


def readings(pack):
    return [row[-1] for row in instructor_rows(pack)]


def test_the_readings_column_lists_only_the_readings_that_would_change_the_answer(pack):
    at_seven, airport, twelve, trail = readings(pack)
    # 07:00 turns on the reading of 'and 7 a.m.' only: the 150-feet reading the proof also used changes nothing
    assert at_seven.startswith("“and 7 a.m.” (s. 350.10(1)(g)): read otherwise (an operation at exactly 07:00 "
                               "is no longer between the hours), it would be lawful.")
    assert "150 feet" not in at_seven and "runs across midnight" not in at_seven
    assert airport == "none"                                   # no other reading changes it: said in words
    assert "“No person over the age of 12 years but under the age of 16 years” (s. 350.05(2))" in twelve
    assert "a 12-year-old is not over the age of 12" in twelve and twelve.endswith("it would be lawful.")
    assert "under the age of 16 years;" not in twelve and "350.08" not in twelve
    assert "(s. 350.02(2)(b)4)" in trail and "it would be undetermined." in trail
    assert "An operation is lawful when no encoded provision" not in trail   # a reading used, changing nothing
    assert instructor_rows(pack)[0][:4][-1] == "s. 350.10(1)(g)"             # the other columns as they were


def test_every_cell_of_the_table_has_its_quotation_marks_paired(pack):
    for row in instructor_rows(pack):
        for cell in row:
            assert cell.count("“") == cell.count("”"), cell
            assert cell.count('"') % 2 == 0, cell


def test_a_reading_not_tried_is_said_not_checked_never_none():
    from reasoner.prose.pack import readings_cell
    assert readings_cell([], "the answer has 40 rows").startswith("Not checked: the answer has 40 rows")
    assert readings_cell([("say \"x\"", " (s. 1)", "y", "it would be lawful")], "") == "“say 'x'” (s. 1): read otherwise (y), it would be lawful."


def test_the_readings_column_is_wide_enough_to_read(pack):
    html = pack_files(pack, "html", None)[0][1]
    assert "table.instructor td:nth-child(5) { min-width: 13rem; }" in html
    assert TABLE_MM[-1] >= 45 and sum(TABLE_MM) <= 174            # Word: fits A4 less its margins
    data = pack_files(pack, "docx", None, "a4")[0][1]
    import docx
    table = docx.Document(io.BytesIO(data)).tables[0]
    assert table.rows[0].cells[-1].text == "Readings that would change the answer"
    assert round(table.columns[-1].width.mm) == TABLE_MM[-1] and round(table.rows[1].cells[-1].width.mm) == TABLE_MM[-1]


def test_the_word_pack_has_a_table_of_contents_field_and_page_n_of_m(pack):
    data = pack_files(pack, "docx", None)[0][1]
    z = zipfile.ZipFile(io.BytesIO(data))
    body = z.read("word/document.xml").decode()
    assert re.search(r'<w:fldChar w:fldCharType="begin"/><w:instrText xml:space="preserve"> TOC \\o "1-1" \\h \\z \\u '
                     r'</w:instrText><w:fldChar w:fldCharType="separate"/>', body)
    toc = body[body.index(" TOC "):]
    assert toc.index('w:fldCharType="end"') > toc.index("Answer key, exercise 4.")   # the entries shown until it updates
    assert '<w:updateFields w:val="true"/>' in z.read("word/settings.xml").decode()
    assert "right-click the contents → Update Field" in body
    footers = [n for n in z.namelist() if n.startswith("word/footer")]
    assert footers
    for name in footers:
        text = z.read(name).decode()
        said = re.sub(r"<w:instrText[^>]*>(.*?)</w:instrText>", r"{\1}", text)
        said = re.sub(r"<[^>]+>", "", said)
        assert re.search(r"Page \{ PAGE \}1 of \{ NUMPAGES \}1", said), said
