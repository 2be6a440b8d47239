import sys
from pathlib import Path

# Shared test helpers (micropython_env, firmware/portable) are plain modules beside the tests.
HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE / "firmware"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
