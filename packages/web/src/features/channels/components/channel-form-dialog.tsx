import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Divider, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from "@mui/material";
import {
  CHANNEL_TYPES,
  INVITE_CODE_MAX,
  OPEN_CHANNEL_MEMBER_LIMIT,
  REGULAR_CHANNEL_MEMBER_LIMIT,
  SLOW_MODE_SECONDS_MAX,
  SUBCHANNEL_MAX_MEMBERS,
  SUBCHANNEL_MIN_MEMBERS,
  type TChannelDetailResponse,
  type TChannelType,
  type TCreateChannelRequest,
  type TDashboardUpdateChannelRequest,
  takesMemberLimit,
  V,
  zDashboardCreateChannelRequest,
  zDashboardUpdateChannelRequest,
  zSlowModeSeconds,
  zSubchannelSettings,
} from "@parley/contract";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateChannel } from "../api/create-channel";
import { useCreateTag } from "../api/create-tag";
import { useDeleteTag } from "../api/delete-tag";
import { useUpdateChannel } from "../api/update-channel";
import { TagsInput } from "./tags-input";

const base = zDashboardCreateChannelRequest.shape;

/** The create request's rules, with "a private channel needs an invite code" checked where the type is known. */
const zChannelFields = z
  .object({
    name: base.name,
    imageUrl: base.imageUrl,
    type: base.type,
    memberLimit: base.memberLimit,
    inviteCode: base.inviteCode,
  })
  .refine((c) => c.type !== "private" || c.inviteCode.length > 0, { message: V.inviteCode, path: ["inviteCode"] });

const zCreateForm = zChannelFields.and(z.object({ tags: base.tags }));
const zEditForm = zChannelFields.and(z.object({ subchannel: zSubchannelSettings, slowModeSeconds: zSlowModeSeconds }));

type FieldsInput = z.input<typeof zChannelFields>;
type CreateInput = z.input<typeof zCreateForm>;
type EditInput = z.input<typeof zEditForm>;
type EditOutput = z.output<typeof zEditForm>;

const serverFields = ["name", "imageUrl", "type", "memberLimit", "inviteCode"] as const;

/** Number inputs hold text; an empty box means "not given", which the schema reads as undefined. */
function toOptionalNumber(text: string) {
  return text.trim() === "" ? undefined : Number(text);
}

