"""The command line, one module per command (train and tokenizer together); ``parser``, ``options``
and ``files`` hold what the commands share.

Rule: imports the layers below it; in nmt_core, only __main__ imports it.
"""
