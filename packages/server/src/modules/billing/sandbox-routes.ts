import { FONT_FAMILY, type Language, SANDBOX_TEST_CARDS } from "@parley/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PaymentGateway } from "../../integrations/payments";
import type { BillingService } from "./service";

export const SANDBOX_CARD_PAGE = "/sandbox-gateway/card/:sessionId";

const texts = {
  ko: {
    title: "카드 등록 (샌드박스)",
    intro: "결제에 사용할 신용카드를 등록합니다. 샌드박스 결제 대행사이므로 실제 결제는 일어나지 않습니다.",
    number: "카드 번호",
    expiry: "유효기간 (MM/YY)",
    holder: "카드 소유자 이름",
    submit: "등록",
    cancel: "취소",
    testCards: "테스트 카드",
    succeeds: "항상 성공",
    declined: "등록 시 거절",
    failsCharges: "등록되지만 결제는 항상 실패",
    refusesRefunds: "등록·결제되지만 환불은 거절",
    closed: "이 카드 등록 화면은 이미 사용되었거나 만료되었습니다. 결제 화면에서 다시 시작해 주세요.",
    unknown: "카드 등록 세션을 찾을 수 없습니다.",
  },
  en: {
    title: "Register a card (sandbox)",
    intro: "Register the credit card to pay with. This is a sandbox payment gateway: no real payment is made.",
    number: "Card number",
    expiry: "Expiry (MM/YY)",
    holder: "Cardholder name",
    submit: "Register",
    cancel: "Cancel",
    testCards: "Test cards",
    succeeds: "always succeeds",
    declined: "declined at registration",
    failsCharges: "registers, but every charge fails",
    refusesRefunds: "registers and pays, but refunds are refused",
    closed: "This card page was already used or has expired. Start again from the billing page.",
    unknown: "No such card registration session.",
  },
} satisfies Record<Language, Record<string, string>>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function page(language: Language, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body { font-family: ${FONT_FAMILY}; background: #f4f5f7; margin: 0; padding: 32px 16px; color: #1f2933; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
h1 { font-size: 20px; margin: 0 0 8px; }
label { display: block; font-size: 14px; margin: 16px 0 4px; }
input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 16px; border: 1px solid #c1c7d0; border-radius: 4px; }
.actions { display: flex; flex-direction: row-reverse; gap: 8px; margin-top: 24px; }
button { flex: 1; padding: 10px; font-size: 16px; border-radius: 4px; border: 1px solid #3f51b5; cursor: pointer; }
button[value=register] { background: #3f51b5; color: #fff; }
button[value=cancel] { background: #fff; color: #3f51b5; }
.note { font-size: 13px; color: #52606d; }
code { font-size: 13px; }
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

/** Register comes first in the markup because Enter submits with the first button; CSS shows it on the right. */
function formPage(language: Language, sessionId: string): string {
  const t = texts[language];
  return page(
    language,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.intro)}</p>
<form method="post" action="/sandbox-gateway/card/${escapeHtml(sessionId)}">
<label for="number">${escapeHtml(t.number)}</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
<label for="expiry">${escapeHtml(t.expiry)}</label>
<input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" maxlength="7" required>
<label for="holder">${escapeHtml(t.holder)}</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="100" required>
<div class="actions">
<button type="submit" name="action" value="register">${escapeHtml(t.submit)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button>
</div>
</form>
<p class="note">${escapeHtml(t.testCards)}:<br>
<code>${SANDBOX_TEST_CARDS.succeeds}</code> ${escapeHtml(t.succeeds)}<br>
<code>${SANDBOX_TEST_CARDS.declinedAtRegistration}</code> ${escapeHtml(t.declined)}<br>
<code>${SANDBOX_TEST_CARDS.failsEveryCharge}</code> ${escapeHtml(t.failsCharges)}<br>
<code>${SANDBOX_TEST_CARDS.refusesRefunds}</code> ${escapeHtml(t.refusesRefunds)}</p>`,
  );
}

function messagePage(reply: FastifyReply, status: number, language: Language, message: string) {
  return html(
    reply.status(status),
    page(language, `<h1>${escapeHtml(texts[language].title)}</h1><p>${escapeHtml(message)}</p>`),
  );
}

function html(reply: FastifyReply, body: string) {
  return reply
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-frame-options", "DENY")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(body);
}

/** `MM/YY`, `MM / YY`, `MMYY` or `MM/YYYY`; null when it is none of these. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

const zForm = z.object({
  action: z.enum(["register", "cancel"]).default("register"),
  number: z.string().max(40).default(""),
  expiry: z.string().max(20).default(""),
  holder: z.string().max(200).default(""),
});

/**
 * The sandbox gateway's hosted card page, served by this server outside `/api` and `/v1` like a provider's page
 * on its own domain. Plain HTML and a form post, no script. Every submit ends the session and returns the browser
 * to the dashboard's `/billing-payletter`, which asks for the result.
 */
export const sandboxCardPageRoutes: FastifyPluginAsync<{ billing: BillingService; gateway: PaymentGateway }> = async (
  fastify,
  { billing, gateway },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const params = z.object({ sessionId: z.string() });

  app.get(SANDBOX_CARD_PAGE, { schema: { hide: true, params } }, async (request, reply) => {
    const { sessionId } = request.params;
    const session = z.string().uuid().safeParse(sessionId).success ? await billing.cardSessionPage(sessionId) : null;
    if (!session) return messagePage(reply, 404, "en", texts.en.unknown);
    if (!session.open) return messagePage(reply, 410, session.language, texts[session.language].closed);
    return html(reply, formPage(session.language, sessionId));
  });

  app.post(SANDBOX_CARD_PAGE, { schema: { hide: true, params, body: zForm } }, async (request, reply) => {
    const { sessionId } = request.params;
    const session = z.string().uuid().safeParse(sessionId).success ? await billing.cardSessionPage(sessionId) : null;
    if (!session) return messagePage(reply, 404, "en", texts.en.unknown);
    if (!session.open) return messagePage(reply, 410, session.language, texts[session.language].closed);
    const form = request.body;
    let outcome: Parameters<BillingService["completeCardSession"]>[1];
    if (form.action === "cancel") {
      outcome = { ok: false, reason: "cancelled" };
    } else {
      const expiry = parseExpiry(form.expiry);
      outcome = expiry
        ? await gateway.registerCard({
            number: form.number,
            expMonth: expiry.month,
            expYear: expiry.year,
            holder: form.holder,
          })
        : { ok: false, reason: "invalid" };
    }
    const back = await billing.completeCardSession(sessionId, outcome);
    if (!back) return messagePage(reply, 410, session.language, texts[session.language].closed);
    return reply.status(303).header("location", back).header("cache-control", "no-store").send();
  });
};
