"""The Streamlit app, in layers: pages compose, widgets lay out, views shape results, figures draw,
state caches and holds the session.

Rule: each module's docstring states its layer's rule; tests/test_structure.py checks them.
"""
