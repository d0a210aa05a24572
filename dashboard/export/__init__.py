"""Exports compose, like a page, but into a file that opens without a server: every number from
``views``, every chart from ``figures``; no Streamlit, no model run, no arithmetic.

* ``lesson``: the Lesson of one sentence as one HTML file, for slides.
"""
