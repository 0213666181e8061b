"""Roles, permission matrices and the moderation of channels: bans, mutes and shadow bans."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union, overload

from .http import Http
from .types import Member, PermissionMatrix, Role


class Roles:
    """The app's roles: the built-in ones (admin, moderator, member, guest) and up to 20 of its own."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def list(self) -> List[Role]:
        """Every role of the app, built-in first, each with how many users hold it (``userCount``)."""
        return self._http.request("GET", "/roles")["roles"]

    def create(self, name: str, description: Optional[str] = None) -> Role:
        """Makes a custom role; ``"3199"`` when the name is taken (or built in), ``"3200"`` past 20."""
        body: Dict[str, Any] = {"name": name}
        if description is not None:
            body["description"] = description
        return self._http.request("POST", "/roles", body=body)["role"]

    def update(self, name: str, description: str) -> Role:
        """Changes a role's description, a built-in role's too; ``"3198"`` for a role the app does not have."""
        return self._http.request("PATCH", "/roles/:name", params={"name": name}, body={"description": description})[
            "role"
        ]

    def delete(self, name: str) -> None:
        """Deletes a custom role: its users become members. ``"3201"`` for a built-in role."""
        self._http.request("DELETE", "/roles/:name", params={"name": name})


class Permissions:
    """The permission matrix of each channel type: what each app role and channel role may do there."""

    def __init__(self, http: Http) -> None:
        self._http = http

    @overload
    def get(self, channel_type: str) -> PermissionMatrix: ...

    @overload
    def get(self, channel_type: None = None) -> List[PermissionMatrix]: ...

    def get(self, channel_type: Optional[str] = None) -> Union[PermissionMatrix, List[PermissionMatrix]]:
        """One channel type's matrix, or, without a type, every type's in the order of the channel types."""
        if channel_type is None:
            return self._http.request("GET", "/permissions")["permissions"]
        return self._http.request("GET", "/permissions/:channelType", params={"channelType": channel_type})[
            "permissions"
        ]

    def set(
        self,
        channel_type: str,
        app: Dict[str, List[str]],
        channel: Optional[Dict[str, List[str]]] = None,
    ) -> PermissionMatrix:
        """Replaces a type's matrix; it binds users' next actions at once.

        ``app`` maps app roles to their grants (an app role left out gets ``member``'s); ``channel`` maps channel
        roles (owner, moderator, member) to theirs, one left out keeping the default's. ``"3198"`` for a role the app
        does not have.
        """
        body: Dict[str, Any] = {"app": app}
        if channel is not None:
            body["channel"] = channel
        return self._http.request(
            "PUT", "/permissions/:channelType", params={"channelType": channel_type}, body=body
        )["permissions"]

    def reset(self, channel_type: str) -> PermissionMatrix:
        """Puts a type's matrix back to the default (``isDefault`` is then True)."""
        return self._http.request("DELETE", "/permissions/:channelType", params={"channelType": channel_type})[
            "permissions"
        ]


class Moderation:
    """Moderation of the app's channels: bans, mutes and shadow bans."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def ban(self, channel_id: str, user_id: str) -> None:
        """Bans the user from the channel: they leave it and cannot join or be added (``"3029"``) until unbanned."""
        self._http.request(
            "POST", "/channels/:channelId/members/:userId/ban", params={"channelId": channel_id, "userId": user_id}
        )

    def unban(self, channel_id: str, user_id: str) -> None:
        """Lifts the user's ban from the channel; they can be added or join again."""
        self._http.request(
            "POST", "/channels/:channelId/members/:userId/unban", params={"channelId": channel_id, "userId": user_id}
        )

    def mute(self, channel_id: str, user_id: str, minutes: int) -> Member:
        """Mutes a member for ``minutes`` (1 to 1,440): they stay in the channel but cannot send (``"3022"``).

        Answers the member, with ``mutedUntil`` set.
        """
        return self._http.request(
            "POST",
            "/channels/:channelId/members/:userId/mute",
            params={"channelId": channel_id, "userId": user_id},
            body={"minutes": minutes},
        )

    def unmute(self, channel_id: str, user_id: str) -> Member:
        """Lifts a member's mute; answers the member, ``mutedUntil`` None."""
        return self._http.request(
            "POST", "/channels/:channelId/members/:userId/unmute", params={"channelId": channel_id, "userId": user_id}
        )

    def shadow_ban(self, channel_id: str, user_id: str) -> bool:
        """Shadow-bans a member in the channel: their new messages there are seen by them only, and no one is told.

        It ends when they leave the channel, as a mute does. Answers whether they are shadow-banned there now (True).
        """
        return self._http.request(
            "POST", "/channels/:channelId/shadow-bans", params={"channelId": channel_id}, body={"userId": user_id}
        )["shadowBanned"]

    def lift_shadow_ban(self, channel_id: str, user_id: str) -> bool:
        """Lifts a member's shadow ban in the channel; answers whether they are shadow-banned there now (False)."""
        return self._http.request(
            "DELETE", "/channels/:channelId/shadow-bans/:userId", params={"channelId": channel_id, "userId": user_id}
        )["shadowBanned"]

    def is_shadow_banned(self, channel_id: str, user_id: str) -> bool:
        """Whether a member is shadow-banned in the channel (a shadow ban in the whole app is not counted here)."""
        return self._http.request(
            "GET", "/channels/:channelId/shadow-bans/:userId", params={"channelId": channel_id, "userId": user_id}
        )["shadowBanned"]
