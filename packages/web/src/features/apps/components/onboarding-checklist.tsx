import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import CloseRounded from "@mui/icons-material/CloseRounded";
import ExpandLessRounded from "@mui/icons-material/ExpandLessRounded";
import ExpandMoreRounded from "@mui/icons-material/ExpandMoreRounded";
import OpenInNewRounded from "@mui/icons-material/OpenInNewRounded";
import RadioButtonUncheckedRounded from "@mui/icons-material/RadioButtonUncheckedRounded";
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Card,
  Collapse,
  IconButton,
  LinearProgress,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TAppOnboarding } from "@parley/contract";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { CopyButton } from "@/components/copy-button";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { logLoadFailure } from "@/lib/load-failure";
import { useChatSettings } from "../api/get-chat-settings";
import { useOnboarding } from "../api/get-onboarding";
import { useUpdateChatSettings } from "../api/update-chat-settings";
import { useOnboardingState } from "../lib/onboarding-state";

/** Where `npm run example` serves the sample chat app (examples/chat-web/vite.config.ts). */
export const SAMPLE_APP_URL = "http://localhost:5174";

export const ONBOARDING_STEPS = ["appId", "apiKey", "sdk", "firstMessage"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Which steps are done: the App ID from this browser's memory, the rest from the app's data on the server. */
export function doneSteps(onboarding: TAppOnboarding, isAppIdCopied: boolean): Record<OnboardingStep, boolean> {
  return {
    appId: isAppIdCopied,
    apiKey: onboarding.hasApiKey,
    sdk: onboarding.hasUser,
    firstMessage: onboarding.firstMessageAt !== null,
  };
}

/** A snippet that runs as it is: this app's id, this server, and an anonymous login that needs no server of your own. */
export function sdkSnippet(appId: string, baseUrl: string) {
  return `import { ParleyClient } from "@parley/sdk";

const client = new ParleyClient({ baseUrl: "${baseUrl}", appId: "${appId}" });
await client.loginAnonymously("guest-1", "Guest");
client.on("message.created", (event) => console.info(event.message?.text));
await client.connect();

const channel = await client.channels.create({ name: "Lobby" });
await client.messages.send(channel.id, "Hello, Parley!");`;
}

const codeSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: "action.hover",
  fontFamily: "monospace",
  fontSize: 12.5,
  lineHeight: 1.5,
  overflowX: "auto",
  whiteSpace: "pre",
} as const;

function StepRow({
  step,
  index,
  isDone,
  isOpen,
  onToggle,
  children,
}: {
  step: OnboardingStep;
  index: number;
  isDone: boolean;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const detailsId = useId();
  return (
    <Box component="li" data-testid={`onboarding-step-${step}`} data-done={isDone} sx={{ listStyle: "none" }}>
      <ButtonBase
        onClick={onToggle}
        aria-expanded={isOpen}
        aria-controls={detailsId}
        sx={{ width: "100%", justifyContent: "flex-start", gap: 1.5, px: 1, py: 1, borderRadius: 1, textAlign: "left" }}
      >
        {isDone ? (
          <CheckCircleRounded color="success" titleAccess={t("onboarding.done")} />
        ) : (
          <RadioButtonUncheckedRounded color="disabled" titleAccess={t("onboarding.notDone")} />
        )}
        <Typography
          component="span"
          sx={{
            flex: 1,
            fontWeight: 600,
            color: isDone ? "text.secondary" : "text.primary",
            textDecoration: isDone ? "line-through" : "none",
          }}
        >
          {t("onboarding.stepTitle", { number: index + 1, title: t(`onboarding.steps.${step}.title`) })}
        </Typography>
        {isOpen ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
      </ButtonBase>
      <Collapse in={isOpen} id={detailsId}>
        <Stack spacing={1.5} sx={{ pl: { xs: 1, sm: 5.5 }, pr: 1, pb: 2, pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`onboarding.steps.${step}.body`)}
          </Typography>
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}

/** Anonymous login is what both the snippet and the sample app use; the step offers to turn it on where it is off. */
function GuestLoginNotice({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const settings = useChatSettings(appId);
  const update = useUpdateChatSettings(appId);
  if (!settings.data) return null;
  if (settings.data.allowAnonymousLogin) {
    return (
      <Alert severity="success" variant="outlined">
        {t("onboarding.guestLoginOn")}
      </Alert>
    );
  }
  const current = settings.data;
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { appId, settings: { ...current, allowAnonymousLogin: true } },
              {
                onSuccess: () => showSnackbar(t("onboarding.guestLoginTurnedOn"), { severity: "success" }),
              },
            )
          }
        >
          {t("onboarding.allowGuestLogin")}
        </Button>
      }
    >
      {t("onboarding.guestLoginOff")}
    </Alert>
  );
}

/**
 * The first steps with a new app, on every page of the app until they are all done or the checklist is dismissed.
 * Each step ticks itself off from what the server sees (a key, a user signed in, a user's message); only the App
 * ID, copied in this browser, is remembered here. The frame shows at once, so the page below moves little when
 * the steps arrive.
 */
