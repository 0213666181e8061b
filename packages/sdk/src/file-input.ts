/**
 * The files the SDK sends, in the forms each platform has them, and the multipart form a file message goes in.
 */
import { bytesToBase64 } from "./base64";

/**
 * A file to send: a `Blob` or `File` (browsers, Node), its bytes with a name and type, or React Native's
 * `{ uri, name, type }`, which only React Native's `FormData` reads.
 */
export type FileInput =
  | Blob
  | { bytes: Uint8Array; name: string; type: string }
  | { uri: string; name: string; type: string };

/** What a file send may carry beside the file. */
export interface SendFileOptions {
  /** The message's text under the file. */
  caption?: string;
  /** The idempotency key, as for `messages.send`; generated unless given. */
  clientMessageId?: string;
  /**
   * Sends the file as a voice message (an audio recording played inline), with what the recorder measured: its length
   * and up to 64 loudness bars of 0 to 100. A server with an audio decoder measures both itself. 3255 when the file is
   * not audio, 3256 over ten minutes.
   */
  voice?: VoiceRecording;
}

/** What a recorder measured of a voice message; either may be left out. */
export interface VoiceRecording {
  durationMs?: number;
  waveform?: number[];
}

/** The multipart form of a file message: text fields first, as the server reads them before the file. */
export function fileForm(file: FileInput, options: SendFileOptions & { clientMessageId: string }): FormData {
  const form = new FormData();
  if (options.caption) form.append("caption", options.caption);
  form.append("clientMessageId", options.clientMessageId);
  if (options.voice) {
    form.append("voice", "true");
    if (options.voice.durationMs !== undefined) form.append("durationMs", String(Math.round(options.voice.durationMs)));
    if (options.voice.waveform?.length) form.append("waveform", options.voice.waveform.map(Math.round).join(","));
  }
  if (isBlob(file)) {
    form.append("file", file, "name" in file && typeof file.name === "string" ? file.name : "file");
  } else if ("bytes" in file) {
    form.append("file", bytesBlob(file) ?? dataUriPart(file), file.name);
  } else {
    // React Native's FormData takes this descriptor and its native networking reads the file at `uri`.
    form.append("file", reactNativePart(file));
  }
  return form;
}

/** Whether `file` is a Blob; React Native has Blobs, but a platform without any must not fail to tell. */
function isBlob(file: FileInput): file is Blob {
  return typeof Blob !== "undefined" && file instanceof Blob;
}

/** The bytes as a Blob, or null where Blobs cannot be made from bytes (React Native's throws). */
function bytesBlob(file: { bytes: Uint8Array; type: string }): Blob | null {
  try {
    // A copy: a Blob of a view over a larger buffer would send the whole buffer.
    return new Blob([file.bytes.slice()], { type: file.type });
  } catch {
    return null;
  }
}

/** React Native's Blob cannot hold bytes; its networking reads a `data:` URI as it reads a file's. */
function dataUriPart(file: { bytes: Uint8Array; name: string; type: string }): Blob {
  const type = file.type || "application/octet-stream";
  return reactNativePart({ uri: `data:${type};base64,${bytesToBase64(file.bytes)}`, name: file.name, type });
}

/**
 * React Native's FormData part of a file, `{ uri, name, type }`: typed as a Blob only because the DOM's `FormData`
 * type, which the SDK compiles against, knows no other; React Native's `FormData.append` takes it as it is.
 */
function reactNativePart(file: { uri: string; name: string; type: string }): Blob {
  return { uri: file.uri, name: file.name, type: file.type } as unknown as Blob;
}
