import { FakeClient, makeChannel } from "@parley/react/headless";
import { ParleyError } from "@parley/sdk";
import { fireEvent, screen, within } from "@testing-library/react-native";
import { unnamedControls } from "../testing/accessibility";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";

const HOUR_MS = 60 * 60_000;

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }));
  return client;
}

async function openSheet(client: FakeClient, language: "en" | "ko" = "en") {
  renderKit(<ChannelScreen channelId="general" />, { client, language });
  fireEvent.press(await screen.findByRole("button", { name: language === "en" ? "Push notifications" : "푸시 알림" }));
}

const asked = (client: FakeClient, name: string) => client.requests.filter((r) => r.name === name).map((r) => r.args);

describe("notification settings", () => {
  it("sets the channel's mode, the app-wide level and a snooze from the channel's bell", async () => {
    const client = seeded();
    await openSheet(client);
    // A radio group is not an accessibility element of its own on either platform: its radios are, each named.
    const channelMode = await screen.findByTestId("channel-push-mode");
    expect(await within(channelMode).findByRole("radio", { name: "All messages" })).toBeChecked();
    fireEvent.press(within(channelMode).getByRole("radio", { name: "Muted" }));
    expect(await within(channelMode).findByRole("radio", { name: "Muted" })).toBeChecked();
    expect(asked(client, "setChannelPushMode")).toEqual([["general", "mute"]]);

    const level = screen.getByTestId("push-level");
    expect(level).toHaveProp("accessibilityLabel", "Notify me about");
    fireEvent.press(await within(level).findByRole("radio", { name: "Mentions only" }));
    expect(await within(level).findByRole("radio", { name: "Mentions only" })).toBeChecked();

    const before = Date.now();
    fireEvent.press(screen.getByRole("button", { name: "8 hours" }));
    expect(await screen.findByText(/^Snoozed until/)).toBeOnTheScreen();
    const snooze = asked(client, "setPushPreferences").at(-1)?.[0] as { snoozeUntil: string };
    expect(Date.parse(snooze.snoozeUntil)).toBeGreaterThanOrEqual(before + 8 * HOUR_MS);
    fireEvent.press(screen.getByRole("button", { name: "Resume" }));
    expect(await screen.findByRole("button", { name: "1 hour" })).toBeOnTheScreen();
    expect(asked(client, "setPushPreferences").map(([changes]) => changes)).toEqual([
      { level: "mentions" },
      snooze,
      { snoozeUntil: null },
    ]);
    expect(unnamedControls()).toEqual([]);
  });

  it("sets quiet hours typed as times in the device's zone and turns them off", async () => {
    const client = seeded();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await openSheet(client);
    const from = await screen.findByLabelText("From");
    fireEvent.changeText(from, "23:00");
    fireEvent.changeText(screen.getByLabelText("To"), "25:00");
    expect(screen.getByRole("button", { name: "Turn on" })).toBeDisabled();
    fireEvent.changeText(screen.getByLabelText("To"), "06:30");
    fireEvent.press(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(`Quiet hours 23:00–06:30 (${zone})`)).toBeOnTheScreen();
    expect(client.pushPreferencesState.doNotDisturb).toEqual({ start: "23:00", end: "06:30", timeZone: zone });
    fireEvent.press(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("button", { name: "Turn on" })).toBeOnTheScreen();
    expect(client.pushPreferencesState.doNotDisturb).toBeNull();
  });

  it("is in Korean and says why a change was refused, keeping the saved level", async () => {
    const client = seeded();
    client.refuseNext("setPushPreferences", new ParleyError({ code: "3241", message: "Unknown time zone." }, 400));
    await openSheet(client, "ko");
    fireEvent.press(await screen.findByRole("button", { name: "켜기" }));
    expect(await screen.findByText(/알 수 없는 시간대입니다/)).toBeOnTheScreen();
    expect(client.pushPreferencesState.doNotDisturb).toBeNull();
    expect(screen.getByTestId("push-level")).toHaveProp("accessibilityLabel", "알림 받을 메시지");
    expect(within(screen.getByTestId("push-level")).getByRole("radio", { name: "모든 메시지" })).toBeChecked();
    expect(unnamedControls()).toEqual([]);
  });

  it("is not offered by a client without push preferences", async () => {
    const client = seeded();
    Object.assign(client, { pushPreferences: undefined, setPushPreferences: undefined });
    renderKit(<ChannelScreen channelId="general" />, { client });
    expect(await screen.findByLabelText("Message")).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "Push notifications" })).toBeNull();
  });
});
