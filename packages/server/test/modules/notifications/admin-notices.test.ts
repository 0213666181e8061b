import type { TAdminNotice, TCompanyDetail, TNotification } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { client } from "../../client";
import { createAccount } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

async function adminSession() {
  const admin = await createAccount(t);
  await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
  return admin.token;
}

async function company(language: "ko" | "en") {
  const account = await createAccount(t, { language });
  const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, account.email));
  return { ...account, id: row?.id as string };
}

const withdraw = (noticeId: string, token: string) =>
  t.server
    .inject({ method: "DELETE", url: `/api/admin/notices/${noticeId}`, headers: { authorization: `Bearer ${token}` } })
    .then((res) => ({ status: res.statusCode, body: res.json() as { code?: string } }));

const others = async (token: string) =>
  (await api.get<{ notifications: TNotification[] }>("/notifications", token)).body.notifications.filter(
    (n) => n.type === "Other",
  );

describe("notices an administrator posts", () => {
  it("reach one company in its language until it dismisses them, and no other company", async () => {
    const adminToken = await adminSession();
    const [kim, lee] = [await company("ko"), await company("en")];
    const posted = await api.post<{ notice: TAdminNotice }>(
      "/admin/notices",
      { companyId: kim.id, text: { ko: " 오늘 밤 점검이 있습니다 ", en: "Maintenance tonight" } },
      adminToken,
    );
    expect(posted.status).toBe(200);
    const { notice } = posted.body;
    expect(notice).toMatchObject({ companyId: kim.id, text: { ko: "오늘 밤 점검이 있습니다" }, dismissals: 0 });

    expect(await others(kim.token)).toEqual([{ type: "Other", id: notice.id, text: "오늘 밤 점검이 있습니다" }]);
    expect(await others(lee.token)).toEqual([]);
    // Closing another company's notice changes nothing for it.
    expect((await api.post(`/notifications/${notice.id}/dismiss`, {}, lee.token)).status).toBe(200);
    expect((await api.post(`/notifications/${notice.id}/dismiss`, {}, kim.token)).status).toBe(200);
    expect(await others(kim.token)).toEqual([]);

    const listed = await api.get<{ notices: TAdminNotice[] }>("/admin/notices", adminToken);
    expect(listed.body.notices.find((each) => each.id === notice.id)?.dismissals).toBe(1);
    const history = await api.get<TCompanyDetail>(`/admin/companies/${kim.id}`, adminToken);
    expect(history.body.actions[0]).toMatchObject({
      action: "notice.post",
      detail: { notificationId: notice.id, text: "오늘 밤 점검이 있습니다" },
    });
  });

  it("reach every account in its language or the other one when its own is empty, until withdrawn", async () => {
    const adminToken = await adminSession();
    const [kim, lee] = [await company("ko"), await company("en")];
    const { notice } = (
      await api.post<{ notice: TAdminNotice }>(
        "/admin/notices",
        { companyId: null, text: { ko: "", en: "New regions are open" } },
        adminToken,
      )
    ).body;
    expect(await others(kim.token)).toContainEqual({ type: "Other", id: notice.id, text: "New regions are open" });
    expect(await others(lee.token)).toContainEqual({ type: "Other", id: notice.id, text: "New regions are open" });

    expect((await withdraw(notice.id, adminToken)).status).toBe(200);
    expect((await others(kim.token)).map((n) => n.id)).not.toContain(notice.id);
    expect((await others(lee.token)).map((n) => n.id)).not.toContain(notice.id);
    expect((await withdraw(notice.id, adminToken)).body.code).toBe("9004");
    expect((await withdraw(notice.id, kim.token)).body.code).toBe("1023");
  });

  it("refuse a customer with 1023, a notice with no text with 300 and an unknown company with 9000", async () => {
    const adminToken = await adminSession();
    const kim = await company("ko");
    // Notices to every account that other tests of this file posted stay; none may be added here.
    const before = await others(kim.token);
    const body = { companyId: null, text: { ko: "안내", en: "Notice" } };
    expect((await api.post("/admin/notices", body, kim.token)).body.code).toBe("1023");
    expect((await api.get("/admin/notices", kim.token)).body.code).toBe("1023");
    const empty = await api.post("/admin/notices", { companyId: null, text: { ko: " ", en: "\u200b" } }, adminToken);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("300");
    const unknown = { ...body, companyId: "00000000-0000-4000-8000-000000000000" };
    expect((await api.post("/admin/notices", unknown, adminToken)).body.code).toBe("9000");
    expect(await others(kim.token)).toEqual(before);
  });
});
