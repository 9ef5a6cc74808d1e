"""The minimal lobby and table pages (static HTML/JS, no build step)."""
from __future__ import annotations


def page_routes() -> list:
    return []
