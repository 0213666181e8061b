import { describe, expect, it } from "vitest";
import { formatBanner } from "./banner";
import { loadConfig } from "./config";

describe("the start-up banner", () => {
  it("names the address, the data folder with the embedded database, and the folder mail is written to", () => {
    const config = loadConfig({ DATA_DIR: "/srv/parley-data" }, true);
    const banner = formatBanner({ url: "http://localhost:8080", config });
    expect(banner).toContain("Parley is running at http://localhost:8080");
    expect(banner).toMatch(/Database\s+embedded, in \/srv\/parley-data\/db/);
    expect(banner).toMatch(/Data\s+\/srv\/parley-data /);
    expect(banner).toMatch(/Mail\s+not sent: each message is written to \/srv\/parley-data\/mail/);
    expect(banner).toContain("LOG_LEVEL=info");
    expect(banner.split("\n").length).toBeLessThan(15);
  });

  it("names PostgreSQL and the SMTP server without their credentials", () => {
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://parley:db-secret@db.internal:5432/parley",
        SMTP_URL: "smtp://mailer:smtp-secret@mail.internal:587",
      },
      true,
    );
    const banner = formatBanner({ url: "https://chat.example.com", config });
    expect(banner).toContain("PostgreSQL at db.internal:5432/parley");
    expect(banner).toContain("sent through smtp://mail.internal:587");
    expect(banner).not.toMatch(/secret|mailer:|parley:/);
  });
});

describe("log settings", () => {
  it("writes text without request lines at a terminal, and JSON with them elsewhere", () => {
    expect(loadConfig({}, true)).toMatchObject({ logFormat: "text", logLevel: "info", logRequests: false });
    expect(loadConfig({}, false)).toMatchObject({ logFormat: "json", logLevel: "info", logRequests: true });
  });

  it("adds request lines at a terminal when LOG_LEVEL asks, and lets LOG_FORMAT choose the format", () => {
    expect(loadConfig({ LOG_LEVEL: "info" }, true)).toMatchObject({ logFormat: "text", logRequests: true });
    expect(loadConfig({ LOG_FORMAT: "json" }, true)).toMatchObject({ logFormat: "json", logRequests: true });
    expect(loadConfig({ LOG_FORMAT: "text", LOG_LEVEL: "warn" }, false)).toMatchObject({
      logFormat: "text",
      logLevel: "warn",
    });
  });
});
