"""From sentences to tensors and back: padded batches, greedy and beam search.

Rule: imports nmt_core.text, network and checkpoint, nothing above them.
"""
