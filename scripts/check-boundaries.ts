/**
 * The boundaries between the project's parts, checked from the import statements of every source file.
 *
 *   node --import tsx scripts/check-boundaries.ts [root]        check the tree at `root` (default: this repository)
 *   node --import tsx scripts/check-boundaries.ts --table       print the layering table below as Markdown
 *   node --import tsx scripts/check-boundaries.ts --layers      print the server's layers as Markdown
 *
 * Each violation is printed as `file:line rule message`; the exit code is 1 when there is any.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import {
  importCycles,
  moduleOf,
  SERVER_LAYERS,
  SERVER_MODULE_ORDER,
  SERVER_SRC,
  serverLayerOf,
  serverLayersList,
} from "./server-layers";

/**
 * The layering of the workspaces: what each one may import of the others. It is the "may import" column of the
 * package table in README.md and ARCHITECTURE.md; `--table` prints it in that form so the two can be compared.
 */
export const LAYERS: readonly { dir: string; mayImport: readonly string[] | "any"; what: string }[] = [
  { dir: "packages/contract", mayImport: [], what: "zod schemas, error codes, paths, constants; no I/O" },
  { dir: "packages/server", mayImport: ["packages/contract"], what: "the Fastify server" },
  { dir: "packages/sdk", mayImport: ["packages/contract"], what: "the chat SDK" },
  { dir: "packages/server-sdk", mayImport: ["packages/contract"], what: "the server SDK for an app's backend" },
  { dir: "packages/cli", mayImport: ["packages/server-sdk", "packages/contract"], what: "the developer CLI" },
  { dir: "packages/react", mayImport: ["packages/sdk", "packages/contract"], what: "the React UI kit on the SDK" },
  {
    dir: "packages/react-native",
    mayImport: ["packages/sdk", "packages/contract", "packages/react"],
    what: "the React Native UI kit on the SDK; of the web kit, only its DOM-free entry",
  },
  { dir: "packages/web", mayImport: ["packages/contract", "packages/sdk"], what: "the dashboard and public site" },
  {
    dir: "examples/chat-web",
    mayImport: ["packages/react", "packages/sdk", "packages/contract"],
    what: "a sample chat app",
  },
  {
    dir: "examples/chat-react-native",
    mayImport: ["packages/react-native", "packages/sdk", "packages/contract"],
    what: "a sample React Native app, also run in the browser",
  },
  {
    dir: "examples/chat-node-bot",
    mayImport: ["packages/sdk", "packages/server-sdk", "packages/contract"],
    what: "a server-side sample: a bot and a webhook receiver",
  },
  { dir: "e2e", mayImport: "any", what: "browser tests; anything, for setup" },
];

/** The rules, by the name each violation is reported under. */
export const RULES = {
  "web-feature": "a web feature imports another feature (compose them in a route module, or share via src/data)",
  "server-module": "server code reaches into another module past its index.ts, or at the tables it owns",
  "server-layer": "server code imports a layer above its own, or a module later in SERVER_MODULE_ORDER",
  "import-cycle": "server files of different modules or layers import each other in a circle (type imports too)",
  "contract-deps": "packages/contract imports something other than zod and its own files",
  "sdk-deps": "packages/sdk imports server or web code",
  layering: "a workspace imports one that the layering table does not allow",
  "native-headless":
    "the React Native kit imports the web kit other than by its DOM-free entry (@parley/react/headless)",
} as const;
export type RuleName = keyof typeof RULES;

const WEB_FEATURES = "packages/web/src/features";
const SERVER_MODULES = `${SERVER_SRC}/modules`;
const SCHEMA_AGGREGATE = `${SERVER_SRC}/db/schema.ts`;
/** Only the database client, drizzle-kit's input and migrations may see every table at once. */
const SCHEMA_AGGREGATE_READERS = `${SERVER_SRC}/db`;
const CONTRACT_SRC = "packages/contract/src";
const CONTRACT_EXTERNALS = ["zod"];
const SDK = "packages/sdk";
const SDK_FORBIDDEN = ["packages/server", "packages/web"];
const NATIVE_KIT = "packages/react-native";
const WEB_KIT = "packages/react";
/** The only way into the web kit from the native one: its hooks, context and strings, with nothing of the DOM. */
const WEB_KIT_HEADLESS = "@parley/react/headless";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "coverage"]);

