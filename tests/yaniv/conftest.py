import os
import sys

# The test modules import their helpers by name (``from yaniv_helpers import ...``); with pytest's
# importlib import mode the test folder is not on sys.path by itself.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
