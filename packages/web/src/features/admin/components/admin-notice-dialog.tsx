import { zodResolver } from "@hookform/resolvers/zod";
import { DialogContentText, Stack, TextField } from "@mui/material";
import { ADMIN_NOTICE_TEXT_MAX, type TAdminNoticeRequestInput, zAdminNoticeRequest } from "@parley/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { usePostAdminNotice } from "../api/post-admin-notice";

/**
 * Writes a notice of type "Other" in Korean and English, to one company (`company`) or to every account. Each
 * reader sees it in their language, or in the other one when theirs is left empty, until they close it.
 */
export function AdminNoticeDialog({
  open,
  company,
  onClose,
}: {
  open: boolean;
  company: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const post = usePostAdminNotice(inlineErrors);
  const submission = useSubmission();
  const defaultValues: TAdminNoticeRequestInput = { companyId: company?.id ?? null, text: { ko: "", en: "" } };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid },
  } = useForm<TAdminNoticeRequestInput>({
    resolver: zodResolver(zAdminNoticeRequest),
    defaultValues,
    mode: "onChange",
  });

  const close = () => {
    reset(defaultValues);
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    submission.run({
      request: () => post.mutateAsync(zAdminNoticeRequest.parse(values)),
      onSuccess: () => {
        showSnackbar(t(company ? "admin.notices.postedTo" : "admin.notices.postedToAll", { name: company?.name }), {
          severity: "success",
        });
        close();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ["text.ko", "text.en"])) showError(error);
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      title={company ? t("admin.notices.titleFor", { name: company.name }) : t("admin.notices.titleForAll")}
      submission={submission}
      onClose={close}
      onSubmit={onSubmit}
      canSubmit={isValid}
      isDirty={isDirty}
      submitLabel={t("admin.notices.post")}
    >
      <Stack spacing={2}>
        <DialogContentText>{t("admin.notices.description")}</DialogContentText>
        <TextField
          {...muiRegister(register("text.ko"))}
          label={t("admin.notices.textKo")}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: ADMIN_NOTICE_TEXT_MAX } }}
          {...fieldError(errors.text?.ko, t("admin.notices.textHint"))}
        />
        <TextField
          {...muiRegister(register("text.en"))}
          label={t("admin.notices.textEn")}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: ADMIN_NOTICE_TEXT_MAX } }}
          {...fieldError(errors.text?.en, t("admin.notices.textHint"))}
        />
      </Stack>
    </FormDialog>
  );
}
