import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import ImageRounded from "@mui/icons-material/ImageRounded";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import { Box, Button, CircularProgress, FormHelperText, FormLabel, Stack } from "@mui/material";
import { BRAND_IMAGE_MAX_BYTES, type TBrand } from "@parley/contract";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useUploadBrandCoverImage } from "../api/upload-brand-cover-image";
import { coverImageProblem } from "../lib/cover-image-file";

export type BrandCover = NonNullable<TBrand["coverImage"]>;

/** The size spec section 3 recommends; covers are shown square, so other shapes are cropped. */
const RECOMMENDED_COVER_PX = 640;
/** What the file picker offers; the content decides in the end, here and on the server. */
const COVER_ACCEPT = ".jpg,.jpeg,.png";

/**
 * A brand's cover image: pick, check, upload at once, preview from the server's URL, remove. The form saves only
 * the image's id, so a picked file that fails the check never leaves the browser.
 */
export function BrandCoverField({
  appId,
  value,
  onChange,
  error,
}: {
  appId: string;
  value: BrandCover | null;
  onChange: (cover: BrandCover | null) => void;
  /** An i18n key from the form, such as a 3052 answered on save. */
  error?: string;
}) {
  const { t } = useTranslation();
  const showError = useErrorSnackbar();
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadBrandCoverImage(appId, inlineErrors);
  const [pickError, setPickError] = useState<string | null>(null);
  const shownError = pickError ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPickError(null);
    if (await coverImageProblem(file)) {
      setPickError("ERROR_3049");
      return;
    }
    upload.mutate(
      { appId, file },
      {
        onSuccess: (image) => onChange({ id: image.id, url: image.url }),
        onError: (uploadError) => {
          if (isApiError(uploadError, "3049")) setPickError(errorKey(uploadError));
          else showError(uploadError);
        },
      },
    );
  };

  const remove = () => {
    setPickError(null);
    onChange(null);
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} sx={{ display: "block", mb: 1 }}>
        {t("brands.fields.cover")}
      </FormLabel>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Box
          sx={{
            position: "relative",
            width: 120,
            height: 120,
            flexShrink: 0,
            borderRadius: 2,
            border: 1,
            borderColor: shownError ? "error.main" : "divider",
            bgcolor: "action.hover",
            overflow: "hidden",
            display: "grid",
            placeItems: "center",
          }}
        >
          {value ? (
            <Box
              component="img"
              src={value.url}
              alt={t("brands.form.coverPreview")}
              sx={{ width: 1, height: 1, objectFit: "cover" }}
            />
          ) : (
            <ImageRounded color="disabled" sx={{ fontSize: 40 }} titleAccess={t("brands.form.noCover")} />
          )}
          {upload.isPending && (
            <Box
              sx={{
                position: "absolute",
                inset: 0,
                display: "grid",
                placeItems: "center",
                bgcolor: "action.disabledBackground",
              }}
            >
              <CircularProgress size={28} aria-label={t("brands.form.uploading")} />
            </Box>
          )}
        </Box>
        <Box>
          <input
            ref={fileInput}
            type="file"
            accept={COVER_ACCEPT}
            hidden
            data-testid="brand-cover-file"
            onChange={(event) => void pick(event)}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileRounded />}
              disabled={upload.isPending}
              aria-describedby={shownError ? `${errorId} ${helpId}` : helpId}
              onClick={() => fileInput.current?.click()}
            >
              {t(value ? "brands.form.changeCover" : "brands.form.uploadCover")}
            </Button>
            {value && (
              <Button color="error" startIcon={<DeleteOutlineRounded />} disabled={upload.isPending} onClick={remove}>
                {t("brands.form.removeCover")}
              </Button>
            )}
          </Stack>
          {shownError && (
            <FormHelperText id={errorId} error sx={{ mx: 0 }}>
              {t(shownError)}
            </FormHelperText>
          )}
          <FormHelperText id={helpId} sx={{ mx: 0 }}>
            {t("brands.form.coverHint", { size: Math.round(BRAND_IMAGE_MAX_BYTES / 1024), px: RECOMMENDED_COVER_PX })}
          </FormHelperText>
        </Box>
      </Stack>
    </Box>
  );
}
