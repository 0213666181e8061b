"""The one place the client talks HTTP: JSON in and out, the bearer credential, errors, and retries."""

from __future__ import annotations

import email.utils
import http.client
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from .errors import ParleyConnectionError, ParleyError

CHAT_API_PREFIX = "/v1"
IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"
# A wait the server asks for longer than this is the caller's to decide: the error is raised at once.
RETRY_AFTER_MAX_SECONDS = 60

# (method, url, headers, body, timeout) -> (status, headers, body); raises OSError when no answer came.
Transport = Callable[[str, str, Dict[str, str], Optional[bytes], float], Tuple[int, Mapping[str, str], bytes]]
# Turns a refusal that shows an earlier attempt was applied into the call's result; None for any other.
AppliedBefore = Callable[[ParleyError], Optional[Any]]


def urllib_transport(
    method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float
) -> Tuple[int, Mapping[str, str], bytes]:
    """Sends a request with the standard library's ``urllib``; a non-2xx answer is returned, not raised."""
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers.items()), error.read()


def retry_after_of(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[int]:
    """``Retry-After`` in seconds: a number of seconds or an HTTP date; None when absent or unreadable."""
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), "").strip()
    if not value:
        return None
    if value.isdigit():
        return int(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(at - (time.time() if now is None else now) + 0.999))


class Http:
    """Sends chat API calls and retries those that failed with a 429, a 5xx or no answer.

    Every write carries an ``Idempotency-Key`` drawn once per call and sent again with each retry; the calls make
    their writes safe to repeat with the route's own key (a message's ``clientMessageId``, a channel's ID) or with
    ``applied_before``.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        transport: Transport = urllib_transport,
        timeout: float = 30.0,
        max_retries: int = 3,
        base_delay: float = 0.2,
        max_delay: float = 5.0,
        sleep: Callable[[float], None] = time.sleep,
        rand: Callable[[], float] = random.random,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.transport = transport
        self.timeout = timeout
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.sleep = sleep
        self.rand = rand

    def request(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, str]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Optional[Any] = None,
        token: Optional[str] = None,
        applied_before: Optional[AppliedBefore] = None,
    ) -> Any:
        url = self._url(path, params or {}, query or {})
        headers = {"accept": "application/json", "authorization": f"Bearer {token or self.api_key}"}
        if method != "GET":
            headers[IDEMPOTENCY_KEY_HEADER] = str(uuid.uuid4())
        data = None
        if body is not None:
            headers["content-type"] = "application/json"
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        # Whether an earlier attempt may have been applied although its answer never arrived as a success.
        uncertain = False
        attempt = 0
        while True:
            try:
                return self._once(method, path, url, headers, data)
            except (ParleyError, ParleyConnectionError) as error:
                if uncertain and isinstance(error, ParleyError) and applied_before is not None:
                    applied = applied_before(error)
                    if applied is not None:
                        return applied
                wait = self._retry_delay(error, attempt)
                if wait is None or attempt >= self.max_retries:
                    raise
                if not (isinstance(error, ParleyError) and error.status == 429):
                    uncertain = True
                self.sleep(wait)
                attempt += 1

    def _url(self, path: str, params: Mapping[str, str], query: Mapping[str, Any]) -> str:
        filled = path
        for name, value in params.items():
            filled = filled.replace(f":{name}", urllib.parse.quote(value, safe=""))
        pairs = [(k, str(v)) for k, v in query.items() if v is not None]
        search = f"?{urllib.parse.urlencode(pairs)}" if pairs else ""
        return f"{self.base_url}{CHAT_API_PREFIX}{filled}{search}"

    def _retry_delay(self, error: Exception, attempt: int) -> Optional[float]:
        status = error.status if isinstance(error, (ParleyError, ParleyConnectionError)) else 0
        asked = error.retry_after_seconds if isinstance(error, ParleyError) else None
        # A 409 with Retry-After is the server still running the same key's first request.
        retryable = status is None or status == 429 or status >= 500 or (status == 409 and asked is not None)
        if not retryable:
            return None
        if asked is not None:
            return None if asked > RETRY_AFTER_MAX_SECONDS else float(asked)
        ceiling = min(self.max_delay, self.base_delay * 2**attempt)
        # Half fixed, half random: calls that failed together spread out instead of returning together.
        return ceiling / 2 + self.rand() * ceiling / 2

    def _once(self, method: str, path: str, url: str, headers: Dict[str, str], data: Optional[bytes]) -> Any:
        what = f"{method} {path}"
        try:
            status, answer_headers, raw = self.transport(method, url, headers, data, self.timeout)
        except (OSError, http.client.HTTPException) as error:
            raise ParleyConnectionError(f"{what} failed: {error}") from error
        try:
            body = json.loads(raw.decode("utf-8")) if raw else None
        except ValueError:
            body = None
        if 200 <= status < 300:
            return body
        if isinstance(body, dict) and isinstance(body.get("code"), str) and isinstance(body.get("message"), str):
            data_field = body.get("data")
            raise ParleyError(
                body["code"],
                body["message"],
                status,
                data_field if isinstance(data_field, dict) else None,
                retry_after_of(answer_headers),
            )
        raise ParleyConnectionError(f"{what} answered {status} without an API error", status)
