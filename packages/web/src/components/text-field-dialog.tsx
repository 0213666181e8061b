import { zodResolver } from "@hookform/resolvers/zod";
import { DialogContentText, type DialogProps, Stack, TextField, type TextFieldProps } from "@mui/material";
import { type ReactNode, useMemo } from "react";
import { type FieldError, type Mode, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { ApiError, errorKey } from "@/lib/api-client";

/** What the dialog's extra parts (a second action, a note under the field) and its callbacks may know and do. */
export interface DialogField<TInput, TOutput = unknown> {
  /** What the field holds now, as typed (a number field holds NaN while empty). */
  value: TInput | undefined;
  isValid: boolean;
  isSubmitting: boolean;
  /** Validates the field as a submit would; the value the request would get, or null with the problem shown. */
  validate: () => Promise<TOutput | null>;
  /** Shows an i18n key (VALIDATION_* or ERROR_{code}) under the field. */
  setError: (message: string) => void;
  /** Puts a validation failure's message for this field (code 300, `data.fields`) under it; whether it did. */
  applyServerErrors: (error: unknown) => boolean;
}

/**
 * Where a refusal the server answered goes: under the field (its `data.fields` message, else its ERROR_{code}),
 * to the snackbar, or to a handler of the dialog's own. Failures worth retrying never come here: the dialog shows
 * them with a Retry.
 */
export type RefusalHandling<TInput, TOutput = unknown> =
  | "field"
  | "snackbar"
  | ((error: unknown, field: DialogField<TInput, TOutput>) => void);

/**
 * A dialog that asks for one value in one text field and sends it, on `FormDialog`: naming an app or an API key,
 * inviting a sub-account, adding members, a translation key, extending a trial, muting a member. The field is
 * checked with its contract schema as the user types, the request goes out through `useSubmission` (a lost answer
 * is retried with the same idempotency key) and a refusal lands where `onRefused` says. The mutation behind
 * `request` is made with `inlineErrors`: this dialog says what went wrong, the snackbar would say it twice.
 */
export function TextFieldDialog<TSchema extends z.ZodType, TResult>({
  open,
  title,
  description,
  label,
  hint,
  schema,
  serverField,
  defaultValue,
  validateOn = "onChange",
  isNumber = false,
  keepsHintOnError = false,
  fieldProps,
  submitLabel,
  maxWidth = "xs",
  canSubmit,
  secondaryAction,
  above,
  below,
  request,
  onSuccess,
  onRefused = "field",
  onClose,
}: {
  open: boolean;
  title: string;
  /** A paragraph above the field. */
  description?: ReactNode;
  label: string;
  /** The helper text under the field while it has no error. */
  hint?: string | ((value: z.input<TSchema> | undefined) => string);
  /** The rule of the one value, from the contract; its output is what `request` gets. */
  schema: TSchema;
  /** The field's path in the request, where the server's validation failures name it. */
  serverField?: string;
  defaultValue?: z.input<TSchema>;
  validateOn?: Mode;
  isNumber?: boolean;
  /** The hint stays and the field only turns red, for a rule the hint itself states (a range of days). */
  keepsHintOnError?: boolean;
  fieldProps?: Omit<TextFieldProps, "label" | "required" | "autoFocus" | "error" | "helperText">;
  submitLabel: string;
  maxWidth?: DialogProps["maxWidth"];
  /** Whether Submit is enabled; it always is unless given. */
  canSubmit?: (field: DialogField<z.input<TSchema>, z.output<TSchema>>) => boolean;
  secondaryAction?: (field: DialogField<z.input<TSchema>, z.output<TSchema>>) => ReactNode;
  /** Shown between the description and the field, such as a refusal that concerns the whole entry. */
  above?: ReactNode;
  /** Shown under the field, such as what a check of the value said. */
  below?: (field: DialogField<z.input<TSchema>, z.output<TSchema>>) => ReactNode;
  request: (value: z.output<TSchema>) => Promise<TResult>;
  /** Called with the answer; the field is already reset. Close the dialog here if it should close. */
  onSuccess: (result: TResult, value: z.output<TSchema>) => void;
  onRefused?: RefusalHandling<z.input<TSchema>, z.output<TSchema>>;
  /** Called after the field is reset and the wait stopped. */
  onClose: () => void;
}) {
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const submission = useSubmission();
  // Built for any field, the form holds the value as unknown; the field's own types are kept at its edges.
  const formSchema = useMemo(() => z.object({ value: schema as z.ZodType }), [schema]);
  type FormValues = z.input<typeof formSchema>;
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getValues,
    formState: { errors, isValid, isDirty },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaultValue === undefined ? undefined : { value: defaultValue },
    mode: validateOn,
  });
  const value = useWatch({ control, name: "value" }) as z.input<TSchema> | undefined;

  const field: DialogField<z.input<TSchema>, z.output<TSchema>> = {
    value,
    isValid,
    isSubmitting: submission.isPending,
    validate: async () =>
      (await trigger("value")) ? (formSchema.parse(getValues()).value as z.output<TSchema>) : null,
    setError: (message) => setError("value", { type: "server", message }),
    applyServerErrors: (error) => {
      const fields = error instanceof ApiError ? (error.data?.fields ?? []) : [];
      const message = fields.filter((problem) => problem.path === serverField).at(-1)?.message;
      if (message === undefined) return false;
      setError("value", { type: "server", message });
      return true;
    },
  };

  const refuse = (error: unknown) => {
    if (onRefused === "snackbar") showError(error);
    else if (onRefused === "field") {
      if (!field.applyServerErrors(error)) field.setError(errorKey(error));
    } else onRefused(error, field);
  };

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    submission.run({
      request: () => request(values.value as z.output<TSchema>),
      onSuccess: (result) => {
        reset();
        onSuccess(result, values.value as z.output<TSchema>);
      },
      onError: refuse,
    }),
  );

  const hintText = typeof hint === "function" ? hint(value) : hint;
  const problem = fieldError(errors.value as FieldError | undefined, hintText);
  return (
    <FormDialog
      open={open}
      title={title}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={canSubmit ? canSubmit(field) : true}
      submitLabel={submitLabel}
      maxWidth={maxWidth}
      secondaryAction={secondaryAction?.(field)}
      isDirty={isDirty && !submission.isPending}
    >
      <Stack spacing={2}>
        {description && <DialogContentText>{description}</DialogContentText>}
        {above}
        <TextField
          {...fieldProps}
          label={label}
          required
          autoFocus
          {...muiRegister(register("value", isNumber ? { valueAsNumber: true } : undefined))}
          error={problem.error}
          helperText={keepsHintOnError ? hintText : problem.helperText}
        />
        {below?.(field)}
      </Stack>
    </FormDialog>
  );
}
