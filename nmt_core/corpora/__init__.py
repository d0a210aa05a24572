"""Which pairs a run trains on: its split, extra corpora, streaming from disk, and the
everyday pairs it writes itself (generated.py, from the ``everyday`` package beside the
library).

Rule: imports the layers below it (text to translate), never analysis or above; only
generated.py imports ``everyday``.
"""
