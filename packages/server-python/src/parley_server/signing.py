"""Login tokens signed on the app's own server, with no call to Parley."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Optional

# How long a login token may be used: 7 days unless asked, 30 days at most (the contract's LOGIN_TOKEN_TTL_*).
LOGIN_TOKEN_TTL_DEFAULT_SECONDS = 7 * 24 * 60 * 60
LOGIN_TOKEN_TTL_MAX_SECONDS = 30 * 24 * 60 * 60


def _base64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _json(value: Dict[str, Any]) -> bytes:
    # Compact and UTF-8, as JSON.stringify writes it, so a token reads the same whichever SDK signed it.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sign_login_token(
    key_id: str,
    secret: str,
    app_id: str,
    user_id: str,
    expires_in_seconds: int = LOGIN_TOKEN_TTL_DEFAULT_SECONDS,
    nickname: Optional[str] = None,
    profile_image_url: Optional[str] = None,
    now: Optional[float] = None,
) -> str:
    """A login token the end user logs in with (``POST /v1/auth/login`` with the app ID, user ID and token).

    A JWT (JWS compact, HS256) whose header names the signing secret (``kid``) and whose claims are the user
    (``sub``), the app (``aud``), when it was signed (``iat``) and until when it may be used (``exp``), and, for a
    user made on first login, ``nickname`` and ``profileImageUrl``. The secret's whole string (``pls_…``), prefix
    included, is the HMAC key. ``now`` is the signing time in seconds since the epoch; the current time by default.
    """
    if not isinstance(expires_in_seconds, int) or not 1 <= expires_in_seconds <= LOGIN_TOKEN_TTL_MAX_SECONDS:
        raise ValueError(f"expires_in_seconds must be a whole number from 1 to {LOGIN_TOKEN_TTL_MAX_SECONDS}")
    if not key_id or not secret:
        raise ValueError("the signing key needs key_id and secret")
    issued_at = int(time.time() if now is None else now)
    header = {"alg": "HS256", "typ": "JWT", "kid": key_id}
    claims: Dict[str, Any] = {"sub": user_id, "aud": app_id, "iat": issued_at, "exp": issued_at + expires_in_seconds}
    if nickname is not None:
        claims["nickname"] = nickname
    if profile_image_url is not None:
        claims["profileImageUrl"] = profile_image_url
    signing_input = f"{_base64url(_json(header))}.{_base64url(_json(claims))}"
    signature = hmac.new(secret.encode("utf-8"), signing_input.encode("ascii"), hashlib.sha256).digest()
    return f"{signing_input}.{_base64url(signature)}"
