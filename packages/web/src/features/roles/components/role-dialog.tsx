import { Alert, Stack, TextField } from "@mui/material";
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_PATTERN, type TRole } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useErrorText } from "@/hooks/use-error-text";
import { createRole, updateRole } from "../api/roles";

/**
 * Creates a custom role (name and description) or, given `role`, edits its description; a role's name is its key
 * in the matrices and on users, so it is not renamed.
 */
export function RoleDialog({
  appId,
  role,
  onClose,
  onSaved,
}: {
  appId: string;
  role?: TRole;
  onClose: () => void;
  onSaved: (role: TRole) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const submission = useSubmission();
  const [name, setName] = useState(role?.name ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [refusal, setRefusal] = useState<string | null>(null);
  const isNew = role === undefined;
  const isNameValid = !isNew || ROLE_NAME_PATTERN.test(name);
  const isDescriptionValid = description.length <= ROLE_DESCRIPTION_MAX;
  const isDirty = isNew ? name !== "" || description !== "" : description !== role.description;

  const submit = () => {
    setRefusal(null);
    void submission.run({
      request: () => (isNew ? createRole(appId, { name, description }) : updateRole(appId, role.name, description)),
      onSuccess: onSaved,
      onError: (error) => setRefusal(errorText(error)),
    });
  };

  return (
    <FormDialog
      open
      title={t(isNew ? "roles.custom.createTitle" : "roles.custom.editTitle", { name: role?.name ?? "" })}
      submission={submission}
      onClose={onClose}
      onSubmit={submit}
      canSubmit={isNameValid && isDescriptionValid && (isNew || isDirty)}
      submitLabel={t(isNew ? "roles.custom.create" : "common.save")}
      isDirty={isDirty}
      maxWidth="xs"
    >
      <Stack spacing={2}>
        <TextField
          label={t("roles.custom.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={!isNew}
          required={isNew}
          autoFocus={isNew}
          error={name !== "" && !isNameValid}
          helperText={t("roles.custom.nameHint")}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <TextField
          label={t("roles.custom.descriptionField")}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          autoFocus={!isNew}
          multiline
          minRows={2}
          error={!isDescriptionValid}
          helperText={t("roles.custom.descriptionHint", { count: description.length, max: ROLE_DESCRIPTION_MAX })}
        />
        {refusal && <Alert severity="error">{refusal}</Alert>}
      </Stack>
    </FormDialog>
  );
}
