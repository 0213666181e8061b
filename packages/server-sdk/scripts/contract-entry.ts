/**
 * What the server SDK takes from the contract, gathered from its source: every name a file under `src/` imports or
 * re-exports from `@parley/contract` (types, which the build prints without zod) or from its zod-free entry
 * `@parley/contract/client` (values, which esbuild bundles). The build writes the result as a module of re-exports and
 * prints its declarations (the repository's `scripts/contract-declarations.ts`), so the list can never fall behind
 * what the SDK imports.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const CONTRACT = "@parley/contract";
const CONTRACT_CLIENT = "@parley/contract/client";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The names each contract entry gives the SDK's source, sorted. */
export function contractImports(srcDir: string): { types: string[]; values: string[] } {
  const names = { [CONTRACT]: new Set<string>(), [CONTRACT_CLIENT]: new Set<string>() };
  for (const file of sourceFiles(srcDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const { moduleSpecifier } = statement;
      const specifier = moduleSpecifier && ts.isStringLiteral(moduleSpecifier) ? moduleSpecifier.text : null;
      if (specifier !== CONTRACT && specifier !== CONTRACT_CLIENT) continue;
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
        throw new Error(`${file}: import the contract's names one by one, so the build knows which it bundles`);
      }
      for (const element of bindings.elements) names[specifier].add((element.propertyName ?? element.name).text);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b, "en"));
  return { types: sorted(names[CONTRACT]), values: sorted(names[CONTRACT_CLIENT]) };
}

/** The re-export module the declarations are printed from. */
export function contractEntrySource(srcDir: string): string {
  const { types, values } = contractImports(srcDir);
  const list = (items: string[]) => items.map((name) => `  ${name},\n`).join("");
  return `export type {\n${list(types)}} from "${CONTRACT}";\nexport {\n${list(values)}} from "${CONTRACT_CLIENT}";\n`;
}
