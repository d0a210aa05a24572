"""Numbers about text and attention: BLEU, chrF, entropy, one step's arithmetic, temperature.

Rule: imports no other nmt_core module.
"""
