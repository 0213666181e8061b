from __future__ import annotations

import base64
import json
import unittest

from . import _path  # noqa: F401
from parley_server import LOGIN_TOKEN_TTL_MAX_SECONDS, ParleyServer, sign_login_token

KEY_ID = "lss_01"
SECRET = "pls_c2VjcmV0LXNpZ25pbmcta2V5LWJ5dGVzLWZvci10ZXN0cw"
APP_ID = "6f1c1f34-9a7e-4d7e-8d62-0f4f1b7a2c11"
NOW = 1796292000  # 2026-12-03T10:00:00Z

# The token the Node package signs for the same inputs, which `jose` verifies in its tests: the two SDKs agree
# byte for byte, Korean nickname included.
NODE_TOKEN = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Imxzc18wMSJ9."
    "eyJzdWIiOiJsZWUiLCJhdWQiOiI2ZjFjMWYzNC05YTdlLTRkN2UtOGQ2Mi0wZjRmMWI3YTJjMTEiLCJpYXQiOjE3OTYyOTIwMDAsImV4cCI6"
    "MTc5NjI5MjYwMCwibmlja25hbWUiOiLsnbQg7IiY7KeEIn0."
    "GAk-GHu0Z_NJD_AOsLP4xPADubagRTMmdkN2RDMy9xw"
)


def _part(token: str, index: int) -> dict:
    segment = token.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


class SignLoginTokenTest(unittest.TestCase):
    def test_signs_the_same_token_as_the_node_package(self) -> None:
        token = sign_login_token(KEY_ID, SECRET, APP_ID, "lee", 600, nickname="이 수진", now=NOW)
        self.assertEqual(token, NODE_TOKEN)

    def test_names_the_secret_and_lasts_seven_days_unless_asked(self) -> None:
        token = sign_login_token(KEY_ID, SECRET, APP_ID, "kim", now=NOW)
        self.assertEqual(_part(token, 0), {"alg": "HS256", "typ": "JWT", "kid": KEY_ID})
        self.assertEqual(_part(token, 1), {"sub": "kim", "aud": APP_ID, "iat": NOW, "exp": NOW + 7 * 24 * 60 * 60})

    def test_refuses_a_lifetime_longer_than_thirty_days_or_none(self) -> None:
        with self.assertRaises(ValueError):
            sign_login_token(KEY_ID, SECRET, APP_ID, "kim", LOGIN_TOKEN_TTL_MAX_SECONDS + 1)
        with self.assertRaises(ValueError):
            sign_login_token(KEY_ID, SECRET, APP_ID, "kim", 0)

    def test_tokens_sign_needs_the_app_id_and_the_signing_key(self) -> None:
        signing = ParleyServer(
            "https://chat.example.com", "psk_x", app_id=APP_ID, signing_key_id=KEY_ID, signing_secret=SECRET
        )
        self.assertEqual(_part(signing.tokens.sign("kim"), 1)["aud"], APP_ID)
        with self.assertRaises(ValueError):
            ParleyServer("https://chat.example.com", "psk_x").tokens.sign("kim")


if __name__ == "__main__":
    unittest.main()
