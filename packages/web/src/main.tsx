import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { AppRouter, createAppRouter, loadMatchedRoutes } from "./app/router";
import { paths } from "./config/paths";
import { loadStrings } from "./i18n";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/** Public pages arrive prerendered (see scripts/prerender.ts) and are hydrated; every other address renders. */
async function start(root: HTMLElement) {
  // The public site needs only its own texts; any other page the dashboard's too (routes load them as well).
  const isPublic = window.location.pathname.startsWith(paths.intro.home.path);
  await (isPublic ? loadStrings("public") : loadStrings("public", "app"));
  if (!document.documentElement.hasAttribute("data-prerendered")) {
    createRoot(root).render(<App router={createAppRouter()} />);
    return;
  }
  await loadMatchedRoutes(window.location);
  hydrateRoot(root, <App router={createAppRouter()} />);
}

void start(container);
