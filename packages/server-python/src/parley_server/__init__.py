"""parley-server: the Parley chat API for an app's Python backend, with the standard library only.

``ParleyServer`` calls the chat API with the app's API key; ``sign_login_token`` and ``verify_webhook`` work
without a call.
"""

from __future__ import annotations

from .client import Channels, Members, Messages, ParleyServer, Tokens, Users, WebhookSettings
from .errors import ParleyConnectionError, ParleyError, WebhookVerificationError
from .moderation import Moderation, Permissions, Roles
from .signing import LOGIN_TOKEN_TTL_DEFAULT_SECONDS, LOGIN_TOKEN_TTL_MAX_SECONDS, sign_login_token
from .webhooks import verify_webhook

__version__ = "0.1.0"

__all__ = [
    "Channels",
    "LOGIN_TOKEN_TTL_DEFAULT_SECONDS",
    "LOGIN_TOKEN_TTL_MAX_SECONDS",
    "Members",
    "Messages",
    "Moderation",
    "ParleyConnectionError",
    "ParleyError",
    "ParleyServer",
    "Permissions",
    "Roles",
    "Tokens",
    "Users",
    "WebhookSettings",
    "WebhookVerificationError",
    "sign_login_token",
    "verify_webhook",
]
