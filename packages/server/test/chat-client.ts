import type { Language } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { signedInAccount, type TestApp } from "./harness";

/** A JSON client for `/v1` with a bearer credential. */
export function v1(server: FastifyInstance, credential?: string) {
  const call = async <T = Record<string, unknown>>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
  ) => {
    const res = await server.inject({
      method,
      url: `/v1${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });
    return { status: res.statusCode, body: res.json() as T & { code?: string } };
  };
  return {
    get: <T = Record<string, unknown>>(url: string) => call<T>("GET", url),
    post: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("POST", url, body),
    put: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("PUT", url, body),
    patch: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("PATCH", url, body),
    delete: <T = Record<string, unknown>>(url: string) => call<T>("DELETE", url),
  };
}

/** An account with one app and an API key: what an app developer has after setup. */
export async function chatApp(t: TestApp, settings: { allowAnonymousLogin?: boolean; language?: Language } = {}) {
  const owner = await signedInAccount(t, settings.language ? { language: settings.language } : {});
  const auth = { authorization: `Bearer ${owner.token}` };
  const created = await t.server.inject({ method: "POST", url: "/api/apps", headers: auth, payload: { name: "Chat" } });
  const appId: string = created.json().app.id;
  const key = await t.server.inject({
    method: "POST",
    url: `/api/apps/${appId}/api-keys`,
    headers: auth,
    payload: { label: "server" },
  });
  if (settings.allowAnonymousLogin) {
    await t.server.inject({
      method: "PUT",
      url: `/api/apps/${appId}/admin`,
      headers: auth,
      payload: { allowAnonymousLogin: true, defaultMemberLimit: 100 },
    });
  }
  const apiKey: string = key.json().secret;
  const server = v1(t.server, apiKey);

  /** Creates a chat user through the server API and logs them in with an issued token. */
  async function user(userId: string, nickname = userId) {
    expect((await server.post("/users", { userId, nickname })).status).toBe(200);
    const { token } = (await server.post<{ token: string }>(`/users/${userId}/token`, {})).body;
    const login = await v1(t.server).post<{ sessionToken: string }>("/auth/login", { appId, userId, token });
    expect(login.status).toBe(200);
    return { userId, sessionToken: login.body.sessionToken, api: v1(t.server, login.body.sessionToken) };
  }

  return { owner, appId, apiKey, server, user, dashboardAuth: auth };
}
