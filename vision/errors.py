"""The one error of ``vision``: an upload that is no readable photo of tiles."""
from __future__ import annotations


class PhotoError(ValueError):
    """``code``: "not-image" (no JPEG, PNG or WebP signature), "too-large" (bytes or pixels over the
    limit; ``facts`` gives which), "undecodable" (a signature but no whole image), "nothing-found"
    (an image with no tile in it), "unavailable" (OpenCV missing). ``message``: one English line."""

    def __init__(self, code: str, message: str, **facts):
        super().__init__(message)
        self.code, self.message, self.facts = code, message, facts
