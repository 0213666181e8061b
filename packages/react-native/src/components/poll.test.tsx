import { FakeClient, makeChannel, makeMember, makePollMessage } from "@parley/react/headless";
import type { ParleyEventMap, TPoll } from "@parley/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";

function pollRoom(fields: Partial<TPoll> = {}, creator = "lee", language: "en" | "ko" = "en") {
  const client = new FakeClient("kim");
  const message = makePollMessage("general", 1, creator, "Lunch?", ["Noodles", "Rice"], fields);
  client.addChannel(makeChannel("general", { name: "General" }), {
    members: [makeMember("kim"), makeMember("lee")],
    messages: [message],
  });
  renderKit(<ChannelScreen channelId="general" />, { client, language });
  return { client, message };
}

const card = () => screen.findByTestId("poll-card");
const votes = (client: FakeClient) =>
  client.requests.filter((r) => r.name.startsWith("polls.")).map((r) => [r.name, ...r.args]);

describe("PollCard", () => {
  it("shows the question and options, votes with a tap and changes the vote on a poll of one choice", async () => {
    const { client } = pollRoom();
    const poll = await card();
    expect(within(poll).getByRole("header")).toHaveTextContent("Lunch?");
    expect(within(poll).getByTestId("poll-status")).toHaveTextContent("0 voters · Choose one");
    const rice = within(poll).getByRole("radio", { name: "Rice: 0 votes" });
    expect(rice).not.toBeChecked();

    fireEvent.press(rice);
    expect(await within(poll).findByRole("radio", { name: "Rice: 1 vote" })).toBeChecked();
    expect(within(poll).getByTestId("poll-status")).toHaveTextContent("1 voter · Choose one");
    // The count and share are drawn for the eye; a screen reader hears the option's label.
    expect(within(poll).getByText("1 · 100%", { includeHiddenElements: true })).toBeOnTheScreen();

    fireEvent.press(within(poll).getByRole("radio", { name: "Noodles: 0 votes" }));
    expect(await within(poll).findByRole("radio", { name: "Noodles: 1 vote" })).toBeChecked();
    expect(within(poll).getByRole("radio", { name: "Rice: 0 votes" })).not.toBeChecked();
    expect(votes(client)).toEqual([
      ["polls.vote", "general", "general-m1-poll", ["2"]],
      ["polls.vote", "general", "general-m1-poll", ["1"]],
    ]);
  });

  it("adds and takes back options on a poll of several choices, and reads it in Korean", async () => {
    const { client } = pollRoom({ allowsMultiple: true, anonymous: true }, "lee", "ko");
    const poll = await card();
    expect(within(poll).getByTestId("poll-status")).toHaveTextContent("0명 참여 · 여러 개 선택 가능 · 익명 투표");
    fireEvent.press(within(poll).getByRole("checkbox", { name: "Noodles: 0표" }));
    fireEvent.press(await within(poll).findByRole("checkbox", { name: "Rice: 0표" }));
    await waitFor(() => expect(within(poll).getByRole("checkbox", { name: "Rice: 1표" })).toBeChecked());
    expect(within(poll).getByRole("checkbox", { name: "Noodles: 1표" })).toBeChecked();

    fireEvent.press(within(poll).getByRole("checkbox", { name: "Noodles: 1표" }));
    expect(await within(poll).findByRole("checkbox", { name: "Noodles: 0표" })).not.toBeChecked();
    fireEvent.press(within(poll).getByRole("checkbox", { name: "Rice: 1표" }));
    expect(await within(poll).findByRole("checkbox", { name: "Rice: 0표" })).not.toBeChecked();
    expect(votes(client).map(([name, , , chosen]) => [name, chosen])).toEqual([
      ["polls.vote", ["1"]],
      ["polls.vote", ["1", "2"]],
      ["polls.vote", ["2"]],
      ["polls.retract", undefined],
    ]);
  });

  it("follows the counts other members' votes bring, keeping the user's own choice", async () => {
    const { client, message } = pollRoom({ myVotes: ["1"] });
    const poll = await card();
    const shared = { ...(message.poll as TPoll), myVotes: undefined };
    act(() =>
      client.emit("poll.updated", {
        type: "poll.updated",
        channelId: "general",
        messageId: message.id,
        poll: {
          ...shared,
          totalVoters: 3,
          options: [
            { id: "1", text: "Noodles", voteCount: 1 },
            { id: "2", text: "Rice", voteCount: 2 },
          ],
        },
      } as ParleyEventMap["poll.updated"]),
    );
    expect(await within(poll).findByRole("radio", { name: "Rice: 2 votes" })).not.toBeChecked();
    expect(within(poll).getByRole("radio", { name: "Noodles: 1 vote" })).toBeChecked();
    expect(within(poll).getByText("2 · 67%", { includeHiddenElements: true })).toBeOnTheScreen();
    const bars = within(poll).getAllByTestId("poll-bar", { includeHiddenElements: true });
    expect(bars.map((bar) => bar.props.style.width)).toEqual(["33%", "67%"]);
    expect(within(poll).getByTestId("poll-status")).toHaveTextContent("3 voters · Choose one");
  });

  it("lets its creator close it, after which its options take no vote; no one else may close it", async () => {
    pollRoom({}, "kim", "ko");
    const poll = await card();
    fireEvent.press(within(poll).getByRole("button", { name: "투표 마감" }));
    await waitFor(() => expect(within(poll).getByTestId("poll-status")).toHaveTextContent("0명 참여 · 마감됨"));
    expect(within(poll).getByRole("radio", { name: "Rice: 0표" })).toBeDisabled();
    expect(within(poll).queryByRole("button", { name: "투표 마감" })).toBeNull();
    screen.unmount();

    pollRoom();
    expect(within(await card()).queryByRole("button", { name: "Close poll" })).toBeNull();
  });
});

