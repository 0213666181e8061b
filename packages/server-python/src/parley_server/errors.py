"""The errors the client raises: the API's refusals, a server out of reach, a webhook that fails verification."""

from __future__ import annotations

from typing import Any, Dict, Optional


class ParleyError(Exception):
    """An error the Parley API answered with.

    ``code`` is the catalogue code (``"3018"``: no such user, ``"3019"``: the user exists), ``status`` the HTTP
    status, ``message`` the API's message, ``data`` the extra facts some errors carry (the invalid fields of a
    ``"300"``), and ``retry_after_seconds`` how long the server asked to wait, when it said.
    """

    def __init__(
        self,
        code: str,
        message: str,
        status: int,
        data: Optional[Dict[str, Any]] = None,
        retry_after_seconds: Optional[int] = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.data = data
        if retry_after_seconds is None and data is not None and isinstance(data.get("retryAfterSeconds"), int):
            retry_after_seconds = data["retryAfterSeconds"]
        self.retry_after_seconds = retry_after_seconds


class ParleyConnectionError(Exception):
    """The API could not be reached, or something between answered instead of it, after every retry.

    ``status`` is the HTTP status of an answer that was not an API error, or None when none came.
    """

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status


class WebhookVerificationError(Exception):
    """A webhook delivery failed verification: its signature, its timestamp or its headers."""
