/**
 * The global scope as React Native's (Hermes) gives it to an app, in what the SDK used to assume: a `URL` that takes
 * only strings and has no setters, no `AbortSignal.timeout`, no `crypto`, no `structuredClone`, no
 * `BroadcastChannel`, and no `addEventListener` on the global object. A test installs it around the client's code
 * only: the test's own helpers and the `ws` package keep Node's.
 */

/** React Native's `URL`, as far as the SDK could trip on it: read-only getters over a string. */
class ReactNativeUrl {
  readonly #url: URL;

  constructor(url: unknown, base?: unknown) {
    // React Native's keeps a URL object as its "string" and fails later; failing here names the cause.
    if (typeof url !== "string" || (base !== undefined && typeof base !== "string")) {
      throw new TypeError("React Native's URL takes strings only");
    }
    this.#url = new NodeUrl(url, base);
  }

  get href() {
    return this.#url.href;
  }
  get protocol() {
    return this.#url.protocol;
  }
  get host() {
    return this.#url.host;
  }
  get hostname() {
    return this.#url.hostname;
  }
  get port() {
    return this.#url.port;
  }
  get origin() {
    return this.#url.origin;
  }
  get pathname() {
    return this.#url.pathname;
  }
  get search() {
    return this.#url.search;
  }
  get hash() {
    return this.#url.hash;
  }
  /** A copy: changing it changes nothing of the URL, as in React Native before 0.80. */
  get searchParams() {
    return new URLSearchParams(this.#url.search);
  }
  toString() {
    return this.#url.href;
  }
  toJSON() {
    return this.#url.href;
  }
}

const NodeUrl = globalThis.URL;

const REMOVED = ["structuredClone", "crypto", "BroadcastChannel", "addEventListener", "removeEventListener"] as const;

/** Puts React Native's restrictions in place; the function it returns puts Node's globals back. */
export function installReactNativeGlobals(): () => void {
  const scope = globalThis as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const name of [...REMOVED, "URL"]) saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  const timeout = Object.getOwnPropertyDescriptor(AbortSignal, "timeout");

  for (const name of REMOVED) {
    Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
  }
  scope.URL = ReactNativeUrl;
  delete (AbortSignal as { timeout?: unknown }).timeout;

  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete scope[name];
    }
    if (timeout) Object.defineProperty(AbortSignal, "timeout", timeout);
  };
}
