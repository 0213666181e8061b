import AddRounded from "@mui/icons-material/AddRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  CAMPAIGN_CONTENT_MAX,
  CAMPAIGN_METADATA_KEY_MAX,
  CAMPAIGN_METADATA_VALUE_MAX,
  CAMPAIGN_PUSH_BODY_MAX,
  CAMPAIGN_PUSH_TITLE_MAX,
  CAMPAIGN_TEMPLATE_VARIABLES,
  CAMPAIGN_TITLE_MAX,
  duplicateMetadataKeys,
  MESSAGE_METADATA_MAX,
  type TBrand,
  type TCampaign,
} from "@parley/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { muiRegister } from "@/components/form/mui-register";
import { SwitchField } from "@/components/form/switch-field";
import { useFieldError } from "@/components/form/use-field-error";
import { LoadError } from "@/components/load-error";
import { paths } from "@/config/paths";
import {
  type CampaignFormInput,
  type CampaignFormValues,
  insertAt,
  previewValues,
  variableToken,
} from "../lib/campaign-form";
import { CampaignPreview } from "./campaign-preview";

/** The brand the form names, with what the preview needs; a draft's brand no longer in use has only its name. */
export function chosenBrand(brands: TBrand[] | undefined, savedBrand: TCampaign["brand"] | undefined, id: string) {
  const listed = brands?.find((brand) => brand.id === id);
  if (listed) return listed;
  if (savedBrand && savedBrand.id === id) return { name: savedBrand.name, description: "", coverImage: null };
  return undefined;
}

function BrandField({
  appId,
  brands,
  savedBrand,
}: {
  appId: string;
  brands: UseQueryResult<TBrand[]>;
  savedBrand: TCampaign["brand"] | undefined;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { control } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  if (brands.isPending) return <Skeleton variant="rounded" height={56} aria-busy />;
  if (brands.isError) return <LoadError error={brands.error} onRetry={() => void brands.refetch()} />;
  // A draft may name a brand taken out of use since; it stays visible so the owner sees why the send is refused.
  const isSavedBrandListed = !savedBrand || brands.data.some((brand) => brand.id === savedBrand.id);
  const hasNoBrand = brands.data.length === 0;
  return (
    <Stack spacing={1.5}>
      {hasNoBrand && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={paths.apps.message.brandRegister.getHref(appId)}
            >
              {t("campaigns.form.registerBrand")}
            </Button>
          }
        >
          {t("campaigns.form.noBrand")}
        </Alert>
      )}
      <Controller
        control={control}
        name="brandId"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={t("campaigns.fields.brand")}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={hasNoBrand && isSavedBrandListed}
            {...fieldError(fieldState.error, t("campaigns.form.brandHint"))}
          >
            {brands.data.map((brand) => (
              <MenuItem key={brand.id} value={brand.id}>
                {brand.name}
              </MenuItem>
            ))}
            {!isSavedBrandListed && savedBrand && (
              <MenuItem value={savedBrand.id}>{t("campaigns.form.brandNotInUse", { name: savedBrand.name })}</MenuItem>
            )}
          </TextField>
        )}
      />
    </Stack>
  );
}

function ContentField() {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const content = useWatch({ control, name: "content" }) ?? "";
  const field = register("content");
  const number = new Intl.NumberFormat(i18n.language);

  // The caret goes after an inserted variable once React has put the new text in the textarea.
  useEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const insert = (token: string) => {
    const current = getValues("content");
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    const next = insertAt(current, token, start, end);
    pendingCaret.current = next.caret;
    setValue("content", next.text, { shouldDirty: true, shouldValidate: true });
  };

  const error = fieldError(errors.content);
  return (
    <Box>
      <TextField
        label={t("campaigns.fields.content")}
        required
        fullWidth
        multiline
        minRows={6}
        {...field}
        inputRef={(element: HTMLTextAreaElement | null) => {
          field.ref(element);
          textarea.current = element;
        }}
        error={error.error}
        helperText={
          <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
            <span>{error.helperText ?? t("campaigns.form.contentHint")}</span>
            <Box component="span" sx={{ whiteSpace: "nowrap" }}>
              {t("campaigns.form.counter", {
                length: number.format(content.length),
                max: number.format(CAMPAIGN_CONTENT_MAX),
              })}
            </Box>
          </Box>
        }
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 0.5 }}>
        {t("campaigns.form.variables")}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {CAMPAIGN_TEMPLATE_VARIABLES.map((variable) => {
          const token = variableToken(variable);
          const description = t(`campaigns.variables.${variable}`);
          return (
            <Tooltip key={variable} title={description}>
              <Chip
                label={token}
                size="small"
                variant="outlined"
                onClick={() => insert(token)}
                aria-label={t("campaigns.form.insertVariable", { token, description })}
                sx={{ fontFamily: "monospace" }}
              />
            </Tooltip>
          );
        })}
      </Box>
    </Box>
  );
}

