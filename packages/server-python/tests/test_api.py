"""The client against a real Parley server process.

``packages/server-sdk/test/python.test.ts`` starts one, makes an app with an API key, a login signing secret and a
webhook pointing at ``PARLEY_TEST_WEBHOOK_PORT``, and runs these tests with the settings below in the environment.
"""

from __future__ import annotations

import http.server
import json
import os
import threading
import time
import unittest
import uuid
from typing import Any, Dict, List, Mapping, Optional, Tuple

from . import _path  # noqa: F401
from parley_server import ParleyError, ParleyServer, sign_login_token, verify_webhook
from parley_server.http import urllib_transport

URL = os.environ.get("PARLEY_TEST_URL", "")
API_KEY = os.environ.get("PARLEY_TEST_API_KEY", "")
APP_ID = os.environ.get("PARLEY_TEST_APP_ID", "")
SIGNING_KEY_ID = os.environ.get("PARLEY_TEST_SIGNING_KEY_ID", "")
SIGNING_SECRET = os.environ.get("PARLEY_TEST_SIGNING_SECRET", "")
WEBHOOK_SECRET = os.environ.get("PARLEY_TEST_WEBHOOK_SECRET", "")
WEBHOOK_PORT = int(os.environ.get("PARLEY_TEST_WEBHOOK_PORT", "0"))
NEEDS_SIGNING = "set PARLEY_TEST_SIGNING_KEY_ID and PARLEY_TEST_SIGNING_SECRET"


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def _login(user_id: str, token: str) -> Tuple[int, Dict[str, Any]]:
    """Logs an end user in with a login token, as a client app does."""
    body = json.dumps({"appId": APP_ID, "userId": user_id, "token": token}).encode("utf-8")
    status, _, answer = urllib_transport("POST", f"{URL}/v1/auth/login", {"content-type": "application/json"}, body, 10)
    return status, json.loads(answer)