export interface Violation {
  file: string;
  line: number;
  rule: RuleName;
  message: string;
}

interface ImportRef {
  specifier: string;
  line: number;
  /** An `export ... from` (or `export *`), and whether it carries values rather than only types. */
  reExport?: { valuesExported: boolean };
}

/** Every module specifier a file names: static and dynamic imports, re-exports, `import()` types, mocks. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const refs: ImportRef[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  /** Names bound by a value import from each specifier, to catch `import { t } from "x"; export { t }`. */
  const valueBindings = new Map<string, string>();
  const localExports: { name: string; line: number }[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      refs.push({ specifier: node.moduleSpecifier.text, line: lineOf(node) });
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) valueBindings.set(clause.name.text, node.moduleSpecifier.text);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) valueBindings.set(element.name.text, node.moduleSpecifier.text);
          }
        } else if (bindings && ts.isNamespaceImport(bindings)) {
          valueBindings.set(bindings.name.text, node.moduleSpecifier.text);
        }
      }
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const valuesExported =
        !node.isTypeOnly &&
        (!clause || ts.isNamespaceExport(clause) || clause.elements.some((element) => !element.isTypeOnly));
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        refs.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), reExport: { valuesExported } });
      } else if (clause && ts.isNamedExports(clause) && !node.isTypeOnly) {
        for (const element of clause.elements) {
          if (!element.isTypeOnly) {
            localExports.push({ name: (element.propertyName ?? element.name).text, line: lineOf(element) });
          }
        }
      }
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      refs.push({ specifier: node.moduleReference.expression.text, line: lineOf(node) });
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first) && isModuleCall(node.expression)) {
        refs.push({ specifier: first.text, line: lineOf(node) });
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      refs.push({ specifier: node.argument.literal.text, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  for (const { name, line } of localExports) {
    const specifier = valueBindings.get(name);
    if (specifier !== undefined) refs.push({ specifier, line, reExport: { valuesExported: true } });
  }
  return refs;
}

/** `import("x")`, `require("x")`, and Vitest's `vi.mock("x")` family, which load or replace a module by name. */
function isModuleCall(callee: ts.Expression): boolean {
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return callee.text === "require";
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === "vi" &&
    ["mock", "doMock", "unmock", "doUnmock", "importActual", "importMock"].includes(callee.name.text)
  );
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (fileName.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

interface Workspace {
  name: string;
  /** Relative to the root, with forward slashes. */
  dir: string;
  exports: Record<string, string>;
  /** tsconfig `paths`, as prefix → target directory (relative to the root). */
  aliases: { prefix: string; target: string }[];
}

const posix = (p: string) => p.split(path.sep).join("/");
const isUnder = (file: string, dir: string) => file === dir || file.startsWith(`${dir}/`);

function readJson(file: string): Record<string, unknown> | null {
  if (!fs.existsSync(file)) return null;
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  return error ? null : (config as Record<string, unknown>);
}

/** `paths` of a tsconfig, following relative `extends` until one declares them. */
function aliasesOf(root: string, configFile: string): Workspace["aliases"] {
  const config = readJson(configFile);
  if (!config) return [];
  const options = (config.compilerOptions ?? {}) as { paths?: Record<string, string[]>; baseUrl?: string };
  if (options.paths) {
    const base = path.resolve(path.dirname(configFile), options.baseUrl ?? ".");
    return Object.entries(options.paths).flatMap(([pattern, targets]) => {
      const target = targets[0];
      if (!target) return [];
      return [
        {
          prefix: pattern.replace(/\*$/, ""),
          target: posix(path.relative(root, path.resolve(base, target.replace(/\*$/, "")))),
        },
      ];
    });
  }
  const parent = typeof config.extends === "string" ? config.extends : undefined;
  return parent?.startsWith(".") ? aliasesOf(root, path.resolve(path.dirname(configFile), parent)) : [];
}

function workspacesOf(root: string): Workspace[] {
  const rootPackage = readJson(path.join(root, "package.json")) ?? {};
  const dirs = Array.isArray(rootPackage.workspaces) ? (rootPackage.workspaces as string[]) : [];
  const known = new Set([...dirs, ...LAYERS.map((layer) => layer.dir)]);
  return [...known]
    .filter((dir) => fs.existsSync(path.join(root, dir, "package.json")))
    .map((dir) => {
      const pkg = readJson(path.join(root, dir, "package.json")) ?? {};
      const rawExports = pkg.exports;
      const exports: Record<string, string> =
        typeof rawExports === "string"
          ? { ".": rawExports }
          : Object.fromEntries(
              Object.entries((rawExports ?? {}) as Record<string, unknown>).filter(
                (entry): entry is [string, string] => typeof entry[1] === "string",
              ),
            );
      return {
        name: String(pkg.name ?? dir),
        dir: posix(dir),
        exports,
        aliases: aliasesOf(root, path.join(root, dir, "tsconfig.json")),
      };
    });
}

/** The file (or, failing that, the path) a specifier names, relative to the root; null for an outside package. */
function resolve(root: string, from: string, specifier: string, workspaces: Workspace[]): string | null {
  const fromWorkspace = workspaces.find((w) => isUnder(from, w.dir));
  let target: string | null = null;
  if (specifier.startsWith(".")) {
    target = posix(path.join(path.dirname(from), specifier));
  } else {
    const alias = fromWorkspace?.aliases.find((a) => specifier.startsWith(a.prefix));
    if (alias) {
      target = posix(path.join(alias.target, specifier.slice(alias.prefix.length)));
    } else {
      const workspace = workspaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
      if (!workspace) return null;
      const subpath = `.${specifier.slice(workspace.name.length)}`;
      const exported = workspace.exports[subpath];
      target = posix(path.join(workspace.dir, exported ?? subpath));
    }
  }
  return existingFile(root, target) ?? target;
}

function existingFile(root: string, target: string): string | null {
  const withoutJs = target.replace(/\.(m|c)?jsx?$/, "");
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => `${withoutJs}${ext}`),
    ...SOURCE_EXTENSIONS.map((ext) => `${target}/index${ext}`),
  ];
  return (
    candidates.find((candidate) => fs.statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile()) ?? null
  );
}

function sourceFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) found.push(...sourceFiles(root, relative));
    } else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts")) {
      found.push(relative);
    }
  }
  return found;
}

