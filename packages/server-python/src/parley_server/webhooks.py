"""Verifying the webhooks Parley sends, as the Standard Webhooks specification describes them."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Iterable, Optional, Protocol, Tuple, Union

from .errors import WebhookVerificationError

_SECRET_PREFIX = "whsec_"


class Headers(Protocol):
    """A delivery's headers: a ``dict``, or a framework's headers object (``http.server``'s, Flask's, Django's)."""

    def items(self) -> Iterable[Tuple[str, Any]]: ...


def _header(headers: Headers, name: str) -> str:
    # Frameworks hand headers over in their own case; the names are compared without it.
    for key, value in headers.items():
        if key.lower() == name:
            if isinstance(value, (list, tuple)):
                value = value[0] if value else ""
            if value:
                return str(value)
    raise WebhookVerificationError(f"the delivery has no {name} header")


def verify_webhook(
    secret: str,
    headers: Headers,
    body: Union[str, bytes],
    tolerance_seconds: int = 300,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Checks a webhook delivery and returns its event (the parsed body).

    The ``webhook-signature`` header holds one or more ``v1,<base64>`` signatures (two for a day after the secret
    was rotated), each an HMAC-SHA256 keyed with the secret's decoded bytes over
    ``<webhook-id>.<webhook-timestamp>.<body>``; one must match. A timestamp further than ``tolerance_seconds`` from
    now is refused, so a captured delivery cannot be replayed later. ``body`` must be the body exactly as received.
    Raises :class:`WebhookVerificationError` for a delivery that fails any check.
    """
    delivery_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not timestamp.isdigit():
        raise WebhookVerificationError("the webhook-timestamp is not a number")
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError(f"the webhook-timestamp is more than {tolerance_seconds} s from now")
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    try:
        key = base64.b64decode(secret[len(_SECRET_PREFIX) :] if secret.startswith(_SECRET_PREFIX) else secret)
    except binascii.Error as error:
        raise WebhookVerificationError("the secret is not base64") from error
    expected = hmac.new(key, f"{delivery_id}.{timestamp}.".encode("utf-8") + raw, hashlib.sha256).digest()
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version != "v1" or not signature:
            continue
        try:
            given = base64.b64decode(signature)
        except binascii.Error:
            continue
        if hmac.compare_digest(given, expected):
            try:
                event = json.loads(raw.decode("utf-8"))
            except ValueError as error:
                raise WebhookVerificationError("the delivery's body is not JSON") from error
            if not isinstance(event, dict):
                raise WebhookVerificationError("the delivery's body is not an object")
            return event
    raise WebhookVerificationError("no signature of the delivery matches the secret")
