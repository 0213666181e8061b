import { screen } from "@testing-library/react";
import { useLayoutEffect, useState } from "react";
import { describe, expect, it } from "vitest";
import { FakeClient } from "../testing/fake-client";
import { renderKit } from "../testing/render";
import { useParley, useParleyEvent } from "./use-parley";

/** Shows how many `poll.updated` events it heard. */
function Listener() {
  const [heard, setHeard] = useState(0);
  useParleyEvent("poll.updated", () => setHeard((count) => count + 1));
  return <p>heard {heard}</p>;
}

/** Emits an event as soon as it is on screen, before React runs any component's passive effects. */
function EmitsOnScreen() {
  const client = useParley() as unknown as FakeClient;
  useLayoutEffect(() => {
    client.emit("poll.updated", { channelId: "general", messageId: "m1" } as never);
  }, [client]);
  return null;
}

describe("useParleyEvent", () => {
  it("hears an event that comes once the listener is drawn, before passive effects run", async () => {
    renderKit(
      <>
        <Listener />
        <EmitsOnScreen />
      </>,
      { client: new FakeClient("kim") },
    );
    expect(await screen.findByText("heard 1")).toBeInTheDocument();
  });
});
