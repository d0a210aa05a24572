"""Everyday German-English sentence pairs written from grammar templates, a hand-written sense
table and the inflections the installed Ding dictionary gives: the data tool beside the
attention library (``python -m everyday --size N --seed S`` writes a draw as TSV). A run of
``nmt_core`` reads it through one door, ``nmt_core.corpora.generated``.

In floors, lowest first (``FLOORS`` in tests/test_structure.py checks them): how words inflect
(``grammar``, ``english_forms``, ``ding_entries``, ``degrees``) < which words (the sense table,
``lexicon``) < phrases and word order (``pairs``, ``phrases``, ``english``, ``clauses``,
``times``) < templates (``comparisons``, ``constructions``, ``counts``, ``prices``,
``weather``, ``phrasebook``) < the draw (``generator``, ``unseen``, ``__main__``).

Rule: the standard library only (never nmt_core, dashboard or torch); a module imports only
from its own floor or a lower one.
"""
