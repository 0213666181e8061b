from __future__ import annotations

import unittest

from . import _path  # noqa: F401
from parley_server import WebhookVerificationError, verify_webhook

# A delivery signed by the Standard Webhooks reference library (the npm package `standardwebhooks`).
SECRET = "whsec_YS13ZWJob29rLXNlY3JldC1vZi0yNC1i"
BODY = (
    '{"type":"message.created","timestamp":"2026-12-03T10:00:00.000Z","data":{"appId":"app","event":{"id":"1",'
    '"type":"message.created","channelId":"c","createdAt":"2026-12-03T10:00:00.000Z"}}}'
)
HEADERS = {
    "webhook-id": "msg_01JDZ3Q5V6K9Y8X7W6V5T4S3R2",
    "webhook-timestamp": "1796292000",
    "webhook-signature": "v1,fni/1+8HQla9MZll6SDLEm4dejsKF/QWqry1XQ0th3M=",
}
NOW = 1796292000


class VerifyWebhookTest(unittest.TestCase):
    def test_returns_the_event_of_a_delivery_the_reference_library_signed(self) -> None:
        event = verify_webhook(SECRET, HEADERS, BODY.encode("utf-8"), now=NOW)
        self.assertEqual(event["type"], "message.created")
        self.assertEqual(event["data"]["event"]["channelId"], "c")

    def test_reads_headers_in_any_case_and_either_of_two_signatures(self) -> None:
        headers = {name.title(): value for name, value in HEADERS.items()}
        headers["Webhook-Signature"] = "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= " + HEADERS["webhook-signature"]
        self.assertEqual(verify_webhook(SECRET, headers, BODY, now=NOW)["type"], "message.created")

    def test_refuses_a_changed_body_another_secret_and_a_missing_header(self) -> None:
        with self.assertRaisesRegex(WebhookVerificationError, "no signature"):
            verify_webhook(SECRET, HEADERS, BODY.replace("message", "massage"), now=NOW)
        with self.assertRaisesRegex(WebhookVerificationError, "no signature"):
            verify_webhook("whsec_" + "b3RoZXI=", HEADERS, BODY, now=NOW)
        without_id = {k: v for k, v in HEADERS.items() if k != "webhook-id"}
        with self.assertRaisesRegex(WebhookVerificationError, "webhook-id"):
            verify_webhook(SECRET, without_id, BODY, now=NOW)

    def test_refuses_a_timestamp_outside_the_tolerance(self) -> None:
        with self.assertRaisesRegex(WebhookVerificationError, "more than 300 s"):
            verify_webhook(SECRET, HEADERS, BODY, now=NOW + 301)
        with self.assertRaisesRegex(WebhookVerificationError, "more than 300 s"):
            verify_webhook(SECRET, HEADERS, BODY, now=NOW - 301)
        lenient = verify_webhook(SECRET, HEADERS, BODY, tolerance_seconds=600, now=NOW + 301)
        self.assertEqual(lenient["type"], "message.created")


if __name__ == "__main__":
    unittest.main()
