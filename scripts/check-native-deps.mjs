// Loads and uses once every dependency that ships a native or WebAssembly build, on the Node.js that runs this file:
// CI runs it on each supported Node.js major before that major's tests, so that a prebuild missing for one fails
// here by name rather than as a test file that cannot load. Each is imported inside its check, so that one that does
// not load is reported with the others still checked.

const checks = {
  // Password hashing (N-API prebuild).
  argon2: async () => {
    const argon2 = await import("argon2");
    const hash = await argon2.hash("check", { timeCost: 2, memoryCost: 4096 });
    if (!(await argon2.verify(hash, "check"))) throw new Error("verify failed");
  },
  // The embedded database (WebAssembly).
  "@electric-sql/pglite": async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite();
    const { rows } = await db.query("select 1 as one");
    await db.close();
    if (rows[0]?.one !== 1) throw new Error("no answer");
  },
  // Image reading at upload (N-API, libvips from the @img/sharp-* optional packages): decode, resize, encode.
  sharp: async () => {
    const { default: sharp } = await import("sharp");
    const png = await sharp({ create: { width: 4, height: 2, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const { info } = await sharp(png).resize(2).webp().toBuffer({ resolveWithObject: true });
    if (info.width !== 2 || info.format !== "webp") throw new Error("resize failed");
  },
  // tsx and the server build (a native binary it talks to).
  esbuild: async () => {
    const { transform } = await import("esbuild");
    await transform("const a: number = 1", { loader: "ts" });
  },
  // The web build (Vite 8: rolldown and lightningcss, N-API).
  rolldown: async () => {
    const { rolldown } = await import("rolldown");
    if (typeof rolldown !== "function") throw new Error("no rolldown()");
  },
  lightningcss: async () => {
    const { transform } = await import("lightningcss");
    transform({ filename: "a.css", code: Buffer.from("a { color: red }") });
  },
};

let failed = false;
for (const [name, check] of Object.entries(checks)) {
  try {
    await check();
    process.stdout.write(`${name}: ok on Node.js ${process.versions.node}\n`);
  } catch (err) {
    failed = true;
    process.stdout.write(`${name}: failed on Node.js ${process.versions.node}: ${err?.message ?? err}\n`);
  }
}
process.exit(failed ? 1 : 0);
