import CampaignRounded from "@mui/icons-material/CampaignRounded";
import { Box, Button, List, ListItem, ListItemText, Typography } from "@mui/material";
import type { TAdminNotice } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useAdminNotices } from "../api/get-admin-notices";
import { useWithdrawAdminNotice } from "../api/withdraw-admin-notice";
import { AdminNoticeDialog } from "./admin-notice-dialog";

/**
 * The notices administrators posted that readers still see: to whom, in both languages, by whom and how many have
 * closed them, each with a way to take it down; and a new notice to every account.
 */
export function AdminNotices() {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const { data: notices = [] } = useAdminNotices();
  const withdraw = useWithdrawAdminNotice();
  const [isPosting, setIsPosting] = useState(false);
  const [asked, setAsked] = useState<TAdminNotice | null>(null);

  const audience = (notice: TAdminNotice) =>
    notice.companyId ? (notice.companyName ?? notice.companyId) : t("admin.notices.everyone");

  return (
    <SettingsCard title={t("admin.notices.title")}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary">
          {t("admin.notices.intro")}
        </Typography>
        <Button variant="outlined" startIcon={<CampaignRounded />} onClick={() => setIsPosting(true)}>
          {t("admin.notices.postToAll")}
        </Button>
      </Box>
      {notices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t("admin.notices.empty")}
        </Typography>
      ) : (
        <List aria-label={t("admin.notices.title")}>
          {notices.map((notice) => (
            <ListItem
              key={notice.id}
              divider
              secondaryAction={
                <Button color="error" size="small" onClick={() => setAsked(notice)} disabled={withdraw.isPending}>
                  {t("admin.notices.withdraw")}
                </Button>
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={[notice.text.ko, notice.text.en].filter(Boolean).join(" · ")}
                secondary={t("admin.notices.meta", {
                  audience: audience(notice),
                  admin: notice.adminEmail,
                  at: format.dateTime(notice.createdAt),
                  count: notice.dismissals,
                })}
                slotProps={{ primary: { sx: { wordBreak: "keep-all", overflowWrap: "anywhere" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <AdminNoticeDialog open={isPosting} company={null} onClose={() => setIsPosting(false)} />
      <ConfirmDialog
        open={asked !== null}
        title={t("admin.notices.askWithdraw")}
        body={asked ? [asked.text.ko, asked.text.en].filter(Boolean).join(" · ") : ""}
        confirmLabel={t("admin.notices.withdraw")}
        isPending={withdraw.isPending}
        onConfirm={() =>
          asked &&
          withdraw.mutate(asked.id, {
            onSuccess: () => showSnackbar(t("admin.notices.withdrawn"), { severity: "success" }),
            onSettled: () => setAsked(null),
          })
        }
        onClose={() => setAsked(null)}
      />
    </SettingsCard>
  );
}
