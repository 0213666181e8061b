import { FakeClient, makeChannel, makeMember } from "@parley/react/headless";
import type { ParleyEventMap } from "@parley/sdk";
import { act, fireEvent, screen, waitFor } from "@testing-library/react-native";
import { Text } from "react-native";
import { FakeCall } from "../testing/fake-call";
import { renderKit } from "../testing/render";
import { Chat } from "./chat";

function ring(client: FakeClient, call: FakeCall) {
  act(() => client.emit("call.incoming", call.asCall() as ParleyEventMap["call.incoming"]));
}

/** Stands in for the app's RTCView wrapper: says which stream it draws. */
function VideoView(props: { stream: MediaStream; mirror?: boolean }) {
  return <Text testID="video-view">{`${String(props.stream)}${props.mirror ? " mirrored" : ""}`}</Text>;
}

const stream = (name: string) => ({ toString: () => name }) as unknown as MediaStream;

describe("CallScreen", () => {
  it("rings over the chat with Accept and Decline, then shows the call with Mute and Hang up (English)", async () => {
    const client = new FakeClient("kim");
    renderKit(<Chat />, { client });
    await screen.findByText("No channels yet.");
    const call = new FakeCall("lee", "voice");
    ring(client, call);

    expect(await screen.findByText("Voice call from LEE")).toBeOnTheScreen();
    expect(screen.getByRole("button", { name: "Decline" })).toBeOnTheScreen();
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "Accept" })));
    expect(call.actions).toEqual(["accept"]);
    expect(await screen.findByText("Connecting…")).toBeOnTheScreen();

    fireEvent.press(screen.getByRole("button", { name: "Mute" }));
    expect(await screen.findByRole("button", { name: "Unmute" })).toBeOnTheScreen();
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "Hang up" })));
    expect(await screen.findByText("Call ended")).toBeOnTheScreen();
    fireEvent.press(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("call-screen")).toBeNull());
    expect(call.actions).toEqual(["accept", "mute", "end"]);
  });

  it("draws a video call's streams through the app's VideoView, the user's own mirrored (Korean)", async () => {
    const client = new FakeClient("kim");
    renderKit(<Chat />, { client, VideoView, language: "ko" });
    await screen.findByText("아직 채널이 없습니다.");
    const call = new FakeCall("lee", "video");
    ring(client, call);
    expect(await screen.findByText("LEE 님의 영상 통화")).toBeOnTheScreen();
    await act(async () => fireEvent.press(screen.getByRole("button", { name: "받기" })));
    act(() => call.connect(stream("remote"), stream("local")));

    const views = await screen.findAllByTestId("video-view");
    expect(views.map((v) => v.props.children)).toEqual(["remote", "local mirrored"]);
    expect(screen.getByRole("button", { name: "카메라 끄기" })).toBeOnTheScreen();
  });

  it("gives a voice call's remote stream to the app's VideoView, so a browser plays its sound, and draws no picture", async () => {
    const client = new FakeClient("kim");
    renderKit(<Chat />, { client, VideoView });
    await screen.findByText("No channels yet.");
    const call = new FakeCall("lee", "voice");
    ring(client, call);
    await act(async () => fireEvent.press(await screen.findByRole("button", { name: "Accept" })));
    act(() => call.connect(stream("remote"), stream("local")));

    const views = await screen.findAllByTestId("video-view");
    expect(views.map((v) => v.props.children)).toEqual(["remote"]);
    expect(screen.getByText("LEE")).toBeOnTheScreen();
  });

  it("puts the ringing sheet away when the user declines", async () => {
    const client = new FakeClient("kim");
    renderKit(<Chat />, { client });
    await screen.findByText("No channels yet.");
    const call = new FakeCall("lee", "voice");
    ring(client, call);
    await act(async () => fireEvent.press(await screen.findByRole("button", { name: "Decline" })));
    await waitFor(() => expect(screen.queryByTestId("call-screen")).toBeNull());
    expect(call.actions).toEqual(["decline"]);
  });

  it("calls the other person from a 1:1 chat's header", async () => {
    const client = new FakeClient("kim");
    const direct = makeChannel("dm", {
      name: "kim, lee",
      isDistinct: true,
      data: { direct: JSON.stringify({ kim: "Kim", lee: "Lee" }) },
    });
    client.addChannel(direct, { members: [makeMember("kim"), makeMember("lee")] });
    const start = jest
      .spyOn(client.calls, "start")
      .mockResolvedValue(new FakeCall("lee", "video", "outgoing").asCall());
    renderKit(<Chat initialChannelId="dm" />, { client });

    fireEvent.press(await screen.findByRole("button", { name: "Video call" }));
    expect(start).toHaveBeenCalledWith("lee", { video: true });
    expect(await screen.findByText("Calling…")).toBeOnTheScreen();
    expect(await screen.findByText("LEE")).toBeOnTheScreen();
    expect(screen.getByRole("button", { name: "Voice call" })).toHaveProp("accessibilityHint", "Voice call with Lee");
  });
});
