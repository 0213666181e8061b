import { zCreateAppRequest } from "@parley/contract";
import { useMutation } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { inputByLabel, renderWithRouter } from "@/testing/test-utils";
import { type RefusalHandling, TextFieldDialog } from "./text-field-dialog";

const t = (key: string) => i18n.t(key);

/** A name dialog whose server refuses every name with 3005 (taken). */
function NameDialog({ onRefused }: { onRefused?: RefusalHandling<string, string> }) {
  const save = useMutation({
    mutationFn: async (_name: string) => {
      throw new ApiError("3005", "App name taken", 409);
    },
    ...inlineErrors,
  });
  return (
    <TextFieldDialog
      open
      title="Name"
      label={t("apps.fields.name")}
      hint={t("apps.create.hint")}
      schema={zCreateAppRequest.shape.name}
      serverField="name"
      defaultValue=""
      submitLabel={t("common.save")}
      request={(name) => save.mutateAsync(name)}
      onSuccess={() => {}}
      onRefused={onRefused}
      onClose={() => {}}
    />
  );
}

describe("TextFieldDialog", () => {
  it("puts a refusal under the field by default, and says it once", async () => {
    const { user } = renderWithRouter(<NameDialog />);
    const name = inputByLabel(t("apps.fields.name"));
    await user.type(name, "Parley Chat");
    await user.click(screen.getByRole("button", { name: t("common.save") }));

    const dialog = screen.getByRole("dialog");
    expect(await within(dialog).findByText(t("ERROR_3005"))).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText(t("ERROR_3005"))).toHaveLength(1);
  });

  it("shows a refusal in the snackbar when asked to", async () => {
    const { user } = renderWithRouter(<NameDialog onRefused="snackbar" />);
    const name = inputByLabel(t("apps.fields.name"));
    await user.type(name, "Parley Chat");
    await user.click(screen.getByRole("button", { name: t("common.save") }));

    // The snackbar sits behind the modal dialog, hidden from the accessibility tree while it is open.
    expect(await screen.findByText(t("ERROR_3005"))).toBeInTheDocument();
    expect(name).not.toHaveAttribute("aria-invalid", "true");
  });
});

/** The create-app dialog's shape: it closes through `onClose`, which the page turns into `open={false}`. */
function ClosableNameDialog({ defaultValue = "" }: { defaultValue?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? "dialog open" : "dialog closed"}</p>
      <TextFieldDialog
        open={open}
        title="Name"
        label={t("apps.fields.name")}
        schema={zCreateAppRequest.shape.name}
        defaultValue={defaultValue}
        submitLabel={t("common.save")}
        request={async () => {}}
        onSuccess={() => setOpen(false)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const backdropOf = (dialog: HTMLElement) => {
  const backdrop = dialog.parentElement?.parentElement?.querySelector(".MuiBackdrop-root");
  if (!(backdrop instanceof HTMLElement)) throw new Error("the dialog has no backdrop");
  return backdrop;
};

describe("TextFieldDialog leave guard", () => {
  it("closes on Escape at once while nothing was typed", async () => {
    const { user } = renderWithRouter(<ClosableNameDialog />);
    await user.keyboard("{Escape}");
    expect(await screen.findByText("dialog closed")).toBeInTheDocument();
  });

  it("asks before Escape throws away typed text, and keeps the text on Stay", async () => {
    const { user } = renderWithRouter(<ClosableNameDialog />);
    await user.type(inputByLabel(t("apps.fields.name")), "Support chat");
    await user.keyboard("{Escape}");

    const confirm = await screen.findByRole("dialog", { name: t("leaveConfirm.discardTitle") });
    await user.click(within(confirm).getByRole("button", { name: t("leaveConfirm.stay") }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: t("leaveConfirm.discardTitle") })).toBeNull());
    expect(screen.getByText("dialog open")).toBeInTheDocument();
    expect(inputByLabel(t("apps.fields.name"))).toHaveValue("Support chat");
  });

  it("asks before a click outside throws away typed text, and closes on Discard", async () => {
    const { user } = renderWithRouter(<ClosableNameDialog />);
    await user.type(inputByLabel(t("apps.fields.name")), "Support chat");
    await user.click(backdropOf(screen.getByRole("dialog")));

    const confirm = await screen.findByRole("dialog", { name: t("leaveConfirm.discardTitle") });
    expect(screen.getByText("dialog open")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: t("leaveConfirm.discard") }));
    expect(await screen.findByText("dialog closed")).toBeInTheDocument();
  });

  it("asks before closing a rename whose text was changed", async () => {
    const { user } = renderWithRouter(<ClosableNameDialog defaultValue="Support chat" />);
    await user.type(inputByLabel(t("apps.fields.name")), " 2");
    await user.keyboard("{Escape}");
    expect(await screen.findByRole("dialog", { name: t("leaveConfirm.discardTitle") })).toBeInTheDocument();
  });

  it("closes on Cancel without asking, since Cancel is the choice to discard", async () => {
    const { user } = renderWithRouter(<ClosableNameDialog />);
    await user.type(inputByLabel(t("apps.fields.name")), "Support chat");
    await user.click(screen.getByRole("button", { name: t("common.cancel") }));
    expect(await screen.findByText("dialog closed")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: t("leaveConfirm.discardTitle") })).toBeNull();
  });
});
