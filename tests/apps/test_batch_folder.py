"""`reasoner batch FOLDER`: which files of the folder are cases, and what it says about the rest."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = (ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text(encoding="utf-8")


def run(*args):
    return CliRunner().invoke(main, ["batch", *map(str, args)], catch_exceptions=False)


def test_upper_case_suffixes_are_read_and_what_is_skipped_is_said_in_one_line(tmp_path):
    (tmp_path / "sub1").mkdir()
    (tmp_path / "sub2").mkdir()
    (tmp_path / "sub1" / "inner.yaml").write_text(CASE)
    (tmp_path / "a.yaml").write_text(CASE)
    (tmp_path / "B.YAML").write_text(CASE)
    (tmp_path / "c.Yml").write_text(CASE)
    (tmp_path / "notes.txt").write_text("not a case")
    r = run(tmp_path, "lawful", "--verdicts-only", "--format", "text")
    assert r.exit_code == 0, r.output
    assert [line.split("\t")[:2] for line in r.stdout.splitlines()[1:]] == [["B", "false"], ["a", "false"],
                                                                          ["c", "false"]]
    assert r.stderr.splitlines() == [
        "batch: skipped 2 subfolders and 1 file not ending in .yaml or .yml: sub1/, sub2/, notes.txt",
        "batch: 3 case(s): 0 true, 3 false, 0 undetermined, 0 error(s); answered in one process "
        "(fewer than 500 cases: too few for workers to pay)"]


def test_nothing_skipped_nothing_said_and_the_same_stem_twice_keeps_both_cases(tmp_path):
    (tmp_path / "a.yaml").write_text(CASE)
    (tmp_path / "a.YML").write_text(CASE)
    r = run(tmp_path, "lawful", "--verdicts-only", "--format", "text")
    assert [line.split("\t")[0] for line in r.stdout.splitlines()[1:]] == ["a.YML", "a.yaml"]
    assert r.stderr.startswith("batch: 2 case(s): 0 true, 2 false, 0 undetermined, 0 error(s); answered in one process")


def test_a_folder_of_subfolders_only_says_what_it_skipped(tmp_path):
    (tmp_path / "cases").mkdir()
    r = run(tmp_path, "lawful")
    assert r.exit_code == 2
    assert r.stderr == (f"error: {tmp_path}: the folder holds no case files (*.yaml, *.yml); skipped 1 subfolder: "
                        "cases/ (hint: give a folder of YAML case files, a .jsonl or a .csv file)\n")


def test_more_than_five_skipped_names_are_counted(tmp_path):
    (tmp_path / "a.yaml").write_text(CASE)
    for i in range(7):
        (tmp_path / f"n{i}.txt").write_text("x")
    r = run(tmp_path, "lawful", "--verdicts-only")
    assert r.stderr.splitlines()[0] == ("batch: skipped 7 files not ending in .yaml or .yml: n0.txt, n1.txt, "
                                        "n2.txt, n3.txt, n4.txt, ... (2 more)")
