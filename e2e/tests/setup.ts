import type { APIRequestContext, Page } from "@playwright/test";
import { PASSWORD, uniqueEmail, waitForMail } from "./support";

/** An ordinary account made through the API, verified by its mailed code, and its session state. */
export async function accountSession(request: APIRequestContext, language: "ko" | "en" = "en") {
  const email = uniqueEmail();
  const signup = await request.post("/api/auth/signup", {
    data: {
      email,
      password: PASSWORD,
      name: "Mina Choi",
      contact: "01055556666",
      companyName: "Mina Games",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      termsAccepted: true,
      privacyAccepted: true,
      language,
    },
  });
  if (!signup.ok()) throw new Error(`signup failed: ${await signup.text()}`);
  const code = /[?&]code=([A-Za-z0-9_-]+)/.exec((await waitForMail(email)).text)?.[1];
  await request.post("/api/auth/email/verification/confirm", { data: { email, code } });
  const login = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  return (await login.json()) as { sessionToken: string; email: string };
}

/** Opens the browser already signed in, the way the web app keeps its session. */
export async function signInBrowser(page: Page, session: object, language: "ko" | "en" = "en") {
  await page.addInitScript(
    ([state, lang]) => {
      localStorage.setItem("parley.session", state as string);
      localStorage.setItem("parley.language", lang as string);
    },
    [JSON.stringify(session), language],
  );
}
