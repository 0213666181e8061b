import { ParleyError } from "@parley/sdk";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Language } from "../../i18n/translate";
import { FakeClient, makeChannel } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { Composer } from "./composer";

const WAIT = {
  en: { box: "Message", send: "Send", left: "Slow mode is on: you can send again in 12 s" },
  ko: { box: "메시지", send: "보내기", left: "슬로 모드가 켜져 있습니다: 12초 뒤에 다시 보낼 수 있습니다" },
} satisfies Record<Language, { box: string; send: string; left: string }>;

describe.each(["en", "ko"] as const)("the composer under slow mode (%s)", (language) => {
  const words = WAIT[language];

  it("shows the time left after a refused send and keeps Send disabled until it passes", async () => {
    const client = new FakeClient("lee");
    const channel = makeChannel("live", { name: "Live", ownerUserId: "kim", slowModeSeconds: 30 });
    client.addChannel(channel);
    const { user } = renderKit(
      <Channel channel={channel}>
        <Composer />
      </Channel>,
      { client, language },
    );
    const box = await screen.findByRole("combobox", { name: words.box });
    client.refuseNext(
      "messages.send",
      new ParleyError({ code: "3206", message: "Slow mode", data: { retryAfterSeconds: 12 } }, 429),
    );
    client.setSlowModeRemaining("live", 12);
    await user.type(box, "again{Enter}");

    const send = screen.getByRole("button", { name: words.send });
    expect(await screen.findByTestId("slow-mode")).toHaveTextContent(words.left);
    // The refused text is given back, and cannot go until the wait is over.
    expect(box).toHaveValue("again");
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(words.left);

    act(() => client.setSlowModeRemaining("live", 0));
    await waitFor(() => expect(screen.queryByTestId("slow-mode")).toBeNull(), { timeout: 3000 });
    expect(send).toBeEnabled();
  });
});
