/**
 * Measures the browser bundle of `@parley/sdk` beside two hosted-chat SDKs, each the same way (`bundle-size.ts`):
 * installed from the npm registry into an empty folder, one import of its client bundled and gzipped. Prints a
 * Markdown table for docs/benchmarks.md ("SDK size").
 *
 *   npm run size:compare -w packages/sdk
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { browserBundleSize, installedVersion, installInTempFolder, packSdk } from "./bundle-size";

interface Subject {
  name: string;
  /** What `npm install` is given; for ours, the packed tarball. */
  install: () => Promise<string>;
  /** The app's one line: import the client and keep it. */
  source: string;
}

const packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-sdk-pack-"));
const subjects: Subject[] = [
  {
    name: "@parley/sdk",
    install: () => packSdk(packDir),
    source: 'import { ParleyClient } from "@parley/sdk";\nexport default ParleyClient;\n',
  },
  {
    name: "stream-chat",
    install: async () => "stream-chat",
    source: 'import { StreamChat } from "stream-chat";\nexport default StreamChat;\n',
  },
  {
    name: "@sendbird/chat",
    install: async () => "@sendbird/chat",
    source: 'import SendbirdChat from "@sendbird/chat";\nexport default SendbirdChat;\n',
  },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: string[] = [];
const folders: string[] = [packDir];
try {
  for (const subject of subjects) {
    const dir = await installInTempFolder("parley-size-", [await subject.install()]);
    folders.push(dir);
    const size = await browserBundleSize(dir, subject.source);
    const version = await installedVersion(dir, subject.name);
    rows.push(`| \`${subject.name}\` ${version} | ${kb(size.bytes)} | ${kb(size.gzipBytes)} |`);
  }
} finally {
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
}

process.stdout.write(
  [
    `Measured ${new Date().toISOString().slice(0, 10)}, esbuild: bundle, minify, format esm, platform browser; gzip -9.`,
    "",
    "| package | minified | gzipped |",
    "| --- | --- | --- |",
    ...rows,
    "",
  ].join("\n"),
);
