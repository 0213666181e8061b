import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import {
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { CURRENCY_BY_LANGUAGE, type Currency, type TAdminActionRecord, type TCompanyDetail } from "@parley/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { FactRow } from "@/components/fact-row";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useCompany } from "../api/get-company";
import { formatMonth, formatWhen, isInstant } from "../lib/format-when";
import { AdminLoadError } from "./admin-load-error";
import { useAppDeactivation } from "./app-deactivation";
import { CompanyActions } from "./company-actions";
import { AccountKindChip, CompanyPlanStateChip } from "./company-chips";
import type { CompanyListState } from "./company-list";
import { isRefundable, RefundInvoiceButton } from "./refund-invoice-button";

const tableSx = { border: 1, borderColor: "divider", borderRadius: 1 } as const;
const factsSx = { m: 0, display: "grid", gap: 1 } as const;
const currencies: readonly string[] = Object.values(CURRENCY_BY_LANGUAGE);
const isCurrency = (value: string): value is Currency => currencies.includes(value);

/** A card's table, or one quiet line when there is nothing to list. */
function ListTable({
  label,
  isEmpty,
  emptyText,
  head,
  children,
}: {
  label: string;
  isEmpty: boolean;
  emptyText: string;
  head: ReactNode;
  children: ReactNode;
}) {
  if (isEmpty) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <TableRegion label={label} sx={tableSx}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableRegion>
  );
}

function ProfileCard({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { company } = detail;
  const none = t("admin.none");
  return (
    <SettingsCard title={t("admin.detail.profile")}>
      <Box component="dl" sx={factsSx}>
        <FactRow label={t("admin.fields.companyName")}>{company.companyName || none}</FactRow>
        <FactRow label={t("admin.fields.name")}>{company.name || none}</FactRow>
        <FactRow label={t("admin.fields.email")}>{company.email}</FactRow>
        <FactRow label={t("admin.fields.contact")}>{company.contact || none}</FactRow>
        <FactRow label={t("admin.fields.companyHomepage")}>
          {/^https?:\/\//i.test(company.companyHomepage) ? (
            <Link href={company.companyHomepage} target="_blank" rel="noopener noreferrer">
              {company.companyHomepage}
            </Link>
          ) : (
            company.companyHomepage || none
          )}
        </FactRow>
        <FactRow label={t("admin.fields.kind")}>{t(`admin.kind.${company.kind}`)}</FactRow>
        {company.marketplaceCustomerId && (
          <FactRow label={t("admin.fields.marketplaceCustomerId")}>{company.marketplaceCustomerId}</FactRow>
        )}
        <FactRow label={t("admin.fields.language")}>{t(`admin.language.${company.language}`)}</FactRow>
        <FactRow label={t("admin.fields.createdAt")}>{format.dateTime(company.createdAt)}</FactRow>
        <FactRow label={t("admin.fields.emailVerifiedAt")}>
          {company.emailVerifiedAt ? format.dateTime(company.emailVerifiedAt) : t("admin.notVerified")}
        </FactRow>
        <FactRow label={t("admin.fields.lockedAt")}>
          {company.lockedAt ? format.dateTime(company.lockedAt) : t("admin.notLocked")}
        </FactRow>
        <FactRow label={t("admin.fields.noticeFeature")}>
          {t(company.noticeFeatureEnabled ? "admin.on" : "admin.off")}
        </FactRow>
      </Box>
    </SettingsCard>
  );
}

