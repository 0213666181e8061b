import { zodResolver } from "@hookform/resolvers/zod";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_SOURCES,
  IMPORT_UNZIPPED_MAX_BYTES,
  IMPORT_ZIP_FILES_MAX,
  type TImportFileSource,
  type TImportSource,
  V,
  zCreateTalkPlusImportRequest,
  zHttpUrl,
} from "@parley/contract";
import { type ChangeEvent, type Ref, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateTalkPlusImport } from "../api/create-talkplus-import";
import { useUploadImportFile } from "../api/upload-import-file";
import { ProblemAlert } from "./problem-alert";

/** TalkPlus's production API, which nearly every app uses; the field stays editable for another region or a proxy. */
const TALKPLUS_BASE_URL = "https://api.talkplus.io";

/** What the file picker offers for each file source: Stream's JSONL has no fixed extension, so it offers all. */
const ACCEPT: Record<TImportFileSource, string | undefined> = {
  stream: undefined,
  sendbird: ".zip,application/zip",
  parley: ".zip,application/zip",
};

const isFileSource = (source: TImportSource): source is TImportFileSource => source !== "talkplus";

/**
 * The contract's TalkPlus request as the form holds it (the source is the radio's): the same limits, with messages
 * the page can translate rather than zod's English.
 */
const zTalkPlusForm = zCreateTalkPlusImportRequest.omit({ source: true }).extend({
  baseUrl: zHttpUrl.max(500, V.tooLong),
  appId: z.string().trim().min(1, V.required).max(200, V.tooLong),
  apiKey: z.string().trim().min(1, V.required).max(500, V.tooLong),
});
/** `copyFiles` defaults to false, so the form's input may lack it while its parsed values always have it. */
type TalkPlusInput = z.input<typeof zTalkPlusForm>;
type TalkPlusValues = z.output<typeof zTalkPlusForm>;

/**
 * "Copy attached files into Parley": off, messages keep the source's URLs; on, the job fetches each file from the
 * source (at most 15 MB) and a file it cannot fetch is listed in the report, its message keeping the source's URL.
 */
function CopyFilesField({
  checked,
  onChange,
  onBlur,
  inputRef,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            slotProps={{ input: { ref: inputRef, "aria-describedby": hintId } }}
          />
        }
        label={t("dataImport.copyFiles.label")}
      />
      <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 4, maxWidth: 560 }}>
        {t("dataImport.copyFiles.hint")}
      </FormHelperText>
    </Box>
  );
}

