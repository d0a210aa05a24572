"""Running nmt_core for many users at once: translation worker processes.

Rule: imports the layers below it; nothing in nmt_core imports it.
"""
