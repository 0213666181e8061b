import {
  campaignMissing,
  type TBrand,
  type TCampaign,
  type TCampaignRequest,
  type TCampaignRequirement,
  type TCampaignTemplateValues,
  type TCampaignTemplateVariable,
  zCampaignRequest,
} from "@parley/contract";
import { z } from "zod";

const request = zCampaignRequest.shape;

/**
 * The wizard's form: the request's own rules (lengths, at most five metadata rows), with the brand as a select's
 * value ("" for none) and the scheduled time as a `datetime-local` value in the viewer's zone. What a send needs
 * is not checked here, since a draft may be saved at any step; `missingInStep` says that.
 */
export const zCampaignForm = z.object({
  brandId: z.string(),
  title: request.title.unwrap(),
  content: request.content.unwrap(),
  metadata: request.metadata.unwrap(),
  push: request.push.unwrap(),
  sendType: request.sendType.unwrap(),
  scheduledAt: z.string(),
});
export type CampaignFormInput = z.input<typeof zCampaignForm>;
export type CampaignFormValues = z.output<typeof zCampaignForm>;

export const CAMPAIGN_STEPS = ["message", "recipients", "send"] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

/** The step whose fields each requirement of a send belongs to. */
const STEP_OF: Record<TCampaignRequirement, CampaignStep> = {
  brand: "message",
  title: "message",
  content: "message",
  metadata: "message",
  push: "message",
  recipients: "recipients",
  scheduledAt: "send",
};

export function stepOf(requirement: TCampaignRequirement): CampaignStep {
  return STEP_OF[requirement];
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a `datetime-local` value (`2026-03-10T09:30`) in the viewer's zone. */
export function toLocalInput(iso: string | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the viewer's zone, as the ISO instant the API takes; null when not a time. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function formValuesOf(campaign?: TCampaign): CampaignFormInput {
  if (!campaign) {
    return {
      brandId: "",
      title: "",
      content: "",
      metadata: [],
      push: { enabled: false, title: "", body: "" },
      sendType: "now",
      scheduledAt: "",
    };
  }
  return {
    brandId: campaign.brand?.id ?? "",
    title: campaign.title,
    content: campaign.content,
    metadata: campaign.metadata.map(({ key, value }) => ({ key, value })),
    push: { ...campaign.push },
    sendType: campaign.sendType,
    // A send-now draft has no time of its own; the field starts empty rather than at a past instant.
    scheduledAt: campaign.sendType === "scheduled" && campaign.scheduledAt ? toLocalInput(campaign.scheduledAt) : "",
  };
}

/**
 * The request a save sends: the whole form, so a field left out never falls back to its default, trimmed where
 * the request schema trims, so that what `campaignMissing` finds here is what the server will find.
 */
export function toRequest(values: CampaignFormInput): TCampaignRequest {
  return {
    brandId: values.brandId || null,
    title: values.title.trim(),
    content: values.content,
    metadata: values.metadata.map(({ key, value }) => ({ key: key.trim(), value })),
    push: { enabled: values.push.enabled, title: values.push.title.trim(), body: values.push.body.trim() },
    sendType: values.sendType,
    scheduledAt: values.sendType === "scheduled" ? fromLocalInput(values.scheduledAt) : null,
  };
}

/** What a send still needs among one step's fields, by the rules the server applies on confirm. */
export function missingInStep(
  values: CampaignFormInput,
  recipientCount: number,
  step: CampaignStep,
): TCampaignRequirement[] {
  return campaignMissing(toRequest(values), recipientCount).filter((requirement) => stepOf(requirement) === step);
}

/**
 * Why the scheduled time cannot be sent as it is, as a text key, or null when it can (or the send is for now).
 * The server checks again on confirm (3058), since the time may pass while the form is open.
 */
export function scheduleProblem(values: Pick<CampaignFormInput, "sendType" | "scheduledAt">, now: Date) {
  if (values.sendType !== "scheduled") return null;
  const iso = fromLocalInput(values.scheduledAt);
  if (!iso) return "campaigns.form.scheduledAtRequired";
  if (Date.parse(iso) <= now.getTime()) return "ERROR_3058";
  return null;
}

export function variableToken(name: TCampaignTemplateVariable): string {
  return `{{${name}}}`;
}

/** The text with `token` replacing the selection, and where the caret goes next (right after the token). */
export function insertAt(text: string, token: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/** An address that reads as a profile image in the preview; no request is made to it. */
export const SAMPLE_PROFILE_IMAGE_URL = "https://example.com/users/sample-user/profile.png";

/**
 * The values the preview fills in: a sample recipient, the chosen brand and the app, as the sender would for
 * each real recipient.
 */
export function previewValues({
  appName,
  brand,
  userName,
}: {
  appName: string;
  brand: Pick<TBrand, "name" | "description" | "coverImage"> | undefined;
  userName: string;
}): TCampaignTemplateValues {
  return {
    "app.name": appName,
    "brand.name": brand?.name ?? "",
    "brand.description": brand?.description ?? "",
    "brand.coverImageUrl": brand?.coverImage?.url ?? "",
    "user.name": userName,
    "user.profileImageUrl": SAMPLE_PROFILE_IMAGE_URL,
  };
}
