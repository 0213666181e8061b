import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "../../../src/integrations/mail";

let dir: string | null = null;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = null;
});

describe("the mail folder", () => {
  it("holds each mail as one whole .json and .eml pair, with nothing half-written left beside them", async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-mail-"));
    const mailer = createMailer({ smtpUrl: undefined, mailDir: dir, from: "Parley <no-reply@parley.test>" });
    const sent = await Promise.all(
      ["a", "b", "c"].map((name) =>
        mailer.send({ to: `${name}@example.com`, subject: `Hello ${name}`, text: "x".repeat(200_000), html: "" }, name),
      ),
    );
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(6);
    expect(files.every((file) => /\.(json|eml)$/.test(file))).toBe(true);
    for (const file of sent) {
      const mail = JSON.parse(await fs.readFile(file, "utf8"));
      expect(mail.text).toHaveLength(200_000);
    }
  });
});
