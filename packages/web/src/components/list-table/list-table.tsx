import {
  Box,
  LinearProgress,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  type TableCellProps,
  TableHead,
  TableRow,
  type TableRowProps,
  TextField,
} from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { SearchField } from "@/components/search-field";
import { TableRegion } from "@/components/table-region";

/** One column: its head cell and what each row shows in it. */
export interface ListColumn<Row> {
  key: string;
  header: ReactNode;
  /** Shared by the head and the body cells, so a column hides on the same screens in both. */
  sx?: TableCellProps["sx"];
  align?: TableCellProps["align"];
  /** The head cell's own props (a sort direction, say). */
  headerProps?: Omit<TableCellProps, "sx" | "align" | "children">;
  /** The body cells' own props, added after `sx`. */
  cellProps?: Omit<TableCellProps, "align" | "children">;
  cell: (row: Row) => ReactNode;
}

/** A select beside the search that narrows the list (usage, status, kind). */
export interface ListFilter<Value extends string> {
  label: string;
  value: Value;
  options: readonly Value[];
  optionLabel: (value: Value) => string;
  onChange: (value: Value) => void;
  minWidth: number;
}

/** The part of a query the scaffold reads: whether it has answered, and how to ask again. */
export interface ListQueryState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** An infinite query's paging, for a list read a page at a time behind a "load more" button. */
export interface ListPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function mergeSx(...parts: TableCellProps["sx"][]): TableCellProps["sx"] {
  return parts.flatMap((part) => (Array.isArray(part) ? part : part === undefined ? [] : [part]));
}

/**
 * The dashboard's searchable, paged tables: a search field (and a filter), then a skeleton, the load error, the
 * empty state, or the table in its focusable region, then the paging. Each list gives its columns, rows and texts.
 */
export function ListTable<Row, FilterValue extends string = string>({
  label,
  search,
  filter,
  moreFilters,
  query,
  rows,
  rowKey,
  rowProps,
  columns,
  empty,
  pages,
  footer,
  skeletonHeight = 240,
  isRefreshing = false,
  renderError,
}: {
  /** The table's name: its `aria-label` and its scroll region's. */
  label: string;
  search: { value: string; onChange: (value: string) => void; label: string };
  filter?: ListFilter<FilterValue>;
  /** Controls after the search and the filter that narrow the list further (a date range). */
  moreFilters?: ReactNode;
  query: ListQueryState;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => TableRowProps & { "data-testid"?: string };
  columns: readonly ListColumn<Row>[];
  empty: { icon: ReactNode; title: string; body?: string; action?: ReactNode };
  /** Paging by "load more": an infinite query. */
  pages?: ListPages;
  /** Paging by number, or anything else shown under the rows while there are rows. */
  footer?: ReactNode;
  skeletonHeight?: number;
  /** Shows a bar over the rows while a new page or order replaces them, for a list that keeps the old rows meanwhile. */
  isRefreshing?: boolean;
  /** A load error shown some other way than the standard box (an admin screen whose role was taken away). */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const retry = () => void query.refetch();
  const searchField = <SearchField value={search.value} onChange={search.onChange} label={search.label} />;

  const table = (
    <TableRegion label={label} isOutlined sx={{ position: "relative" }}>
      {isRefreshing && (
        <LinearProgress aria-label={t("common.loading")} sx={{ position: "absolute", top: 0, left: 0, right: 0 }} />
      )}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} sx={column.sx} align={column.align} {...column.headerProps}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover {...rowProps?.(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  {...column.cellProps}
                  sx={mergeSx(column.sx, column.cellProps?.sx)}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );

  return (
    <>
      {filter || moreFilters ? (
        // Wraps with gaps, not margins, so a row of several controls breaks cleanly on a narrow screen.
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: "wrap" }}>
          <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>{searchField}</Box>
          {filter && (
            <TextField
              select
              size="small"
              fullWidth={false}
              label={filter.label}
              value={filter.value}
              onChange={(event) => filter.onChange(event.target.value as FilterValue)}
              sx={{ minWidth: filter.minWidth, flex: "0 0 auto" }}
            >
              {filter.options.map((value) => (
                <MenuItem key={value} value={value}>
                  {filter.optionLabel(value)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {moreFilters}
        </Stack>
      ) : (
        <Box sx={{ mb: 2, maxWidth: { sm: 360 } }}>{searchField}</Box>
      )}
      {query.isPending && <Skeleton variant="rounded" height={skeletonHeight} aria-busy />}
      {query.isError &&
        (renderError ? renderError(query.error, retry) : <LoadError error={query.error} onRetry={retry} />)}
      {query.isSuccess && rows.length === 0 && (
        <EmptyState icon={empty.icon} title={empty.title} body={empty.body} action={empty.action} />
      )}
      {rows.length > 0 &&
        (footer === undefined ? (
          table
        ) : (
          <Stack spacing={2}>
            {table}
            {footer}
          </Stack>
        ))}
      {pages && <LoadMore pages={pages} />}
    </>
  );
}
