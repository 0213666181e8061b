import { z } from "zod";
import { CONTACT_DESCRIPTION_MAX, LANGUAGES } from "./constants";
import { V, zEmail, zOptionalText, zPhone, zSingleLineText, zText } from "./validation";

/** What an inquiry is about; the sales mail's subject names it so the team can route it. */
export const CONTACT_CATEGORIES = ["sales", "product", "others"] as const;
export const zContactCategory = z.enum(CONTACT_CATEGORIES, { error: V.required });
export type TContactCategory = z.infer<typeof zContactCategory>;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_COMPANY_MAX = 100;

/**
 * `POST auth/contactus`: the public site's inquiry, stored and mailed to the sales address. Answers `{ ok: true }`.
 * Name and company go into the mail's subject, so they must be single lines; the description may span lines
 * and is mailed as plain text.
 */
export const zContactRequest = z.object({
  name: zSingleLineText(CONTACT_NAME_MAX),
  email: zEmail,
  phone: zPhone,
  /** Optional: developers who ask for themselves have none. */
  company: zOptionalText(CONTACT_COMPANY_MAX).refine((value) => !/[\p{Cc}\u2028\u2029]/u.test(value), V.singleLine),
  category: zContactCategory,
  description: zText(CONTACT_DESCRIPTION_MAX),
  /** The language the visitor wrote in, so sales answers in it. */
  language: z.enum(LANGUAGES),
});
export type TContactRequest = z.infer<typeof zContactRequest>;
