"""Pages compose: each takes its settings and model work from ``state`` and hands them to
widgets, views and figures, with no arithmetic on results.

One script per page, in the sidebar's order of ``dashboard/navigation.py``.
"""
