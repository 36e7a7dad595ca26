"""station package."""
