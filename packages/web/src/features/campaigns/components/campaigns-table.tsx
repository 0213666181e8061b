import AddRounded from "@mui/icons-material/AddRounded";
import CampaignRounded from "@mui/icons-material/CampaignRounded";
import { Box, Button, Link, Typography } from "@mui/material";
import type { TCampaign } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { useCampaigns } from "../api/get-campaigns";
import { CAMPAIGN_STATUS_FILTERS, type CampaignStatusFilter } from "../lib/status";
import { CampaignStatusChip } from "./campaign-status-chip";

/** Where a row leads: a draft continues in the wizard, anything else opens its detail. */
export function campaignHref(appId: string, campaign: Pick<TCampaign, "id" | "status">) {
  return campaign.status === "draft"
    ? paths.apps.message.campaignDraft.getHref(appId, campaign.id)
    : paths.apps.message.campaignDetail.getHref(appId, campaign.id);
}

/** "Send now", or the scheduled time. */
export function SendTiming({ campaign }: { campaign: Pick<TCampaign, "sendType" | "scheduledAt"> }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (campaign.sendType === "now") return <>{t("campaigns.sendType.now")}</>;
  return (
    <>
      {campaign.scheduledAt
        ? t("campaigns.scheduledFor", { time: format.dateTime(campaign.scheduledAt) })
        : t("campaigns.sendType.scheduled")}
    </>
  );
}

/**
 * `/apps/:id/message/campaign/list`: the app's bulk messages, newest first, searched by title and filtered by
 * status. While one of them is being sent or deleted the list reloads on its own.
 */
export function CampaignsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState("");
  const [status, setStatus] = useState<CampaignStatusFilter>("all");
  const search = useDebouncedValue(searchInput.trim());
  const campaigns = useCampaigns(appId, search, status);
  const rows = campaigns.data?.pages.flatMap((page) => page.campaigns) ?? [];
  const isFiltered = search !== "" || status !== "all";
  const columns: ListColumn<TCampaign>[] = [
    {
      key: "title",
      header: t("campaigns.fields.title"),
      cellProps: { sx: { minWidth: 160 } },
      cell: (campaign) => (
        <>
          <Link
            component={RouterLink}
            to={campaignHref(appId, campaign)}
            variant="body2"
            color={campaign.title ? "inherit" : "text.secondary"}
            underline="hover"
            onClick={(event) => event.stopPropagation()}
            sx={{ fontWeight: 600, wordBreak: "break-word" }}
          >
            {campaign.title || t("campaigns.untitled")}
          </Link>
          <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
            <CampaignStatusChip status={campaign.status} />
          </Box>
        </>
      ),
    },
    {
      key: "brand",
      header: t("campaigns.fields.brand"),
      sx: wideOnly,
      cell: (campaign) => (
        <Typography variant="body2" color={campaign.brand ? "text.primary" : "text.secondary"}>
          {campaign.brand?.name ?? t("campaigns.noBrand")}
        </Typography>
      ),
    },
    {
      key: "status",
      header: t("campaigns.fields.status"),
      sx: notOnPhone,
      cell: (campaign) => <CampaignStatusChip status={campaign.status} />,
    },
    {
      key: "sendType",
      header: t("campaigns.fields.sendType"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (campaign) => <SendTiming campaign={campaign} />,
    },
    {
      key: "recipients",
      header: t("campaigns.fields.recipients"),
      sx: notOnPhone,
      align: "right",
      cell: (campaign) => format.number(campaign.recipients.valid),
    },
    {
      key: "counts",
      header: t("campaigns.list.countsHeader"),
      sx: wideOnly,
      align: "right",
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: ({ progress }) =>
        t("campaigns.list.counts", {
          sent: format.number(progress.sent),
          succeeded: format.number(progress.succeeded),
          failed: format.number(progress.failed),
        }),
    },
    {
      key: "createdAt",
      header: t("campaigns.fields.createdAt"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (campaign) => format.date(campaign.createdAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("pages.campaignList")}
        description={t("campaigns.list.description")}
        actions={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            component={RouterLink}
            to={paths.apps.message.campaignRegister.getHref(appId)}
          >
            {t("campaigns.register")}
          </Button>
        }
      />
      <ListTable
        label={t("pages.campaignList")}
        search={{ value: searchInput, onChange: setSearchInput, label: t("campaigns.list.search") }}
        filter={{
          label: t("campaigns.fields.status"),
          value: status,
          options: CAMPAIGN_STATUS_FILTERS,
          optionLabel: (filter) =>
            filter === "all" ? t("campaigns.list.allStatuses") : t(`campaigns.status.${filter}`),
          onChange: setStatus,
          minWidth: 180,
        }}
        query={campaigns}
        rows={rows}
        rowKey={(campaign) => campaign.id}
        rowProps={(campaign) => ({
          onClick: () => navigate(campaignHref(appId, campaign)),
          sx: { cursor: "pointer" },
          "data-testid": `campaign-row-${campaign.id}`,
        })}
        columns={columns}
        empty={{
          icon: <CampaignRounded color="primary" sx={{ fontSize: 40 }} />,
          title: isFiltered ? t("campaigns.list.noMatch") : t("campaigns.list.emptyTitle"),
          body: isFiltered ? undefined : t("campaigns.list.emptyBody"),
        }}
        pages={campaigns}
      />
    </>
  );
}
