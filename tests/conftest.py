import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def program(tmp_path):
    """Build a Rulebase from rule text (written to a temp .dl file)."""
    from reasoner.engine.rulebase import program_rulebase

    def make(text, name="prog.dl", fact_preds=()):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return program_rulebase([path], fact_preds=fact_preds)
    return make


@pytest.fixture
def exact_unbounded():
    """The exact split without a budget (the tests of its rounds check what it finds, not when it stops):
    `pytestmark = pytest.mark.usefixtures("exact_unbounded")`."""
    from reasoner.core.settings import current, use
    with use(current().replace(exact_budget=None)):
        yield


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """The tests never write into the user's cache folder (reasoner/cache.py). Under pytest-xdist
    (`-n auto`) each worker is its own session with its own base temporary folder, so each worker
    has its own law cache (named after the worker), shared by no other process."""
    import os
    old = os.environ.get("REASONER_CACHE_DIR")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    os.environ["REASONER_CACHE_DIR"] = str(tmp_path_factory.mktemp(f"reasoner-cache-{worker}"))
    yield
    if old is None:
        os.environ.pop("REASONER_CACHE_DIR", None)
    else:
        os.environ["REASONER_CACHE_DIR"] = old


TIMED_MODULES = {"test_limits", "test_fuzz_limits", "test_time_limit", "test_numbers_refused_in_words_and_limits"}

# The long tier: marked `slow` here, module by module, so that `pytest -m "not slow"` is the fast
# tier (docs/README.md, "Tests"). Differential and fuzz tests (random programs and cases against clingo and
# the reference engine), packaging (a wheel built and installed), the browser and bench smoke
# tests, tests that time commands against their limits, and sweeps over every bundled case.
SLOW_MODULES = {
    "test_differential", "test_exact_differential", "test_recursion_differential", "test_engines_agree",
    "test_fuzz_cases", "test_fuzz_rules", "test_fuzz_vocabulary", "test_fuzz_security", "test_fuzz_facts",
    "test_fuzz_limits", "test_limits", "test_time_limit", "test_bench_smoke", "test_packaging",
    "test_render_html_chromium", "test_cli_examples", "test_outputs_onto_devices_and_fifos", "test_serve_browser",
    "test_course_pack", "test_handout_pages",   # handouts and packs printed by Chromium; a pack of every ch. 350 case
    "test_readme", "test_batch_money",   # every README command; batch over facts/ for every money query
    "test_numbers_refused_in_words_and_limits",   # every number reader, limits timed
}


# single tests of otherwise fast modules: sweeps over every bundled case or statute text, and
# generated or random programs checked against an enumeration, clingo or a reference
SLOW_TESTS = {
    "test_prose.py::test_every_case_and_saved_query_reads_as_prose",
    "test_repeated_variables.py::test_random_questions_with_repeated_variables_equal_the_enumeration_and_clingo",
    "test_jsontext.py::test_the_same_text_as_json_dumps",
    "test_exact.py::test_no_candidate_amount_that_no_completion_produces_on_the_bundled_cases",
    "test_recursion.py::test_transitive_closure",
    "test_three_valued.py::test_answers_are_sound_for_every_completion",
    "test_two_valued_share.py::test_sharing_gives_the_same_models_as_two_copies",
    "test_worlds.py::test_worlds_on_generated_cases_of_the_law",
    "test_wrap.py::test_every_statute_text_wraps_as_textwrap_at_every_width",
    "test_wrap.py::test_random_text_wraps_as_textwrap",
    "test_cli_hygiene.py::test_fifo_and_device_as_case_are_refused_without_waiting",
    "test_cli_hygiene.py::test_ctrl_c_in_batch_says_interrupted_exits_130_and_writes_nothing",
    "test_cli_hygiene.py::test_ctrl_c_in_interview_says_interrupted_exits_130_and_saves_nothing",
}


# and the tests listed in slow_tests.txt (measured: each over 0.5 s, the tier rule; tools/slow_tests.py)
SLOW_LISTED = {line.strip() for line in (Path(__file__).parent / "slow_tests.txt").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    tests = Path(__file__).parent
    for item in items:
        name = f"{item.path.name}::{item.originalname}" if hasattr(item, "originalname") else item.nodeid
        listed = f"{item.path.relative_to(tests).as_posix()}::{getattr(item, 'originalname', item.name)}"
        if item.module.__name__.rsplit(".", 1)[-1] in SLOW_MODULES or name in SLOW_TESTS or listed in SLOW_LISTED:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _quiet_collector(request):
    """Tests that time a command against its limit start from a collected, frozen heap: late in a
    long run the heap holds every earlier test's leftovers, and a full collection over it could
    land inside a timed command (CI once spent more than a 1 s limit where the work takes ms)."""
    if request.module.__name__.rsplit(".", 1)[-1] not in TIMED_MODULES:
        yield
        return
    import gc
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
