import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, isRetryableFailure } from "@/lib/api-client";

export interface SubmissionTask<T> {
  /** The request; sent again as it is by Retry, so its idempotency key is reused and it takes effect once. */
  request: () => Promise<T>;
  onSuccess: (result: T) => void;
  /** A refusal the server answered (a field error, a name taken); the failures Retry is for never come here. */
  onError: (error: unknown) => void;
}

export interface Submission {
  /** Sends the task's request; resolves once it is answered or the wait is stopped, never rejects. */
  run<T>(task: SubmissionTask<T>): Promise<void>;
  /** Sends the last request again after a failure worth retrying. */
  retry(): void;
  /** Stops waiting (the dialog closed): a late answer is ignored, and the state starts over. */
  stop(): void;
  isPending: boolean;
  /** The last failure worth retrying (no answer, offline, a server fault), shown with a Retry action. */
  failure: ApiError | null;
}

const STOPPED = Symbol("stopped");

/**
 * The state of one form's submission, shared by every dialog: what is in flight, the failure to offer a retry for,
 * and a wait the user can walk away from. Closing a dialog never has to wait for the network: `stop` ends the wait
 * at once, and the request's idempotency key keeps a late arrival on the server from being doubled by the next
 * attempt.
 */
export function useSubmission(): Submission {
  const [isPending, setIsPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const lastAttempt = useRef<(() => Promise<void>) | null>(null);
  const wait = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    wait.current?.abort();
    wait.current = null;
    lastAttempt.current = null;
    setIsPending(false);
    setFailure(null);
  }, []);

  // A dialog unmounted mid-request must not set state or run its success afterwards.
  useEffect(() => () => wait.current?.abort(), []);

  const run = useCallback(<T>(task: SubmissionTask<T>) => {
    const attempt = async () => {
      wait.current?.abort();
      const controller = new AbortController();
      wait.current = controller;
      setIsPending(true);
      setFailure(null);
      const stopped = new Promise<typeof STOPPED>((resolve) =>
        controller.signal.addEventListener("abort", () => resolve(STOPPED)),
      );
      const request = task.request();
      const outcome = await Promise.race([
        request.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        stopped,
      ]);
      if (outcome === STOPPED || controller.signal.aborted) return;
      wait.current = null;
      setIsPending(false);
      if ("error" in outcome) {
        if (isRetryableFailure(outcome.error)) setFailure(outcome.error);
        else task.onError(outcome.error);
        return;
      }
      lastAttempt.current = null;
      task.onSuccess(outcome.value);
    };
    lastAttempt.current = attempt;
    return attempt();
  }, []);

  const retry = useCallback(() => {
    void lastAttempt.current?.();
  }, []);

  return { run, retry, stop, isPending, failure };
}
