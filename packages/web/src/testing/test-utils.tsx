import type { TSessionState } from "@parley/contract";
import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { createMutationCache } from "@/lib/mutation-errors";

export function renderRoutes(routes: RouteObject[], { initialEntries = ["/"] }: { initialEntries?: string[] } = {}) {
  const router = createMemoryRouter(routes, { initialEntries });
  const queryClient = new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}

/** Renders one element on a router, for components that link or navigate. */
export function renderWithRouter(element: ReactNode, path = "/") {
  return renderRoutes([{ path: "*", element }], { initialEntries: [path] });
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces the network; unhandled calls answer 404 with a catalogue envelope, as the server would. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function sessionFor(overrides: Partial<TSessionState> = {}): TSessionState {
  return {
    sessionToken: "token-1",
    email: "owner@example.com",
    userType: "ordinary",
    isAdmin: false,
    subAccountAppId: null,
    passwordChangedAt: "2025-01-01T00:00:00.000Z",
    noticeFeatureEnabled: false,
    passwordRequired: false,
    paymentCurrency: "KRW",
    language: "ko",
    ...overrides,
  };
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The input labelled exactly `label` (MUI appends " *" to required labels). */
export function inputByLabel(label: string) {
  return screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`), { selector: "input" });
}
