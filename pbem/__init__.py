"""pbem: the outside world of the judge — store, CLI, mail gateway, daemon, moderator tools."""
__version__ = "0.1.0"