function TalkPlusForm({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { showSnackbar } = useSnackbar();
  const create = useCreateTalkPlusImport(appId, inlineErrors);
  // 3173 (TalkPlus refused the key or could not be reached) concerns all three fields, so it shows above the button.
  const [problem, setProblem] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TalkPlusInput, unknown, TalkPlusValues>({
    resolver: zodResolver(zTalkPlusForm),
    defaultValues: { baseUrl: TALKPLUS_BASE_URL, appId: "", apiKey: "", copyFiles: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await create.mutateAsync({ appId, body: { source: "talkplus", ...values } });
      showSnackbar(t("dataImport.new.started"), { severity: "success" });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["baseUrl", "appId", "apiKey"])) setProblem(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("dataImport.talkplus.formLabel")}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <TextField
          label={t("dataImport.talkplus.baseUrl")}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, inputMode: "url" } }}
          {...muiRegister(register("baseUrl"))}
          {...fieldError(errors.baseUrl, t("dataImport.talkplus.baseUrlHint"))}
        />
        <TextField
          label={t("dataImport.talkplus.appId")}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
          {...muiRegister(register("appId"))}
          {...fieldError(errors.appId)}
        />
        <PasswordField
          label={t("dataImport.talkplus.apiKey")}
          required
          autoComplete="off"
          {...muiRegister(register("apiKey"))}
          {...fieldError(errors.apiKey, t("dataImport.talkplus.apiKeyHint"))}
        />
        <Controller
          name="copyFiles"
          control={control}
          render={({ field }) => (
            <CopyFilesField
              checked={field.value === true}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
        {problem !== null && <ProblemAlert error={problem} />}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t("dataImport.talkplus.submit")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function FileForm({ appId, source }: { appId: string; source: TImportFileSource }) {
  const { t } = useTranslation();
  const format = useFormat();
  const inputId = useId();
  const { showSnackbar } = useSnackbar();
  const upload = useUploadImportFile(appId, inlineErrors);
  const [file, setFile] = useState<File | null>(null);
  const [copyFiles, setCopyFiles] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  // A file the server would refuse unread is refused here, without sending hundreds of megabytes first.
  const tooLarge = file !== null && file.size > IMPORT_FILE_MAX_BYTES;
  const isEmpty = file !== null && file.size === 0;
  const maxSize = format.bytes(IMPORT_FILE_MAX_BYTES);

  const send = async () => {
    if (!file || tooLarge || isEmpty) return;
    setProblem(null);
    try {
      await upload.mutateAsync({ appId, source, copyFiles, file });
      showSnackbar(t("dataImport.new.started"), { severity: "success" });
    } catch (error) {
      setProblem(error);
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
      <Typography variant="body2" color="text.secondary">
        {t(source === "stream" ? "dataImport.file.limit" : "dataImport.file.zipLimit", {
          size: maxSize,
          unzipped: format.bytes(IMPORT_UNZIPPED_MAX_BYTES),
          files: format.number(IMPORT_ZIP_FILES_MAX),
        })}
      </Typography>
      <Box>
        <Box
          component="input"
          id={inputId}
          type="file"
          accept={ACCEPT[source]}
          sx={visuallyHidden}
          disabled={upload.isPending}
          data-testid="import-file"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setProblem(null);
            setFile(event.target.files?.[0] ?? null);
            // Cleared so that choosing the same file again, after fixing it at the source, takes the new version.
            event.target.value = "";
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFileRounded />}
          disabled={upload.isPending}
        >
          {t(file ? "dataImport.file.change" : "dataImport.file.choose")}
        </Button>
      </Box>
      {file && (
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {t("dataImport.file.chosen", { name: file.name, size: format.bytes(file.size) })}
        </Typography>
      )}
      {(tooLarge || isEmpty) && (
        <Alert severity="error">
          {t(tooLarge ? "dataImport.file.tooLarge" : "dataImport.file.empty", { size: maxSize })}
        </Alert>
      )}
      {upload.isPending && file && (
        <Box role="status" sx={{ alignSelf: "stretch", maxWidth: 480 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t("dataImport.file.uploading", { name: file.name })}
          </Typography>
          <LinearProgress aria-label={t("dataImport.file.uploadingLabel")} sx={{ height: 8, borderRadius: 4 }} />
        </Box>
      )}
      <CopyFilesField checked={copyFiles} onChange={setCopyFiles} disabled={upload.isPending} />
      {problem !== null && <ProblemAlert error={problem} />}
      <Button
        variant="contained"
        disabled={!file || tooLarge || isEmpty}
        loading={upload.isPending}
        onClick={() => void send()}
      >
        {t("dataImport.file.submit")}
      </Button>
    </Stack>
  );
}

/**
 * The "New import" form: the source first, each with a line on what it takes, then a file to upload or, for
 * TalkPlus, the credentials its REST API is read with. Either way the import is read and checked before anything
 * is written.
 */
export function NewImportForm({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [source, setSource] = useState<TImportSource | null>(null);
  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id={labelId} sx={{ mb: 1 }}>
          {t("dataImport.new.source")}
        </FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={source ?? ""}
          onChange={(event) => {
            const chosen = IMPORT_SOURCES.find((value) => value === event.target.value);
            if (chosen) setSource(chosen);
          }}
          sx={{ gap: 1 }}
        >
          {IMPORT_SOURCES.map((value) => (
            <Box key={value}>
              <FormControlLabel
                value={value}
                control={<Radio slotProps={{ input: { "aria-describedby": `${labelId}-${value}` } }} />}
                label={t(`dataImport.source.${value}.name`)}
              />
              <Typography id={`${labelId}-${value}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.5 }}>
                {t(`dataImport.source.${value}.hint`)}
              </Typography>
            </Box>
          ))}
        </RadioGroup>
      </FormControl>
      {source === "talkplus" && <TalkPlusForm appId={appId} />}
      {source !== null && isFileSource(source) && <FileForm key={source} appId={appId} source={source} />}
    </Stack>
  );
}
