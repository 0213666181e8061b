/**
 * The global scope of a React Native app, as its `InitializeCore` sets it up, which the Jest preset mocks away (leaving
 * Node's fetch, FormData, URL, AbortSignal, crypto and structuredClone, and no WebSocket at all).
 *
 * React Native's own JavaScript is installed as it is: `URL` and `URLSearchParams` (strings only, no setters),
 * `FormData` (whose file parts are `{ uri, name, type }`), `Blob` (which cannot hold bytes), and `AbortController`
 * with its `AbortSignal` (no `timeout`). Its `fetch` and `WebSocket` hand the work to native modules that do not exist
 * under Jest; their stand-ins do what the native side does, on Node's networking: the fetch reads a file part's `uri`
 * (`file://` from disk, `data:` from the URI) into a multipart body, and the WebSocket is the `ws` package's. What
 * Hermes does not have (`crypto`, `structuredClone`, `BroadcastChannel`) is taken away.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";

// biome-ignore-start lint/suspicious/noReactNativeDeepImports: these are the files InitializeCore installs as globals; React Native exports them under no other name.
const { URL, URLSearchParams } = require("react-native/Libraries/Blob/URL");
const ReactNativeFormData = require("react-native/Libraries/Network/FormData").default;
const ReactNativeBlob = require("react-native/Libraries/Blob/Blob").default;
// biome-ignore-end lint/suspicious/noReactNativeDeepImports: the globals above.
const { AbortController, AbortSignal } = require("abort-controller/dist/abort-controller");

/** A part as React Native's `FormData.getParts()` lists it. */
interface FormPart {
  fieldName: string;
  string?: string;
  uri?: string;
  name?: string;
  type?: string;
}

const nodeFetch = globalThis.fetch;
const NodeFormData = globalThis.FormData;
const NodeBlob = globalThis.Blob;
const NodeAbortController = globalThis.AbortController;

/** What the native networking module reads for a file part. */
function bytesAt(uri: string): Uint8Array {
  if (uri.startsWith("file://")) return fs.readFileSync(fileURLToPath(uri));
  const data = /^data:[^,]*?(;base64)?,(.*)$/s.exec(uri);
  if (data) return data[1] ? Buffer.from(data[2] ?? "", "base64") : Buffer.from(decodeURIComponent(data[2] ?? ""));
  throw new TypeError(`the native networking cannot read ${uri.slice(0, 40)}`);
}

function multipart(form: { getParts(): FormPart[] }): FormData {
  const body = new NodeFormData();
  for (const part of form.getParts()) {
    if (part.uri === undefined) body.append(part.fieldName, part.string ?? "");
    else body.append(part.fieldName, new NodeBlob([bytesAt(part.uri)], { type: part.type }), part.name);
  }
  return body;
}

/** React Native's fetch, on Node's: its own FormData and AbortSignal go in, as its native networking takes them. */
async function reactNativeFetch(input: unknown, init: RequestInit & { signal?: unknown } = {}): Promise<Response> {
  const controller = new NodeAbortController();
  const signal = init.signal as { aborted: boolean; addEventListener(type: "abort", listener: () => void): void };
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener("abort", () => controller.abort());
  const body = init.body instanceof ReactNativeFormData ? multipart(init.body) : init.body;
  return nodeFetch(String(input), { ...init, body, signal: controller.signal });
}

const globals: Record<string, unknown> = {
  URL,
  URLSearchParams,
  FormData: ReactNativeFormData,
  Blob: ReactNativeBlob,
  AbortController,
  AbortSignal,
  fetch: reactNativeFetch,
  WebSocket,
  navigator: { product: "ReactNative" },
  crypto: undefined,
  structuredClone: undefined,
  BroadcastChannel: undefined,
};
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: true });
}
