import ChevronRightRounded from "@mui/icons-material/ChevronRightRounded";
import PhoneInTalkRounded from "@mui/icons-material/PhoneInTalkRounded";
import { Box, IconButton, TextField, Tooltip } from "@mui/material";
import { CALL_STATES, type TDashboardCall } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { visuallyHidden } from "@/components/visually-hidden";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { useCalls } from "../api/get-calls";
import type { CallFilters } from "../api/keys";
import { formatDuration, startRangeOf } from "../lib/call-format";
import { CallDetailDialog } from "./call-detail-dialog";
import { CallKindLabel, CallStateChip, PartyCell, usePartyName } from "./call-labels";

const STATE_OPTIONS = ["all", ...CALL_STATES] as const;
type StateOption = (typeof STATE_OPTIONS)[number];

/** The from/to date inputs; a range whose end comes before its start is marked and not applied. */
function DayRangeFields({
  days,
  isValid,
  onChange,
}: {
  days: { from: string; to: string };
  isValid: boolean;
  onChange: (days: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const dateField = {
    type: "date",
    size: "small",
    fullWidth: false,
    slotProps: { inputLabel: { shrink: true } },
  } as const;
  return (
    <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flex: "0 0 auto" }}>
      <TextField
        {...dateField}
        label={t("calls.filters.from")}
        value={days.from}
        onChange={(event) => onChange({ ...days, from: event.target.value })}
        error={!isValid}
        sx={{ flex: { xs: 1, sm: "0 0 auto" }, width: { sm: 170 } }}
      />
      <TextField
        {...dateField}
        label={t("calls.filters.to")}
        value={days.to}
        onChange={(event) => onChange({ ...days, to: event.target.value })}
        error={!isValid}
        helperText={isValid ? undefined : t("calls.filters.invalidRange")}
        sx={{ flex: { xs: 1, sm: "0 0 auto" }, width: { sm: 170 } }}
      />
    </Box>
  );
}

/** `/apps/:id/calls`: the app's calls, filtered by user, state and start date; a row opens its timeline. */
export function CallsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const partyName = usePartyName();
  const [userIdInput, setUserIdInput] = useState("");
  const userId = useDebouncedValue(userIdInput.trim());
  const [state, setState] = useState<StateOption>("all");
  const [days, setDays] = useState({ from: "", to: "" });
  const range = startRangeOf(days);
  // The list keeps the last range that could match anything while the inputs hold one that cannot.
  const [appliedRange, setAppliedRange] = useState<{ from?: string; to?: string }>({});
  if (range && (range.from !== appliedRange.from || range.to !== appliedRange.to)) setAppliedRange(range);
  const filters: CallFilters = { userId, state, ...appliedRange };
  const calls = useCalls(appId, filters);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = calls.data?.pages.flatMap((page) => page.calls) ?? [];
  const isFiltered = userId !== "" || state !== "all" || days.from !== "" || days.to !== "";

  const columns: ListColumn<TDashboardCall>[] = [
    {
      key: "caller",
      header: t("calls.columns.caller"),
      cellProps: { sx: { minWidth: 120 } },
      cell: (call) => <PartyCell party={call.caller} />,
    },
    {
      key: "callee",
      header: t("calls.columns.callee"),
      cellProps: { sx: { minWidth: 120 } },
      cell: (call) => <PartyCell party={call.callee} />,
    },
    {
      key: "kind",
      header: t("calls.columns.kind"),
      sx: notOnPhone,
      cell: (call) => <CallKindLabel kind={call.kind} />,
    },
    {
      key: "state",
      header: t("calls.columns.state"),
      cell: (call) => <CallStateChip state={call.state} />,
    },
    {
      key: "startedAt",
      header: t("calls.columns.startedAt"),
      sx: notOnPhone,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (call) => format.dateTime(call.createdAt),
    },
    {
      key: "duration",
      header: t("calls.columns.duration"),
      align: "right",
      cellProps: { sx: { whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" } },
      cell: (call) => formatDuration(call.durationSeconds),
    },
    {
      key: "endReason",
      header: t("calls.columns.endReason"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (call) => (call.endReason ? t(`calls.endReason.${call.endReason}`) : "—"),
    },
    {
      key: "open",
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t("common.actions")}
        </Box>
      ),
      align: "right",
      cellProps: { sx: { px: { xs: 0.5, sm: 1 } } },
      cell: (call) => (
        <Tooltip title={t("calls.detail.open")}>
          <IconButton
            size="small"
            aria-label={t("calls.detail.openNamed", {
              caller: partyName(call.caller),
              callee: partyName(call.callee),
            })}
            onClick={(event) => {
              // The row opens the same dialog; one click must not open it twice.
              event.stopPropagation();
              setOpenId(call.id);
            }}
          >
            <ChevronRightRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("pages.calls")} description={t("calls.description")} />
      <ListTable
        label={t("pages.calls")}
        search={{ value: userIdInput, onChange: setUserIdInput, label: t("calls.filters.userId") }}
        filter={{
          label: t("calls.filters.state"),
          value: state,
          options: STATE_OPTIONS,
          optionLabel: (value) => (value === "all" ? t("calls.filters.allStates") : t(`calls.state.${value}`)),
          onChange: setState,
          minWidth: 160,
        }}
        moreFilters={<DayRangeFields days={days} isValid={range !== null} onChange={setDays} />}
        query={calls}
        rows={rows}
        rowKey={(call) => call.id}
        rowProps={(call) => ({
          onClick: () => setOpenId(call.id),
          sx: { cursor: "pointer" },
          "data-testid": `call-row-${call.id}`,
        })}
        columns={columns}
        empty={{
          icon: <PhoneInTalkRounded color="primary" sx={{ fontSize: 40 }} />,
          title: isFiltered ? t("calls.noMatch") : t("calls.emptyTitle"),
          body: isFiltered ? undefined : t("calls.emptyBody"),
        }}
        pages={calls}
      />
      <CallDetailDialog appId={appId} callId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
