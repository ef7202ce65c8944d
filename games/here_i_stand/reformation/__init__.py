"""The Reformation (§18): the religious CP actions (`actions`), the series of conversion
attempts they and the religious events make (`attempts`), theological debates (`debate`) and
the debaters' bonuses (`debaters`); the dice of one attempt are `religion`'s.

Rules: §18
"""
