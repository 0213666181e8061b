from __future__ import annotations

import json
import unittest
from typing import Dict, List, Mapping, Optional, Tuple, Union

from . import _path  # noqa: F401
from parley_server import ParleyConnectionError, ParleyError
from parley_server.http import Http

Answer = Union[Tuple[int, Dict[str, str], dict], OSError]


class Scripted:
    """A transport that answers from a script, one answer (or raised failure) per request, and records each."""

    def __init__(self, answers: List[Answer]) -> None:
        self.answers = list(answers)
        self.sent: List[Tuple[str, str, Dict[str, str], Optional[bytes]]] = []

    def __call__(
        self, method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float
    ) -> Tuple[int, Mapping[str, str], bytes]:
        self.sent.append((method, url, dict(headers), body))
        answer = self.answers.pop(0)
        if isinstance(answer, OSError):
            raise answer
        status, answer_headers, payload = answer
        return status, answer_headers, json.dumps(payload).encode("utf-8")


def refusal(status: int, code: str, headers: Optional[Dict[str, str]] = None) -> Answer:
    return (status, headers or {}, {"code": code, "message": f"refused with {code}"})


def client(answers: List[Answer], max_retries: int = 3, base_delay: float = 0.1, max_delay: float = 1.0):
    transport = Scripted(answers)
    waits: List[float] = []
    http = Http(
        "https://chat.example.com",
        "psk_test",
        transport=transport,
        max_retries=max_retries,
        base_delay=base_delay,
        max_delay=max_delay,
        sleep=waits.append,
        rand=lambda: 0.5,
    )
    return http, transport, waits


class RetriesTest(unittest.TestCase):
    def test_waits_as_long_as_a_429s_retry_after_says(self) -> None:
        http, transport, waits = client([refusal(429, "005", {"Retry-After": "2"}), (200, {}, {"ok": True})])
        self.assertEqual(http.request("GET", "/users"), {"ok": True})
        self.assertEqual(waits, [2.0])
        self.assertEqual(len(transport.sent), 2)

    def test_sends_one_idempotency_key_on_every_retry_of_a_write(self) -> None:
        http, transport, waits = client(
            [
                refusal(503, "002"),
                ConnectionResetError("reset"),
                (502, {}, {"error": "bad gateway"}),
                (200, {}, {"user": {}}),
            ]
        )
        http.request("POST", "/users", body={"userId": "kim", "nickname": "Kim"})
        keys = {headers["Idempotency-Key"] for _, _, headers, _ in transport.sent}
        self.assertEqual(len(transport.sent), 4)
        self.assertEqual(len(keys), 1)
        self.assertEqual([round(w, 3) for w in waits], [0.075, 0.15, 0.3])

    def test_draws_a_new_key_per_call_and_none_for_a_read(self) -> None:
        http, transport, _ = client([(200, {}, {}), (200, {}, {}), (200, {}, {})])
        http.request("POST", "/users/bulk", body={"users": []})
        http.request("POST", "/users/bulk", body={"users": []})
        http.request("GET", "/users")
        first, second, read = (headers.get("Idempotency-Key") for _, _, headers, _ in transport.sent)
        self.assertNotEqual(first, second)
        self.assertIsNone(read)

    def test_caps_the_back_off(self) -> None:
        http, _, waits = client([refusal(500, "001")] * 6, max_retries=5, base_delay=0.4, max_delay=1.0)
        with self.assertRaises(ParleyError) as raised:
            http.request("GET", "/users")
        self.assertEqual((raised.exception.code, raised.exception.status), ("001", 500))
        self.assertEqual([round(w, 3) for w in waits], [0.3, 0.6, 0.75, 0.75, 0.75])

    def test_raises_at_once_what_retrying_cannot_change_and_a_long_retry_after(self) -> None:
        http, transport, _ = client([refusal(404, "3018"), refusal(429, "005", {"retry-after": "120"})])
        with self.assertRaises(ParleyError) as missing:
            http.request("GET", "/users/nobody")
        self.assertEqual((missing.exception.code, missing.exception.status), ("3018", 404))
        with self.assertRaises(ParleyError) as limited:
            http.request("GET", "/users")
        self.assertEqual(limited.exception.retry_after_seconds, 120)
        self.assertEqual(len(transport.sent), 2)

    def test_gives_up_after_max_retries(self) -> None:
        http, transport, _ = client([ConnectionRefusedError("refused")] * 4)
        with self.assertRaises(ParleyConnectionError):
            http.request("GET", "/users")
        self.assertEqual(len(transport.sent), 4)

    def test_takes_a_not_found_after_a_lost_answer_for_the_earlier_attempts_success(self) -> None:
        http, _, _ = client([ConnectionResetError("reset"), refusal(404, "3018")])
        ok = http.request("DELETE", "/users/kim", applied_before=lambda e: {"ok": True} if e.code == "3018" else None)
        self.assertEqual(ok, {"ok": True})
        http, _, _ = client([refusal(404, "3018")])
        with self.assertRaises(ParleyError):
            http.request("DELETE", "/users/kim", applied_before=lambda e: {"ok": True} if e.code == "3018" else None)


if __name__ == "__main__":
    unittest.main()
