import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { type ListColumn, type ListQueryState, ListTable } from "./list-table";

interface Fruit {
  id: string;
  name: string;
}

const t = i18n.t.bind(i18n);
const columns: ListColumn<Fruit>[] = [{ key: "name", header: "Name", cell: (fruit) => fruit.name }];
const loaded: ListQueryState = { isPending: false, isSuccess: true, isError: false, error: null, refetch: () => {} };
const search = { value: "", onChange: () => {}, label: "Search fruit" };
const empty = { icon: null, title: "No fruit yet" };

describe("ListTable", () => {
  it("shows the rows in a table named like its region, and a load-more button while pages remain", async () => {
    const fetchNextPage = vi.fn(async () => {});
    render(
      <ListTable
        label="Fruit"
        search={search}
        query={loaded}
        rows={[{ id: "a", name: "Apple" }]}
        rowKey={(fruit) => fruit.id}
        rowProps={(fruit) => ({ "data-testid": `fruit-${fruit.id}` })}
        columns={columns}
        empty={empty}
        pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}
      />,
    );
    const region = screen.getByRole("region", { name: "Fruit" });
    const table = within(region).getByRole("table", { name: "Fruit" });
    expect(within(table).getByRole("columnheader", { name: "Name" })).toBeInTheDocument();
    expect(within(screen.getByTestId("fruit-a")).getByRole("cell", { name: "Apple" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search fruit" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: t("common.loadMore") }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it("shows the empty state, not a table, when the list answered with no rows", () => {
    render(
      <ListTable
        label="Fruit"
        search={search}
        query={loaded}
        rows={[]}
        rowKey={(fruit: Fruit) => fruit.id}
        columns={columns}
        empty={empty}
      />,
    );
    expect(screen.getByText("No fruit yet")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the load error with a retry that asks again", async () => {
    const refetch = vi.fn();
    render(
      <ListTable
        label="Fruit"
        search={search}
        query={{
          isPending: false,
          isSuccess: false,
          isError: true,
          error: new ApiError("001", "Internal error", 500),
          refetch,
        }}
        rows={[]}
        rowKey={(fruit: Fruit) => fruit.id}
        columns={columns}
        empty={empty}
      />,
    );
    expect(screen.queryByText("No fruit yet")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: t("common.retry") }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("offers the filter's options and hands the chosen one back", async () => {
    const onChange = vi.fn();
    render(
      <ListTable
        label="Fruit"
        search={search}
        filter={{
          label: "Season",
          value: "all",
          options: ["all", "summer"] as const,
          optionLabel: (value) => (value === "all" ? "Any season" : "Summer"),
          onChange,
          minWidth: 160,
        }}
        query={loaded}
        rows={[]}
        rowKey={(fruit: Fruit) => fruit.id}
        columns={columns}
        empty={empty}
      />,
    );
    await userEvent.click(screen.getByRole("combobox", { name: "Season" }));
    await userEvent.click(await screen.findByRole("option", { name: "Summer" }));
    expect(onChange).toHaveBeenCalledWith("summer");
  });

  it("shows more filters beside the search when a list has them", () => {
    render(
      <ListTable
        label="Fruit"
        search={search}
        moreFilters={<input aria-label="Picked after" type="date" />}
        query={loaded}
        rows={[]}
        rowKey={(fruit: Fruit) => fruit.id}
        columns={columns}
        empty={empty}
      />,
    );
    expect(screen.getByRole("searchbox", { name: "Search fruit" })).toBeInTheDocument();
    expect(screen.getByLabelText("Picked after")).toBeInTheDocument();
  });
});
