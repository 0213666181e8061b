import type { Language } from "@parley/react/headless";
import { useParleyContext } from "@parley/react/headless";
import { useNativeContext } from "./context";
import type { NativeTranslate } from "./strings";

/** The kit's strings in the provider's language (the web kit's keys and the phone's own), and the language. */
export function useStrings(): { t: NativeTranslate; language: Language } {
  return { t: useNativeContext().t, language: useParleyContext().language };
}
