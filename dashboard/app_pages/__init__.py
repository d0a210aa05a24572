"""One script per page, in the sidebar's order of ``dashboard/navigation.py``: each composes
widgets and holds no arithmetic on results.
"""
