"""``ParleyServer``: the chat API with an app's API key, in groups of calls."""

from __future__ import annotations

import datetime
import re
import threading
import uuid
from typing import Any, Dict, List, Optional

from .catalogue import status_of
from .errors import ParleyError
from .http import Http, Transport, urllib_transport
from .moderation import Moderation, Permissions, Roles
from .signing import LOGIN_TOKEN_TTL_DEFAULT_SECONDS, sign_login_token
from .types import Channel, ChannelsPage, ChatUser, ChatUsersPage, IssuedToken, Message, MessagesPage

_OK = {"ok": True}
# A login token used at once needs to live only long enough to reach the server.
_SESSION_LOGIN_SECONDS = 60


def _without_none(values: Dict[str, Any]) -> Dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


class Users:
    """The app's end users."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def create(
        self,
        user_id: str,
        nickname: str,
        profile_image_url: Optional[str] = None,
        metadata: Optional[Dict[str, str]] = None,
    ) -> ChatUser:
        """Makes a user; ``"3019"`` when the app has one of this ID. A retry after a lost answer gets the user."""
        body = _without_none(
            {"userId": user_id, "nickname": nickname, "profileImageUrl": profile_image_url, "metadata": metadata}
        )

        def applied_before(error: ParleyError) -> Optional[Any]:
            return {"user": self.get(user_id)} if error.code == "3019" else None

        return self._http.request("POST", "/users", body=body, applied_before=applied_before)["user"]

    def get(self, user_id: str) -> ChatUser:
        """One user; ``"3018"`` when the app has none of this ID."""
        return self._http.request("GET", "/users/:userId", params={"userId": user_id})["user"]

    def update(
        self,
        user_id: str,
        nickname: Optional[str] = None,
        profile_image_url: Optional[str] = None,
        metadata: Optional[Dict[str, str]] = None,
    ) -> ChatUser:
        """Changes what is given; ``metadata`` replaces the whole map."""
        body = _without_none({"nickname": nickname, "profileImageUrl": profile_image_url, "metadata": metadata})
        return self._http.request("PATCH", "/users/:userId", params={"userId": user_id}, body=body)["user"]

    def delete(self, user_id: str) -> None:
        """Deletes the user. A delete retried after its answer was lost succeeds."""
        self._http.request(
            "DELETE",
            "/users/:userId",
            params={"userId": user_id},
            applied_before=lambda error: _OK if error.code == "3018" else None,
        )

    def list(
        self, cursor: Optional[str] = None, limit: Optional[int] = None, search: Optional[str] = None
    ) -> ChatUsersPage:
        """A page of the app's users; pass ``nextCursor`` back as ``cursor`` for the next."""
        return self._http.request("GET", "/users", query={"cursor": cursor, "limit": limit, "search": search})

    def upsert_many(self, users: List[Dict[str, Any]]) -> Dict[str, Any]:
        """Creates or changes up to 100 users (``{"userId", "nickname", …}`` as the API takes them) at once.

        Answers ``{"results": [...]}``, one per item in order, with ``status`` created, updated, unchanged or failed
        (with the item's ``error``). Sending the same items again changes nothing.
        """
        return self._http.request("POST", "/users/bulk", body={"users": users})

    def deactivate(self, user_id: str) -> ChatUser:
        """Stops the user: they cannot log in or send, and their sessions end. ``"3018"`` for no user of this ID."""
        return self._http.request("POST", "/users/:userId/deactivate", params={"userId": user_id})["user"]

    def activate(self, user_id: str) -> ChatUser:
        """Lets a deactivated user log in and send again."""
        return self._http.request("POST", "/users/:userId/activate", params={"userId": user_id})["user"]

    def shadow_ban(self, user_id: str) -> bool:
        """Shadow-bans the user in the app: their new messages are seen by them only, and no user is told.

        Webhooks carry those messages marked ``shadowed``. Answers whether the user is shadow-banned now (True).
        """
        return self._http.request("PUT", "/users/:userId/shadow-ban", params={"userId": user_id})["shadowBanned"]

    def lift_shadow_ban(self, user_id: str) -> bool:
        """Lifts the user's shadow ban in the app; answers whether they are shadow-banned now (False)."""
        return self._http.request("DELETE", "/users/:userId/shadow-ban", params={"userId": user_id})["shadowBanned"]

    def is_shadow_banned(self, user_id: str) -> bool:
        """Whether the user is shadow-banned in the app."""
        return self._http.request("GET", "/users/:userId/shadow-ban", params={"userId": user_id})["shadowBanned"]

    def set_role(self, user_id: str, role: str) -> str:
        """Gives the user an app role: a built-in one (admin, moderator, member, guest) or a custom role of the app.

        Refused with ``3198`` for a role the app does not have. Answers the role the user holds now.
        """
        return self._http.request("PUT", "/users/:userId/role", params={"userId": user_id}, body={"role": role})["role"]


