import { zCreateAppRequest } from "@parley/contract";
import { useMutation } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
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