function PlanCard({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { plan } = detail;
  const when = (value: string | null) => (value ? formatWhen(format, value) : t("admin.none"));
  return (
    <SettingsCard title={t("admin.detail.plan")}>
      <Box component="dl" sx={factsSx}>
        <FactRow label={t("admin.fields.planState")}>
          <CompanyPlanStateChip state={plan.state} />
        </FactRow>
        <FactRow label={t("admin.fields.trialLastDay")}>{when(plan.trialLastDay)}</FactRow>
        <FactRow label={t("admin.fields.paidSince")}>{when(plan.paidSince)}</FactRow>
        <FactRow label={t("admin.fields.serviceStoppedAt")}>{when(plan.serviceStoppedAt)}</FactRow>
      </Box>
    </SettingsCard>
  );
}

function AppsCard({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const deactivation = useAppDeactivation(detail);
  return (
    <SettingsCard title={t("admin.detail.apps")}>
      <Box sx={{ mb: 1.5 }}>{deactivation.allAppsButton}</Box>
      <ListTable
        label={t("admin.detail.apps")}
        isEmpty={detail.apps.length === 0}
        emptyText={t("admin.detail.noApps")}
        head={
          <>
            <TableCell>{t("admin.fields.appName")}</TableCell>
            <TableCell align="right">{t("admin.columns.messagesThisMonth")}</TableCell>
            <TableCell sx={notOnPhone}>{t("admin.fields.createdAt")}</TableCell>
            <TableCell align="right">{t("admin.fields.appState")}</TableCell>
          </>
        }
      >
        {detail.apps.map((app) => (
          <TableRow key={app.id} data-testid={`app-row-${app.id}`}>
            <TableCell component="th" scope="row" sx={{ wordBreak: "break-word" }}>
              <Link component={RouterLink} to={paths.apps.report.getHref(app.id)} underline="hover">
                {app.name}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: "break-all" }}>
                {app.id}
              </Typography>
            </TableCell>
            <TableCell align="right">{format.number(app.messagesThisMonth)}</TableCell>
            <TableCell sx={{ ...notOnPhone, whiteSpace: "nowrap" }}>{format.date(app.createdAt)}</TableCell>
            <TableCell align="right">{deactivation.appState(app)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      {deactivation.dialog}
    </SettingsCard>
  );
}

function InvoicesCard({ detail }: { detail: TCompanyDetail }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const statusText = (status: string) => {
    const key = `billing.invoices.status.${status}`;
    return i18n.exists(key) ? t(key) : status;
  };
  return (
    <SettingsCard title={t("admin.detail.invoices")}>
      <ListTable
        label={t("admin.detail.invoices")}
        isEmpty={detail.invoices.length === 0}
        emptyText={t("admin.detail.noInvoices")}
        head={
          <>
            <TableCell>{t("admin.fields.month")}</TableCell>
            <TableCell align="right">{t("admin.fields.total")}</TableCell>
            <TableCell>{t("admin.fields.invoiceStatus")}</TableCell>
            <TableCell align="right">{t("admin.fields.refund")}</TableCell>
          </>
        }
      >
        {detail.invoices.map((invoice) => {
          const monthText = formatMonth(format, invoice.month);
          const amountText = isCurrency(invoice.currency)
            ? format.money(invoice.total, invoice.currency)
            : `${format.number(invoice.total)} ${invoice.currency}`;
          return (
            <TableRow key={invoice.id} data-testid={`invoice-row-${invoice.id}`}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                {monthText}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {amountText}
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={statusText(invoice.status)} />
                {invoice.refundFailureReason && (
                  <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5 }}>
                    {invoice.refundFailureReason}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                {isRefundable(invoice) && (
                  <RefundInvoiceButton
                    companyId={detail.company.id}
                    invoice={invoice}
                    monthText={monthText}
                    amountText={amountText}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </ListTable>
    </SettingsCard>
  );
}

function SubAccountsCard({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SettingsCard title={t("admin.detail.subAccounts")}>
      <ListTable
        label={t("admin.detail.subAccounts")}
        isEmpty={detail.subAccounts.length === 0}
        emptyText={t("admin.detail.noSubAccounts")}
        head={
          <>
            <TableCell>{t("admin.fields.email")}</TableCell>
            <TableCell sx={notOnPhone}>{t("admin.fields.appName")}</TableCell>
            <TableCell>{t("admin.fields.subAccountStatus")}</TableCell>
            <TableCell sx={wideOnly}>{t("admin.fields.invitedAt")}</TableCell>
            <TableCell sx={wideOnly}>{t("admin.fields.lastLoginAt")}</TableCell>
          </>
        }
      >
        {detail.subAccounts.map((subAccount) => (
          <TableRow key={subAccount.id}>
            <TableCell component="th" scope="row" sx={{ wordBreak: "break-all" }}>
              {subAccount.email}
            </TableCell>
            <TableCell sx={{ ...notOnPhone, wordBreak: "break-word" }}>{subAccount.appName}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={subAccount.status === "active" ? "success" : "default"}
                label={t(`admin.subAccountStatus.${subAccount.status}`)}
              />
            </TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>{format.dateTime(subAccount.invitedAt)}</TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
              {subAccount.lastLoginAt ? format.dateTime(subAccount.lastLoginAt) : t("admin.never")}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </SettingsCard>
  );
}

/** What an action changed, in words: the known facts by name, anything else as the server wrote it. */
function ActionDetail({ detail }: { detail: TAdminActionRecord["detail"] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const entries = Object.entries(detail);
  if (entries.length === 0) return <>{t("admin.none")}</>;
  const valueText = (value: string | number | boolean) => {
    if (typeof value === "boolean") return t(value ? "admin.on" : "admin.off");
    if (typeof value === "number") return format.number(value);
    return isInstant(value) || /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatWhen(format, value) : value;
  };
  return (
    <>
      {entries
        .map(([key, value]) => {
          const labelKey = `admin.history.detailKeys.${key}`;
          return `${i18n.exists(labelKey) ? t(labelKey) : key}: ${valueText(value)}`;
        })
        .join(" · ")}
    </>
  );
}

function HistoryCard({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SettingsCard title={t("admin.detail.history")} subheader={t("admin.history.description")}>
      <ListTable
        label={t("admin.detail.history")}
        isEmpty={detail.actions.length === 0}
        emptyText={t("admin.history.empty")}
        head={
          <>
            <TableCell>{t("admin.history.action")}</TableCell>
            <TableCell sx={notOnPhone}>{t("admin.history.detail")}</TableCell>
            <TableCell sx={wideOnly}>{t("admin.history.admin")}</TableCell>
            <TableCell>{t("admin.history.at")}</TableCell>
          </>
        }
      >
        {detail.actions.map((record) => (
          <TableRow key={record.id} data-testid={`action-row-${record.id}`}>
            <TableCell component="th" scope="row">
              {t(`admin.history.actions.${record.action}`)}
            </TableCell>
            <TableCell sx={{ ...notOnPhone, wordBreak: "break-word" }}>
              <ActionDetail detail={record.detail} />
            </TableCell>
            <TableCell sx={{ ...wideOnly, wordBreak: "break-all" }}>{record.adminEmail}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(record.at)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </SettingsCard>
  );
}

/**
 * `/admin/companydetail/:companyId`: one customer company as an admin sees it (profile, plan, apps with this
 * month's messages, invoices, sub-accounts) with the admin actions and the record of every one taken.
 */
export function CompanyDetail({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const company = useCompany(companyId);
  const data = company.data;
  const listHref = (useLocation().state as CompanyListState | null)?.listHref ?? paths.admin.companyList.getHref();

  return (
    <>
      <Box sx={{ mb: 1 }}>
        <Button component={RouterLink} to={listHref} startIcon={<ArrowBackRounded />} size="small">
          {t("admin.detail.backToList")}
        </Button>
      </Box>
      <PageHeader
        title={data ? data.company.companyName || data.company.email : t("pages.companyDetail")}
        description={data?.company.email}
      />
      {company.isPending && <Skeleton variant="rounded" height={420} aria-busy />}
      {company.isError && <AdminLoadError error={company.error} onRetry={() => void company.refetch()} />}
      {data && (
        <Stack spacing={3}>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <AccountKindChip kind={data.company.kind} />
            <CompanyPlanStateChip state={data.plan.state} />
            {data.company.lockedAt && <Chip size="small" color="error" label={t("admin.locked")} />}
            {data.company.noticeFeatureEnabled && (
              <Chip size="small" color="primary" variant="outlined" label={t("admin.noticeOn")} />
            )}
          </Box>
          <SettingsCard title={t("admin.detail.actions")}>
            <CompanyActions detail={data} />
          </SettingsCard>
          <ProfileCard detail={data} />
          <PlanCard detail={data} />
          <AppsCard detail={data} />
          <InvoicesCard detail={data} />
          <SubAccountsCard detail={data} />
          <HistoryCard detail={data} />
        </Stack>
      )}
    </>
  );
}
