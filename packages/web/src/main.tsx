import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prefetchNotices } from "./app/notice-prefetch";
import { AppProvider, createQueryClient } from "./app/provider";
import { BootFallback } from "./app/root-layout";
import { AppRouter, createAppRouter, loadMatchedRoutes } from "./app/router";
import { paths } from "./config/paths";
import { loadStrings } from "./i18n";
import { afterFirstPaint } from "./lib/first-paint";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const queryClient = createQueryClient();

/** Without a router, the boot screen: what shows while the first route's modules download. */
function App({ router }: { router: ReturnType<typeof createAppRouter> | null }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>{router ? <AppRouter router={router} /> : <BootFallback />}</AppProvider>
    </StrictMode>
  );
}

/** Public pages arrive prerendered (see scripts/prerender.ts) and are hydrated; every other address renders. */
async function start(root: HTMLElement) {
  const isPublic = window.location.pathname.startsWith(paths.intro.home.path);
  // The public site needs its own texts; any other page the dashboard's instead (routes load them as well).
  await (isPublic ? loadStrings("public", "site") : loadStrings("public", "app"));
  if (!document.documentElement.hasAttribute("data-prerendered")) {
    // The boot screen is painted before the router starts fetching the route's modules, so the first paint waits
    // only for the start-up code and the texts, not for every request the page will make.
    const reactRoot = createRoot(root);
    flushSync(() => reactRoot.render(<App router={null} />));
    await afterFirstPaint();
    if (!isPublic) prefetchNotices(queryClient);
    reactRoot.render(<App router={createAppRouter()} />);
    return;
  }
  await loadMatchedRoutes(window.location);
  hydrateRoot(root, <App router={createAppRouter()} />);
}

void start(container);