export function OnboardingChecklist({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [state, updateState] = useOnboardingState(appId);
  const isHidden = state.isDismissed || state.isComplete;
  const onboarding = useOnboarding(appId, { enabled: !isHidden });
  // Unset until the reader picks a step; "none" once they have folded every step.
  const [openStep, setOpenStep] = useState<OnboardingStep | "none">();
  const contentId = useId();
  const done = onboarding.data ? doneSteps(onboarding.data, state.isAppIdCopied) : null;
  const doneCount = done ? ONBOARDING_STEPS.filter((step) => done[step]).length : 0;
  const isComplete = doneCount === ONBOARDING_STEPS.length;

  // Done once is done for good: the checklist does not come back, nor ask the server again, should a key be revoked.
  useEffect(() => {
    if (isComplete) updateState({ isComplete: true });
  }, [isComplete, updateState]);
  useEffect(() => {
    if (onboarding.error) logLoadFailure("Could not load the onboarding checklist", onboarding.error);
  }, [onboarding.error]);

  // A checklist that cannot load stays out of the way: the page it sits on is what the reader came for.
  if (isHidden || isComplete || onboarding.isError) return null;
  // Until the reader picks one, the first step still to do is open.
  const shownStep = openStep ?? ONBOARDING_STEPS.find((step) => done && !done[step]);
  const toggle = (step: OnboardingStep) => setOpenStep(shownStep === step ? "none" : step);
  const hasChannel = onboarding.data?.hasChannel ?? false;
  const baseUrl = window.location.origin;
  const sampleUrl = `${SAMPLE_APP_URL}/?${new URLSearchParams({ appId })}`;

  const steps: Record<OnboardingStep, ReactNode> = {
    appId: (
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
        <Typography sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{appId}</Typography>
        <CopyButton value={appId} label={t("apps.copyId")} onCopied={() => updateState({ isAppIdCopied: true })} />
      </Box>
    ),
    apiKey: (
      <Box>
        <Button variant="outlined" size="small" component={RouterLink} to={paths.apps.settings.getHref(appId)}>
          {t("onboarding.steps.apiKey.action")}
        </Button>
      </Box>
    ),
    sdk: (
      <>
        <GuestLoginNotice appId={appId} />
        <Box sx={{ position: "relative" }}>
          <Box component="pre" tabIndex={0} aria-label={t("onboarding.snippetLabel")} sx={codeSx}>
            {sdkSnippet(appId, baseUrl)}
          </Box>
          <Box sx={{ position: "absolute", top: 4, right: 4 }}>
            <CopyButton value={sdkSnippet(appId, baseUrl)} label={t("onboarding.copySnippet")} />
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t("onboarding.sampleHint")}
        </Typography>
        <Box>
          <Button
            variant="outlined"
            size="small"
            href={sampleUrl}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewRounded fontSize="small" />}
          >
            {t("onboarding.openSample")}
          </Button>
        </Box>
      </>
    ),
    firstMessage: (
      <Box>
        <Button variant="outlined" size="small" component={RouterLink} to={paths.apps.channels.getHref(appId)}>
          {t(hasChannel ? "onboarding.steps.firstMessage.openChannels" : "onboarding.steps.firstMessage.createChannel")}
        </Button>
      </Box>
    ),
  };

  return (
    <Card component="section" aria-labelledby={`${contentId}-title`} data-testid="onboarding-checklist" sx={{ mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: { xs: 2, sm: 2.5 }, pt: 1.5, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={`${contentId}-title`} variant="h6" component="h2">
            {t("onboarding.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {done ? (
              t("onboarding.progress", { done: doneCount, total: ONBOARDING_STEPS.length })
            ) : (
              <Skeleton width={260} />
            )}
          </Typography>
        </Box>
        <Tooltip title={t(state.isCollapsed ? "onboarding.expand" : "onboarding.collapse")}>
          <IconButton
            aria-label={t(state.isCollapsed ? "onboarding.expand" : "onboarding.collapse")}
            aria-expanded={!state.isCollapsed}
            aria-controls={contentId}
            onClick={() => updateState({ isCollapsed: !state.isCollapsed })}
          >
            {state.isCollapsed ? <ExpandMoreRounded /> : <ExpandLessRounded />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t("onboarding.dismiss")}>
          <IconButton aria-label={t("onboarding.dismiss")} onClick={() => updateState({ isDismissed: true })}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(doneCount / ONBOARDING_STEPS.length) * 100}
        aria-label={t("onboarding.title")}
        sx={{ mx: { xs: 2, sm: 2.5 }, borderRadius: 1 }}
      />
      <Collapse in={!state.isCollapsed} id={contentId}>
        {done ? (
          <Box component="ol" sx={{ m: 0, px: { xs: 1, sm: 1.5 }, py: 1 }}>
            {ONBOARDING_STEPS.map((step, index) => (
              <StepRow
                key={step}
                step={step}
                index={index}
                isDone={done[step]}
                isOpen={shownStep === step}
                onToggle={() => toggle(step)}
              >
                {steps[step]}
              </StepRow>
            ))}
          </Box>
        ) : (
          // About the height of the steps with the first one open, so the page moves little when they arrive.
          <Skeleton variant="rounded" height={220} sx={{ mx: { xs: 2, sm: 2.5 }, my: 1.5 }} aria-busy />
        )}
      </Collapse>
    </Card>
  );
}
