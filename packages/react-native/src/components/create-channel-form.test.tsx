import { FakeClient, makeChannel } from "@parley/react/headless";
import { ParleyError } from "@parley/sdk";
import { fireEvent, screen, waitFor } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelList } from "./channel-list";

function seeded() {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }));
  return client;
}

const created = (client: FakeClient) => client.requests.filter((r) => r.name === "channels.create").map((r) => r.args);

describe("CreateChannelForm", () => {
  it("makes an open channel from the type radios and opens it (English)", async () => {
    const client = seeded();
    const onSelect = jest.fn();
    renderKit(<ChannelList onSelect={onSelect} />, { client });
    fireEvent.press(await screen.findByRole("button", { name: "+ New" }));

    expect(screen.getByLabelText("Type")).toHaveProp("accessibilityRole", "radiogroup");
    expect(screen.getByRole("radio", { name: "Public" })).toBeChecked();
    const open = screen.getByRole("radio", { name: "Open" });
    expect(open).toHaveProp("accessibilityHint", "Open channel: anyone reads it, no unread counts");
    expect(screen.getByRole("button", { name: "Create" })).toBeDisabled();

    fireEvent.changeText(screen.getByLabelText("Channel name"), " Keynote ");
    fireEvent.press(open);
    expect(open).toBeChecked();
    expect(screen.getByRole("radio", { name: "Public" })).not.toBeChecked();
    expect(screen.queryByLabelText("Invite code")).toBeNull();
    fireEvent.press(screen.getByRole("button", { name: "Create" }));

    await waitFor(() => expect(onSelect).toHaveBeenCalledWith("c2"));
    expect(created(client)).toEqual([[{ name: "Keynote", type: "open" }]]);
    expect(await screen.findByRole("button", { name: "Keynote" })).toBeOnTheScreen();
    expect(screen.queryByLabelText("Type")).toBeNull();
  });

  it("asks for the invite code of a private channel before it can be made (Korean)", async () => {
    const client = seeded();
    renderKit(<ChannelList onSelect={() => {}} />, { client, language: "ko" });
    fireEvent.press(await screen.findByRole("button", { name: "+ 새 채널" }));

    expect(screen.getByLabelText("종류")).toHaveProp("accessibilityRole", "radiogroup");
    expect(screen.getByRole("radio", { name: "오픈" })).toHaveProp(
      "accessibilityHint",
      "오픈 채널: 누구나 읽을 수 있고 안 읽은 수를 세지 않습니다",
    );
    fireEvent.changeText(screen.getByLabelText("채널 이름"), "운영진");
    fireEvent.press(screen.getByRole("radio", { name: "비공개" }));
    expect(screen.getByRole("radio", { name: "비공개" })).toHaveProp("accessibilityHint", "초대 코드로 참여합니다");
    expect(screen.getByRole("button", { name: "만들기" })).toBeDisabled();

    fireEvent.changeText(screen.getByLabelText("초대 코드"), " s3cret ");
    fireEvent.press(screen.getByRole("button", { name: "만들기" }));
    await waitFor(() => expect(created(client)).toEqual([[{ name: "운영진", type: "private", inviteCode: "s3cret" }]]));
  });

  it("says why the server refused and keeps the form", async () => {
    const client = seeded();
    client.refuseNext("channels.create", new ParleyError({ code: "3999", message: "Name taken." }, 400));
    renderKit(<ChannelList onSelect={() => {}} />, { client });
    fireEvent.press(await screen.findByRole("button", { name: "+ New" }));
    fireEvent.changeText(screen.getByLabelText("Channel name"), "General");
    fireEvent.press(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/Name taken\./);
    expect(screen.getByLabelText("Type")).toHaveProp("accessibilityRole", "radiogroup");
  });

  it("closes on Cancel without making anything", async () => {
    const client = seeded();
    renderKit(<ChannelList onSelect={() => {}} />, { client });
    fireEvent.press(await screen.findByRole("button", { name: "+ New" }));
    fireEvent.press(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Type")).toBeNull();
    expect(created(client)).toEqual([]);
  });
});
