"""Training a model: the loop, loss, guided alignment, run folders, averaging, probes.

Rule: imports the layers below it, never serving.
"""
