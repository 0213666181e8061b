import type { TCall, TChatEvent, TLiveEvent, TLivePushDelivery, TLiveWebhookDelivery } from "@parley/contract";
import type { TFunction } from "i18next";

/** A summary cell holds one line; the dialog shows the rest. */
const TEXT_MAX = 120;
const clip = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text);

/** What a message says, in a few words: its text, else its file's name, else its custom type. */
function messageGist(event: TChatEvent): string {
  const message = event.message;
  if (!message) return "";
  return clip(message.text || message.file?.name || message.customType || "");
}

/** One line saying what a live event was about, in the screen's language; `dateTime` formats a moment. */
export function liveSummary(event: TLiveEvent, t: TFunction, dateTime: (iso: string) => string): string {
  const type = event.type;
  if (type === "webhook.delivery") {
    const data = event.data as unknown as TLiveWebhookDelivery;
    return t("liveTail.summary.webhook", {
      event: data.event,
      status: t(`liveTail.webhookStatus.${data.status}`),
      http: data.httpStatus ?? "—",
      attempt: data.attempt,
    });
  }
  if (type === "push.delivery") {
    const data = event.data as unknown as TLivePushDelivery;
    return t("liveTail.summary.push", {
      status: t(`liveTail.pushStatus.${data.status}`),
      platform: data.platform,
      title: clip(data.title),
    });
  }
  if (type === "user.login") {
    const method = String(event.data.method ?? "token");
    return t(`liveTail.summary.login.${method === "anonymous" || method === "test-user" ? method : "token"}`);
  }
  if (type === "user.logout") return "";
  if (type.startsWith("call.")) {
    const call = event.data.call as TCall | undefined;
    return call
      ? t("liveTail.summary.call", { kind: t(`calls.kind.${call.kind}`), caller: call.callerId, callee: call.calleeId })
      : "";
  }
  const chat = event.data as unknown as TChatEvent;
  switch (type) {
    case "message.created":
    case "message.updated":
      return messageGist(chat);
    case "reaction.added":
    case "reaction.removed":
      return t("liveTail.summary.reaction", { reaction: chat.reaction ?? "" });
    case "channel.read":
      return t("liveTail.summary.read", { seq: chat.seq ?? 0 });
    case "thread.updated":
      return t("liveTail.summary.thread", { count: chat.replyCount ?? 0 });
    case "member.muted":
      return chat.mutedUntil ? t("liveTail.summary.mutedUntil", { until: dateTime(chat.mutedUntil) }) : "";
    case "channel.created":
    case "channel.changed":
      return clip(chat.channel?.name ?? "");
    default:
      return "";
  }
}
