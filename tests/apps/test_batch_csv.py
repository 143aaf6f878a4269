"""batch for spreadsheets: a misspelled header once at line 1, real CSV line numbers
for bad rows, and --to csv output with one row per binding."""
import csv
import io
import json

from click.testing import CliRunner

from reasoner.cli import main

CASES = """id,entity,type,speed_mph,at_night,highway_class,operator,age
c1,op1,operation,25,true,county,p1,
c1,p1,person,,,,,35
c2,op1,operation,-5,false,town,,
c3,op1,operation,12,false,countyy,,
c4,op1,operation,12,false,town,p9,
"""


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_misspelled_header_is_reported_once_at_line_1(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("id,entity,type,speed_mhp\n" + "".join(f"c{i},op1,operation,5\n" for i in range(50)))
    result = invoke("batch", str(bad), "lawful")
    assert result.exit_code == 2
    assert result.output.count("speed_mhp") == 2     # the column and its suggestion, once
    assert f"{bad}:1: unknown column(s) 'speed_mhp' in the header" in result.output
    assert "speed_mhp -> speed_mph" in result.output


def test_bad_rows_are_located_at_their_csv_line(tmp_path):
    cases = tmp_path / "cases.csv"
    cases.write_text(CASES)
    result = invoke("batch", str(cases), "lawful")
    assert result.exit_code == 2
    rows = {r["id"]: r for r in map(json.loads, result.stdout.strip().splitlines())}
    assert rows["c1"]["answer"] in ("true", "false", "undetermined")
    assert rows["c2"]["location"] == f"{cases}:4" and "speed_mph: -5 is out of range" in rows["c2"]["error"]
    assert rows["c3"]["location"] == f"{cases}:5" and rows["c3"]["hint"] == "did you mean: county?"
    assert rows["c4"]["location"] == f"{cases}:6" and "no entity 'p9'" in rows["c4"]["error"]


def test_to_csv_one_row_per_binding(tmp_path):
    cases = tmp_path / "cases.csv"
    cases.write_text("id,entity,type,speed_mph,clock_time,dwelling_distance_ft\n"
                     "a,op1,operation,30,23:00,100\n"
                     "a,op2,operation,30,23:00,100\n"
                     "b,op1,operation,-1,,\n")
    out = tmp_path / "out.csv"
    result = invoke("batch", str(cases), "violation(O, P)", "--to", "csv", "-o", str(out))
    assert result.exit_code == 2, result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert list(rows[0]) == ["id", "answer", "binding_answer", "O", "P", "cited", "cited_as", "missing", "presumed",
                            "not_applicable", "error", "location", "presumed_facts", "offenders"]
    a_rows = [r for r in rows if r["id"] == "a"]
    assert {(r["O"], r["P"], r["binding_answer"]) for r in a_rows} >= {
        ("op1", "350.10(1)(g)", "true"), ("op2", "350.10(1)(g)", "true")}
    assert all(r["answer"] == "true" and "350.10(1)(g)" in r["cited"] and r["cited_as"] == "applied" for r in a_rows)
    b = [r for r in rows if r["id"] == "b"]
    assert len(b) == 1 and b[0]["answer"] == "error" and b[0]["location"] == f"{cases}:4"


def test_locations_are_csv_lines_past_blank_lines_and_quoted_line_breaks(tmp_path):
    # a blank line and a description over two lines: the bad row is on line 6 of the file, the 3rd record
    cases = tmp_path / "cases.csv"
    cases.write_text('id,entity,type,description,speed_mph\n'
                     'c1,op1,operation,,25\n'
                     '\n'
                     'c2,op1,operation,"a description\nover two lines",25\n'
                     'c3,op1,operation,,-5\n')
    assert cases.read_text().splitlines()[6 - 1].startswith("c3,")
    result = invoke("batch", str(cases), "lawful")
    rows = {r["id"]: r for r in map(json.loads, result.stdout.strip().splitlines())}
    assert rows["c3"]["location"] == f"{cases}:6" and "speed_mph: -5 is out of range" in rows["c3"]["error"]
    assert "error" not in rows["c1"] and "error" not in rows["c2"]


def test_a_row_with_more_or_fewer_fields_than_the_header_is_an_error_at_its_line(tmp_path):
    # a lost or extra comma shifts every later cell into the wrong column: never read as it stands
    cases = tmp_path / "cases.csv"
    cases.write_text("id,entity,type,speed_mph,highway_class\n"
                     "short,op1,operation,5\n"
                     "long,op1,operation,5,county,town\n"
                     "ok,op1,operation,5,county\n")
    result = invoke("batch", str(cases), "speed_mph(O, S)")
    assert result.exit_code == 2
    rows = {r["id"]: r for r in map(json.loads, result.stdout.strip().splitlines())}
    assert rows["short"]["location"] == f"{cases}:2"
    assert "the row has 4 field(s) but the header has 5 column(s)" in rows["short"]["error"]
    assert rows["long"]["location"] == f"{cases}:3"
    assert "the row has 6 field(s) but the header has 5 column(s)" in rows["long"]["error"]
    assert rows["ok"]["answer"] == "true"


def test_an_unclosed_quote_is_one_error_at_the_line_it_opens_on(tmp_path):
    # it would swallow every later row into one field (c2 silently lost, c1 read as speed "5\n...")
    cases = tmp_path / "cases.csv"
    cases.write_text('id,entity,type,speed_mph\nc1,op1,operation,"5\nc2,op1,operation,6\n')
    out = tmp_path / "out.jsonl"
    result = invoke("batch", str(cases), "lawful", "-o", str(out))
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {cases}:2: a quoted field opened in this record is never closed "
        "(hint: a field that starts with \" must end with \" (write \"\" for a quote inside it))"]
    assert not out.exists()


