import fs from "node:fs/promises";
import path from "node:path";

export const dataDir = () => {
  const dir = process.env.PARLEY_E2E_DATA_DIR;
  if (!dir) throw new Error("PARLEY_E2E_DATA_DIR is not set; run through playwright.config.ts");
  return dir;
};

/**
 * The newest mail the server wrote for `to` (and, when given, whose text contains `contains`), waiting for the mail
 * job to run.
 */
export async function waitForMail(
  to: string,
  timeoutMs = 20_000,
  contains?: string,
): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir(), "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
    for (const file of files.sort().reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8"));
      if (mail.to === to && (contains === undefined || mail.text.includes(contains))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkFromMail(mail: { text: string }): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error("no link in mail");
  return match[0];
}

export const uniqueEmail = () => `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
export const PASSWORD = "Parley-e2e-2026";

/** A sign-up body with a fresh address, for the testing endpoint that makes verified accounts (`/api/testing/accounts`). */
export function accountBody(language: "ko" | "en" = "en") {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    name: "Mina Choi",
    contact: "01055556666",
    companyName: "Mina Games",
    companyHomepage: "",
    // A paid plan is billed to the company at its address (2001 without it), and billing tests apply one.
    companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language,
  };
}
