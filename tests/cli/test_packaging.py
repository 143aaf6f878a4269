"""Packaging: a plain (non-editable) install finds the saved queries and every data
file the CLI needs, from any folder. Builds the wheel, installs it into a fresh venv (no
dependencies: they are borrowed from this venv's site-packages through a .pth file, whose own .pth
files -- this checkout's editable install -- are not processed) and asks `lawful` from a temp folder."""
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    assert result.returncode == 0, f"{cmd}\n{result.stdout}\n{result.stderr}"
    return result


def test_installed_wheel_answers_lawful_from_another_folder(tmp_path):
    wheels = tmp_path / "wheels"
    source = tmp_path / "source"   # a clean copy: the build writes build/ and *.egg-info beside setup.py
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache", "out"))
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)], cwd=tmp_path)
    wheel = next(wheels.glob("reasoner-*.whl"))
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", str(wheel)])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    case = elsewhere / "case.yaml"
    case.write_text((ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text())
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env["REASONER_CACHE_DIR"] = str(tmp_path / "cache")
    where = _run([str(py), "-c", "import reasoner, sys; print(reasoner.__file__)"], cwd=elsewhere, env=env)
    assert str(env_dir) in where.stdout, where.stdout          # the installed copy, not this checkout
    result = subprocess.run([str(env_dir / "bin" / "reasoner"), "ask", "case.yaml", "lawful"],
                            capture_output=True, text=True, cwd=elsewhere, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Verdict: FALSE" in result.stdout and "350.02(2)(b)4" in result.stdout
    listed = subprocess.run([str(env_dir / "bin" / "reasoner"), "vocab", "operation"],
                            capture_output=True, text=True, cwd=elsewhere, env=env, timeout=300)
    assert listed.returncode == 0 and "highway_class" in listed.stdout
    # the example cases ship in the wheel: `reasoner examples DIR` copies them, the README's commands work
    copied = subprocess.run([str(env_dir / "bin" / "reasoner"), "examples", "facts"],
                            capture_output=True, text=True, cwd=elsewhere, env=env, timeout=300)
    assert copied.returncode == 0, copied.stderr
    assert sorted(p.name for p in (elsewhere / "facts").iterdir()) == sorted(
        p.name for p in (ROOT / "facts").glob("*.yaml"))
    demo = subprocess.run([str(env_dir / "bin" / "reasoner"), "ask", "facts/ch350_night_direction_unlawful.yaml",
                           "lawful"], capture_output=True, text=True, cwd=elsewhere, env=env, timeout=300)
    assert demo.returncode == 0 and "Verdict: FALSE" in demo.stdout