/** A module's second face: its routes and jobs, which only the composition files take. */
const WIRING = /^wiring\.ts$/;
const ROUTES_OR_JOBS = /^(routes|[a-z-]+-routes|jobs)\.ts$/;

const isTestFile = (file: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || isUnder(file, "packages/server/test");
const featureOf = (file: string) =>
  isUnder(file, WEB_FEATURES) ? file.slice(WEB_FEATURES.length + 1).split("/")[0] : undefined;

/** The rules one import breaks; `target` is the resolved path inside the root, or null for an outside package. */
function check(file: string, ref: ImportRef, target: string | null, workspaces: Workspace[]): Violation[] {
  const found: Violation[] = [];
  const add = (rule: RuleName, message: string) => found.push({ file, line: ref.line, rule, message });
  const fromWorkspace = workspaces.find((w) => isUnder(file, w.dir));
  const toWorkspace = target === null ? undefined : workspaces.find((w) => isUnder(target, w.dir));

  const fromFeature = featureOf(file);
  const toFeature = target === null ? undefined : featureOf(target);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    add("web-feature", `features/${fromFeature} imports features/${toFeature} ("${ref.specifier}")`);
  }

  if (isUnder(file, SERVER_SRC) && !isTestFile(file) && target !== null) {
    const fromModule = moduleOf(file);
    const toModule = moduleOf(target);
    const toModuleRoot = toModule === undefined ? undefined : `${SERVER_MODULES}/${toModule}`;
    // Table definitions name other modules' tables in foreign keys, and the aggregate gathers them all; a table is
    // never part of a module's index, so these imports go file to file.
    const isSchema = (p: string) => /\/schema(\.[cm]?[jt]s|\/.*)$/.test(p);
    const aggregateGathersSchema = (file === SCHEMA_AGGREGATE || isSchema(file)) && isSchema(target);
    const inModule = target.slice((toModuleRoot?.length ?? 0) + 1);
    const fromLayer = serverLayerOf(file.slice(SERVER_SRC.length + 1));
    const fromComposition = fromLayer === SERVER_LAYERS.length - 1;
    if (
      toModule &&
      toModule !== fromModule &&
      !aggregateGathersSchema &&
      !/^index\.[cm]?[jt]sx?$/.test(inModule) &&
      !(fromComposition && WIRING.test(inModule))
    ) {
      const inside = target.slice(SERVER_SRC.length + 1);
      add(
        "server-module",
        `imports ${inside} of module ${toModule}; import modules/${toModule} (its index.ts) instead`,
      );
    }
    if (target === SCHEMA_AGGREGATE && !isUnder(file, SCHEMA_AGGREGATE_READERS)) {
      add("server-module", "imports the aggregate db/schema.ts; a module reads its own schema.ts, others its index.ts");
    }
    const indexOf = fromModule === undefined ? undefined : `${SERVER_MODULES}/${fromModule}/index.`;
    if (indexOf && file.startsWith(indexOf) && toModule === fromModule && ROUTES_OR_JOBS.test(inModule)) {
      add(
        "server-module",
        `index.ts takes the module's routes or jobs from "${ref.specifier}"; wiring.ts gathers them`,
      );
    }
    const toLayer = isUnder(target, SERVER_SRC) ? serverLayerOf(target.slice(SERVER_SRC.length + 1)) : -1;
    const fromName = SERVER_LAYERS[fromLayer]?.name;
    if (fromLayer !== -1 && toLayer > fromLayer) {
      add("server-layer", `${fromName} imports ${SERVER_LAYERS[toLayer]?.name} ("${ref.specifier}"), a layer above it`);
    } else if (fromName === "modules" && toLayer === fromLayer && fromModule && toModule && fromModule !== toModule) {
      const [from, to] = [SERVER_MODULE_ORDER.indexOf(fromModule), SERVER_MODULE_ORDER.indexOf(toModule)];
      if (from === -1 || to === -1 || to > from) {
        add(
          "server-layer",
          `module ${fromModule} imports module ${toModule}, which ${to === -1 || from === -1 ? "SERVER_MODULE_ORDER does not place" : "comes after it in SERVER_MODULE_ORDER"}`,
        );
      }
    }
    if (
      indexOf &&
      file.startsWith(indexOf) &&
      ref.reExport?.valuesExported &&
      (isUnder(target.replace(/\.[cm]?[jt]sx?$/, ""), `${SERVER_MODULES}/${fromModule}/schema`) ||
        target === SCHEMA_AGGREGATE)
    ) {
      add("server-module", `index.ts re-exports the module's tables from "${ref.specifier}"; export types only`);
    }
  }

  const builtin = ref.specifier.startsWith("node:");
  if (isUnder(file, CONTRACT_SRC) && !isTestFile(file)) {
    const packageName = ref.specifier.startsWith("@")
      ? ref.specifier.split("/").slice(0, 2).join("/")
      : ref.specifier.split("/")[0];
    const ownFile = target !== null && isUnder(target, CONTRACT_SRC) && ref.specifier.startsWith(".");
    if (
      !ownFile &&
      !(target === null && !builtin && packageName !== undefined && CONTRACT_EXTERNALS.includes(packageName))
    ) {
      add(
        "contract-deps",
        `imports "${ref.specifier}"; the contract may import only ${CONTRACT_EXTERNALS.join(", ")} and its own files`,
      );
    }
  }

  const sdkReachesOut = isUnder(file, SDK) && target !== null && SDK_FORBIDDEN.some((dir) => isUnder(target, dir));
  if (sdkReachesOut)
    add("sdk-deps", `imports "${ref.specifier}" (${target}); the SDK talks to the server only over the network`);

  if (fromWorkspace?.dir === NATIVE_KIT && toWorkspace?.dir === WEB_KIT && ref.specifier !== WEB_KIT_HEADLESS) {
    add(
      "native-headless",
      `imports "${ref.specifier}"; the native kit takes only "${WEB_KIT_HEADLESS}" of the web kit`,
    );
  }

  if (!sdkReachesOut && fromWorkspace && toWorkspace && fromWorkspace !== toWorkspace) {
    const layer = LAYERS.find((l) => l.dir === fromWorkspace.dir);
    const allowed = layer?.mayImport === "any" || layer?.mayImport.includes(toWorkspace.dir);
    const contractAlreadyReported = found.some((v) => v.rule === "contract-deps");
    if (!allowed && !contractAlreadyReported) {
      add(
        "layering",
        `${fromWorkspace.dir} imports ${toWorkspace.dir} ("${ref.specifier}"), which the layering table does not allow`,
      );
    }
  }
  return found;
}

