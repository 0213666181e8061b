import { MutationObserver, onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./provider";

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
