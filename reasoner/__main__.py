"""`python -m reasoner ...`: the same command as `reasoner ...`."""
from reasoner.cli import run

if __name__ == "__main__":
    run()