class Tokens:
    """Login tokens for end users: issued by the API, or signed here."""

    def __init__(
        self, http: Http, app_id: Optional[str], signing_key_id: Optional[str], signing_secret: Optional[str]
    ) -> None:
        self._http = http
        self._app_id = app_id
        self._key_id = signing_key_id
        self._secret = signing_secret

    def issue(self, user_id: str, expires_in_seconds: Optional[int] = None) -> IssuedToken:
        """A login token the API issues for an existing user: ``{"token", "expiresAt"}``."""
        body = {} if expires_in_seconds is None else {"expiresInSeconds": expires_in_seconds}
        return self._http.request("POST", "/users/:userId/token", params={"userId": user_id}, body=body)

    def sign(
        self,
        user_id: str,
        expires_in_seconds: int = LOGIN_TOKEN_TTL_DEFAULT_SECONDS,
        nickname: Optional[str] = None,
        profile_image_url: Optional[str] = None,
    ) -> str:
        """A login token signed here with the client's signing key, with no call to the API.

        A user who does not exist yet is made on first login, with ``nickname`` and ``profile_image_url``. Needs
        ``app_id``, ``signing_key_id`` and ``signing_secret`` in the client.
        """
        if not self._app_id or not self._key_id or not self._secret:
            raise ValueError("tokens.sign needs app_id, signing_key_id and signing_secret")
        return sign_login_token(
            self._key_id, self._secret, self._app_id, user_id, expires_in_seconds, nickname, profile_image_url
        )

    def revoke(
        self, user_id: Optional[str] = None, issued_before: Optional[datetime.datetime] = None
    ) -> Dict[str, str]:
        """Refuses the login tokens issued before ``issued_before`` (now by default), of one user or of all.

        Sessions started before it end. A naive ``issued_before`` is taken as UTC. Answers ``{"issuedBefore": …}``,
        the instant in force.
        """
        body = {}
        if issued_before is not None:
            if issued_before.tzinfo is None:
                issued_before = issued_before.replace(tzinfo=datetime.timezone.utc)
            body["issuedBefore"] = issued_before.isoformat()
        if user_id is None:
            return self._http.request("POST", "/tokens/revoke", body=body)
        return self._http.request("POST", "/users/:userId/tokens/revoke", params={"userId": user_id}, body=body)


