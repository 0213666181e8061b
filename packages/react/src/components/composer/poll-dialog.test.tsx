import { ParleyError } from "@parley/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "../message-list/message-list";
import { Composer } from "./composer";

function seeded() {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel);
  const rendered = renderKit(
    <Channel channel={channel}>
      <MessageList />
      <Composer />
    </Channel>,
    { client },
  );
  return { ...rendered, client };
}

describe("Creating a poll from the composer", () => {
  it("offers the poll action as a drawn icon with its name, not as a character the font may lack", async () => {
    seeded();
    const action = await screen.findByRole("button", { name: "Create a poll" });
    expect(action.querySelector("svg")).not.toBeNull();
    expect(action.textContent).toBe("");
  });

  it("sends a poll with its question, filled options and choices, and shows it in the list", async () => {
    const { client, user } = seeded();
    await user.click(await screen.findByRole("button", { name: "Create a poll" }));
    const dialog = screen.getByRole("dialog", { name: "Create a poll" });
    const send = within(dialog).getByRole("button", { name: "Send poll" });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Question" }), "Lunch?");
    await user.type(within(dialog).getByRole("textbox", { name: "Option 1" }), "Noodles");
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Option 2" }), "Rice");
    await user.click(within(dialog).getByRole("button", { name: "Add an option" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Option 3" }), "Soup");
    await user.click(within(dialog).getByRole("checkbox", { name: "Allow several choices" }));
    await user.click(send);
    expect(client.requests.filter((r) => r.name === "polls.create").map((r) => r.args)).toEqual([
      ["general", { question: "Lunch?", options: ["Noodles", "Rice", "Soup"], allowsMultiple: true, anonymous: false }],
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    const poll = await screen.findByRole("group", { name: "Lunch?" });
    expect(within(poll).getByText("0 voters · Choose any")).toBeInTheDocument();
  });

  it("says why the server refused the poll and keeps what was written", async () => {
    const { client, user } = seeded();
    client.refuseNext("polls.create", new ParleyError({ code: "3227", message: "Two options are the same." }, 400));
    await user.click(await screen.findByRole("button", { name: "Create a poll" }));
    const dialog = screen.getByRole("dialog", { name: "Create a poll" });
    await user.type(within(dialog).getByRole("textbox", { name: "Question" }), "Lunch?");
    await user.type(within(dialog).getByRole("textbox", { name: "Option 1" }), "Rice");
    await user.type(within(dialog).getByRole("textbox", { name: "Option 2" }), "rice");
    await user.click(within(dialog).getByRole("button", { name: "Send poll" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("3227");
    expect(within(dialog).getByRole("textbox", { name: "Question" })).toHaveValue("Lunch?");
  });

  it("sends the poll on Enter in a field, with no form inside the composer's form and the typed message kept", async () => {
    const { client, user } = seeded();
    await user.type(await screen.findByRole("combobox", { name: "Message" }), "draft");
    await user.click(screen.getByRole("button", { name: "Create a poll" }));
    const dialog = screen.getByRole("dialog", { name: "Create a poll" });
    // A form nested in the composer's form is submitted by the browser as a page load, past React's handlers.
    expect(dialog.querySelector("form")).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: "Question" }), "Lunch?");
    await user.type(within(dialog).getByRole("textbox", { name: "Option 1" }), "Noodles");
    await user.type(within(dialog).getByRole("textbox", { name: "Option 2" }), "Rice{Enter}");
    expect(client.requests.filter((r) => r.name === "polls.create")).toHaveLength(1);
    expect(client.requests.filter((r) => r.name === "messages.send")).toHaveLength(0);
    expect(screen.getByRole("combobox", { name: "Message" })).toHaveValue("draft");
  });
});
