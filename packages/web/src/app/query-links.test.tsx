import { render, screen } from "@testing-library/react";
import { createMemoryRouter, Navigate, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { QueryLinkGate } from "./query-links";

function Root() {
  return (
    <QueryLinkGate>
      <Outlet />
    </QueryLinkGate>
  );
}

describe("mail links", () => {
  it("go to the verification page even when the landing page redirects elsewhere", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: "/", element: <Navigate to="/intro" replace /> },
            { path: "/intro", element: <p>home redirect</p> },
            { path: "/email/verification/confirm", element: <p>confirm page</p> },
          ],
        },
      ],
      { initialEntries: ["/?next=/email/verification/confirm&email=a%40b.co&code=xyz"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("confirm page")).toBeInTheDocument();
    expect(screen.queryByText("home redirect")).toBeNull();
    expect(router.state.location.search).not.toContain("next=");
  });
});
