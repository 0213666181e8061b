import BusinessRounded from "@mui/icons-material/BusinessRounded";
import { Box, Button, Link, Pagination, TableSortLabel, Typography } from "@mui/material";
import {
  COMPANY_SORT_KEYS,
  type TCompanyListQuery,
  type TCompanySortKey,
  type TCompanySummary,
} from "@parley/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useCompanies } from "../api/get-companies";
import { companyListSearchParams, firstOrderOf, readCompanyListQuery, sortBy } from "../lib/list-query";
import { AdminLoadError } from "./admin-load-error";
import { AccountKindChip, CompanyPlanStateChip } from "./company-chips";

/** How long the search waits for typing to pause before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const columnSx: Record<TCompanySortKey, object> = {
  companyName: { minWidth: 160 },
  email: notOnPhone,
  kind: wideOnly,
  planState: {},
  apps: wideOnly,
  messagesThisMonth: notOnPhone,
  createdAt: { ...wideOnly, whiteSpace: "nowrap" },
};
const isNumeric = (key: TCompanySortKey) => key === "apps" || key === "messagesThisMonth";

/** The list's query lives in the address; every change replaces it, so Back leaves the list instead of paging. */
function useListQuery(): [TCompanyListQuery, (next: TCompanyListQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = readCompanyListQuery(params);
  return [query, (next) => setParams(companyListSearchParams(next), { replace: true })];
}

/**
 * The search box writes `q` to the address once typing pauses. When the address changes by other means (the menu's
 * link to the plain list) the box follows it, unless it already holds that text with spaces still being typed.
 */
function useSearchInput(query: TCompanyListQuery, setQuery: (next: TCompanyListQuery) => void) {
  const urlSearch = query.q ?? "";
  const [input, setInput] = useState(urlSearch);
  const [syncedSearch, setSyncedSearch] = useState(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A row opened while the pause was still running: the list stays mounted until the detail page has loaded, and
  // writing the search then would navigate back to the list.
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== "idle";

  if (urlSearch !== syncedSearch) {
    setSyncedSearch(urlSearch);
    if (urlSearch !== input.trim()) setInput(urlSearch);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setInput(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (leaving.current) return;
      const q = value.trim();
      if (q !== urlSearch) setQuery({ ...query, q: q || undefined, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
  };
  return [input, onChange] as const;
}

/** What the detail page's back link returns to: the list as it was left, with its search, order and page. */
export interface CompanyListState {
  listHref?: string;
}

/** One cell of a company's row; the name links to its detail, carrying the list as it was left. */
function CompanyCell({
  company,
  column,
  state,
}: {
  company: TCompanySummary;
  column: TCompanySortKey;
  state: CompanyListState;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  switch (column) {
    case "companyName":
      return (
        <>
          <Link
            component={RouterLink}
            to={paths.admin.companyDetail.getHref(company.id)}
            state={state}
            variant="body2"
            color="inherit"
            underline="hover"
            onClick={(event) => event.stopPropagation()}
            sx={{ fontWeight: 600, wordBreak: "break-word" }}
          >
            {company.companyName || t("admin.noCompanyName")}
          </Link>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { xs: "block", sm: "none" }, wordBreak: "break-all" }}
          >
            {company.email}
          </Typography>
        </>
      );
    case "email":
      return company.email;
    case "kind":
      return <AccountKindChip kind={company.kind} />;
    case "planState":
      return <CompanyPlanStateChip state={company.planState} />;
    case "apps":
      return format.number(company.apps);
    case "messagesThisMonth":
      return format.number(company.messagesThisMonth);
    case "createdAt":
      return format.date(company.createdAt);
  }
}

/**
 * `/admin/companylist`: every customer company, searched by name or email, sorted by any column and paged by
 * number. Search, order and page live in the address.
 */
export function CompanyList() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [query, setQuery] = useListQuery();
  const location = useLocation();
  const rowState: CompanyListState = { listHref: `${location.pathname}${location.search}` };
  const [searchInput, setSearchInput] = useSearchInput(query, setQuery);
  const companies = useCompanies(query);
  const data = companies.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const rows = data?.companies ?? [];
  const firstRow = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const columns: ListColumn<TCompanySummary>[] = COMPANY_SORT_KEYS.map((key) => {
    const isActive = query.sort === key;
    return {
      key,
      sx: columnSx[key],
      align: isNumeric(key) ? "right" : "left",
      headerProps: { sortDirection: isActive ? query.order : false },
      header: (
        <TableSortLabel
          active={isActive}
          direction={isActive ? query.order : firstOrderOf(key)}
          onClick={() => setQuery(sortBy(query, key))}
        >
          {t(`admin.columns.${key}`)}
        </TableSortLabel>
      ),
      cellProps: key === "email" ? { sx: { wordBreak: "break-all" } } : undefined,
      cell: (company) => <CompanyCell company={company} column={key} state={rowState} />,
    };
  });

  return (
    <>
      <PageHeader title={t("pages.companyList")} description={t("admin.list.description")} />
      <ListTable
        label={t("pages.companyList")}
        search={{ value: searchInput, onChange: setSearchInput, label: t("admin.list.search") }}
        query={companies}
        rows={rows}
        rowKey={(company) => company.id}
        rowProps={(company) => ({
          onClick: () => navigate(paths.admin.companyDetail.getHref(company.id), { state: rowState }),
          sx: { cursor: "pointer" },
          "data-testid": `company-row-${company.id}`,
        })}
        columns={columns}
        skeletonHeight={320}
        isRefreshing={companies.isFetching}
        renderError={(error, retry) => <AdminLoadError error={error} onRetry={retry} />}
        empty={{
          icon: <BusinessRounded color="primary" sx={{ fontSize: 40 }} />,
          title: query.q ? t("admin.list.noMatch") : t("admin.list.empty"),
          action:
            // An address can name a page past the end (companies were removed since it was shared).
            query.page > 1 && (
              <Button variant="outlined" onClick={() => setQuery({ ...query, page: 1 })}>
                {t("admin.list.firstPage")}
              </Button>
            ),
        }}
        footer={
          data && (
            <Box
              sx={{
                display: "flex",
                flexWrap: "wrap",
                alignItems: "center",
                justifyContent: "space-between",
                gap: 1.5,
              }}
            >
              <Typography variant="body2" color="text.secondary" data-testid="company-range">
                {t("admin.list.range", {
                  from: format.number(firstRow),
                  to: format.number(firstRow + rows.length - 1),
                  total: format.number(data.total),
                })}
              </Typography>
              <Pagination
                count={pageCount}
                page={Math.min(query.page, pageCount)}
                onChange={(_event, page) => setQuery({ ...query, page })}
                showFirstButton
                showLastButton
                shape="rounded"
                color="primary"
                aria-label={t("admin.list.pagination")}
                getItemAriaLabel={(type, page, selected) =>
                  type === "page"
                    ? t(selected ? "admin.list.currentPage" : "admin.list.goToPage", { page })
                    : t(`admin.list.pageButton.${type}`)
                }
              />
            </Box>
          )
        }
      />
    </>
  );
}
