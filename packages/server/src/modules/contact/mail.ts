import { FONT_FAMILY, type TContactCategory, type TContactRequest } from "@parley/contract";
import type { OutgoingMail } from "../../integrations/mail";

const categoryLabel: Record<TContactCategory, string> = {
  sales: "Sales (도입 상담)",
  product: "Product (제품 문의)",
  others: "Others (기타)",
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The inquiry as mailed to sales. Labels are in both languages because the team reads inquiries from either
 * site. The visitor's words go into the plain-text part as they are and into the HTML part escaped, so nothing
 * they type becomes markup or a link; the subject holds only the validated single-line name and company, and the
 * visitor's address is the Reply-To, never the sender, so a reply reaches them without the mail claiming to be
 * from them.
 */
export function renderInquiryMail(to: string, inquiry: TContactRequest, receivedAt: Date): OutgoingMail {
  const who = inquiry.company ? `${inquiry.name} / ${inquiry.company}` : inquiry.name;
  const fields: [string, string][] = [
    ["Category (분류)", categoryLabel[inquiry.category]],
    ["Name (이름)", inquiry.name],
    ["Email (이메일)", inquiry.email],
    ["Phone (연락처)", inquiry.phone],
    ["Company (회사)", inquiry.company || "-"],
    ["Language (언어)", inquiry.language],
    ["Received (접수)", receivedAt.toISOString()],
  ];
  const text = [
    fields.map(([label, value]) => `${label}: ${value}`).join("\n"),
    `Inquiry (문의 내용):\n${inquiry.description}`,
    "— Parley contact form",
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:${FONT_FAMILY};color:#1f2937;max-width:640px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#3f51b5">Parley contact form</h1>
<table style="border-collapse:collapse;font-size:14px">
${fields.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:16px;margin-top:24px">Inquiry (문의 내용)</h2>
<pre style="white-space:pre-wrap;font-family:inherit;font-size:14px">${escapeHtml(inquiry.description)}</pre>
</body></html>`;
  return {
    to,
    subject: `[Parley] ${categoryLabel[inquiry.category]} — ${who}`,
    text,
    html,
    replyTo: inquiry.email,
  };
}
