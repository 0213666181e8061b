import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { Language } from "@parley/contract";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProvider } from "./app/provider";
import { routePatterns } from "./app/route-patterns";
import { routes } from "./app/routes";
import { type IntroPage, pageHead } from "./features/intro/lib/page-head";
import { i18n, loadStrings } from "./i18n";

export { introPages } from "./features/intro/lib/page-head";

/** Every address pattern of the app, for the server's list of known addresses (scripts/prerender.ts writes it). */
export const appRoutePatterns = routePatterns(routes);

/**
 * Renders one public page to HTML for the prerender (scripts/prerender.ts): the markup of the `#root` element
 * and the style tags its components need, in the given language. The tree is the one main.tsx hydrates.
 */
export async function renderPage(
  page: IntroPage,
  language: Language,
): Promise<{ html: string; styles: string; title: string; description: string }> {
  await loadStrings("public", "site");
  await i18n.changeLanguage(language);
  const url = `http://localhost${page.path}`;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: "css" });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, ...pageHead(page, i18n.t) };
}
