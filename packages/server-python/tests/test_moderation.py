"""Roles, permission matrices, member roles, slow mode, bans, mutes and shadow bans against a real server.

Run as ``tests/test_api.py`` is, by ``packages/server-sdk/test/python.test.ts``. Every call is tried once as it
succeeds and once as the server refuses it, with the catalogue code the refusal carries.
"""

from __future__ import annotations

import os
import unittest
import uuid
from typing import Callable, List, Tuple

from . import _path  # noqa: F401
from parley_server import ParleyError, ParleyServer
from parley_server.types import Channel

URL = os.environ.get("PARLEY_TEST_URL", "")
API_KEY = os.environ.get("PARLEY_TEST_API_KEY", "")
APP_ID = os.environ.get("PARLEY_TEST_APP_ID", "")


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@unittest.skipUnless(URL and API_KEY and APP_ID, "set PARLEY_TEST_URL, PARLEY_TEST_API_KEY and PARLEY_TEST_APP_ID")
class ModerationTest(unittest.TestCase):
    def setUp(self) -> None:
        self.parley = ParleyServer(URL, API_KEY, app_id=APP_ID, base_delay=0.01)

    def refusal(self, call: Callable[[], object]) -> Tuple[str, int]:
        with self.assertRaises(ParleyError) as refused:
            call()
        return refused.exception.code, refused.exception.status

    def channel_with(self, *nicknames: str) -> Tuple[Channel, List[str]]:
        user_ids = [_unique(nickname) for nickname in nicknames]
        self.parley.users.upsert_many([{"userId": u, "nickname": n} for u, n in zip(user_ids, nicknames)])
        return self.parley.channels.create("Moderated", user_ids=user_ids), user_ids

    def test_lists_creates_updates_and_deletes_a_custom_role(self) -> None:
        name = _unique("vip")
        role = self.parley.roles.create(name, "Supporters")
        self.assertEqual((role["name"], role["builtIn"], role["description"]), (name, False, "Supporters"))
        self.assertEqual(self.parley.roles.update(name, "Our supporters")["description"], "Our supporters")
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        self.parley.users.set_role(kim, name)
        roles = {r["name"]: r for r in self.parley.roles.list()}
        self.assertEqual(list(roles)[:4], ["admin", "moderator", "member", "guest"])
        self.assertEqual(roles[name].get("userCount"), 1)
        self.parley.roles.delete(name)
        self.assertNotIn(name, [r["name"] for r in self.parley.roles.list()])
        self.assertEqual(self.parley.users.get(kim)["role"], "member")

    def test_refuses_role_calls_with_their_catalogue_codes(self) -> None:
        stranger = ParleyServer(URL, "psk_not_a_key", app_id=APP_ID, max_retries=0)
        self.assertEqual(self.refusal(stranger.roles.list), ("3028", 401))
        self.assertEqual(self.refusal(lambda: self.parley.roles.create("admin")), ("3199", 409))
        self.assertEqual(self.refusal(lambda: self.parley.roles.update(_unique("none"), "x")), ("3198", 404))
        self.assertEqual(self.refusal(lambda: self.parley.roles.delete("admin")), ("3201", 409))

    def test_sets_reads_and_resets_a_channel_types_permission_matrix(self) -> None:
        name = _unique("vip")
        self.parley.roles.create(name)
        try:
            matrix = self.parley.permissions.set(
                "public", {name: ["read", "send", "pin"]}, channel={"moderator": ["read", "send"]}
            )
            self.assertEqual(
                (matrix["channelType"], matrix["isDefault"], matrix["app"][name], matrix["channel"]["moderator"]),
                ("public", False, ["read", "send", "pin"], ["read", "send"]),
            )
            self.assertFalse(self.parley.permissions.get("public")["isDefault"])
            self.assertIn("open", [m["channelType"] for m in self.parley.permissions.get()])
            self.assertTrue(self.parley.permissions.reset("public")["isDefault"])
        finally:
            self.parley.permissions.reset("public")
            self.parley.roles.delete(name)

    def test_refuses_permission_calls_with_their_catalogue_codes(self) -> None:
        stranger = ParleyServer(URL, "psk_not_a_key", app_id=APP_ID, max_retries=0)
        self.assertEqual(self.refusal(stranger.permissions.get), ("3028", 401))
        self.assertEqual(self.refusal(lambda: self.parley.permissions.get("no_such_type")), ("300", 400))
        self.assertEqual(
            self.refusal(lambda: self.parley.permissions.set("public", {_unique("none"): ["read"]})), ("3198", 404)
        )
        self.assertEqual(self.refusal(lambda: self.parley.permissions.reset("no_such_type")), ("300", 400))
        self.assertTrue(self.parley.permissions.get("public")["isDefault"])

    def test_makes_a_member_a_moderator_and_a_member_again_and_refuses_a_non_member_with_3020(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        self.assertEqual(self.parley.channels.set_member_role(channel["id"], kim, "moderator"), "moderator")
        self.assertEqual(self.parley.channels.set_member_role(channel["id"], kim, "member"), "member")
        outsider = _unique("lee")
        self.parley.users.create(outsider, "Lee")
        refusal = self.refusal(lambda: self.parley.channels.set_member_role(channel["id"], outsider, "moderator"))
        self.assertEqual(refusal, ("3020", 403))

    def test_turns_slow_mode_on_so_a_members_second_message_is_refused_with_3206(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        changed = self.parley.channels.update(channel["id"], slowModeSeconds=60, name="Slow")
        self.assertEqual((changed["slowModeSeconds"], changed["name"]), (60, "Slow"))
        self.parley.messages.send_as(kim, channel["id"], "first")
        # A 429 is retried after its Retry-After, here the minute slow mode leaves: refused once, it is raised at once.
        impatient = ParleyServer(URL, API_KEY, app_id=APP_ID, max_retries=0)
        self.assertEqual(self.refusal(lambda: impatient.messages.send_as(kim, channel["id"], "second")), ("3206", 429))
        self.assertEqual(self.parley.channels.update(channel["id"], slowModeSeconds=0)["slowModeSeconds"], 0)
        self.parley.messages.send_as(kim, channel["id"], "second")
        self.assertEqual(self.refusal(lambda: self.parley.channels.update(str(uuid.uuid4()), name="x")), ("3007", 404))

    def test_mutes_a_member_who_then_cannot_send_and_unmutes_them(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        muted = self.parley.moderation.mute(channel["id"], kim, 10)
        self.assertEqual(muted["userId"], kim)
        self.assertIsNotNone(muted["mutedUntil"])
        self.assertEqual(self.refusal(lambda: self.parley.messages.send_as(kim, channel["id"], "hello?")), ("3022", 403))
        self.assertIsNone(self.parley.moderation.unmute(channel["id"], kim)["mutedUntil"])
        self.parley.messages.send_as(kim, channel["id"], "hello")

    def test_refuses_a_mute_past_a_day_with_300_and_an_unmute_of_a_non_member_with_3020(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        self.assertEqual(self.refusal(lambda: self.parley.moderation.mute(channel["id"], kim, 1441)), ("300", 400))
        outsider = _unique("lee")
        self.parley.users.create(outsider, "Lee")
        self.assertEqual(self.refusal(lambda: self.parley.moderation.unmute(channel["id"], outsider)), ("3020", 403))

    def test_bans_a_user_who_cannot_be_added_until_unbanned(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        self.parley.moderation.ban(channel["id"], kim)
        self.assertEqual(self.parley.channels.get(channel["id"])["memberCount"], 0)
        self.assertEqual(self.refusal(lambda: self.parley.members.add(channel["id"], [kim])), ("3029", 409))
        self.parley.moderation.unban(channel["id"], kim)
        self.assertEqual(self.parley.members.add(channel["id"], [kim])["memberCount"], 1)

    def test_refuses_a_ban_and_an_unban_in_a_channel_the_app_does_not_have_with_3007(self) -> None:
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        missing = str(uuid.uuid4())
        self.assertEqual(self.refusal(lambda: self.parley.moderation.ban(missing, kim)), ("3007", 404))
        self.assertEqual(self.refusal(lambda: self.parley.moderation.unban(missing, kim)), ("3007", 404))

    def test_shadow_bans_a_member_in_one_channel_and_lifts_it(self) -> None:
        channel, (kim,) = self.channel_with("kim")
        self.assertTrue(self.parley.moderation.shadow_ban(channel["id"], kim))
        self.assertTrue(self.parley.moderation.is_shadow_banned(channel["id"], kim))
        self.assertFalse(self.parley.users.is_shadow_banned(kim))
        self.parley.messages.send_as(kim, channel["id"], "unseen")
        self.assertFalse(self.parley.moderation.lift_shadow_ban(channel["id"], kim))
        self.assertFalse(self.parley.moderation.is_shadow_banned(channel["id"], kim))
        self.parley.messages.send_as(kim, channel["id"], "seen")
        messages = self.parley.messages.list(channel["id"])["messages"]
        self.assertEqual([(m["text"], m.get("shadowed", False)) for m in messages], [("unseen", True), ("seen", False)])

    def test_refuses_channel_shadow_bans_of_a_non_member_with_3020(self) -> None:
        channel, _ = self.channel_with("kim")
        outsider = _unique("lee")
        self.parley.users.create(outsider, "Lee")
        for call in (
            self.parley.moderation.shadow_ban,
            self.parley.moderation.lift_shadow_ban,
            self.parley.moderation.is_shadow_banned,
        ):
            self.assertEqual(self.refusal(lambda call=call: call(channel["id"], outsider)), ("3020", 403))

    def test_deactivates_a_user_and_activates_them_and_refuses_an_unknown_user_with_3018(self) -> None:
        kim = _unique("kim")
        self.parley.users.create(kim, "Kim")
        self.assertFalse(self.parley.users.deactivate(kim)["isActive"])
        self.assertTrue(self.parley.users.activate(kim)["isActive"])
        missing = _unique("nobody")
        self.assertEqual(self.refusal(lambda: self.parley.users.deactivate(missing)), ("3018", 404))
        self.assertEqual(self.refusal(lambda: self.parley.users.activate(missing)), ("3018", 404))


if __name__ == "__main__":
    unittest.main()
