import { ParleyConnectionError, ParleyError, type TMessage, type VoiceRecording } from "@parley/sdk";
import type { ChatClient } from "../client";

/** One file to send as a message, with a caption, reporting how much of it has gone up (0 to 1). */
export interface UploadRequest {
  channelId: string;
  file: File;
  caption?: string;
  /** Sends the file as a voice message, with what the recorder measured. */
  voice?: VoiceRecording;
  onProgress?: (fraction: number) => void;
}

/** Sends a file message and answers the message the server stored. */
export type FileUploader = (request: UploadRequest) => Promise<TMessage>;

/** The chat API's file route (`POST /v1/channels/:channelId/files`, multipart, up to 15 MB). */
const FILES_PATH = "/v1/channels/:channelId/files";

/**
 * A {@link FileUploader} that posts to the chat API's file route with the client's session. The SDK has no upload
 * call, and `fetch` reports no upload progress, so this sends the form with `XMLHttpRequest`. `baseUrl` is the one
 * the client was made with (empty for the page's origin). Refusals come as `ParleyError`, as the SDK's do.
 */
export function createFileUploader(options: {
  baseUrl: string;
  client: Pick<ChatClient, "sessionToken">;
}): FileUploader {
  return ({ channelId, file, caption, voice, onProgress }) =>
    new Promise<TMessage>((resolve, reject) => {
      const base = new URL(options.baseUrl || "/", globalThis.location?.href);
      const path = FILES_PATH.replace(":channelId", encodeURIComponent(channelId));
      const url = `${base.origin}${base.pathname.replace(/\/+$/, "")}${path}`;
      const form = new FormData();
      // The server reads text fields only before the file part.
      if (caption) form.append("caption", caption);
      if (voice) {
        form.append("voice", "true");
        if (voice.durationMs !== undefined) form.append("durationMs", String(Math.round(voice.durationMs)));
        if (voice.waveform?.length) form.append("waveform", voice.waveform.join(","));
      }
      form.append("file", file);

      const request = new XMLHttpRequest();
      request.open("POST", url);
      const token = options.client.sessionToken;
      if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = undefined;
        }
        const envelope = body as { message?: unknown; code?: unknown } | undefined;
        if (request.status >= 200 && request.status < 300 && typeof envelope?.message === "object") {
          onProgress?.(1);
          resolve(envelope.message as TMessage);
        } else if (typeof envelope?.code === "string" && typeof envelope.message === "string") {
          reject(new ParleyError({ code: envelope.code, message: envelope.message }, request.status));
        } else {
          reject(new ParleyConnectionError(`POST ${path} answered ${request.status}`, { status: request.status }));
        }
      };
      request.onerror = () => reject(new ParleyConnectionError(`POST ${path} failed`));
      request.send(form);
    });
}