def test_a_column_twice_in_the_header_is_an_error_at_line_1(tmp_path):
    # the later cell won silently (speed 50, not 5)
    cases = tmp_path / "cases.csv"
    cases.write_text("id,entity,type,speed_mph,speed_mph\nc1,op1,operation,5,50\n")
    result = invoke("batch", str(cases), "speed_mph(O, S)")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {cases}:1: column(s) 'speed_mph' appear more than once in the header "
        "(hint: keep one column per attribute)"]


def test_a_key_twice_in_a_jsonl_case_is_an_error_for_that_line(tmp_path):
    # json.loads kept the later value silently (speed 50, not 5); the YAML reader refuses it already
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"id": "a", "entities": {"op1": {"type": "operation", "speed_mph": 5, "speed_mph": 50}}}\n'
                     '{"id": "b", "entities": {"op1": {"type": "operation", "speed_mph": 5}}}\n')
    result = invoke("batch", str(cases), "speed_mph(O, S)")
    assert result.exit_code == 2
    rows = list(map(json.loads, result.stdout.strip().splitlines()))
    assert rows[0] == {"schema": 3, "id": "line 1", "error": "the key 'speed_mph' appears twice in one object",
                       "location": f"{cases}:1"}
    assert rows[1]["id"] == "b" and rows[1]["answer"] == "true"


def test_to_csv_never_writes_a_cell_a_spreadsheet_would_run_as_a_formula(tmp_path):
    # CSV injection: an id (any text in the input) starting with =, +, - or @ is written with a
    # leading apostrophe (shown as text); numbers, negative ones included, are written as they are
    from reasoner.facts.csvinput import csv_rows
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"id": "=HYPERLINK(\"http://x\")", "entities": {"op1": {"type": "operation"}}})
                     + "\n" + json.dumps({"id": "@SUM(A1)", "entities": {"op1": {"type": "operation", "speed_mph": "x"}}})
                     + "\n")
    out = tmp_path / "out.csv"
    invoke("batch", str(cases), "lawful", "--to", "csv", "-o", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["id"] for r in rows] == ["'=HYPERLINK(\"http://x\")", "'@SUM(A1)"]
    assert rows[1]["answer"] == "error"
    line = csv_rows({"id": "+1", "answer": "true", "bindings": [{"answer": "true", "X": -5, "Y": "-x"}]}, ["X", "Y"])
    assert line.split(",")[:5] == ["+1", "true", "true", "-5", "'-x"]
