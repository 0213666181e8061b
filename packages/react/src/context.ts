import { createContext, useContext } from "react";
import type { ChatClient } from "./client";
import type { CallsState } from "./hooks/use-call";
import type { Language, Translate } from "./i18n/translate";
import type { FileUploader } from "./lib/upload";

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
