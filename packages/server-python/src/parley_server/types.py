"""The shapes of the chat API's answers the client returns, as typed dictionaries with the API's camelCase keys.

They are plain ``dict`` objects at run time; the chat API's reference lists every field.
"""

from __future__ import annotations

from typing import Dict, List, Optional, TypedDict


class ChatUser(TypedDict, total=False):
    userId: str
    nickname: str
    profileImageUrl: str
    isActive: bool
    isAnonymous: bool
    metadata: Dict[str, str]
    createdAt: str
    lastSeenAt: Optional[str]
    role: str


class ChatUsersPage(TypedDict):
    users: List[ChatUser]
    nextCursor: Optional[str]


class IssuedToken(TypedDict):
    token: str
    expiresAt: str


class Sender(TypedDict):
    userId: str
    nickname: str
    profileImageUrl: str


class Message(TypedDict, total=False):
    id: str
    channelId: str
    seq: int
    type: str
    text: str
    sender: Optional[Sender]
    metadata: Dict[str, str]
    createdAt: str
    clientMessageId: str


class MessagesPage(TypedDict):
    messages: List[Message]
    hasMore: bool


class Channel(TypedDict, total=False):
    id: str
    name: str
    imageUrl: str
    type: str
    memberLimit: Optional[int]
    isFrozen: bool
    ownerUserId: Optional[str]
    memberCount: int
    createdAt: str
    data: Dict[str, str]
    lastMessage: Optional[Message]
    slowModeSeconds: int


class ChannelsPage(TypedDict):
    channels: List[Channel]
    nextCursor: Optional[str]


class Member(TypedDict, total=False):
    """A channel's member; ``role`` is their channel role: owner, moderator or member."""

    userId: str
    nickname: str
    profileImageUrl: str
    isActive: bool
    role: str
    joinedAt: str
    mutedUntil: Optional[str]


class Role(TypedDict, total=False):
    """An app role: built in (admin, moderator, member, guest) or one of the app's own."""

    name: str
    builtIn: bool
    description: str
    userCount: int


class ChannelGrants(TypedDict):
    owner: List[str]
    moderator: List[str]
    member: List[str]


class PermissionMatrix(TypedDict):
    """What each app role and each channel role may do in channels of one type."""

    channelType: str
    app: Dict[str, List[str]]
    channel: ChannelGrants
    isDefault: bool
