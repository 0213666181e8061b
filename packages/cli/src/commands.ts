import { chatApi, type TEventResendResponse } from "@parley/contract/client";
import { ParleyServer } from "@parley/server";
import { callApi, chatUrl } from "./api";
import { type SavedConfig, type Settings, UsageError, writeConfig } from "./config";
import { columns, type Output } from "./output";

function server(settings: Settings): ParleyServer {
  return new ParleyServer({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    ...(settings.appId ? { appId: settings.appId } : {}),
    // A person is waiting at the terminal: one quick retry, not a minute of them.
    retries: { max: 1 },
  });
}

/** `parley login`: keeps the base URL and API key (and app ID) for the next commands. */
export async function login(config: SavedConfig, file: string, out: Output): Promise<void> {
  await writeConfig(config, file);
  out.result(`Saved to ${file}`, { file, baseUrl: config.baseUrl, appId: config.appId ?? null });
}

export async function resendEvent(settings: Settings, eventId: string, out: Output): Promise<void> {
  const answer = await callApi<TEventResendResponse>(
    settings,
    "POST",
    chatUrl(settings, chatApi.eventResend, { eventId }),
  );
  out.result(`Resent ${answer.event.type} ${answer.event.id} to the app's listeners`, answer);
}

export async function createUser(
  settings: Settings,
  userId: string,
  nickname: string | undefined,
  out: Output,
): Promise<void> {
  const user = await server(settings).users.create({ userId, nickname: nickname ?? userId });
  out.result(`Created ${user.userId} (${user.nickname})`, user);
}

export async function listUsers(settings: Settings, limit: number, out: Output): Promise<void> {
  const page = await server(settings).users.list({ limit });
  if (out.json) {
    out.result("", page);
    return;
  }
  for (const user of page.users) out.result(columns([user.userId, user.nickname], [24, 0]), user);
  if (page.users.length === 0) out.note("No users yet");
}

export async function sendMessage(
  settings: Settings,
  channelId: string,
  text: string,
  as: string | undefined,
  out: Output,
): Promise<void> {
  const parley = server(settings);
  if (as && !settings.appId)
    throw new UsageError("--as needs the app's ID: give --app-id, or save it with parley login");
  const message = as ? await parley.messages.sendAs(as, channelId, text) : await parley.messages.send(channelId, text);
  out.result(`Sent ${message.id} (seq ${message.seq})`, message);
}
