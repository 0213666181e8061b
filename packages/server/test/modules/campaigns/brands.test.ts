import { BRAND_IMAGE_MAX_BYTES } from "@parley/contract";
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

type Brand = {
  id: string;
  name: string;
  description: string;
  coverImage: { id: string; url: string } | null;
  inUse: boolean;
  createdAt: string;
  updatedAt: string;
};
type CoverImage = { id: string; url: string; size: number; mimeType: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 64) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
const jpg = (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)]);

async function setNoticeFeature(email: string, enabled: boolean) {
  await t.ctx.database.db.update(accounts).set({ noticeFeatureEnabled: enabled }).where(eq(accounts.email, email));
}

/** A signed-in account with the notice feature on and one app. */
async function noticeAccount() {
  const { email, token } = await createAccount(t);
  await setNoticeFeature(email, true);
  const res = await api.post<{ app: { id: string } }>("/apps", { name: "Brands" }, token);
  expect(res.status).toBe(200);
  const appId = res.body.app.id;
  return { email, token, appId, base: `/apps/${appId}/notice/brands` };
}

function uploadCover(token: string, appId: string, file: Buffer, filename: string, type: string) {
  const boundary = `----parley${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.server
    .inject({
      method: "POST",
      url: `/api/apps/${appId}/notice/brands/cover-images`,
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));
}

describe("brands", () => {
  it("registers a brand in use with a trimmed name and reads it back alone and in the list", async () => {
    const { token, base } = await noticeAccount();
    const created = await api.post<{ brand: Brand }>(
      base,
      { name: "  Acme News  ", description: "매주 새 소식을 전합니다" },
      token,
    );
    expect(created.status).toBe(200);
    const brand = created.body.brand;
    expect(brand).toMatchObject({
      name: "Acme News",
      description: "매주 새 소식을 전합니다",
      coverImage: null,
      inUse: true,
    });
    expect(new Date(brand.createdAt).getTime()).toBe(t.clock.now().getTime());

    expect((await api.get(`${base}/${brand.id}`, token)).body).toEqual({ brand });
    expect((await api.get(base, token)).body).toEqual({ brands: [brand], nextCursor: null });
  });

  it("lists newest first in pages, searches by part of the name and filters by usage status", async () => {
    const { token, base } = await noticeAccount();
    for (const [i, name] of ["Alpha", "Beta", "Alphabet", "Gamma"].entries()) {
      t.clock.advance(1000);
      const res = await api.post(base, { name, inUse: i !== 3 }, token);
      expect(res.status).toBe(200);
    }
    const names = (body: { brands: Brand[] }) => body.brands.map((b) => b.name);

    const first = await api.get<{ brands: Brand[]; nextCursor: string | null }>(`${base}?limit=3`, token);
    expect(names(first.body)).toEqual(["Gamma", "Alphabet", "Beta"]);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await api.get<{ brands: Brand[]; nextCursor: string | null }>(
      `${base}?limit=3&cursor=${first.body.nextCursor}`,
      token,
    );
    expect(names(second.body)).toEqual(["Alpha"]);
    expect(second.body.nextCursor).toBeNull();

    expect(names((await api.get<{ brands: Brand[] }>(`${base}?q=alpha`, token)).body)).toEqual(["Alphabet", "Alpha"]);
    expect(names((await api.get<{ brands: Brand[] }>(`${base}?inUse=false`, token)).body)).toEqual(["Gamma"]);
    expect(names((await api.get<{ brands: Brand[] }>(`${base}?inUse=true&q=beta`, token)).body)).toEqual(["Beta"]);
  });

  it("modifies name, description, cover image and usage status", async () => {
    const { token, appId, base } = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(base, { name: "Old" }, token)).body;
    const image = (await uploadCover(token, appId, jpg(), "cover.jpg", "image/jpeg")).body.image as CoverImage;
    t.clock.advance(60_000);

    const updated = await api.put<{ brand: Brand }>(
      `${base}/${brand.id}`,
      { name: "New", description: "Short and sweet", coverImageId: image.id, inUse: false },
      token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.brand).toEqual({
      ...brand,
      name: "New",
      description: "Short and sweet",
      coverImage: { id: image.id, url: image.url },
      inUse: false,
      updatedAt: t.clock.now().toISOString(),
    });

    const cleared = await api.put<{ brand: Brand }>(`${base}/${brand.id}`, { name: "New", inUse: false }, token);
    expect(cleared.body.brand.coverImage).toBeNull();
  });

  it("keeps a brand's own name when only its letter case changes", async () => {
    const { token, base } = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(base, { name: "acme" }, token)).body;
    const res = await api.put<{ brand: Brand }>(`${base}/${brand.id}`, { name: "ACME" }, token);
    expect(res.status).toBe(200);
    expect(res.body.brand.name).toBe("ACME");
  });

  it("answers 3050 for a brand of another app", async () => {
    const owner = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(owner.base, { name: "Mine" }, owner.token)).body;
    const other = await api.post<{ app: { id: string } }>("/apps", { name: "Second" }, owner.token);
    const res = await api.get(`/apps/${other.body.app.id}/notice/brands/${brand.id}`, owner.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("3050");
  });
});

describe("brand validation", () => {
  it("answers 301 naming the field when the name is missing", async () => {
    const { token, base } = await noticeAccount();
    const res = await api.post(base, { description: "no name" }, token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("301");
    expect(res.body.data?.fields).toEqual([expect.objectContaining({ path: "name" })]);
  });

  it("answers 301 when the name is only spaces", async () => {
    const { token, base } = await noticeAccount();
    const res = await api.post(base, { name: "   " }, token);
    expect(res.status).toBe(400);
    expect(res.body.data?.fields).toEqual([{ path: "name", message: "VALIDATION_REQUIRED" }]);
  });

  it("refuses a description over 30 characters with VALIDATION_TOO_LONG and accepts exactly 30", async () => {
    const { token, base } = await noticeAccount();
    const tooLong = await api.post(base, { name: "Wordy", description: "가".repeat(31) }, token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe("300");
    expect(tooLong.body.data?.fields).toEqual([{ path: "description", message: "VALIDATION_TOO_LONG" }]);

    const exact = await api.post<{ brand: Brand }>(base, { name: "Wordy", description: "😀".repeat(30) }, token);
    expect(exact.status).toBe(200);
    expect(exact.body.brand.description).toBe("😀".repeat(30));
  });

  it("answers 3048 for a name equal after NFC normalization and case folding", async () => {
    const { token, base } = await noticeAccount();
    expect((await api.post(base, { name: "봄 Café" }, token)).status).toBe(200);
    const decomposed = await api.post(base, { name: "봄 CAFÉ".normalize("NFD") }, token);
    expect(decomposed.body.code).toBe("3048");
  });

  it("refuses a name of only zero-width characters as blank, with VALIDATION_REQUIRED", async () => {
    const { token, base } = await noticeAccount();
    const res = await api.post(base, { name: "\u200b\u2060\ufeff" }, token);
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "name", message: "VALIDATION_REQUIRED" }] },
    });
  });

  it("answers 3048 for a name already registered in the app, whatever its letter case", async () => {
    const { token, base } = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(base, { name: "Acme" }, token)).body;
    const duplicate = await api.post(base, { name: " ACME " }, token);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("3048");

    const other = (await api.post<{ brand: Brand }>(base, { name: "Other" }, token)).body.brand;
    const renamed = await api.put(`${base}/${other.id}`, { name: "acme" }, token);
    expect(renamed.body.code).toBe("3048");
    const names = (await api.get<{ brands: Brand[] }>(base, token)).body.brands.map((b) => [b.id, b.name]);
    expect(names.sort()).toEqual(
      [
        [brand.id, "Acme"],
        [other.id, "Other"],
      ].sort(),
    );
  });

  it("allows the same brand name in two apps", async () => {
    const first = await noticeAccount();
    const second = await noticeAccount();
    expect((await api.post(first.base, { name: "Shared" }, first.token)).status).toBe(200);
    expect((await api.post(second.base, { name: "Shared" }, second.token)).status).toBe(200);
  });

  it("answers 3052 for a cover image id that belongs to another app", async () => {
    const first = await noticeAccount();
    const second = await noticeAccount();
    const image = (await uploadCover(first.token, first.appId, png(), "a.png", "image/png")).body.image as CoverImage;
    const res = await api.post(second.base, { name: "Borrowed", coverImageId: image.id }, second.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("3052");
  });
});

describe("brand usage status", () => {
  it("refuses with 3051 to change the usage status while a message awaits sending, but allows other edits", async () => {
    const { token, base } = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(base, { name: "Busy" }, token)).body;
    const check = async (brandId: string) => brandId === brand.id;
    t.services.brands.awaitingSendChecks.push(check);
    try {
      const off = await api.put(`${base}/${brand.id}`, { name: "Busy", inUse: false }, token);
      expect(off.status).toBe(409);
      expect(off.body.code).toBe("3051");
      const renamed = await api.put<{ brand: Brand }>(`${base}/${brand.id}`, { name: "Busier", inUse: true }, token);
      expect(renamed.status).toBe(200);
      expect(renamed.body.brand).toMatchObject({ name: "Busier", inUse: true });
    } finally {
      t.services.brands.awaitingSendChecks.splice(t.services.brands.awaitingSendChecks.indexOf(check), 1);
    }
  });
});

describe("brand cover images", () => {
  it("stores a PNG and a JPG told apart by content and serves them publicly with that type", async () => {
    const { token, appId } = await noticeAccount();
    const pngUpload = await uploadCover(token, appId, png(BRAND_IMAGE_MAX_BYTES), "cover.PNG", "image/png");
    expect(pngUpload.status).toBe(200);
    expect(pngUpload.body.image).toMatchObject({ size: BRAND_IMAGE_MAX_BYTES, mimeType: "image/png" });

    // Named and declared as PNG, but a JPG by its bytes: the bytes decide.
    const jpgUpload = await uploadCover(token, appId, jpg(), "photo.png", "image/png");
    expect(jpgUpload.status).toBe(200);
    expect(jpgUpload.body.image.mimeType).toBe("image/jpeg");

    const url = new URL(pngUpload.body.image.url);
    expect(url.origin).toBe("http://parley.test");
    const served = await t.server.inject({ method: "GET", url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(png(BRAND_IMAGE_MAX_BYTES))).toBe(true);
  });

  it("answers 3049 with reason size for an image over 300 KB", async () => {
    const { token, appId } = await noticeAccount();
    const res = await uploadCover(token, appId, png(BRAND_IMAGE_MAX_BYTES + 1), "big.png", "image/png");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "3049", data: { reason: "size" } });
  });

  it("answers 3049 with reason type for a file named and declared PNG whose content is not an image", async () => {
    const { token, appId } = await noticeAccount();
    const res = await uploadCover(token, appId, Buffer.from("<svg onload=alert(1)>"), "cover.png", "image/png");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "3049", data: { reason: "type" } });
  });

  it("answers 3049 with reason type for a GIF", async () => {
    const { token, appId } = await noticeAccount();
    const res = await uploadCover(token, appId, Buffer.from("GIF89a...."), "cover.gif", "image/gif");
    expect(res.body).toMatchObject({ code: "3049", data: { reason: "type" } });
  });

  it("answers 301 when the upload has no file part and 300 when it is not multipart", async () => {
    const { token, appId } = await noticeAccount();
    const boundary = "----empty";
    const empty = await t.server.inject({
      method: "POST",
      url: `/api/apps/${appId}/notice/brands/cover-images`,
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(empty.json().code).toBe("301");
    const json = await api.post(`/apps/${appId}/notice/brands/cover-images`, { file: "x" }, token);
    expect(json.body.code).toBe("300");
  });

  it("answers 3034 for an unknown cover image", async () => {
    const res = await t.server.inject({
      method: "GET",
      url: "/files/brand-covers/00000000-0000-4000-8000-000000000000",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("3034");
  });
});

describe("brand access", () => {
  it("answers 1023 on every brand call when the account's notice feature is off", async () => {
    const { email, token, appId, base } = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(base, { name: "Before" }, token)).body;
    await setNoticeFeature(email, false);

    const calls = [
      await api.get(base, token),
      await api.get(`${base}/${brand.id}`, token),
      await api.post(base, { name: "After" }, token),
      // An invalid body still answers 1023: the area shows nothing, not even its validation.
      await api.post(base, {}, token),
      await api.put(`${base}/${brand.id}`, { name: "After" }, token),
      await uploadCover(token, appId, png(), "a.png", "image/png"),
    ];
    for (const res of calls) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("1023");
    }
  });

  it("answers 3003 for another account's app, even with the feature on", async () => {
    const owner = await noticeAccount();
    const { brand } = (await api.post<{ brand: Brand }>(owner.base, { name: "Private" }, owner.token)).body;
    const stranger = await noticeAccount();

    const calls = [
      await api.get(owner.base, stranger.token),
      await api.get(`${owner.base}/${brand.id}`, stranger.token),
      await api.post(owner.base, { name: "Intruder" }, stranger.token),
      await api.put(`${owner.base}/${brand.id}`, { name: "Intruder" }, stranger.token),
      await uploadCover(stranger.token, owner.appId, png(), "a.png", "image/png"),
    ];
    for (const res of calls) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("3003");
    }
    expect((await api.get(`${owner.base}/${brand.id}`, owner.token)).body.brand).toEqual(brand);
  });

  it("answers 1001 without a session", async () => {
    const { base } = await noticeAccount();
    const res = await api.get(base);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("1001");
  });
});
