import { type TLiveEvent, type TLiveFrame, zLiveFrame } from "@parley/contract";
import { openStream, type StreamReader } from "./event-stream-client";

/** A viewer of an app's live tail, as the dashboard reads it. */
export interface LiveViewer extends StreamReader<TLiveFrame> {
  /** The events so far. */
  events(): TLiveEvent[];
}

export type LiveAnswer = { status: number; viewer: LiveViewer } | { status: number; body: { code?: string } };

/** Opens the tail; a refusal comes back with its envelope, an accepted stream once its `ready` frame arrived. */
export async function openLive(
  baseUrl: string,
  appId: string,
  token: string | null,
  query: Record<string, string> = {},
): Promise<LiveAnswer> {
  const search = new URLSearchParams(query).toString();
  const url = `${baseUrl}/api/apps/${appId}/events/live${search ? `?${search}` : ""}`;
  const answer = await openStream<TLiveFrame>(url, token, (data) => zLiveFrame.parse(data));
  if (!("reader" in answer)) return answer;
  const { reader } = answer;
  const viewer: LiveViewer = Object.assign(reader, {
    events: () => reader.frames.flatMap((frame) => (frame.kind === "event" ? [frame.event] : [])),
  });
  return { status: 200, viewer };
}

/** The viewer of an accepted stream; fails the test on a refusal. */
export function accepted(answer: LiveAnswer): LiveViewer {
  if (!("viewer" in answer))
    throw new Error(`the live tail was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.viewer;
}
