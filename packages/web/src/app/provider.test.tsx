import { MutationObserver, onlineManager, useMutation } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { inlineErrors, type MutationSettings } from "@/lib/mutation-errors";
import { AppProvider, createQueryClient } from "./provider";

describe("createQueryClient", () => {
  afterEach(() => onlineManager.setOnline(true));

  it("sends a write while the browser is offline instead of holding it until the network returns", async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const send = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const observer = new MutationObserver(client, { mutationFn: send });
    await expect(observer.mutate()).rejects.toThrow("Failed to fetch");
    expect(send).toHaveBeenCalledTimes(1);
  });
});

/** A write the server refuses with 3004 (ten apps already), sent by a button. */
function RefusedWrite({ settings }: { settings?: MutationSettings }) {
  const write = useMutation({
    mutationFn: async () => {
      throw new ApiError("3004", "Too many apps", 400);
    },
    ...settings,
  });
  return (
    <button type="button" onClick={() => write.mutate()}>
      {write.isError ? "failed" : "write"}
    </button>
  );
}

describe("the default error path of writes", () => {
  it("shows a refused write's localized ERROR_{code} in the snackbar", async () => {
    const user = userEvent.setup();
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RefusedWrite />
      </AppProvider>,
    );
    await user.click(screen.getByRole("button", { name: "write" }));
    expect(await screen.findByText(i18n.t("ERROR_3004"))).toBeVisible();
  });

  it("leaves a write that shows its errors inline out of the snackbar", async () => {
    const user = userEvent.setup();
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RefusedWrite settings={inlineErrors} />
      </AppProvider>,
    );
    await user.click(screen.getByRole("button", { name: "write" }));
    expect(await screen.findByRole("button", { name: "failed" })).toBeVisible();
    expect(screen.queryByText(i18n.t("ERROR_3004"))).not.toBeInTheDocument();
  });
});
