"""Numbers about text and attention: BLEU, chrF, entropy, one step's arithmetic.

Rule: imports no other nmt_core module.
"""
