import { describe, expect, it } from "vitest";
import { companyListSearchParams, readCompanyListQuery, sortBy } from "./list-query";

describe("company list query", () => {
  it("reads the defaults from an empty address and writes them back as an empty query", () => {
    const query = readCompanyListQuery(new URLSearchParams());
    expect(query).toEqual({ sort: "createdAt", order: "desc", page: 1, pageSize: 20 });
    expect(companyListSearchParams(query).toString()).toBe("");
  });

  it("keeps the valid parameters when another one is not valid", () => {
    const query = readCompanyListQuery(new URLSearchParams("q=acme&sort=nope&order=asc&page=0&pageSize=50"));
    expect(query).toEqual({ q: "acme", sort: "createdAt", order: "asc", page: 1, pageSize: 50 });
  });

  it("round-trips a search, an order and a page through the address", () => {
    const query = { q: "acme", sort: "email", order: "asc", page: 3, pageSize: 20 } as const;
    expect(readCompanyListQuery(companyListSearchParams(query))).toEqual(query);
  });

  it("flips the order of the current column and starts another column in its own order, on page 1", () => {
    const query = { sort: "createdAt", order: "desc", page: 4, pageSize: 20 } as const;
    expect(sortBy(query, "createdAt")).toMatchObject({ sort: "createdAt", order: "asc", page: 1 });
    expect(sortBy(query, "companyName")).toMatchObject({ sort: "companyName", order: "asc", page: 1 });
    expect(sortBy(query, "messagesThisMonth")).toMatchObject({ sort: "messagesThisMonth", order: "desc" });
  });
});
