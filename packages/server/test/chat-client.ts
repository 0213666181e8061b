import type { FastifyInstance } from "fastify";

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
