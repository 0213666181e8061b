import { translateSentMessageJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { TranslationService } from "./service";

export function translationJobs(deps: { translation: TranslationService }): JobHandler[] {
  return [handleJob(translateSentMessageJob, (payload) => deps.translation.translateSentMessage(payload))];
}
