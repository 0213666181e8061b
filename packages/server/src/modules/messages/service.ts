import type { Bus } from "../../chat/bus";
import type { Context } from "../../context";
import type { ChannelService } from "../channels";
import type { MetricsService } from "../metrics";
import { createMessageChanges } from "./changes";
import type { PipelineStages } from "./draft";
import { createMessagePipeline } from "./pipeline";
import { createPolls } from "./polls";
import { createMessageReading } from "./reading";

export type { MessageDraft, PipelineStages, SendInput, TranslationRequest } from "./draft";

/**
 * The message pipeline (pipeline.ts), what reads stored messages (reading.ts) and what changes or removes them
 * (changes.ts), as one service, with the polls its messages carry (polls.ts).
 */
export function createMessageService(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  stages: PipelineStages,
) {
  const pipeline = createMessagePipeline(ctx, deps, stages);
  return {
    ...pipeline,
    ...createMessageReading(ctx, deps, stages),
    ...createMessageChanges(ctx, deps, pipeline, stages),
    polls: createPolls(ctx, deps, pipeline),
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
