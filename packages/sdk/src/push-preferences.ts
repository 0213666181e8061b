/** The signed-in user's push preferences on the chat API, for the client's methods of the same names. */
import {
  chatApi,
  type TChannelPushMode,
  type TChannelPushPreference,
  type TPushPreferences,
  type TUpdatePushPreferencesRequest,
} from "@parley/contract/client";
import type { Http } from "./http";

export async function readPushPreferences(http: Http, userId: string): Promise<TPushPreferences> {
  const params = { userId };
  return (await http.request<{ preferences: TPushPreferences }>("GET", chatApi.userPushPreferences, { params }))
    .preferences;
}

export async function writePushPreferences(
  http: Http,
  userId: string,
  changes: TUpdatePushPreferencesRequest,
): Promise<TPushPreferences> {
  const options = { params: { userId }, body: changes };
  return (await http.request<{ preferences: TPushPreferences }>("PATCH", chatApi.userPushPreferences, options))
    .preferences;
}

export async function readChannelPushMode(http: Http, channelId: string, userId: string): Promise<TChannelPushMode> {
  const params = { channelId, userId };
  return (await http.request<{ preference: TChannelPushPreference }>("GET", chatApi.memberPushPreference, { params }))
    .preference.mode;
}

export async function writeChannelPushMode(
  http: Http,
  channelId: string,
  userId: string,
  mode: TChannelPushMode,
): Promise<TChannelPushMode> {
  const options = { params: { channelId, userId }, body: { mode } };
  return (await http.request<{ preference: TChannelPushPreference }>("PUT", chatApi.memberPushPreference, options))
    .preference.mode;
}