@unittest.skipUnless(URL and API_KEY and APP_ID, "set PARLEY_TEST_URL, PARLEY_TEST_API_KEY and PARLEY_TEST_APP_ID")
class ApiTest(unittest.TestCase):
    def setUp(self) -> None:
        self.parley = ParleyServer(
            URL,
            API_KEY,
            app_id=APP_ID,
            signing_key_id=SIGNING_KEY_ID or None,
            signing_secret=SIGNING_SECRET or None,
            base_delay=0.01,
        )

    def test_creates_reads_changes_lists_and_deletes_a_user(self) -> None:
        user_id = _unique("kim")
        user = self.parley.users.create(user_id, "Kim", metadata={"plan": "pro"})
        self.assertEqual((user["userId"], user["metadata"]), (user_id, {"plan": "pro"}))
        self.assertEqual(self.parley.users.get(user_id)["nickname"], "Kim")
        self.assertEqual(self.parley.users.update(user_id, nickname="김")["nickname"], "김")
        self.assertIn(user_id, [u["userId"] for u in self.parley.users.list(search=user_id)["users"]])
        self.parley.users.delete(user_id)
        with self.assertRaises(ParleyError) as gone:
            self.parley.users.get(user_id)
        self.assertEqual((gone.exception.code, gone.exception.status), ("3018", 404))

    def test_shadow_bans_a_user_whose_messages_the_app_then_reads_marked_and_lifts_it(self) -> None:
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        channel = self.parley.channels.create("Watched", user_ids=[kim])
        self.assertTrue(self.parley.users.shadow_ban(kim))
        self.assertTrue(self.parley.users.is_shadow_banned(kim))
        self.parley.messages.send_as(kim, channel["id"], "unseen")
        self.assertFalse(self.parley.users.lift_shadow_ban(kim))
        self.assertFalse(self.parley.users.is_shadow_banned(kim))
        self.parley.messages.send_as(kim, channel["id"], "seen")
        messages = self.parley.messages.list(channel["id"])["messages"]
        self.assertEqual([(m["text"], m.get("shadowed", False)) for m in messages], [("unseen", True), ("seen", False)])

    def test_gives_a_user_an_app_role_and_refuses_one_the_app_does_not_have_with_code_3198(self) -> None:
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        self.assertEqual(self.parley.users.set_role(kim, "moderator"), "moderator")
        self.assertEqual(self.parley.users.get(kim)["role"], "moderator")
        with self.assertRaises(ParleyError) as refused:
            self.parley.users.set_role(kim, "no-such-role")
        self.assertEqual((refused.exception.code, refused.exception.status), ("3198", 404))

    def test_refuses_a_second_user_of_the_same_id_with_code_3019(self) -> None:
        user_id = _unique("twice")
        self.parley.users.create(user_id, "Twice")
        with self.assertRaises(ParleyError) as refused:
            self.parley.users.create(user_id, "Twice")
        self.assertEqual((refused.exception.code, refused.exception.status), ("3019", 409))

    def test_upserts_users_in_bulk_with_a_result_per_item(self) -> None:
        ids = [_unique("bulk"), _unique("bulk")]
        items = [
            {"userId": ids[0], "nickname": "One"},
            {"userId": ids[1], "nickname": "Two"},
            {"userId": "bad id!", "nickname": "x"},
        ]
        first = self.parley.users.upsert_many(items)
        self.assertEqual([r["status"] for r in first["results"]], ["created", "created", "failed"])
        again = self.parley.users.upsert_many(items[:2])
        self.assertEqual([r["status"] for r in again["results"]], ["unchanged", "unchanged"])

    def test_issues_a_login_token_an_end_user_logs_in_with(self) -> None:
        user_id = _unique("issued")
        self.parley.users.create(user_id, "Issued")
        token = self.parley.tokens.issue(user_id, expires_in_seconds=600)["token"]
        status, session = _login(user_id, token)
        self.assertEqual(status, 200)
        self.assertEqual(session["user"]["userId"], user_id)

    @unittest.skipUnless(SIGNING_KEY_ID and SIGNING_SECRET, NEEDS_SIGNING)
    def test_a_locally_signed_token_logs_in_and_makes_the_user(self) -> None:
        user_id = _unique("signed")
        status, session = _login(user_id, self.parley.tokens.sign(user_id, expires_in_seconds=600, nickname="서명"))
        self.assertEqual(status, 200, session)
        self.assertEqual(self.parley.users.get(user_id)["nickname"], "서명")

    @unittest.skipUnless(SIGNING_KEY_ID and SIGNING_SECRET, NEEDS_SIGNING)
    def test_refuses_a_token_issued_before_the_users_tokens_were_revoked_with_code_3184(self) -> None:
        user_id = _unique("revoked")
        self.parley.users.create(user_id, "Revoked")
        # The test server's clock stands still at its start; two minutes before now is before it.
        token = sign_login_token(SIGNING_KEY_ID, SIGNING_SECRET, APP_ID, user_id, 600, now=time.time() - 120)
        self.assertIn("issuedBefore", self.parley.tokens.revoke(user_id=user_id))
        status, refusal = _login(user_id, token)
        self.assertEqual((status, refusal["code"]), (401, "3184"))

    def test_creates_a_channel_adds_and_removes_members_and_deletes_it(self) -> None:
        kim, lee = _unique("kim"), _unique("lee")
        self.parley.users.upsert_many([{"userId": kim, "nickname": "Kim"}, {"userId": lee, "nickname": "Lee"}])
        channel = self.parley.channels.create("Team", user_ids=[kim], data={"topic": "python"})
        self.assertEqual((channel["memberCount"], channel["data"]), (1, {"topic": "python"}))
        self.assertEqual(self.parley.members.add(channel["id"], [lee])["memberCount"], 2)
        self.parley.members.remove(channel["id"], kim)
        self.assertEqual(self.parley.channels.get(channel["id"])["memberCount"], 1)
        self.assertIn(channel["id"], [c["id"] for c in self.parley.channels.list(limit=100)["channels"]])
        self.parley.channels.delete(channel["id"])
        with self.assertRaises(ParleyError) as gone:
            self.parley.channels.get(channel["id"])
        self.assertEqual(gone.exception.code, "3007")

    def test_raises_a_failed_channel_create_with_the_items_own_code(self) -> None:
        with self.assertRaises(ParleyError) as refused:
            self.parley.channels.create("Ghosts", user_ids=[_unique("nobody")])
        self.assertEqual((refused.exception.code, refused.exception.status), ("3018", 404))

    def test_sends_as_the_app_and_as_a_user_and_lists_the_history(self) -> None:
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        channel = self.parley.channels.create("Room", user_ids=[kim])
        notice = self.parley.messages.send(channel["id"], "Welcome!")
        self.assertEqual((notice["type"], notice["sender"]), ("admin", None))
        said = self.parley.messages.send_as(kim, channel["id"], "hi", metadata={"via": "python"})
        self.assertEqual(said["sender"]["userId"], kim)
        self.parley.messages.send_as(kim, channel["id"], "again")
        history = self.parley.messages.list(channel["id"], limit=10)
        self.assertEqual([m["text"] for m in history["messages"]], ["Welcome!", "hi", "again"])

    def test_stores_one_message_when_the_answer_to_a_send_was_lost_after_the_server_stored_it(self) -> None:
        lost: List[str] = []

        def losing_first_answer(
            method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float
        ) -> Tuple[int, Mapping[str, str], bytes]:
            answer = urllib_transport(method, url, headers, body, timeout)
            if method == "POST" and url.endswith("/messages") and not lost:
                lost.append(url)
                raise ConnectionResetError("the connection closed before the answer arrived")
            return answer

        lossy = ParleyServer(URL, API_KEY, app_id=APP_ID, base_delay=0.01, transport=losing_first_answer)
        channel = lossy.channels.create("Lossy")
        message = lossy.messages.send(channel["id"], "once")
        self.assertEqual(len(lost), 1)
        self.assertEqual([m["id"] for m in lossy.messages.list(channel["id"])["messages"]], [message["id"]])

    @unittest.skipUnless(WEBHOOK_SECRET and WEBHOOK_PORT, "set PARLEY_TEST_WEBHOOK_SECRET and PARLEY_TEST_WEBHOOK_PORT")
    def test_verifies_a_delivery_the_server_signed(self) -> None:
        deliveries: List[Tuple[Dict[str, str], bytes]] = []

        class Receiver(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                deliveries.append((dict(self.headers.items()), body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        server = http.server.HTTPServer(("127.0.0.1", WEBHOOK_PORT), Receiver)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            channel = self.parley.channels.create("Hooked")
            sent = self.parley.messages.send(channel["id"], "delivered to python")
            deadline = time.monotonic() + 15
            while not any(b"delivered to python" in body for _, body in deliveries):
                self.assertLess(time.monotonic(), deadline, "no delivery within 15 s")
                time.sleep(0.05)
        finally:
            server.shutdown()
            server.server_close()
        headers, body = next((h, b) for h, b in deliveries if b"delivered to python" in b)
        event = verify_webhook(WEBHOOK_SECRET, headers, body)
        self.assertEqual(event["type"], "message.created")
        self.assertEqual(event["data"]["event"]["message"]["id"], sent["id"])


if __name__ == "__main__":
    unittest.main()
