import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import {
  CHANNEL_TYPES,
  PROFANITY_MATCH_MODES,
  PROFANITY_METHODS,
  type TChannelType,
  type TProfanitySettings,
} from "@parley/contract";
import { useEffect, useMemo } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form/form-actions";
import { muiRegister } from "@/components/form/mui-register";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useUpdateProfanitySettings } from "../api/update-profanity-settings";
import {
  type EntryProblem,
  keywordProblems,
  type ProfanityFormValues,
  previewSettings,
  regexProblems,
  toFormValues,
  toSettings,
  zProfanityForm,
} from "../lib/settings-form";
import { ProfanityPreview } from "./profanity-preview";

export function ProfanitySettingsForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TProfanitySettings;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateProfanitySettings(appId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isValid },
  } = useForm<ProfanityFormValues>({
    resolver: zodResolver(zProfanityForm),
    defaultValues: toFormValues(settings),
    mode: "onChange",
  });
  const values = useWatch({ control }) as ProfanityFormValues;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const { method, matchMode, channelTypes, keywordsText, regexesText } = values;
  const preview = useMemo(
    () => previewSettings({ method, matchMode, channelTypes, keywordsText, regexesText }),
    [method, matchMode, channelTypes, keywordsText, regexesText],
  );
  const keywordIssues = useMemo(() => keywordProblems(keywordsText), [keywordsText]);
  const regexIssues = useMemo(() => regexProblems(regexesText), [regexesText]);

  const describeProblems = (problems: EntryProblem[], entryKey: string) =>
    problems.map((problem) =>
      problem.entry === undefined
        ? t(problem.message)
        : t(entryKey, { entry: problem.entry, error: t(problem.message) }),
    );

  const onSubmit = handleSubmit((submitted) =>
    updateSettings.mutate(
      { appId, settings: toSettings(submitted) },
      {
        onSuccess: (saved) => {
          reset(toFormValues(saved));
          showSnackbar(t("profanity.saved"), { severity: "success" });
        },
      },
    ),
  );

  const keywordMessages = describeProblems(keywordIssues, "profanity.keywordError");
  const regexMessages = describeProblems(regexIssues, "profanity.regexLineError");

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("profanity.settingsTitle")}>
      <Stack spacing={3}>
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="profanity-method">{t("profanity.method.label")}</FormLabel>
              <RadioGroup row aria-labelledby="profanity-method" {...field}>
                {PROFANITY_METHODS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`profanity.method.${value}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="matchMode"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="profanity-match-mode">{t("profanity.matchMode.label")}</FormLabel>
              <RadioGroup row aria-labelledby="profanity-match-mode" {...field}>
                {PROFANITY_MATCH_MODES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`profanity.matchMode.${value}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="channelTypes"
          render={({ field }) => {
            const toggle = (type: TChannelType, checked: boolean) =>
              field.onChange(CHANNEL_TYPES.filter((each) => (each === type ? checked : field.value.includes(each))));
            return (
              <FormControl component="fieldset" error={Boolean(errors.channelTypes)}>
                <FormLabel component="legend">{t("profanity.channelTypes")}</FormLabel>
                <FormGroup row>
                  {CHANNEL_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      control={
                        <Checkbox
                          checked={field.value.includes(type)}
                          onChange={(event) => toggle(type, event.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                      label={t(`channels.type.${type}`)}
                    />
                  ))}
                </FormGroup>
                {errors.channelTypes && <FormHelperText>{t("VALIDATION_CHANNEL_TYPES_REQUIRED")}</FormHelperText>}
              </FormControl>
            );
          }}
        />
        <TextField
          label={t("profanity.keywords")}
          multiline
          rows={2}
          placeholder={t("profanity.keywordsPlaceholder")}
          {...muiRegister(register("keywordsText"))}
          error={keywordMessages.length > 0}
          helperText={keywordMessages.length > 0 ? keywordMessages.join(" ") : t("profanity.keywordsHint")}
        />
        <TextField
          label={t("profanity.regexes")}
          multiline
          rows={4}
          placeholder={t("profanity.regexesPlaceholder")}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
          {...muiRegister(register("regexesText"))}
          error={regexMessages.length > 0}
          helperText={
            regexMessages.length > 0 ? (
              <Box component="span" sx={{ display: "flex", flexDirection: "column" }}>
                {regexMessages.map((message) => (
                  <span key={message}>{message}</span>
                ))}
              </Box>
            ) : (
              t("profanity.regexesHint")
            )
          }
        />
        <FormActions
          isDirty={isDirty}
          isValid={isValid}
          isSubmitting={updateSettings.isPending}
          onDiscard={() => reset()}
        />
        <Divider />
        <ProfanityPreview settings={preview} />
      </Stack>
    </Box>
  );
}
