/**
 * Writes the declarations of `@parley/contract/client` (or of another module that re-exports contract types) without
 * zod, for the published SDKs' types: the chat SDK's and the server SDK's builds both use it.
 *
 * The contract's wire types are inferred from zod schemas (`type TMessage = z.infer<typeof zMessage>`). Any
 * declaration bundler keeps such an alias as written, so the SDK's `.d.ts` would import zod and every app would have
 * to install zod to type-check code that never runs it. This prints each exported type as the structure the checker
 * resolved (property by property, with the schema's doc comments), so the published types are plain TypeScript.
 * A type it cannot print faithfully (a generic alias, a function type inside a wire type) stops the build rather than
 * degrading to something looser.
 */
import path from "node:path";
import ts from "typescript";

/**
 * `entry` is the module whose exports are printed: by default the contract's client entry; the server SDK names a
 * file of its own that re-exports the contract's types it uses.
 */
export function contractDeclarations(contractDir: string, entry = path.join(contractDir, "src/client.ts")): string {
  const configFile = path.join(contractDir, "tsconfig.json");
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic },
  );
  if (!config) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram([entry], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`cannot read ${entry}`);

  const exported = checker.getExportsOfModule(moduleSymbol).map((symbol) => ({
    name: symbol.name,
    target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  }));
  /** Exported types by identity, so a nested occurrence prints as its name instead of its whole structure again. */
  const named = new Map<ts.Type, string>();
  for (const { name, target } of exported) {
    if (target.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface)) {
      named.set(checker.getDeclaredTypeOfSymbol(target), name);
    }
  }

  const linkable = new Set(exported.map(({ name }) => name));
  const printer = new TypePrinter(checker, named, linkable);
  const parts: string[] = [];
  for (const { name, target } of exported) {
    if (target.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface)) {
      const type = checker.getDeclaredTypeOfSymbol(target);
      if (isGeneric(target)) throw new Error(`${name}: generic types are not supported`);
      const docs =
        docComment(checker, linkable, target) ?? docComment(checker, linkable, inferredFrom(checker, target));
      const prefix = docs ? `${docs}\n` : "";
      if (target.flags & ts.SymbolFlags.Interface) {
        parts.push(`${prefix}export interface ${name} ${printer.members(type, "")}`);
      } else {
        parts.push(`${prefix}export type ${name} = ${printer.print(type, "", type)};`);
      }
    }
    if (target.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Function)) {
      parts.push(valueDeclaration(checker, printer, linkable, name, target));
    }
  }
  return `${parts.join("\n\n")}\n`;
}

function onUnRecoverableConfigFileDiagnostic(diagnostic: ts.Diagnostic): never {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

function isGeneric(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(
    (d) => (ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d)) && (d.typeParameters?.length ?? 0) > 0,
  );
}

/** The schema behind `z.infer<typeof zX>` (or `z.input`): its doc comment is the type's when the alias has none. */
function inferredFrom(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol | undefined {
  const type = symbol.declarations?.find(ts.isTypeAliasDeclaration)?.type;
  if (!type || !ts.isTypeReferenceNode(type) || !/^z\.(infer|input|output)$/.test(type.typeName.getText())) return;
  const [argument] = type.typeArguments ?? [];
  return argument && ts.isTypeQueryNode(argument) ? checker.getSymbolAtLocation(argument.exprName) : undefined;
}

/**
 * The symbol's doc comment as a block at `indent`. A `{@link}` to a name these declarations do not carry (a limit
 * of the contract the SDK does not export) becomes plain code text, so it does not dangle in an editor.
 */
function docComment(
  checker: ts.TypeChecker,
  linkable: ReadonlySet<string>,
  symbol: ts.Symbol | undefined,
  indent = "",
): string | undefined {
  if (!symbol) return undefined;
  const text = ts
    .displayPartsToString(symbol.getDocumentationComment(checker))
    .trim()
    .replace(/\{@link\s+([\w.]+)\s*\}/g, (link, name: string) => (linkable.has(name) ? link : `\`${name}\``));
  const tags = symbol
    .getJsDocTags(checker)
    .map((tag) => `@${tag.name}${tag.text ? ` ${ts.displayPartsToString(tag.text)}` : ""}`);
  const lines = [...(text ? text.split("\n") : []), ...tags];
  if (lines.length === 0) return undefined;
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((line) => `${indent} *${line ? ` ${line}` : ""}`), `${indent} */`].join("\n");
}

/**
 * Constants come from the contract's zod-free modules, so the compiler's own printing of their types is already plain
 * (and keeps `readonly` from `as const`); it is checked anyway, since a zod type here would break every app's
 * type-check. Functions go through the printer, so their parameters read as the named types (`code: ErrorCode`).
 */
function valueDeclaration(
  checker: ts.TypeChecker,
  printer: TypePrinter,
  linkable: ReadonlySet<string>,
  name: string,
  symbol: ts.Symbol,
): string {
  const docs = docComment(checker, linkable, symbol);
  const prefix = docs ? `${docs}\n` : "";
  const type = checker.getTypeOfSymbol(symbol);
  if (symbol.flags & ts.SymbolFlags.Function) {
    const [signature, ...overloads] = checker.getSignaturesOfType(type, ts.SignatureKind.Call);
    if (!signature || overloads.length > 0) throw new Error(`${name}: expected exactly one signature`);
    const parameters = signature.getParameters().map((parameter) => {
      const declaration = parameter.valueDeclaration;
      const optional =
        declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer) ? "?" : "";
      return `${parameter.name}${optional}: ${printer.print(checker.getTypeOfSymbol(parameter), "")}`;
    });
    const predicate = checker.getTypePredicateOfSignature(signature);
    const returns =
      predicate?.type && predicate.parameterName
        ? `${predicate.parameterName} is ${printer.print(predicate.type, "")}`
        : printer.print(signature.getReturnType(), "");
    return `${prefix}export declare function ${name}(${parameters.join(", ")}): ${returns};`;
  }
  const node = checker.typeToTypeNode(
    type,
    undefined,
    ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.MultilineObjectLiterals,
  );
  if (!node) throw new Error(`${name}: cannot print its type`);
  const printed = ts.createPrinter().printNode(ts.EmitHint.Unspecified, node, EMPTY_FILE);
  if (/\bz\.|import\(/.test(printed)) throw new Error(`${name}: its type refers to another module: ${printed}`);
  return `${prefix}export declare const ${name}: ${printed};`;
}

