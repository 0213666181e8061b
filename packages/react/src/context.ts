import type { Call } from "@parley/sdk";
import { createContext, useContext } from "react";
import type { ChatClient } from "./client";
import type { Language, Translate } from "./i18n/translate";
import type { FileUploader } from "./lib/upload";

/** The user's one call on this device (ringing, going on, or just ended), and starting one. */
export interface CallsState {
  call: Call | null;
  /** Calls a user; a failure to start lands in `error`. */
  start: (userId: string, video: boolean) => Promise<void>;
  /** Puts an ended call's screen away. */
  close: () => void;
  error: unknown;
  clearError: () => void;
  /** Moves on each call put away, so a call history knows to load again. */
  version: number;
}

/** What {@link ParleyProvider} shares with every hook and component under it. */
export interface ParleyContextValue {
  client: ChatClient;
  t: Translate;
  language: Language;
  upload: FileUploader | null;
  calls: CallsState;
}

export const ParleyContext = createContext<ParleyContextValue | null>(null);

export function useParleyContext(): ParleyContextValue {
  const value = useContext(ParleyContext);
  if (!value) throw new Error("Parley components and hooks need a <ParleyProvider> above them");
  return value;
}
