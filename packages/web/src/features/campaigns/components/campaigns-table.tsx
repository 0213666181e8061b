import AddRounded from "@mui/icons-material/AddRounded";
import CampaignRounded from "@mui/icons-material/CampaignRounded";
import {
  Box,
  Button,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { TCampaign } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { SearchField } from "@/components/search-field";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
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

function CampaignRow({ appId, campaign }: { appId: string; campaign: TCampaign }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const href = campaignHref(appId, campaign);
  const { progress } = campaign;
  const title = campaign.title || t("campaigns.untitled");
  return (
    <TableRow
      hover
      onClick={() => navigate(href)}
      sx={{ cursor: "pointer" }}
      data-testid={`campaign-row-${campaign.id}`}
    >
      <TableCell sx={{ minWidth: 160 }}>
        <Link
          component={RouterLink}
          to={href}
          variant="body2"
          color={campaign.title ? "inherit" : "text.secondary"}
          underline="hover"
          onClick={(event) => event.stopPropagation()}
          sx={{ fontWeight: 600, wordBreak: "break-word" }}
        >
          {title}
        </Link>
        <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
          <CampaignStatusChip status={campaign.status} />
        </Box>
      </TableCell>
      <TableCell sx={wideOnly}>
        <Typography variant="body2" color={campaign.brand ? "text.primary" : "text.secondary"}>
          {campaign.brand?.name ?? t("campaigns.noBrand")}
        </Typography>
      </TableCell>
      <TableCell sx={notOnPhone}>
        <CampaignStatusChip status={campaign.status} />
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
        <SendTiming campaign={campaign} />
      </TableCell>
      <TableCell sx={notOnPhone} align="right">
        {format.number(campaign.recipients.valid)}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }} align="right">
        {t("campaigns.list.counts", {
          sent: format.number(progress.sent),
          succeeded: format.number(progress.succeeded),
          failed: format.number(progress.failed),
        })}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>{format.date(campaign.createdAt)}</TableCell>
    </TableRow>
  );
}

/**
 * `/apps/:id/message/campaign/list`: the app's bulk messages, newest first, searched by title and filtered by
 * status. While one of them is being sent or deleted the list reloads on its own.
 */
export function CampaignsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const [status, setStatus] = useState<CampaignStatusFilter>("all");
  const search = useDebouncedValue(searchInput.trim());
  const campaigns = useCampaigns(appId, search, status);
  const rows = campaigns.data?.pages.flatMap((page) => page.campaigns) ?? [];
  const isFiltered = search !== "" || status !== "all";

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
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField value={searchInput} onChange={setSearchInput} label={t("campaigns.list.search")} />
        </Box>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t("campaigns.fields.status")}
          value={status}
          onChange={(event) => setStatus(event.target.value as CampaignStatusFilter)}
          sx={{ minWidth: 180, flex: "0 0 auto" }}
        >
          {CAMPAIGN_STATUS_FILTERS.map((filter) => (
            <MenuItem key={filter} value={filter}>
              {filter === "all" ? t("campaigns.list.allStatuses") : t(`campaigns.status.${filter}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {campaigns.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
      {campaigns.isError && <LoadError error={campaigns.error} onRetry={() => void campaigns.refetch()} />}
      {campaigns.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<CampaignRounded color="primary" sx={{ fontSize: 40 }} />}
          title={isFiltered ? t("campaigns.list.noMatch") : t("campaigns.list.emptyTitle")}
          body={isFiltered ? undefined : t("campaigns.list.emptyBody")}
        />
      )}
      {rows.length > 0 && (
        <TableRegion label={t("pages.campaignList")} isOutlined>
          <Table size="small" aria-label={t("pages.campaignList")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("campaigns.fields.title")}</TableCell>
                <TableCell sx={wideOnly}>{t("campaigns.fields.brand")}</TableCell>
                <TableCell sx={notOnPhone}>{t("campaigns.fields.status")}</TableCell>
                <TableCell sx={wideOnly}>{t("campaigns.fields.sendType")}</TableCell>
                <TableCell sx={notOnPhone} align="right">
                  {t("campaigns.fields.recipients")}
                </TableCell>
                <TableCell sx={wideOnly} align="right">
                  {t("campaigns.list.countsHeader")}
                </TableCell>
                <TableCell sx={wideOnly}>{t("campaigns.fields.createdAt")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((campaign) => (
                <CampaignRow key={campaign.id} appId={appId} campaign={campaign} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LoadMore pages={campaigns} />
    </>
  );
}
