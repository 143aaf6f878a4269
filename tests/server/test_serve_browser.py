"""`reasoner serve` driven in headless Chromium with Playwright (the Debian chromium, through
executable_path): a trainer's class and a reader's comparison, click by click. Skipped only when
there is no chromium or no Playwright on this machine (CI installs both)."""
import importlib.util
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("serve_screenshot", ROOT / "tools" / "serve_screenshot.py")
shot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shot)   # the server and the trainer's step that tools/serve_screenshot.py draws docs/serve.png from
CHROMIUM = shot.chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
NIGHT = shot.NIGHT


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = shot.copy_cases(tmp_path_factory.mktemp("cases"))
    with shot.serving(folder) as base:
        yield base, folder


@pytest.fixture(scope="module")
def page():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        pg = browser.new_page(viewport=shot.VIEWPORT, accept_downloads=True)
        pg.set_default_timeout(60_000)
        yield pg
        browser.close()


def test_a_trainer_changes_the_trail_distance_in_the_form_and_the_answer_changes(server, page, tmp_path):
    base, folder = server
    page.goto(f"{base}/cases")
    page.click(f"text={NIGHT}")
    assert page.inner_text("#answer").startswith("no")
    shot.change_the_trail_distance(page, base)
    assert page.inner_text("#answer").startswith("yes")
    assert "trail_distance_ft: 30" in (folder / f"{NIGHT}.yaml").read_text()   # answered, not saved
    png = tmp_path / "serve.png"   # docs/serve.png is drawn by tools/serve_screenshot.py, never by the tests
    page.screenshot(path=str(png), full_page=False)
    assert png.stat().st_size > 10_000


def test_a_reader_switches_a_reading_and_the_answer_changes(server, page):
    base, _ = server
    page.goto(f"{base}/case/ch350_pedestrian_at_100_ft")
    assert page.inner_text("#answer").startswith("no")
    page.click("text=Readings (switch one and answer again)")
    page.check('input[value="person_100_ft.exclusive"]')
    page.click("#answer-btn")
    assert page.inner_text("#answer").startswith("yes")


def test_an_interview_runs_to_the_end_with_one_step_back(server, page):
    base, folder = server
    page.goto(f"{base}/interview/ch350_night_direction_undetermined")
    first = page.inner_text("#question")
    page.select_option("#reply", "n")
    page.click("#next")
    page.click("#back")
    assert page.inner_text("#question") == first
    for _ in range(20):
        if page.locator("#next").count() == 0:
            break
        if page.locator("select#reply").count():
            page.select_option("#reply", index=0)
        elif page.locator("#checklist").count():     # the presumed exceptions: none ticked, none raised
            pass
        else:
            page.fill("#reply", "n")
        page.click("#next")
    assert page.locator("text=Nothing more to ask").count() == 1
    assert not page.inner_text("#answer").startswith("undetermined")
    page.fill('input[name="save_as"]', "finished")
    page.click("#save")
    assert "Saved the completed case to finished.yaml" in page.inner_text("#message")
    assert (folder / "finished.yaml").is_file()


def test_a_handout_downloads(server, page):
    base, _ = server
    page.goto(f"{base}/case/{NIGHT}")
    with page.expect_download() as info:
        page.click('#downloads a:text-is("html")')
    path = info.value.path()
    text = Path(path).read_text(encoding="utf-8")
    assert "350.02(2)(b)4" in text and "Sam Olson" in text


def test_a_page_asks_for_nothing_the_server_lacks_and_its_skip_link_leads_to_the_content(server, page):
    base, _ = server
    failed = []
    page.on("response", lambda r: failed.append((r.status, r.url)) if r.status >= 400 else None)
    page.goto(f"{base}/case/{NIGHT}")
    page.wait_for_load_state("networkidle")
    assert failed == []                                   # the favicon too: no 404 in the console
    assert page.locator("nav").count() == 1
    page.keyboard.press("Tab")                            # the first stop: the skip link
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#main"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_a_report_s_interview_is_in_words_its_presumptions_a_checklist_and_back_and_review_keep_answers(server, page):
    import re
    import shutil
    base, folder = server
    shutil.copy(ROOT / "facts" / "ch348_report_axle_overweight.yaml", folder / "axle_report.yaml")
    page.goto(f"{base}/interview/axle_report?q=forfeiture")
    main = page.inner_text("main")
    syntax = r"(?m)\b[a-z_][a-z0-9_]*\([a-z0-9_, ]{2,}\)|\b[a-z0-9]+(?:_[a-z0-9]+)+\b|^\s*\d*\.?\s*not \w"
    assert re.findall(syntax, main.replace("axle_report", "")) == []   # no rule syntax ("answer(s)" is English; the file name aside)
    boxes = page.locator('input[type="checkbox"][name="raised"]')
    assert boxes.count() == 3 and page.locator("#reply").count() == 0          # a checklist, no text box
    assert page.locator("#checklist cite").all_inner_texts() == ["(s. 348.21(3t)(b))", "(s. 348.21(3g))", "(s. 348.21(2)(b))"]
    assert "The truck is a vehicle combination transporting raw forest products" in page.inner_text("#checklist")
    page.check("#raised-2")
    page.click("#next")
    assert "raised: The truck is a vehicle combination transporting raw forest products" in page.inner_text("#log")
    if page.locator("#review").count():                                       # a question follows: review
        page.click("#review")
        assert "raised: The truck" in page.inner_text("#log")                 # Review keeps the answer
        page.click("#continue")
    assert "raised: The truck" in page.inner_text("#log")
    page.click("#back")
    assert page.is_checked("#raised-2") and not page.is_checked("#raised-1")   # Back keeps it ticked