describe.each([
  [
    "en",
    {
      open: "Create a poll",
      question: "Question",
      option: "Option {n}",
      add: "Add an option",
      many: "Allow several choices",
      anon: "Hide who voted for what",
      send: "Send poll",
    },
  ],
  [
    "ko",
    {
      open: "투표 만들기",
      question: "질문",
      option: "선택지 {n}",
      add: "선택지 추가",
      many: "여러 개 선택 허용",
      anon: "누가 무엇에 투표했는지 숨기기",
      send: "투표 보내기",
    },
  ],
] as const)("creating a poll from the composer (%s)", (language, words) => {
  it("sends the question and the filled options with its choices, and shows the poll in the list", async () => {
    const client = new FakeClient("kim");
    client.addChannel(makeChannel("general", { name: "General" }), { members: [makeMember("kim")] });
    renderKit(<ChannelScreen channelId="general" />, { client, language });
    fireEvent.press(await screen.findByRole("button", { name: words.open }));

    const send = screen.getByRole("button", { name: words.send });
    expect(send).toBeDisabled();
    fireEvent.changeText(screen.getByLabelText(words.question), "  Where to?  ");
    fireEvent.changeText(screen.getByLabelText(words.option.replace("{n}", "1")), "Seoul");
    expect(send).toBeDisabled();
    fireEvent.changeText(screen.getByLabelText(words.option.replace("{n}", "2")), "Busan");
    fireEvent.press(screen.getByRole("button", { name: words.add }));
    fireEvent.changeText(screen.getByLabelText(words.option.replace("{n}", "3")), "Jeju");
    fireEvent.press(screen.getByRole("button", { name: words.add }));
    const many = screen.getByRole("checkbox", { name: words.many });
    fireEvent.press(many);
    expect(many).toBeChecked();
    expect(screen.getByRole("checkbox", { name: words.anon })).not.toBeChecked();
    fireEvent.press(send);

    const poll = await card();
    expect(within(poll).getByRole("header")).toHaveTextContent("Where to?");
    expect(within(poll).getAllByRole("checkbox")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: words.send })).toBeNull();
    expect(client.requests.filter((r) => r.name === "polls.create").map((r) => r.args)).toEqual([
      [
        "general",
        { question: "Where to?", options: ["Seoul", "Busan", "Jeju"], allowsMultiple: true, anonymous: false },
      ],
    ]);
  });
});

describe("the poll form", () => {
  it("offers up to 10 options", async () => {
    const client = new FakeClient("kim");
    client.addChannel(makeChannel("general", { name: "General" }), { members: [makeMember("kim")] });
    renderKit(<ChannelScreen channelId="general" />, { client });
    fireEvent.press(await screen.findByRole("button", { name: "Create a poll" }));
    for (let i = 0; i < 8; i++) fireEvent.press(screen.getByRole("button", { name: "Add an option" }));
    expect(screen.getByLabelText("Option 10")).toBeOnTheScreen();
    expect(screen.queryByRole("button", { name: "Add an option" })).toBeNull();
  });
});
