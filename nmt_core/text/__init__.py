"""Sentences and their pieces: corpora read and cleaned, the sentencepiece tokenizer.

Rule: imports no other nmt_core module.
"""
