"""What a model's attention means: alignments, attributions, beam trees, what-if, votes.

Rule: imports the layers below it, never learning or serving.
"""