function MetadataFields() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  const rows = useFieldArray({ control, name: "metadata" });
  const values = useWatch({ control, name: "metadata" }) ?? [];
  const duplicates = new Set(duplicateMetadataKeys(values));
  const isFull = rows.fields.length >= MESSAGE_METADATA_MAX;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t("campaigns.fields.metadata")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t("campaigns.form.metadataHint", { max: MESSAGE_METADATA_MAX })}
      </Typography>
      <Stack spacing={1.5}>
        {rows.fields.map((row, index) => {
          const key = values[index]?.key.trim() ?? "";
          const isDuplicate = key !== "" && duplicates.has(key);
          const keyError = fieldError(errors.metadata?.[index]?.key);
          return (
            <Stack key={row.id} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: "flex-start" }}>
              <TextField
                size="small"
                required
                label={t("campaigns.fields.metadataKey", { number: index + 1 })}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: CAMPAIGN_METADATA_KEY_MAX } }}
                {...muiRegister(register(`metadata.${index}.key`))}
                error={keyError.error || isDuplicate}
                helperText={keyError.helperText ?? (isDuplicate ? t("campaigns.form.duplicateKey") : undefined)}
                sx={{ flex: 1, width: "100%" }}
              />
              <TextField
                size="small"
                required
                label={t("campaigns.fields.metadataValue", { number: index + 1 })}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: CAMPAIGN_METADATA_VALUE_MAX } }}
                {...muiRegister(register(`metadata.${index}.value`))}
                {...fieldError(errors.metadata?.[index]?.value)}
                sx={{ flex: 2, width: "100%" }}
              />
              <IconButton
                aria-label={t("campaigns.form.removeMetadata", { number: index + 1 })}
                onClick={() => rows.remove(index)}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </Stack>
          );
        })}
        <Box>
          <Button
            startIcon={<AddRounded />}
            onClick={() => rows.append({ key: "", value: "" })}
            disabled={isFull}
            size="small"
          >
            {t("campaigns.form.addMetadata", { added: rows.fields.length, max: MESSAGE_METADATA_MAX })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function PushFields() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  const isEnabled = useWatch({ control, name: "push.enabled" });
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <SwitchField control={control} name="push.enabled" label={t("campaigns.fields.push")} />
      <FormHelperText sx={{ mx: 0, mb: isEnabled ? 1.5 : 0 }}>{t("campaigns.form.pushHint")}</FormHelperText>
      {isEnabled && (
        <Stack spacing={2}>
          <TextField
            required
            label={t("campaigns.fields.pushTitle")}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_PUSH_TITLE_MAX } }}
            {...muiRegister(register("push.title"))}
            {...fieldError(errors.push?.title)}
          />
          <TextField
            required
            multiline
            minRows={2}
            label={t("campaigns.fields.pushBody")}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_PUSH_BODY_MAX } }}
            {...muiRegister(register("push.body"))}
            {...fieldError(errors.push?.body)}
          />
        </Stack>
      )}
    </FormControl>
  );
}

/** Step 1: who sends it and what it says, beside a preview for a sample recipient. */
export function MessageStep({
  appId,
  appName,
  brands,
  savedBrand,
}: {
  appId: string;
  appName: string;
  brands: UseQueryResult<TBrand[]>;
  savedBrand: TCampaign["brand"] | undefined;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  const [brandId, content, push] = useWatch({ control, name: ["brandId", "content", "push"] });
  const brand = chosenBrand(brands.data, savedBrand, brandId);
  const userName = t("campaigns.preview.sampleUserName");
  const values = previewValues({ appName, brand, userName });

  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" },
        alignItems: "start",
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <BrandField appId={appId} brands={brands} savedBrand={savedBrand} />
        <TextField
          label={t("campaigns.fields.title")}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: CAMPAIGN_TITLE_MAX } }}
          {...muiRegister(register("title"))}
          {...fieldError(errors.title, t("campaigns.form.titleHint"))}
        />
        <ContentField />
        <MetadataFields />
        <PushFields />
      </Stack>
      <Box sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
        <CampaignPreview content={content ?? ""} push={push} values={values} />
      </Box>
    </Box>
  );
}
