"""Which pairs a run trains on: its split, extra corpora, streaming from disk.

Rule: imports the layers below it (text to translate), never analysis or above.
"""
