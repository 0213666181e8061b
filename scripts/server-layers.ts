/**
 * The server's layers and the circles of imports between them: the part of the boundary check (check-boundaries.ts)
 * that concerns packages/server/src, kept apart so the layering reads as one list.
 */

/** Where the server's source is, from the repository's root. */
export const SERVER_SRC = "packages/server/src";
const SERVER_MODULES = `${SERVER_SRC}/modules`;

/** A circle of imports, reported as check-boundaries.ts reports any violation. */
export interface CycleViolation {
  file: string;
  line: number;
  rule: "import-cycle";
  message: string;
}
/** The module a file under packages/server/src/modules belongs to, or undefined for a file outside them. */
export const moduleOf = (file: string) =>
  file.startsWith(`${SERVER_MODULES}/`) ? file.slice(SERVER_MODULES.length + 1).split("/")[0] : undefined;

/**
 * The server's layers, bottom first, by path under packages/server/src. A file imports its own layer or one below,
 * never one above; in the modules layer a module imports only modules before it in `SERVER_MODULE_ORDER`. Tables are
 * a layer of their own wherever they live: a foreign key may name a table of any module, and a table imports nothing
 * but other tables and the column helpers. Every source file is in exactly one layer; a new top-level file is
 * reported until it is given one here. `--layers` prints this list as docs/architecture.md shows it.
 */
export const SERVER_LAYERS: readonly { name: string; holds: RegExp; what: string }[] = [
  {
    name: "tables",
    holds: /(^|\/)schema\.ts$|^db\/columns\.ts$/,
    what: "the Drizzle table definitions (`*/schema.ts`) and their column helpers; `db/schema.ts` gathers them",
  },
  {
    name: "foundation",
    holds:
      /^db\/|^(errors|config|clock|cache|batch-loader|repeating|log-text|csv|redis|export-sections|banner|node-flags)\.ts$/,
    what: "the database client and migrations, errors, config, clock, caches and small helpers",
  },
  {
    name: "infrastructure",
    holds: /^(jobs|integrations)\/|^mail\/(?!jobs\.ts$)|^context\.ts$/,
    what: "the job queue, outside services behind their interfaces, mail templates, and `context.ts`",
  },
  {
    name: "chat core",
    holds: /^chat\/(?!jobs\.ts$)/,
    what: "the event bus, the outbox and events of the chat, presence: what modules publish through",
  },
  {
    name: "modules",
    holds: /^modules\/[^/]+\/(?!(wiring|routes|[a-z-]+-routes|jobs)\.ts$)/,
    what: "the domain, one folder each, seen by other modules through `index.ts`, in `SERVER_MODULE_ORDER`",
  },
  {
    name: "transport",
    holds: /^(http|gateway)\/|^(chat|mail)\/jobs\.ts$|^modules\/[^/]+\/(wiring|routes|[a-z-]+-routes|jobs)\.ts$/,
    what: "HTTP plugins, the WebSocket gateway, and each module's routes and jobs, gathered in its `wiring.ts`",
  },
  {
    name: "composition",
    holds: /^(app|services|routes|job-handlers|main|cli)\.ts$/,
    what: "the services made in order, every route and job handler, the app, and the two entry points",
  },
];

/**
 * The modules, lowest first: a module's files import only modules before it (through their index.ts). The order
 * is what the domain says: an app belongs to an account, a channel to an app, a message to a channel; features
 * that act on messages (files, push, translation, link previews, reports, calls, campaigns) come after them, and
 * the account-wide views (billing, admin, notices, exports) last.
 */
export const SERVER_MODULE_ORDER: readonly string[] = [
  "health",
  "contact",
  "live",
  "auth",
  "apps",
  "metrics",
  "audit",
  "webhooks",
  "chat-users",
  "permissions",
  "channels",
  "messages",
  "profanity",
  "moderation-rules",
  "files",
  "push",
  "translation",
  "link-previews",
  "reports",
  "calls",
  "campaigns",
  "billing",
  "admin",
  "notifications",
  "accounts",
  "exports",
  "imports",
];

/** The index in `SERVER_LAYERS` of a file under packages/server/src (given relative to it), or -1 for none. */
export function serverLayerOf(file: string): number {
  // A table is a table wherever it lives (http/schema.ts is one): the first layer's pattern decides before the rest.
  if (SERVER_LAYERS[0]?.holds.test(file)) return 0;
  return SERVER_LAYERS.findIndex((layer, index) => index > 0 && layer.holds.test(file));
}

/** What a server file belongs to for the cycle check: its layer and its module or top-level folder. */
function unitOf(file: string): string {
  const inside = file.slice(SERVER_SRC.length + 1);
  const layer = SERVER_LAYERS[serverLayerOf(inside)]?.name ?? "no layer";
  return `${layer} ${moduleOf(file) ?? inside.split("/")[0]}`;
}

/**
 * The circles of imports among server files that span more than one module or layer, one violation each, reported
 * at a file of the circle with one path around it. Files of one module or folder may import each other in a circle;
 * across them a circle makes "which way may this import go" unanswerable.
 */
export function importCycles(graph: Map<string, Map<string, number>>): CycleViolation[] {
  const found: CycleViolation[] = [];
  for (const component of stronglyConnected(graph)) {
    const units = new Set(component.map(unitOf));
    if (units.size < 2) continue;
    const members = new Set(component);
    const [start] = component.sort();
    if (start === undefined) continue;
    const circle = pathBack(graph, members, start);
    const [next] = circle;
    found.push({
      file: start,
      line: (next && graph.get(start)?.get(next)) || 1,
      rule: "import-cycle",
      message: `${component.length} files of ${[...units].sort().join(", ")} import each other: ${[start, ...circle].map((f) => f.slice(SERVER_SRC.length + 1)).join(" -> ")}`,
    });
  }
  return found;
}

/** Tarjan's algorithm, iterative so a long chain of imports cannot overflow the stack. */
function stronglyConnected(graph: Map<string, Map<string, number>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node)?.keys() ?? [][Symbol.iterator]()) as Iterator<string> });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      const step = frame.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components;
}

/** The shortest path of imports from `start` back to it, inside `members`, without `start` at its head. */
function pathBack(graph: Map<string, Map<string, number>>, members: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) path.unshift(at);
        return path;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** The server's layers as docs/architecture.md lists them, top first. */
export function serverLayersList(): string {
  const rows = SERVER_LAYERS.map((layer) => `- **${layer.name}**: ${layer.what}.`).reverse();
  const order = `Modules, lowest first: ${SERVER_MODULE_ORDER.map((m) => `\`${m}\``).join(", ")}.`;
  return [...rows, "", ...wrap(order, 116)].join("\n");
}

/** `text` in lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}
