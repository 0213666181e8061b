import { ParleyError } from "@parley/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { ChannelList } from "../channel-list/channel-list";

const HOUR_MS = 60 * 60_000;

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }));
  return client;
}

async function openSettings(client: FakeClient, language: "en" | "ko" = "en") {
  const rendered = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client, language });
  const bell = await screen.findByRole("button", { name: language === "en" ? "Push notifications" : "푸시 알림" });
  await rendered.user.click(bell);
  const panel = screen.getByRole("region", { name: language === "en" ? "Push notifications" : "푸시 알림" });
  return { ...rendered, bell, panel };
}

describe("Push settings", () => {
  it("opens from the channel list's bell with the saved level and saves a new one", async () => {
    const client = seeded();
    client.pushPreferencesState = { level: "mentions", doNotDisturb: null, snoozeUntil: null };
    const { user, bell, panel } = await openSettings(client);
    expect(bell).toHaveAttribute("aria-expanded", "true");
    expect(panel).toHaveFocus();

    const level = within(panel).getByRole("group", { name: "Notify me about" });
    expect(await within(level).findByRole("radio", { name: "Mentions only" })).toBeChecked();
    await user.click(within(level).getByRole("radio", { name: "Nothing" }));
    expect(await within(level).findByRole("radio", { name: "Nothing" })).toBeChecked();
    expect(client.requests.filter((r) => r.name === "setPushPreferences").map((r) => r.args)).toEqual([
      [{ level: "none" }],
    ]);
    expect(client.pushPreferencesState.level).toBe("none");
  });

  it("closes on Escape and gives focus back to the bell", async () => {
    const { user, bell } = await openSettings(seeded());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Push notifications" })).toBeNull();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("snoozes every push for the hours picked and resumes them", async () => {
    const client = seeded();
    const { user, panel } = await openSettings(client);
    const snooze = within(panel).getByRole("group", { name: "Snooze" });
    const before = Date.now();
    await user.click(await within(snooze).findByRole("button", { name: "8 hours" }));
    const asked = client.requests.find((r) => r.name === "setPushPreferences")?.args[0] as { snoozeUntil: string };
    const until = Date.parse(asked.snoozeUntil);
    expect(until).toBeGreaterThanOrEqual(before + 8 * HOUR_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 8 * HOUR_MS);
    expect(await within(snooze).findByText(/^Snoozed until/)).toBeInTheDocument();
    expect(within(snooze).queryByRole("button", { name: "1 hour" })).toBeNull();

    await user.click(within(snooze).getByRole("button", { name: "Resume" }));
    expect(await within(snooze).findByRole("button", { name: "1 hour" })).toBeInTheDocument();
    expect(client.requests.filter((r) => r.name === "setPushPreferences").at(-1)?.args).toEqual([
      { snoozeUntil: null },
    ]);
    expect(client.pushPreferencesState.snoozeUntil).toBeNull();
  });

  it("puts the saved level back and says why when the server refuses the change", async () => {
    const client = seeded();
    client.refuseNext("setPushPreferences", new ParleyError({ code: "3242", message: "Not yours." }, 403));
    const { user, panel } = await openSettings(client);
    expect(await within(panel).findByRole("radio", { name: "All messages" })).toBeChecked();
    await user.click(within(panel).getByRole("radio", { name: "Mentions only" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Not yours.");
    expect(within(panel).getByRole("radio", { name: "All messages" })).toBeChecked();
  });

  it("is in Korean with a Korean provider, quiet hours shown as set", async () => {
    const client = seeded();
    client.pushPreferencesState = {
      level: "all",
      doNotDisturb: { start: "22:00", end: "07:00", timeZone: "Asia/Seoul" },
      snoozeUntil: null,
    };
    const { user, panel } = await openSettings(client, "ko");
    const level = within(panel).getByRole("group", { name: "알림 받을 메시지" });
    expect(await within(level).findByRole("radio", { name: "모든 메시지" })).toBeChecked();
    expect(within(panel).getByText("방해 금지 시간 22:00–07:00 (Asia/Seoul)")).toBeInTheDocument();
    await user.click(within(level).getByRole("radio", { name: "멘션만" }));
    expect(await within(level).findByRole("radio", { name: "멘션만" })).toBeChecked();
    const snooze = within(panel).getByRole("group", { name: "잠시 끄기" });
    await user.click(within(snooze).getByRole("button", { name: "1시간" }));
    expect(await within(snooze).findByText(/까지 꺼 둠$/)).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("region", { name: "푸시 알림" })).toBeNull();
  });

  it("sets quiet hours in the device's time zone, changes them and turns them off", async () => {
    const client = seeded();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { user, panel } = await openSettings(client);
    const quiet = within(panel).getByRole("group", { name: "Quiet hours" });
    expect(within(quiet).getByText(`Every day, in ${zone}`)).toBeInTheDocument();
    const from = within(quiet).getByLabelText("From");
    const to = within(quiet).getByLabelText("To");
    expect(from).toHaveValue("22:00");
    await user.clear(from);
    await user.type(from, "23:00");
    await user.clear(to);
    await user.type(to, "06:30");
    await user.click(within(quiet).getByRole("button", { name: "Turn on" }));
    expect(await within(quiet).findByText(`Quiet hours 23:00–06:30 (${zone})`)).toBeInTheDocument();
    expect(client.pushPreferencesState.doNotDisturb).toEqual({ start: "23:00", end: "06:30", timeZone: zone });

    // Saved hours are not saved again until they change; the same start and end are no range.
    const save = within(quiet).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await user.clear(to);
    await user.type(to, "23:00");
    expect(save).toBeDisabled();
    await user.clear(to);
    await user.type(to, "07:00");
    await user.click(save);
    expect(await within(quiet).findByText(`Quiet hours 23:00–07:00 (${zone})`)).toBeInTheDocument();

    await user.click(within(quiet).getByRole("button", { name: "Turn off" }));
    expect(await within(quiet).findByRole("button", { name: "Turn on" })).toBeInTheDocument();
    expect(client.requests.filter((r) => r.name === "setPushPreferences").map((r) => r.args[0])).toEqual([
      { doNotDisturb: { start: "23:00", end: "06:30", timeZone: zone } },
      { doNotDisturb: { start: "23:00", end: "07:00", timeZone: zone } },
      { doNotDisturb: null },
    ]);
  });

  it("shows a refused time zone's reason in Korean and keeps the saved hours", async () => {
    const client = seeded();
    client.refuseNext("setPushPreferences", new ParleyError({ code: "3241", message: "Unknown time zone." }, 400));
    const { user, panel } = await openSettings(client, "ko");
    const quiet = within(panel).getByRole("group", { name: "방해 금지 시간" });
    await user.click(await within(quiet).findByRole("button", { name: "켜기" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("알 수 없는 시간대입니다");
    expect(client.pushPreferencesState.doNotDisturb).toBeNull();
    expect(within(quiet).getByRole("button", { name: "켜기" })).toBeInTheDocument();
  });

  it("is not offered by a client without push preferences", async () => {
    const client = seeded();
    Object.assign(client, { pushPreferences: undefined, setPushPreferences: undefined });
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });
    expect(await screen.findByRole("button", { name: "+ New" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Push notifications" })).toBeNull();
  });
});
