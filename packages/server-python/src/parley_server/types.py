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


class ChannelsPage(TypedDict):
    channels: List[Channel]
    nextCursor: Optional[str]