function ChannelFields({
  control,
  register,
  errors,
  isEdit,
}: {
  control: Control<FieldsInput>;
  register: UseFormRegister<FieldsInput>;
  errors: FieldErrors<FieldsInput>;
  isEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const type = useWatch({ control, name: "type" }) as TChannelType;
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t("channels.fields.name")}
        required
        {...muiRegister(register("name"))}
        {...fieldError(errors.name)}
      />
      <TextField
        label={t("channels.fields.imageUrl")}
        type="url"
        placeholder="https://"
        {...muiRegister(register("imageUrl"))}
        {...fieldError(errors.imageUrl)}
      />
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            select
            label={t("channels.fields.type")}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText={t(`channels.typeHint.${field.value as TChannelType}`, {
              max: OPEN_CHANNEL_MEMBER_LIMIT.toLocaleString(i18n.language),
            })}
          >
            {CHANNEL_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`channels.type.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {takesMemberLimit(type) && (
        <Controller
          control={control}
          name="memberLimit"
          render={({ field }) => (
            <TextField
              label={t("channels.fields.memberLimit")}
              type="number"
              value={field.value ?? ""}
              onChange={(event) => field.onChange(toOptionalNumber(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ htmlInput: { min: 2, max: REGULAR_CHANNEL_MEMBER_LIMIT, inputMode: "numeric" } }}
              {...fieldError(
                errors.memberLimit,
                t(isEdit ? "channels.form.memberLimitHint" : "channels.form.memberLimitDefaultHint", {
                  max: REGULAR_CHANNEL_MEMBER_LIMIT,
                }),
              )}
            />
          )}
        />
      )}
      {type === "private" && (
        <TextField
          label={t("channels.fields.inviteCode")}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: INVITE_CODE_MAX } }}
          {...muiRegister(register("inviteCode"))}
          {...fieldError(errors.inviteCode, t("channels.form.inviteCodeHint", { max: INVITE_CODE_MAX }))}
        />
      )}
    </Stack>
  );
}

const emptyChannel: CreateInput = { name: "", imageUrl: "", type: "public", inviteCode: "", tags: [] };

export function CreateChannelDialog({ appId, open, onClose }: { appId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const createChannel = useCreateChannel(appId, inlineErrors);
  const submission = useSubmission();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty, isValid },
  } = useForm<CreateInput, unknown, z.output<typeof zCreateForm>>({
    resolver: zodResolver(zCreateForm),
    defaultValues: emptyChannel,
    mode: "onChange",
  });
  const tags = useWatch({ control, name: "tags" }) ?? [];

  const close = () => {
    reset(emptyChannel);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const body: TCreateChannelRequest = {
      ...values,
      memberLimit: takesMemberLimit(values.type) ? values.memberLimit : undefined,
      inviteCode: values.type === "private" ? values.inviteCode : "",
      userIds: [],
      distinct: false,
      data: {},
      hideMessagesBeforeJoin: false,
    };
    return submission.run({
      request: () => createChannel.mutateAsync({ appId, body }),
      onSuccess: (channel) => {
        close();
        showSnackbar(t("channels.created", { name: channel.name }), { severity: "success" });
        navigate(paths.apps.channel.getHref(appId, channel.id));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, [...serverFields, "tags"])) showError(error);
      },
    });
  });

  return (
    <FormDialog
      open={open}
      title={t("channels.createTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={isValid}
      submitLabel={t("channels.create")}
      isDirty={isDirty && !submission.isPending}
    >
      <Stack spacing={2.5}>
        <ChannelFields
          control={control as unknown as Control<FieldsInput>}
          register={register as unknown as UseFormRegister<FieldsInput>}
          errors={errors}
          isEdit={false}
        />
        <TagsInput
          tags={tags}
          error={errors.tags?.message ? t(errors.tags.message) : undefined}
          onAdd={(tag) => setValue("tags", [...tags, tag], { shouldDirty: true, shouldValidate: true })}
          onRemove={(tag) =>
            setValue(
              "tags",
              tags.filter((existing) => existing !== tag),
              { shouldDirty: true, shouldValidate: true },
            )
          }
        />
      </Stack>
    </FormDialog>
  );
}

function editValues(detail: TChannelDetailResponse): EditInput {
  const { channel } = detail;
  return {
    name: channel.name,
    imageUrl: channel.imageUrl,
    type: channel.type,
    memberLimit: channel.memberLimit ?? undefined,
    inviteCode: detail.inviteCode,
    subchannel: detail.subchannel,
    slowModeSeconds: channel.slowModeSeconds ?? 0,
  };
}

/** Tags change one by one through their own calls, so they apply at once rather than on Save. */
function ChannelTagsEditor({ appId, detail }: { appId: string; detail: TChannelDetailResponse }) {
  const channelId = detail.channel.id;
  const createTag = useCreateTag(appId, channelId);
  const deleteTag = useDeleteTag(appId, channelId);
  const tags = detail.channel.tags;
  return (
    <TagsInput
      tags={tags.map((tag) => tag.tag)}
      disabled={createTag.isPending || deleteTag.isPending}
      onAdd={(tag) => createTag.mutate({ appId, channelId, tag })}
      onRemove={(tag) => {
        const id = tags.find((existing) => existing.tag === tag)?.id;
        if (id) deleteTag.mutate({ appId, channelId, id });
      }}
    />
  );
}

export function EditChannelDialog({
  appId,
  detail,
  open,
  onClose,
}: {
  appId: string;
  detail: TChannelDetailResponse;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateChannel = useUpdateChannel(appId, inlineErrors);
  const submission = useSubmission();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(zEditForm),
    defaultValues: editValues(detail),
    mode: "onChange",
  });
  const isSubchannelEnabled = useWatch({ control, name: "subchannel.enabled" });

  const close = () => {
    reset(editValues(detail));
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const body: TDashboardUpdateChannelRequest = zDashboardUpdateChannelRequest.parse({
      name: values.name,
      imageUrl: values.imageUrl,
      type: values.type,
      memberLimit: takesMemberLimit(values.type) ? values.memberLimit : undefined,
      inviteCode: values.type === "private" ? values.inviteCode : "",
      subchannel: values.subchannel,
      slowModeSeconds: values.slowModeSeconds,
    });
    return submission.run({
      request: () => updateChannel.mutateAsync({ appId, channelId: detail.channel.id, body }),
      onSuccess: (updated) => {
        reset(editValues(updated));
        onClose();
        showSnackbar(t("channels.updated"), { severity: "success" });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, [...serverFields, "slowModeSeconds"])) showError(error);
      },
    });
  });

  const numberField = (name: "subchannel.minMembers" | "subchannel.maxMembers" | "subchannel.mergeMinutes") =>
    register(name, { valueAsNumber: true });

  return (
    <FormDialog
      open={open}
      title={t("channels.editTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={isDirty && isValid}
      submitLabel={t("common.save")}
      isDirty={isDirty && !submission.isPending}
    >
      <Stack spacing={2.5}>
        <ChannelFields
          control={control as unknown as Control<FieldsInput>}
          register={register as unknown as UseFormRegister<FieldsInput>}
          errors={errors}
          isEdit
        />
        <TextField
          label={t("channels.form.slowModeSeconds")}
          type="number"
          slotProps={{ htmlInput: { min: 0, max: SLOW_MODE_SECONDS_MAX, inputMode: "numeric" } }}
          {...muiRegister(register("slowModeSeconds", { valueAsNumber: true }))}
          {...fieldError(errors.slowModeSeconds, t("channels.form.slowModeHint", { max: SLOW_MODE_SECONDS_MAX }))}
        />
        <ChannelTagsEditor appId={appId} detail={detail} />
        <Divider />
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t("channels.subchannel.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("channels.subchannel.description", { min: SUBCHANNEL_MIN_MEMBERS, max: SUBCHANNEL_MAX_MEMBERS })}
          </Typography>
        </Box>
        <Controller
          control={control}
          name="subchannel.enabled"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={t("channels.subchannel.enabled")}
            />
          )}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("channels.subchannel.minMembers")}
            type="number"
            disabled={!isSubchannelEnabled}
            slotProps={{ htmlInput: { min: SUBCHANNEL_MIN_MEMBERS, max: SUBCHANNEL_MAX_MEMBERS } }}
            {...muiRegister(numberField("subchannel.minMembers"))}
            {...fieldError(errors.subchannel?.minMembers)}
          />
          <TextField
            label={t("channels.subchannel.maxMembers")}
            type="number"
            disabled={!isSubchannelEnabled}
            slotProps={{ htmlInput: { min: SUBCHANNEL_MIN_MEMBERS, max: SUBCHANNEL_MAX_MEMBERS } }}
            {...muiRegister(numberField("subchannel.maxMembers"))}
            {...fieldError(errors.subchannel?.maxMembers)}
          />
          <TextField
            label={t("channels.subchannel.mergeMinutes")}
            type="number"
            disabled={!isSubchannelEnabled}
            slotProps={{ htmlInput: { min: 1 } }}
            {...muiRegister(numberField("subchannel.mergeMinutes"))}
            {...fieldError(errors.subchannel?.mergeMinutes)}
          />
        </Stack>
        {takesMemberLimit(detail.channel.type) && (
          <Alert severity="info" variant="outlined">
            {t("channels.form.memberLimitNote", { count: detail.channel.memberCount })}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
