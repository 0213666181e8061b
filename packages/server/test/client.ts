import type { FastifyInstance } from "fastify";

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T & { code?: string; data?: Record<string, unknown> };
}

/** A thin JSON client over `app.inject`, so tests read like calls to the API. */
export function client(server: FastifyInstance) {
  async function call<T>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown, token?: string) {
    const res = await server.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} } as Reply<T>;
  }
  return {
    get: <T = Record<string, unknown>>(url: string, token?: string) => call<T>("GET", url, undefined, token),
    post: <T = Record<string, unknown>>(url: string, body?: unknown, token?: string) =>
      call<T>("POST", url, body ?? {}, token),
    put: <T = Record<string, unknown>>(url: string, body?: unknown, token?: string) =>
      call<T>("PUT", url, body ?? {}, token),
  };
}