class Channels:
    """The app's channels."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def create(
        self,
        name: str,
        user_ids: Optional[List[str]] = None,
        owner_user_id: Optional[str] = None,
        channel_id: Optional[str] = None,
        **fields: Any,
    ) -> Channel:
        """Makes a channel; ``fields`` are the API's other fields (``type``, ``data``, ``tags``, ``memberLimit``…).

        The client chooses its ID (unless given), so a create retried after its answer was lost finds the channel
        it made instead of making a second. A refusal raises :class:`ParleyError` with the item's own code.
        """
        item = _without_none(
            {
                "name": name,
                "userIds": user_ids,
                "ownerUserId": owner_user_id,
                "channelId": channel_id or str(uuid.uuid4()),
                **fields,
            }
        )
        result = self._http.request("POST", "/channels/bulk", body={"channels": [item]})["results"][0]
        if result.get("status") != "failed" and "channel" in result:
            return result["channel"]
        error = result.get("error") or {}
        code = str(error.get("code", "001"))
        message = str(error.get("message", "the channel was not made"))
        raise ParleyError(code, message, status_of(code), error.get("data"))

    def get(self, channel_id: str) -> Channel:
        """One channel; ``"3007"`` when the app has none of this ID."""
        return self._http.request("GET", "/channels/:channelId", params={"channelId": channel_id})["channel"]

    def update(self, channel_id: str, **changes: Any) -> Channel:
        """Changes what ``changes`` gives, in the API's names (``name``, ``data``, ``slowModeSeconds``…).

        ``data`` replaces the whole map. ``slowModeSeconds`` sets slow mode: the seconds a member waits between two of
        their messages (0 turns it off); a member's message within it is refused with ``"3206"``.
        """
        return self._http.request("PATCH", "/channels/:channelId", params={"channelId": channel_id}, body=changes)[
            "channel"
        ]

    def set_member_role(self, channel_id: str, user_id: str, role: str) -> str:
        """Makes a member a ``"moderator"`` of the channel, or a ``"member"`` again; the owner changes by a transfer.

        ``"3020"`` for a user who is not a member. Answers the channel role the member holds now.
        """
        return self._http.request(
            "PUT",
            "/channels/:channelId/members/:userId/role",
            params={"channelId": channel_id, "userId": user_id},
            body={"role": role},
        )["role"]

    def freeze(self, channel_id: str) -> Channel:
        """Freezes the channel: its members read but can no longer send until it is unfrozen; the app still sends."""
        return self._http.request("POST", "/channels/:channelId/freeze", params={"channelId": channel_id})["channel"]

    def unfreeze(self, channel_id: str) -> Channel:
        """Unfreezes the channel: its members send again."""
        return self._http.request("POST", "/channels/:channelId/unfreeze", params={"channelId": channel_id})["channel"]

    def delete(self, channel_id: str) -> None:
        """Deletes the channel. A delete retried after its answer was lost succeeds."""
        self._http.request(
            "DELETE",
            "/channels/:channelId",
            params={"channelId": channel_id},
            applied_before=lambda error: _OK if error.code == "3007" else None,
        )

    def list(
        self, cursor: Optional[str] = None, limit: Optional[int] = None, search: Optional[str] = None
    ) -> ChannelsPage:
        """A page of the app's channels."""
        return self._http.request("GET", "/channels", query={"cursor": cursor, "limit": limit, "search": search})


class Members:
    """The members of the app's channels."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def add(self, channel_id: str, user_ids: List[str]) -> Channel:
        """Adds users (up to 100) to the channel and answers it; adding a member again changes nothing."""
        return self._http.request(
            "POST", "/channels/:channelId/members", params={"channelId": channel_id}, body={"userIds": user_ids}
        )["channel"]

    def remove(self, channel_id: str, user_id: str) -> None:
        """Removes a member. A removal retried after its answer was lost succeeds."""
        self._http.request(
            "DELETE",
            "/channels/:channelId/members/:userId",
            params={"channelId": channel_id, "userId": user_id},
            applied_before=lambda error: _OK if error.code == "3020" else None,
        )


class _UserSessions:
    """One session per user for the calls the chat API takes only from a user, made again when it has ended."""

    def __init__(self, http: Http, tokens: Tokens, app_id: Optional[str], can_sign: bool) -> None:
        self._http = http
        self._tokens = tokens
        self._app_id = app_id
        self._can_sign = can_sign
        self._sessions: Dict[str, str] = {}
        self._lock = threading.Lock()

    def as_user(self, user_id: str, call: Any) -> Any:
        try:
            return call(self._session(user_id))
        except ParleyError as error:
            if error.code != "3028":
                raise
            with self._lock:
                self._sessions.pop(user_id, None)
            return call(self._session(user_id))

    def _session(self, user_id: str) -> str:
        with self._lock:
            kept = self._sessions.get(user_id)
        if kept:
            return kept
        if not self._app_id:
            raise ValueError("calls made as a user need app_id")
        if self._can_sign:
            token = self._tokens.sign(user_id, expires_in_seconds=_SESSION_LOGIN_SECONDS)
        else:
            token = self._tokens.issue(user_id, expires_in_seconds=_SESSION_LOGIN_SECONDS)["token"]
        body = {"appId": self._app_id, "userId": user_id, "token": token}
        session = self._http.request("POST", "/auth/login", body=body)
        with self._lock:
            self._sessions[user_id] = session["sessionToken"]
        return session["sessionToken"]


class Messages:
    """Messages in the app's channels: the app's own (admin messages) and its users' sent for them."""

    def __init__(self, http: Http, sessions: _UserSessions) -> None:
        self._http = http
        self._sessions = sessions

    def send(self, channel_id: str, text: str, **fields: Any) -> Message:
        """Sends a message as the app: a text message from the API key is an admin message, with no sender.

        ``fields`` are the API's other fields (``metadata``, ``type``, ``customType``, ``mentionedUserIds``…). A
        ``clientMessageId`` is drawn unless given, so a send retried after its answer was lost stores one message.
        """
        body = {"text": text, **fields}
        body.setdefault("clientMessageId", str(uuid.uuid4()))
        return self._http.request("POST", "/channels/:channelId/messages", params={"channelId": channel_id}, body=body)[
            "message"
        ]

    def send_as(self, user_id: str, channel_id: str, text: str, **fields: Any) -> Message:
        """Sends a message as one of the app's users, who must be a member: the client logs the user in."""
        body = {"text": text, **fields}
        body.setdefault("clientMessageId", str(uuid.uuid4()))
        return self._sessions.as_user(
            user_id,
            lambda token: self._http.request(
                "POST", "/channels/:channelId/messages", params={"channelId": channel_id}, body=body, token=token
            )["message"],
        )

    def list(
        self, channel_id: str, before: Optional[int] = None, after: Optional[int] = None, limit: Optional[int] = None
    ) -> MessagesPage:
        """A page of the channel's history, in the order sent: ``{"messages": [...], "hasMore": bool}``."""
        return self._http.request(
            "GET",
            "/channels/:channelId/messages",
            params={"channelId": channel_id},
            query={"before": before, "after": after, "limit": limit},
        )


