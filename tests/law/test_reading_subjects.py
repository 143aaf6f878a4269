"""Every reading of the bundled law has a subject (trainer review 4): "Eligible when the total weight
to be shifted is 2,000 lb or less ..." reads "Reloading under s. 348.21(2)(b) is allowed when ...";
no reading opens with a bare adjective or verb ("Eligible", "Exempt", "has not attained ...")."""
import re
from pathlib import Path

LAW = Path(__file__).resolve().parents[2] / "reasoner/law"
READING = re.compile(r'^@reading "([^"]*)', re.M)
# first words that leave the reading without a subject: what is eligible, exempt, has or is?
SUBJECTLESS = {"eligible", "exempt", "has", "have", "is", "are", "was", "may", "must", "applies", "holds",
               "met", "allowed", "excused"}


def _readings():
    for path in sorted(LAW.rglob("*.dl")):
        for m in READING.finditer(path.read_text()):
            yield path.name, m.group(1)


def test_no_reading_opens_without_a_subject():
    bad = [(name, text[:60]) for name, text in _readings()
           if text.split(" ", 1)[0].strip("'\"").lower() in SUBJECTLESS]
    assert not bad, bad


def test_the_reload_reading_names_reloading():
    texts = [t for _, t in _readings()]
    assert any(t.startswith("Reloading under s. 348.21(2)(b) is allowed when the weight found does not exceed "
                            "the weight prescribed by more than 2,000 lb, the total weight to be shifted is 2,000 lb "
                            "or less") for t in texts)
    assert any(t.startswith("A vehicle under an overweight permit is exempt 'to the extent stated in the permit'")
               for t in texts)
