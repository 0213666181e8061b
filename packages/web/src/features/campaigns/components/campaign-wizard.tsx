import { zodResolver } from "@hookform/resolvers/zod";
import SaveRounded from "@mui/icons-material/SaveRounded";
import SendRounded from "@mui/icons-material/SendRounded";
import { Box, Button, Card, CardContent, Divider, Step, StepLabel, Stepper } from "@mui/material";
import { CAMPAIGN_REQUIREMENTS, campaignMissing, type TCampaign, type TCampaignRequirement, V } from "@parley/contract";
import { useRef, useState } from "react";
import { FormProvider, type Path, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useAllBrands } from "@/data/brands/get-brands";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useConfirmCampaign } from "../api/confirm-campaign";
import { useCreateCampaign } from "../api/create-campaign";
import { useUpdateCampaign } from "../api/update-campaign";
import { useUploadRecipients } from "../api/upload-recipients";
import {
  CAMPAIGN_STEPS,
  type CampaignFormInput,
  type CampaignFormValues,
  type CampaignStep,
  formValuesOf,
  fromLocalInput,
  missingInStep,
  previewValues,
  scheduleProblem,
  stepOf,
  toRequest,
  zCampaignForm,
} from "../lib/campaign-form";
import type { UploadProgress } from "../lib/upload-with-progress";
import { chosenBrand, MessageStep } from "./message-step";
import { RecipientsStep } from "./recipients-step";
import { SendStep } from "./send-step";

/** Fields a validation failure (code 300) may name; the server's paths are the request's. */
const SERVER_FIELDS = [
  "brandId",
  "title",
  "content",
  "push.title",
  "push.body",
  "scheduledAt",
] as const satisfies readonly Path<CampaignFormInput>[];

const LAST_STEP = CAMPAIGN_STEPS.length - 1;

function isRequirement(value: unknown): value is TCampaignRequirement {
  return CAMPAIGN_REQUIREMENTS.includes(value as TCampaignRequirement);
}

/**
 * The three-step bulk message form (message, recipients, send) for a new campaign or a saved draft. Any step can
 * be saved as a draft ("temporary save"); Next checks the step's part of what a send needs, with the contract's
 * rules, and Confirm saves the form, confirms the draft and opens its detail.
 */