def test_back_and_review_keep_an_element_s_answer(server, page):
    base, _ = server
    page.goto(f"{base}/interview/ch350_night_direction_undetermined")
    question = "Did the ride travel in the direction of vehicular traffic in the nearest lane?"
    assert page.inner_text("#question") == question
    page.click("#review")                                                     # Review before answering
    page.click("#continue")
    page.select_option("#reply", "unknown")
    page.click("#next")
    assert page.inner_text("#log li") == f"{question} unknown"                # the review lists it in words
    page.click("#back")
    assert page.input_value("#reply") == "unknown"                            # Back shows the answer given
    page.click("#next")
    assert page.inner_text("#log li") == f"{question} unknown"


def test_a_second_operation_is_added_on_the_form_answered_per_operation_saved_and_reloaded(page, tmp_path):
    import shutil as sh
    sh.copy(ROOT / "facts" / f"{NIGHT}.yaml", tmp_path / f"{NIGHT}.yaml")
    with shot.serving(tmp_path) as base:
        page.goto(f"{base}/case/{NIGHT}")
        assert page.locator("#entity-op2").count() == 0
        page.select_option("#add-type", "operation")
        page.fill("#add-name", "the second ride")
        page.click("#add-btn")
        assert page.inner_text("#notice").startswith("Added op2 (operation)")
        op2 = page.locator("#entity-op2")
        op2.locator("summary").click()                    # its facts, all unstated, folded
        page.select_option('select[name="f.op2.operator"]', "p1")
        page.select_option('select[name="f.op2.snowmobile_used"]', "s1")
        page.select_option('select[name="f.op2.at_night"]', "false")
        page.click("#answer-btn")
        said = page.inner_text("#answer")
        assert "Of 2 operations" in said and "The first ride" in said and "The second ride" in said
        assert "op2" not in (tmp_path / f"{NIGHT}.yaml").read_text()       # answered, not saved
        page.click("#save-btn")
        assert "added op2" in page.inner_text("#saved")
        page.goto(f"{base}/case/{NIGHT}")                # opened again (a GET, not the POST resent)
        assert page.locator("#entity-op2").count() == 1
        assert page.input_value('input[name="f.op2.name"]') == "the second ride"
        assert page.input_value('select[name="f.op2.operator"]') == "p1"
    from click.testing import CliRunner
    from reasoner.cli import main
    result = CliRunner().invoke(main, ["ask", str(tmp_path / f"{NIGHT}.yaml"), "lawful"])
    assert result.exit_code == 0 and "the second ride" in result.output.lower()


def test_enter_in_the_add_a_party_name_adds_and_enter_in_a_value_answers(page, tmp_path):
    import shutil as sh
    sh.copy(ROOT / "facts" / f"{NIGHT}.yaml", tmp_path / f"{NIGHT}.yaml")
    with shot.serving(tmp_path) as base:
        page.goto(f"{base}/case/{NIGHT}")
        page.fill('input[name="f.op1.trail_distance_ft"]', "45")
        page.press('input[name="f.op1.trail_distance_ft"]', "Enter")        # a value: Enter answers
        page.wait_for_selector("#answer")
        assert page.inner_text("#answer").startswith("yes")
        assert page.locator("#notice").count() == 0 and page.locator("#entity-op2").count() == 0
        page.select_option("#add-type", "operation")
        page.fill("#add-name", "the second ride")
        page.press("#add-name", "Enter")                                      # the Add name: Enter adds
        page.wait_for_selector("#notice")
        assert page.inner_text("#notice").startswith("Added op2 (operation)")
        assert page.input_value('input[name="f.op2.name"]') == "the second ride"
        assert page.input_value('input[name="f.op1.trail_distance_ft"]') == "45"   # the typed value kept
