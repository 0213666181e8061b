import { FakeClient, makeChannel, makeMember, makeMessage, makePollMessage } from "@parley/react/headless";
import { fireEvent, screen, waitFor } from "@testing-library/react-native";
import { unnamedControls } from "../testing/accessibility";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";

const HOUR = 60 * 60_000;

/**
 * A channel with every richer message the kit draws: an image, a link preview on the user's own message, a poll, a
 * voice message.
 */
async function richRoom() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee", { lastDeliveredSeq: 3 })],
    messages: [
      makeMessage("general", 1, "lee", "", {
        type: "file",
        file: {
          url: "https://files.example.com/f1/beach.jpg",
          name: "beach.jpg",
          size: 120_000,
          mimeType: "image/jpeg",
          width: 1200,
          height: 1600,
          media: "ready",
          thumbnails: [
            {
              size: 240,
              format: "jpeg",
              width: 180,
              height: 240,
              url: "https://files.example.com/f1/thumbs/240.jpg",
            },
          ],
        },
      }),
      makeMessage("general", 2, "kim", "see https://blog.example.com/launch", {
        linkPreview: {
          url: "https://blog.example.com/launch",
          title: "We launched",
          description: "Everything new",
          imageUrl: "https://blog.example.com/card.png",
          siteName: "Example Blog",
        },
      }),
      makePollMessage("general", 3, "kim", "Lunch?", ["Noodles", "Rice"]),
      makeMessage("general", 4, "lee", "", {
        type: "file",
        file: {
          url: "https://files.example.com/f2/voice.m4a",
          name: "voice.m4a",
          size: 9_000,
          mimeType: "audio/mp4",
          media: "ready",
          voice: true,
          durationMs: 4_000,
          waveform: [10, 80, 40],
        },
      }),
    ],
  });
  await client.scheduled.schedule("general", "later", new Date(Date.now() + HOUR));
  return client;
}

function expectAllNamed() {
  expect(unnamedControls()).toEqual([]);
}

describe.each(["en", "ko"] as const)("the richer messages' controls (%s)", (language) => {
  const words =
    language === "en"
      ? { poll: "Create a poll", schedule: "Schedule", banner: "1 scheduled message", box: "Message", cancel: "Cancel" }
      : { poll: "투표 만들기", schedule: "예약", banner: "예약된 메시지 1개", box: "메시지", cancel: "취소" };

  it("each have a role and a label: the rows, the poll form, the schedule form and the scheduled list", async () => {
    const client = await richRoom();
    renderKit(<ChannelScreen channelId="general" />, { client, language });
    await screen.findByTestId("poll-card");
    await screen.findByTestId("link-preview");
    await screen.findByTestId("image-attachment");
    await screen.findByTestId("voice-message");
    await waitFor(() => expect(screen.getAllByTestId("receipt").length).toBeGreaterThan(0));
    expectAllNamed();

    fireEvent.press(screen.getByRole("button", { name: words.poll }));
    expectAllNamed();
    fireEvent.press(screen.getByRole("button", { name: words.cancel }));

    fireEvent.changeText(screen.getByLabelText(words.box), "tomorrow");
    fireEvent.press(screen.getByRole("button", { name: words.schedule }));
    expectAllNamed();
    fireEvent.press(screen.getByRole("button", { name: words.cancel }));

    fireEvent.press(await screen.findByRole("button", { name: words.banner }));
    expectAllNamed();
    fireEvent.press(screen.getByRole("button", { name: /^(Edit the message for|.*에 보낼 메시지 수정)/ }));
    expectAllNamed();
  });
});

describe("the controls check", () => {
  it("finds a pressable without a role or a label and a text field without a label", () => {
    const { Pressable, Text, TextInput } = jest.requireActual<typeof import("react-native")>("react-native");
    renderKit(
      <>
        <Pressable onPress={() => undefined}>
          <Text>Go</Text>
        </Pressable>
        <Pressable accessibilityRole="button" onPress={() => undefined}>
          <Text>Also go</Text>
        </Pressable>
        <TextInput />
      </>,
    );
    expect(unnamedControls()).toEqual([
      "<View>Go: a control without a role",
      "<View>Go: a control without a label",
      "<View>Also go: a control without a label",
      "<TextInput>: a text field without a label",
    ]);
  });
});
