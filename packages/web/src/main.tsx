import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProvider, createQueryClient } from "./app/provider";
import { AppRouter, createAppRouter, loadMatchedRoutes } from "./app/router";
import { paths } from "./config/paths";
import { notificationsQueryOptions, seesNotices } from "./features/notifications/api/get-notifications";
import { loadStrings } from "./i18n";
import { getSession } from "./lib/session";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const queryClient = createQueryClient();

function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/** Public pages arrive prerendered (see scripts/prerender.ts) and are hydrated; every other address renders. */
async function start(root: HTMLElement) {
  const isPublic = window.location.pathname.startsWith(paths.intro.home.path);
  // The notice bars sit above the dashboard's toolbar; asked for now, with the route's code still on its way, they
  // are there at the first paint instead of pushing the page down when they arrive.
  if (!isPublic && seesNotices(getSession())) void queryClient.prefetchQuery(notificationsQueryOptions());
  // The public site needs only its own texts; any other page the dashboard's too (routes load them as well).
  await (isPublic ? loadStrings("public") : loadStrings("public", "app"));
  if (!document.documentElement.hasAttribute("data-prerendered")) {
    createRoot(root).render(<App router={createAppRouter()} />);
    return;
  }
  await loadMatchedRoutes(window.location);
  hydrateRoot(root, <App router={createAppRouter()} />);
}

void start(container);
