"""nmt_core: RNN encoder–decoder translation with attention you can look at.

The caller-facing entry points are :func:`nmt_core.translate.translate` and
:func:`nmt_core.checkpoint.load_checkpoint`.
"""
