import { FONT_FAMILY, type Language } from "@parley/contract";
import type { OutgoingMail } from "../integrations/mail";

type Template = (vars: { name: string; link: string }) => { subject: string; lines: string[]; action: string };

const templates: Record<
  "verifyEmail" | "resetPassword" | "subAccountInvite" | "webhooksGone" | "exportReady",
  Record<Language, Template>
> = {
  /** `name` says what was exported (the app, or a user of it); `link` is the archive's download. */
  exportReady: {
    ko: ({ name }) => ({
      subject: `[Parley] ${name} 데이터 내보내기가 준비되었습니다`,
      lines: [
        `요청하신 ${name} 데이터 내보내기가 끝났습니다.`,
        "아래 버튼으로 zip 파일을 내려받을 수 있습니다. 링크는 24시간 동안 유효하며, 그 뒤에는 파일이 삭제됩니다.",
        "링크를 가진 사람은 누구나 내려받을 수 있으니 다른 사람과 공유하지 마세요.",
      ],
      action: "내보낸 데이터 내려받기",
    }),
    en: ({ name }) => ({
      subject: `[Parley] Your data export of ${name} is ready`,
      lines: [
        `The data export of ${name} you asked for has finished.`,
        "Download the zip file with the button below. The link works for 24 hours; then the file is removed.",
        "Anyone with the link can download the file, so do not share it.",
      ],
      action: "Download the export",
    }),
  },
  /** `name` is the app's name; `link` its webhook settings. */
  webhooksGone: {
    ko: ({ name }) => ({
      subject: `[Parley] ${name} 앱의 웹훅이 꺼졌습니다`,
      lines: [
        `${name} 앱의 웹훅 수신 서버가 410 Gone(더 이상 없음)으로 응답해 웹훅을 껐습니다.`,
        "보내지 못한 전달은 재시도하지 않고 실패로 남겨 두었습니다. 전달 기록에서 다시 보낼 수 있습니다.",
        "수신 서버의 URL을 확인한 뒤 웹훅 설정에서 다시 켜 주세요.",
      ],
      action: "웹훅 설정 열기",
    }),
    en: ({ name }) => ({
      subject: `[Parley] Webhooks of ${name} were turned off`,
      lines: [
        `The webhook receiver of the app ${name} answered 410 Gone, so its webhooks were turned off.`,
        "Deliveries not yet made are no longer retried and are marked failed; you can redeliver them from the log.",
        "Check the receiver's URL, then turn webhooks back on in the webhook settings.",
      ],
      action: "Open webhook settings",
    }),
  },
  subAccountInvite: {
    ko: ({ name }) => ({
      subject: "[Parley] 하위 계정 초대",
      lines: [
        `${name} 앱을 함께 관리하도록 Parley 하위 계정에 초대되었습니다.`,
        "아래 버튼을 눌러 로그인하고 비밀번호를 설정하세요. 이 링크는 24시간 동안 한 번만 사용할 수 있습니다.",
        "초대를 예상하지 않으셨다면 이 메일을 무시하셔도 됩니다.",
      ],
      action: "하위 계정으로 로그인",
    }),
    en: ({ name }) => ({
      subject: "[Parley] You are invited as a sub-account",
      lines: [
        `You have been invited to a Parley sub-account to help manage the app ${name}.`,
        "Sign in with the button below and set your password. The link works once, within 24 hours.",
        "If you did not expect this invitation, you can ignore this email.",
      ],
      action: "Sign in as a sub-account",
    }),
  },
  verifyEmail: {
    ko: ({ name }) => ({
      subject: "[Parley] 이메일 주소를 인증해 주세요",
      lines: [
        `${name}님, Parley에 가입해 주셔서 감사합니다.`,
        "아래 버튼을 눌러 이메일 주소를 인증하면 30일 무료 체험이 시작됩니다. 인증한 날이 체험 첫날이며 날짜는 UTC 기준입니다. 마지막 날은 결제 화면에서 확인할 수 있습니다.",
        "이 링크는 24시간 동안 유효합니다. 7일 안에 인증하지 않은 계정은 자동으로 삭제됩니다.",
      ],
      action: "이메일 인증하기",
    }),
    en: ({ name }) => ({
      subject: "[Parley] Verify your email address",
      lines: [
        `Hi ${name}, thank you for signing up for Parley.`,
        "Verify your email address with the button below to start your 30-day free trial. The day you verify is its first day, counted in UTC days; the billing page shows its last day.",
        "This link is valid for 24 hours. Accounts not verified within 7 days are deleted automatically.",
      ],
      action: "Verify email",
    }),
  },
  resetPassword: {
    ko: ({ name }) => ({
      subject: "[Parley] 비밀번호 재설정",
      lines: [
        `${name}님, 비밀번호 재설정을 요청하셨습니다.`,
        "아래 버튼을 눌러 새 비밀번호를 설정하세요. 이 링크는 1시간 동안 한 번만 사용할 수 있습니다.",
        "요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.",
      ],
      action: "비밀번호 재설정",
    }),
    en: ({ name }) => ({
      subject: "[Parley] Reset your password",
      lines: [
        `Hi ${name}, we received a request to reset your password.`,
        "Set a new password with the button below. The link works once, within 1 hour.",
        "If you did not ask for this, you can ignore this email.",
      ],
      action: "Reset password",
    }),
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function renderMail(
  kind: keyof typeof templates,
  language: Language,
  to: string,
  vars: { name: string; link: string },
): OutgoingMail {
  const t = templates[kind][language](vars);
  const text = `${t.lines.join("\n\n")}\n\n${t.action}: ${vars.link}\n\n— Parley`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:${FONT_FAMILY};color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#3f51b5">Parley</h1>
${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;background:#3f51b5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(vars.link)}</p>
</body></html>`;
  return { to, subject: t.subject, text, html };
}

/** One app's figures for the reported day. */
export interface DailyReportRow {
  name: string;
  messageCount: number;
  messageSenderCount: number;
  activeUserCount: number;
}

const dailyReportCopy: Record<
  Language,
  {
    subject: (day: string) => string;
    intro: (day: string) => string;
    columns: [string, string, string, string];
    action: string;
  }
> = {
  ko: {
    subject: (day) => `[Parley] ${day} 일일 사용량 리포트`,
    intro: (day) => `${day} (UTC) 앱별 사용량입니다.`,
    columns: ["앱", "메시지 수", "메시지 발신자 수", "활성 사용자 수"],
    action: "리포트 보기",
  },
  en: {
    subject: (day) => `[Parley] Daily usage report for ${day}`,
    intro: (day) => `Usage per app on ${day} (UTC).`,
    columns: ["App", "Messages", "Message senders", "Active users"],
    action: "View reports",
  },
};

/** The daily usage report mail: one line (text) or table row (HTML) per app. */
export function renderDailyReportMail(
  language: Language,
  to: string,
  vars: { day: string; apps: DailyReportRow[]; link: string },
): OutgoingMail {
  const c = dailyReportCopy[language];
  const format = new Intl.NumberFormat(language === "ko" ? "ko-KR" : "en-US");
  const cells = (row: DailyReportRow) => [
    row.name,
    format.format(row.messageCount),
    format.format(row.messageSenderCount),
    format.format(row.activeUserCount),
  ];
  const text = [
    c.intro(vars.day),
    ...vars.apps.map((row) => {
      const [name, ...figures] = cells(row);
      return `${name}\n${figures.map((f, i) => `  ${c.columns[i + 1]}: ${f}`).join("\n")}`;
    }),
    `${c.action}: ${vars.link}`,
    "— Parley",
  ].join("\n\n");
  const th = (s: string) =>
    `<th style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(s)}</th>`;
  const td = (s: string) => `<td style="padding:6px 8px;border-bottom:1px solid #f3f4f6">${escapeHtml(s)}</td>`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:${FONT_FAMILY};color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#3f51b5">Parley</h1>
<p>${escapeHtml(c.intro(vars.day))}</p>
<table style="border-collapse:collapse;width:100%;font-size:14px">
<tr>${c.columns.map(th).join("")}</tr>
${vars.apps.map((row) => `<tr>${cells(row).map(td).join("")}</tr>`).join("\n")}
</table>
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;background:#3f51b5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(c.action)}</a></p>
</body></html>`;
  return { to, subject: c.subject(vars.day), text, html };
}
