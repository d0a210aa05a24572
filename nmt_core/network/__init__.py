"""The network and its settings: scorer table, attention, encoder, decoder, configs.

Rule: imports only nmt_core.text.
"""
