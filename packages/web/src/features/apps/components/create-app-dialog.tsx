import { APP_NAME_MAX, hasVisibleText, zCreateAppRequest } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { paths } from "@/config/paths";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateApp } from "../api/create-app";

/**
 * The create-app dialog of spec section 2. A refusal (name taken, ten apps already) stays under the input
 * rather than in a snackbar, so the user sees it next to the name that caused it.
 */
export function CreateAppDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createApp = useCreateApp(inlineErrors);

  return (
    <TextFieldDialog
      open={open}
      title={t("apps.create.title")}
      label={t("apps.fields.name")}
      hint={t("apps.create.hint")}
      schema={zCreateAppRequest.shape.name}
      serverField="name"
      defaultValue=""
      validateOn="all"
      fieldProps={{ slotProps: { htmlInput: { maxLength: APP_NAME_MAX } } }}
      // A name of only spaces or zero-width characters is as empty as no name (spec: Save disabled while empty).
      canSubmit={({ value }) => hasVisibleText(value ?? "")}
      submitLabel={t("common.save")}
      request={(name) => createApp.mutateAsync({ name })}
      onSuccess={(app) => {
        onClose();
        onCreated?.();
        navigate(paths.apps.settings.getHref(app.id));
      }}
      onClose={onClose}
    />
  );
}
