"""The Streamlit app, a folder per layer: pages compose, widgets lay out, exports compose into a
file, views shape results, figures draw, state caches and holds the session.

Imports point one way: ``app_pages/`` -> ``widgets/`` and ``export/`` -> ``views/`` ->
``figures/``; pages read models and settings from ``state/``, widgets only their own session
keys and the link. Each folder's ``__init__.py`` states its rule, and tests/test_structure.py
checks the folders and the arrows. Beside them: ``app.py``, the entry script, with
``navigation.py`` and ``presentation.py``, which only it reads; ``launch.py`` and ``server.py``,
the ``attention-lab`` command and its server process.
"""