export function CampaignWizard({
  appId,
  appName,
  campaign,
  initialStep = 0,
  onCreated,
}: {
  appId: string;
  /** Fills `{{app.name}}` in the preview. */
  appName: string;
  /** The draft to continue; without it the first save creates one. */
  campaign?: TCampaign;
  initialStep?: number;
  /** The first save made a draft: the page may now give it its own address. */
  onCreated?: (campaign: TCampaign, step: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const brands = useAllBrands(appId, "inUse");
  const createCampaign = useCreateCampaign(appId, inlineErrors);
  const updateCampaign = useUpdateCampaign(appId, inlineErrors);
  const uploadRecipients = useUploadRecipients(appId, inlineErrors);
  const confirmCampaign = useConfirmCampaign(appId, inlineErrors);
  const form = useForm<CampaignFormInput, unknown, CampaignFormValues>({
    resolver: zodResolver(zCampaignForm),
    defaultValues: formValuesOf(campaign),
    mode: "onChange",
  });
  const {
    control,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { isDirty, isSubmitting },
  } = form;
  const [saved, setSaved] = useState(campaign);
  const [step, setStep] = useState(Math.min(Math.max(0, Math.trunc(initialStep)), LAST_STEP));
  const [isRecipientsMissing, setIsRecipientsMissing] = useState(false);
  const [isScheduleTouched, setIsScheduleTouched] = useState(false);
  const [scheduleServerError, setScheduleServerError] = useState<string | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isAnnounced = useRef(Boolean(campaign));
  // Once a new draft is handed to the page, this form is about to give way to the draft's own: a click meant for
  // that one must not land here and be lost with it.
  const [isHandedOver, setIsHandedOver] = useState(false);
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);

  const [brandId, sendType, scheduledAt, title] = useWatch({
    control,
    name: ["brandId", "sendType", "scheduledAt", "title"],
  });
  const brand = chosenBrand(brands.data, saved?.brand, brandId);
  const values = previewValues({ appName, brand, userName: t("campaigns.preview.sampleUserName") });
  const scheduleError =
    scheduleServerError ?? (isScheduleTouched ? scheduleProblem({ sendType, scheduledAt }, new Date()) : null);
  const recipientCount = saved?.recipients.valid ?? 0;
  const isBusy = isSubmitting || uploadRecipients.isPending || createCampaign.isPending || isHandedOver;

  const goTo = (target: CampaignStep) => setStep(CAMPAIGN_STEPS.indexOf(target));

  /** Saves the whole form (a new draft, or the draft's update) and takes it as the saved state. */
  const persist = async (formValues: CampaignFormInput) => {
    const body = toRequest(formValues);
    const result = saved
      ? await updateCampaign.mutateAsync({ appId, campaignId: saved.id, body })
      : await createCampaign.mutateAsync({ appId, body });
    setSaved(result);
    reset(formValues);
    return result;
  };

  /** Once per new draft, after it is saved: the register page moves to the draft's own address. */
  const announce = (draft: TCampaign) => {
    if (isAnnounced.current) return;
    isAnnounced.current = true;
    if (!onCreated) return;
    setIsHandedOver(true);
    onCreated(draft, step);
  };

  /** Puts "required" on every field a send still needs, focusing the first, and flags the rest of the steps. */
  const markMissing = (missing: readonly TCampaignRequirement[], formValues: CampaignFormInput) => {
    let isFocused = false;
    const mark = (name: Path<CampaignFormInput>, message: string = V.required) => {
      setError(name, { type: "required", message }, { shouldFocus: !isFocused });
      isFocused = true;
    };
    for (const requirement of missing) {
      if (requirement === "brand") mark("brandId", "campaigns.form.brandRequired");
      if (requirement === "title") mark("title");
      if (requirement === "content") mark("content");
      if (requirement === "metadata") {
        formValues.metadata.forEach((entry, index) => {
          if (entry.key.trim() === "") mark(`metadata.${index}.key`);
          if (entry.value === "") mark(`metadata.${index}.value`);
        });
      }
      if (requirement === "push") {
        if (formValues.push.title.trim() === "") mark("push.title");
        if (formValues.push.body.trim() === "") mark("push.body");
      }
      if (requirement === "recipients") setIsRecipientsMissing(true);
      if (requirement === "scheduledAt") setIsScheduleTouched(true);
    }
  };

  const showSaveError = (error: unknown) => {
    if (applyServerFieldErrors(error, setError, SERVER_FIELDS)) {
      goTo("message");
      return;
    }
    if (isApiError(error, "3050")) {
      goTo("message");
      setError("brandId", { type: "server", message: errorKey(error) });
      return;
    }
    showError(error);
    // No longer a draft (confirmed or discarded elsewhere): its detail says what it is now.
    if (isApiError(error, "3057") && saved) {
      navigate(paths.apps.message.campaignDetail.getHref(appId, saved.id), { replace: true });
    }
  };

  /** The length rules belong to the first step's fields, so a refused save shows that step. */
  const onInvalid = () => {
    goTo("message");
    showSnackbar(t("campaigns.form.fixFields"), { severity: "error" });
  };

  const temporarySave = handleSubmit(async (formValues) => {
    try {
      const result = await persist(formValues);
      showSnackbar(t("campaigns.form.saved"), { severity: "success" });
      announce(result);
    } catch (error) {
      showSaveError(error);
    }
  }, onInvalid);

  const goNext = async () => {
    const isValid = await trigger();
    const formValues = getValues();
    const missing = missingInStep(formValues, recipientCount, CAMPAIGN_STEPS[step] ?? "message");
    markMissing(missing, formValues);
    if (!isValid && step === 0) return;
    if (missing.length > 0) return;
    setStep(Math.min(step + 1, LAST_STEP));
  };

  const upload = async (file: File, onProgress: UploadProgress) => {
    let draft = saved;
    if (!draft) {
      // The file belongs to a draft: save the form first, as a temporary save would.
      if (!(await trigger())) {
        onInvalid();
        return null;
      }
      draft = await persist(getValues());
    }
    const result = await uploadRecipients.mutateAsync({ appId, campaignId: draft.id, file, onProgress });
    setSaved(result);
    setIsRecipientsMissing(false);
    announce(result);
    return result;
  };

  const openConfirm = async () => {
    const isValid = await trigger();
    const formValues = getValues();
    const missing = campaignMissing(toRequest(formValues), recipientCount);
    const problem = scheduleProblem(formValues, new Date());
    markMissing(missing, formValues);
    setIsScheduleTouched(true);
    const first = missing[0];
    if (!isValid) return goTo("message");
    if (first) return goTo(stepOf(first));
    if (problem) return goTo("send");
    setIsConfirmOpen(true);
  };

  const showConfirmError = (error: unknown, formValues: CampaignFormInput) => {
    if (isApiError(error, "3059")) {
      const missing = (error.data?.missing ?? []).filter(isRequirement);
      markMissing(missing, formValues);
      if (missing[0]) goTo(stepOf(missing[0]));
      showError(error);
      return;
    }
    if (isApiError(error, "3058")) {
      setScheduleServerError("ERROR_3058");
      goTo("send");
      return;
    }
    if (isApiError(error, "3054")) {
      setError("brandId", { type: "server", message: errorKey(error) });
      goTo("message");
      showError(error);
      return;
    }
    showSaveError(error);
  };

  const confirm = handleSubmit(
    async (formValues) => {
      try {
        const draft = await persist(formValues);
        const confirmed = await confirmCampaign.mutateAsync({ appId, campaignId: draft.id });
        setIsConfirmOpen(false);
        showSnackbar(
          t(confirmed.sendType === "scheduled" ? "campaigns.form.confirmedScheduled" : "campaigns.form.confirmedNow", {
            title: confirmed.title,
          }),
          { severity: "success" },
        );
        navigate(paths.apps.message.campaignDetail.getHref(appId, confirmed.id), { replace: true });
      } catch (error) {
        setIsConfirmOpen(false);
        showConfirmError(error, formValues);
      }
    },
    () => {
      setIsConfirmOpen(false);
      onInvalid();
    },
  );

  const scheduledIso = sendType === "scheduled" ? fromLocalInput(scheduledAt) : null;
  const confirmBody = scheduledIso
    ? t("campaigns.form.confirmScheduledBody", {
        recipients: format.number(recipientCount),
        time: format.dateTime(scheduledIso),
      })
    : t("campaigns.form.confirmNowBody", { recipients: format.number(recipientCount) });

  return (
    <FormProvider {...form}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {CAMPAIGN_STEPS.map((name) => (
              <Step key={name}>
                <StepLabel>{t(`campaigns.steps.${name}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Box
            component="form"
            noValidate
            aria-label={t(`campaigns.steps.${CAMPAIGN_STEPS[step] ?? "message"}`)}
            onSubmit={(event) => {
              event.preventDefault();
              if (step < LAST_STEP) void goNext();
              else void openConfirm();
            }}
          >
            {step === 0 && <MessageStep appId={appId} appName={appName} brands={brands} savedBrand={saved?.brand} />}
            {step === 1 && (
              <RecipientsStep appId={appId} campaign={saved} isMissing={isRecipientsMissing} onUpload={upload} />
            )}
            {step === 2 && (
              <SendStep
                campaign={saved}
                previewValues={values}
                scheduleError={scheduleError}
                onScheduleTouched={() => {
                  setIsScheduleTouched(true);
                  setScheduleServerError(null);
                }}
              />
            )}
            <Divider sx={{ my: 3 }} />
            <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: 1 }}>
              <Button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0 || isBusy}>
                {t("campaigns.form.back")}
              </Button>
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
                <Button
                  variant="outlined"
                  startIcon={<SaveRounded />}
                  onClick={() => void temporarySave()}
                  disabled={(saved !== undefined && !isDirty) || isBusy}
                  loading={isSubmitting && !isConfirmOpen}
                >
                  {t("campaigns.form.temporarySave")}
                </Button>
                {step < LAST_STEP ? (
                  <Button type="submit" variant="contained" disabled={isBusy}>
                    {t("campaigns.form.next")}
                  </Button>
                ) : (
                  <Button type="submit" variant="contained" startIcon={<SendRounded />} disabled={isBusy}>
                    {t("campaigns.form.confirm")}
                  </Button>
                )}
              </Box>
            </Box>
          </Box>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={isConfirmOpen}
        title={t("campaigns.form.confirmTitle", { title: title || t("campaigns.untitled") })}
        body={confirmBody}
        confirmLabel={t(scheduledIso ? "campaigns.form.confirmSchedule" : "campaigns.form.confirmSend")}
        isDestructive={false}
        isPending={isSubmitting}
        onConfirm={() => void confirm()}
        onClose={() => setIsConfirmOpen(false)}
      />
      {leaveDialog}
    </FormProvider>
  );
}
