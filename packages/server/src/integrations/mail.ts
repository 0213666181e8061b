import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not the sender: the visitor who wrote a contact inquiry. */
  replyTo?: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up line: an SMTP URL without credentials, or the folder. */
  readonly destination: string;
  /** Sends one message; returns where it went (the `.json` file, or the SMTP server). */
  send(mail: OutgoingMail, id: string): Promise<string>;
  /** Whether mail can go out now: the SMTP server answers, or the mail folder can be written. */
  check(): Promise<boolean>;
  close(): void;
}

/**
 * Writes beside the file and renames it into place, so whoever reads the mail folder (a person, a test, another
 * process) sees each file whole or not at all.
 */
async function writeWhole(file: string, data: string | Buffer): Promise<void> {
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, file);
}

/** SMTP when a URL is configured; otherwise each message becomes a `.json` and an `.eml` file in `mailDir`. */
export function createMailer(options: { smtpUrl: string | undefined; mailDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail, id) {
        await transport.sendMail({ ...mail, from: options.from, messageId: `<${id}@parley>` });
        return `${url.protocol}//${url.host}`;
      },
      check: () => transport.verify(),
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    destination: options.mailDir,
    async send(mail, id) {
      await fs.mkdir(options.mailDir, { recursive: true });
      const info = await transport.sendMail({ ...mail, from: options.from, messageId: `<${id}@parley>` });
      const createdAt = new Date().toISOString();
      // The file name sorts by time, and the job id keeps a re-run of the same job on the same files.
      const base = path.join(options.mailDir, `${createdAt.slice(0, 10)}-${id}`);
      await writeWhole(`${base}.eml`, info.message as Buffer);
      await writeWhole(`${base}.json`, `${JSON.stringify({ id, from: options.from, ...mail, createdAt }, null, 2)}\n`);
      return `${base}.json`;
    },
    async check() {
      await fs.mkdir(options.mailDir, { recursive: true });
      await fs.access(options.mailDir, fs.constants.W_OK);
      return true;
    },
    close: () => {},
  };
}