class WebhookSettings:
    """The app's webhook address, events and switch. The signing secret is not among them: copy it from the
    dashboard to check deliveries with :func:`verify_webhook`."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def get_settings(self) -> Dict[str, Any]:
        """``{"url", "events", "enabled"}``; ``url`` is empty until one is set."""
        return self._http.request("GET", "/webhooks/settings")["settings"]

    def update_settings(
        self, url: Optional[str] = None, events: Optional[List[str]] = None, enabled: Optional[bool] = None
    ) -> Dict[str, Any]:
        """Changes what is given and answers the settings. ``"3043"`` for an address on a private or loopback
        network, ``"3047"`` for a host that does not resolve, ``"3045"`` for ``enabled=True`` without an address."""
        body = _without_none({"url": url, "events": events, "enabled": enabled})
        return self._http.request("PUT", "/webhooks/settings", body=body)["settings"]


class ParleyServer:
    """The Parley chat API for an app's backend, with the app's API key.

    ``users``, ``tokens``, ``roles``, ``permissions``, ``channels``, ``members``, ``moderation``, ``messages`` and
    ``webhooks`` group the calls. Calls answered 429 or 5xx,
    or not answered, are retried up to ``max_retries`` times, after the ``Retry-After`` the server sent or a
    back-off doubling from ``base_delay`` to ``max_delay`` seconds with jitter; writes are made safe to repeat.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        app_id: Optional[str] = None,
        signing_key_id: Optional[str] = None,
        signing_secret: Optional[str] = None,
        max_retries: int = 3,
        base_delay: float = 0.2,
        max_delay: float = 5.0,
        timeout: float = 30.0,
        transport: Transport = urllib_transport,
    ) -> None:
        if not re.match(r"^https?://[^/]+", base_url, re.IGNORECASE):
            raise ValueError(f"base_url must be an absolute http(s) URL, got {base_url!r}")
        if not api_key:
            raise ValueError("api_key is required")
        http = Http(
            base_url.split("?", 1)[0],
            api_key,
            transport=transport,
            timeout=timeout,
            max_retries=max_retries,
            base_delay=base_delay,
            max_delay=max_delay,
        )
        self.users = Users(http)
        self.tokens = Tokens(http, app_id, signing_key_id, signing_secret)
        self.roles = Roles(http)
        self.permissions = Permissions(http)
        self.channels = Channels(http)
        self.members = Members(http)
        self.moderation = Moderation(http)
        self.webhooks = WebhookSettings(http)
        can_sign = bool(signing_key_id and signing_secret)
        self.messages = Messages(http, _UserSessions(http, self.tokens, app_id, can_sign))
