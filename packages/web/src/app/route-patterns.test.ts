import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { routePatterns } from "./route-patterns";
import { routes } from "./routes";

describe("routePatterns", () => {
  const patterns = routePatterns(routes);

  it("lists the pages of the route table, parametrised ones included", () => {
    expect(patterns).toEqual(
      expect.arrayContaining([
        "/",
        paths.intro.home.path,
        paths.intro.docs.path,
        paths.auth.login.path,
        paths.apps.report.path,
        paths.apps.calls.path,
        paths.apps.messageSearch.path,
        paths.apps.exports.path,
        paths.apps.imports.path,
        paths.apps.message.campaignReport.path,
        paths.notFound.path,
      ]),
    );
  });

  it("leaves out the catch-all, so that an address only it takes counts as unknown", () => {
    expect(patterns).not.toContain("*");
    expect(patterns).not.toContain("/*");
  });

  it("joins relative children to their parents and lists an index route as its parent's address", () => {
    const nested = [{ path: "/a", children: [{ index: true }, { path: "b/:id" }, { children: [{ path: "c" }] }] }];
    expect(routePatterns(nested)).toEqual(["/a", "/a/b/:id", "/a/c"]);
  });
});
