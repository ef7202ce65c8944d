"""The New World (§20): the explore, colonize and conquer CP actions (`actions`) and their
resolution in phase 8 (`phase`).

Rules: §20 (see the modules)
"""
