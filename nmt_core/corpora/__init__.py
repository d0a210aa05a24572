"""Which pairs a run trains on: its split, extra corpora, streaming from disk, and the
everyday pairs it writes itself from grammar templates and the Ding lexicon (generator.py and
the modules it names).

Rule: imports the layers below it (text to translate), never analysis or above.
"""
