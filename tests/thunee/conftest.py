"""Makes the Thunee test helpers importable under any pytest import mode."""
import pathlib
import sys

_here = str(pathlib.Path(__file__).parent)
if _here not in sys.path:
    sys.path.insert(0, _here)