const EMPTY_FILE = ts.createSourceFile("empty.ts", "", ts.ScriptTarget.Latest);

class TypePrinter {
  /** The types being printed, outermost first: a type met again inside itself has no finite expansion. */
  readonly #stack: ts.Type[] = [];

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly named: Map<ts.Type, string>,
    private readonly linkable: ReadonlySet<string>,
  ) {}

  /** `self` is the exported type being declared, which must not print as its own name. */
  print(type: ts.Type, indent: string, self?: ts.Type): string {
    const name = type === self ? undefined : this.named.get(type);
    if (name) return name;
    const { checker } = this;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) return checker.typeToString(type);
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.BigInt | ts.TypeFlags.ESSymbol)) {
      return checker.typeToString(type);
    }
    if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
      return checker.typeToString(type);
    }
    if (type.isStringLiteral()) return JSON.stringify(type.value);
    if (type.isNumberLiteral()) return String(type.value);
    if (flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type);
    if (flags & ts.TypeFlags.NonPrimitive) return "object";
    if (flags & ts.TypeFlags.TemplateLiteral) return checker.typeToString(type);
    if (type.isUnion()) return this.#union(type, indent);
    if (type.isIntersection()) return type.types.map((t) => this.#wrapped(t, indent)).join(" & ");
    if (flags & ts.TypeFlags.Object) return this.#object(type as ts.ObjectType, indent);
    throw new Error(`cannot print the type ${checker.typeToString(type)}`);
  }

  /** The body of an object type, `{ … }`, with each property's doc comment. */
  members(type: ts.Type, indent: string): string {
    const { checker } = this;
    if (this.#stack.includes(type)) throw new Error(`a recursive type: ${checker.typeToString(type)}`);
    this.#stack.push(type);
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const docs = docComment(checker, this.linkable, property, inner);
      if (docs) lines.push(docs);
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      const readonly = isReadonly(property) ? "readonly " : "";
      const value = this.print(checker.getTypeOfSymbol(property), inner);
      lines.push(`${inner}${readonly}${propertyName(property.name)}${optional}: ${value};`);
    }
    for (const info of checker.getIndexInfosOfType(type)) {
      const readonly = info.isReadonly ? "readonly " : "";
      const key = checker.typeToString(info.keyType);
      lines.push(`${inner}${readonly}[key: ${key}]: ${this.print(info.type, inner)};`);
    }
    this.#stack.pop();
    return lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n${indent}}`;
  }

  #object(type: ts.ObjectType, indent: string): string {
    const { checker } = this;
    if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
      throw new Error(`a function in a wire type: ${checker.typeToString(type)}`);
    }
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      const target = (type as ts.TypeReference).target as ts.TupleType;
      if (target.elementFlags.some((f) => f & ~ts.ElementFlags.Required)) {
        throw new Error(`a tuple with optional or rest elements: ${checker.typeToString(type)}`);
      }
      const list = `[${elements.map((t) => this.print(t, indent)).join(", ")}]`;
      return target.readonly ? `readonly ${list}` : list;
    }
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      if (!element) throw new Error(`an array without an element type: ${checker.typeToString(type)}`);
      const readonly = type.symbol?.name === "ReadonlyArray" ? "readonly " : "";
      return `${readonly}${this.#wrapped(element, indent)}[]`;
    }
    // A class or interface of the standard library (Date) is known to every program by its name.
    const declaration = type.symbol?.declarations?.[0];
    const fromLib = declaration?.getSourceFile().hasNoDefaultLib;
    if (
      fromLib &&
      !(type.symbol.flags & ts.SymbolFlags.TypeLiteral) &&
      checker.typeToString(type) === type.symbol.name
    ) {
      return type.symbol.name;
    }
    return this.members(type, indent);
  }

  #union(type: ts.UnionType, indent: string): string {
    const { checker } = this;
    const members = type.types;
    const hasTrue = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === "true");
    const hasFalse = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === "false");
    const printed: string[] = [];
    const tail: string[] = [];
    let booleanDone = false;
    for (const member of members) {
      if (member.flags & ts.TypeFlags.BooleanLiteral && hasTrue && hasFalse) {
        if (!booleanDone) printed.push("boolean");
        booleanDone = true;
      } else if (member.flags & ts.TypeFlags.Null) tail.unshift("null");
      else if (member.flags & ts.TypeFlags.Undefined) tail.push("undefined");
      else printed.push(this.#wrapped(member, indent));
    }
    return [...printed, ...tail].join(" | ");
  }

  /** A member of a union, intersection or array, in parentheses where its own operators would bind wrongly. */
  #wrapped(type: ts.Type, indent: string): string {
    const text = this.print(type, indent);
    return (type.isUnion() || type.isIntersection()) && !this.named.has(type) ? `(${text})` : text;
  }
}

function isReadonly(property: ts.Symbol): boolean {
  return (property.declarations ?? []).some(
    (d) => ts.getCombinedModifierFlags(d as ts.Declaration) & ts.ModifierFlags.Readonly,
  );
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