export function checkBoundaries(root: string): Violation[] {
  const workspaces = workspacesOf(root);
  const violations: Violation[] = [];
  /** The server's own imports, file to file with the line of each, for the cycle check. */
  const serverImports = new Map<string, Map<string, number>>();
  for (const workspace of workspaces) {
    for (const file of sourceFiles(root, workspace.dir)) {
      const isServerSource = isUnder(file, SERVER_SRC) && !isTestFile(file);
      if (isServerSource && serverLayerOf(file.slice(SERVER_SRC.length + 1)) === -1) {
        violations.push({ file, line: 1, rule: "server-layer", message: "is in no layer of SERVER_LAYERS" });
      }
      for (const ref of importsOf(file, fs.readFileSync(path.join(root, file), "utf8"))) {
        const target = resolve(root, file, ref.specifier, workspaces);
        violations.push(...check(file, ref, target, workspaces));
        if (isServerSource && target !== null && isUnder(target, SERVER_SRC) && !isTestFile(target)) {
          const targets = serverImports.get(file) ?? new Map<string, number>();
          if (!targets.has(target)) targets.set(target, ref.line);
          serverImports.set(file, targets);
        }
      }
    }
  }
  violations.push(...importCycles(serverImports));
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export const formatViolation = (v: Violation) => `${v.file}:${v.line} ${v.rule} ${v.message}`;

/** The layering as the README's package table would show it. */
export function layeringTable(): string {
  const rows = LAYERS.map(
    (layer) =>
      `| \`${layer.dir}\` | ${layer.what} | ${layer.mayImport === "any" ? "anything" : layer.mayImport.map((d) => `\`${d}\``).join(", ") || "nothing (zod only)"} |`,
  );
  return ["| package | what it is | may import |", "| --- | --- | --- |", ...rows].join("\n");
}

function main(args: string[]): number {
  if (args.includes("--table")) {
    process.stdout.write(`${layeringTable()}\n`);
    return 0;
  }
  if (args.includes("--layers")) {
    process.stdout.write(`${serverLayersList()}\n`);
    return 0;
  }
  const root = path.resolve(args[0] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const violations = checkBoundaries(root);
  for (const violation of violations) process.stdout.write(`${formatViolation(violation)}\n`);
  if (violations.length > 0) {
    process.stderr.write(`\n${violations.length} boundary violation(s). The rules:\n`);
    for (const [name, text] of Object.entries(RULES)) process.stderr.write(`  ${name}: ${text}\n`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
