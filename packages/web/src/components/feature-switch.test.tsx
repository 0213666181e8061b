import { queryOptions } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { renderWithRouter } from "@/testing/test-utils";
import { FeatureSwitch } from "./feature-switch";

const t = (key: string) => i18n.t(key);

/** A server whose answer to a save the test gives when it wants, so the switch can be seen mid-save. */
function pendingServer(initial: boolean) {
  let stored = initial;
  let answer: ((ok: boolean) => void) | null = null;
  const query = queryOptions({ queryKey: ["feature-switch-test", "enabled"], queryFn: async () => stored });
  const save = (enabled: boolean) =>
    new Promise<boolean>((resolve, reject) => {
      answer = (ok) => {
        if (!ok) return reject(new ApiError("3003", "No access", 403));
        stored = enabled;
        resolve(stored);
      };
    });
  return { query, save, answer: (ok: boolean) => answer?.(ok), isAsked: () => answer !== null };
}

const renderSwitch = (server: ReturnType<typeof pendingServer>, blockedReason?: string) =>
  renderWithRouter(
    <FeatureSwitch
      query={server.query}
      save={server.save}
      label="Feature on"
      turnedOn="Turned on"
      turnedOff="Turned off"
      blockedReason={blockedReason}
    />,
  );

describe("FeatureSwitch", () => {
  it("shows the asked state while saving, then keeps the saved one and says so", async () => {
    const server = pendingServer(false);
    const { user } = renderSwitch(server);
    const toggle = await screen.findByRole("switch", { name: "Feature on" });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    server.answer(true);
    expect(await screen.findByText("Turned on")).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();

    await user.click(toggle);
    server.answer(true);
    expect(await screen.findByText("Turned off")).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it("moves with the click itself, not a task later when the save is under way", async () => {
    const server = pendingServer(false);
    renderSwitch(server);
    const toggle = await screen.findByRole("switch", { name: "Feature on" });

    // Checked in the click's own render: a browser test's check() reads the state right after its click.
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(server.isAsked()).toBe(true));
    server.answer(true);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it("cannot be turned on while something is missing, and says what under the switch", async () => {
    renderSwitch(pendingServer(false), "Save a key first.");
    const toggle = await screen.findByRole("switch", { name: "Feature on" });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription("Save a key first.");
  });

  it("can still be turned off when it is on while something is missing", async () => {
    const server = pendingServer(true);
    const { user } = renderSwitch(server, "Save a key first.");
    const toggle = await screen.findByRole("switch", { name: "Feature on" });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    server.answer(true);
    expect(await screen.findByText("Turned off")).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeDisabled());
  });

  it("goes back to the saved state and shows the error when the save fails", async () => {
    const server = pendingServer(true);
    const { user } = renderSwitch(server);
    const toggle = await screen.findByRole("switch", { name: "Feature on" });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    server.answer(false);
    expect(await screen.findByText(t("ERROR_3003"))).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });
});
