import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Card, CardContent, FormControl, FormHelperText, Stack, TextField } from "@mui/material";
import {
  BRAND_DESCRIPTION_MAX,
  BRAND_NAME_MAX,
  type TBrand,
  type TBrandRequest,
  zBrand,
  zBrandRequest,
} from "@parley/contract";
import { useIsMutating } from "@tanstack/react-query";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { z } from "zod";
import { FactRow } from "@/components/fact-row";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { SwitchField } from "@/components/form/switch-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { brandKeys } from "@/data/brands/keys";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { ApiError, errorKey } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateBrand } from "../api/create-brand";
import { useUpdateBrand } from "../api/update-brand";
import { BrandCoverField } from "./brand-cover-field";

const request = zBrandRequest.shape;

/** The request's rules, holding the whole cover (id and URL) so the form can preview what it will save. */
const zBrandForm = z.object({
  name: request.name,
  description: request.description,
  coverImage: zBrand.shape.coverImage,
  inUse: z.boolean(),
});
type BrandFormInput = z.input<typeof zBrandForm>;
type BrandFormValues = z.output<typeof zBrandForm>;

const FIELDS = ["name", "description", "inUse"] as const;

/** The field each brand error code belongs to; other codes go to the snackbar. */
const FIELD_OF_CODE: Record<string, Path<BrandFormInput>> = {
  "3048": "name",
  "3049": "coverImage",
  "3051": "inUse",
  "3052": "coverImage",
};

/** Counted as the contract counts it: an emoji or a Hangul syllable is one character, surrounding spaces none. */
function descriptionLength(description: string) {
  return [...description.trim()].length;
}

function valuesOf(brand: TBrand | undefined): BrandFormInput {
  if (!brand) return { name: "", description: "", coverImage: null, inUse: true };
  return { name: brand.name, description: brand.description, coverImage: brand.coverImage, inUse: brand.inUse };
}

/**
 * Registers a brand, or modifies `brand` when given. Saving sends the whole form, then returns to the brand list.
 */
export function BrandForm({ appId, brand }: { appId: string; brand?: TBrand }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const createBrand = useCreateBrand(appId, inlineErrors);
  const updateBrand = useUpdateBrand(appId, inlineErrors);
  const isUploading = useIsMutating({ mutationKey: brandKeys.coverUpload(appId) }) > 0;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<BrandFormInput, unknown, BrandFormValues>({
    resolver: zodResolver(zBrandForm),
    defaultValues: valuesOf(brand),
    mode: "onChange",
  });
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);
  const description = useWatch({ control, name: "description" }) ?? "";
  const length = descriptionLength(description);
  const listHref = paths.apps.message.brandList.getHref(appId);

  const onSubmit = handleSubmit(async ({ coverImage, ...values }) => {
    const body: TBrandRequest = { ...values, coverImageId: coverImage?.id ?? null };
    try {
      const saved = brand
        ? await updateBrand.mutateAsync({ appId, brandId: brand.id, body })
        : await createBrand.mutateAsync({ appId, body });
      showSnackbar(t(brand ? "brands.updated" : "brands.created", { name: saved.name }), { severity: "success" });
      navigate(listHref);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS)) return;
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setError(field, { type: "server", message: errorKey(error) });
      else showError(error);
    }
  });

  const descriptionError = fieldError(errors.description);

  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t(brand ? "pages.brandEdit" : "pages.brandRegister")}
        >
          <Stack spacing={3}>
            {brand && (
              <Box component="dl" sx={{ m: 0 }}>
                <FactRow label={t("brands.fields.createdAt")}>{format.date(brand.createdAt)}</FactRow>
              </Box>
            )}
            <TextField
              label={t("brands.fields.name")}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: BRAND_NAME_MAX } }}
              {...muiRegister(register("name"))}
              {...fieldError(errors.name, t("brands.form.nameHint", { max: BRAND_NAME_MAX }))}
            />
            <TextField
              label={t("brands.fields.description")}
              autoComplete="off"
              {...muiRegister(register("description"))}
              error={descriptionError.error}
              helperText={
                <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
                  <span>{descriptionError.helperText ?? t("brands.form.descriptionHint")}</span>
                  <Box
                    component="span"
                    data-testid="brand-description-counter"
                    sx={{ whiteSpace: "nowrap", color: length > BRAND_DESCRIPTION_MAX ? "error.main" : undefined }}
                  >
                    {t("brands.form.counter", {
                      length: format.number(length),
                      max: format.number(BRAND_DESCRIPTION_MAX),
                    })}
                  </Box>
                </Box>
              }
            />
            <Controller
              control={control}
              name="coverImage"
              render={({ field, fieldState }) => (
                <BrandCoverField
                  appId={appId}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormControl error={Boolean(errors.inUse)}>
              <SwitchField control={control} name="inUse" label={t("brands.fields.inUse")} />
              <FormHelperText sx={{ mx: 0 }}>
                {errors.inUse ? fieldError(errors.inUse).helperText : t("brands.form.inUseHint")}
              </FormHelperText>
            </FormControl>
            <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
              <Button component={RouterLink} to={listHref}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting || isUploading}>
                {t(brand ? "common.save" : "brands.form.submitRegister")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
      {leaveDialog}
    </Card>
  );
}
