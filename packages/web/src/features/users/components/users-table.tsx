import PersonOffRounded from "@mui/icons-material/PersonOffRounded";
import {
  Avatar,
  Box,
  Button,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { TChatUser } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { SearchField } from "@/components/search-field";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useActivateUser } from "../api/activate-user";
import { useDeactivateUser } from "../api/deactivate-user";
import { useDeleteUser } from "../api/delete-user";
import { useUsers } from "../api/get-users";

function UserRow({ appId, user, onDelete }: { appId: string; user: TChatUser; onDelete: (user: TChatUser) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const activate = useActivateUser(appId);
  const deactivate = useDeactivateUser(appId);
  const isBusy = activate.isPending || deactivate.isPending;
  const statusChip = (
    <Chip
      size="small"
      color={user.isActive ? "success" : "default"}
      variant={user.isActive ? "outlined" : "filled"}
      label={t(user.isActive ? "users.status.active" : "users.status.suspended")}
    />
  );

  const toggle = () => {
    const mutation = user.isActive ? deactivate : activate;
    mutation.mutate(
      { appId, userId: user.userId },
      {
        onSuccess: () =>
          showSnackbar(t(user.isActive ? "users.suspended" : "users.unsuspended", { userId: user.userId }), {
            severity: "success",
          }),
        onError: (error) => showSnackbar(errorText(error), { severity: "error" }),
      },
    );
  };

  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 150 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
          <Avatar src={user.profileImageUrl || undefined} alt="" sx={{ width: 32, height: 32 }}>
            {user.nickname.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
              {user.nickname}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
            >
              {user.userId}
            </Typography>
            <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>{statusChip}</Box>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={notOnPhone}>{statusChip}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>{format.dateTime(user.createdAt)}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
        {user.lastSeenAt ? format.dateTime(user.lastSeenAt) : t("users.neverSeen")}
      </TableCell>
      <TableCell align="right">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={0.5} sx={{ justifyContent: "flex-end" }}>
          <Button size="small" onClick={toggle} disabled={isBusy} sx={{ whiteSpace: "nowrap" }}>
            {t(user.isActive ? "users.suspend" : "users.unsuspend")}
          </Button>
          <Button size="small" color="error" onClick={() => onDelete(user)} sx={{ whiteSpace: "nowrap" }}>
            {t("common.delete")}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** `/apps/:id/user`: the app's chat users with search, paging, suspend and delete. */
export function UsersTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const users = useUsers(appId, search);
  const deleteUser = useDeleteUser(appId);
  const [deleting, setDeleting] = useState<TChatUser | null>(null);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(
      { appId, userId: deleting.userId },
      {
        onSuccess: () => showSnackbar(t("users.deleted", { userId: deleting.userId }), { severity: "success" }),
        onError: (error) => showSnackbar(errorText(error), { severity: "error" }),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <>
      <PageHeader title={t("pages.user")} description={t("users.description")} />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <SearchField value={searchInput} onChange={setSearchInput} label={t("users.search")} />
      </Box>
      {users.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
      {users.isError && <LoadError error={users.error} onRetry={() => void users.refetch()} />}
      {users.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<PersonOffRounded color="primary" sx={{ fontSize: 40 }} />}
          title={search ? t("users.noMatch") : t("users.emptyTitle")}
          body={search ? undefined : t("users.emptyBody")}
        />
      )}
      {rows.length > 0 && (
        <TableRegion label={t("pages.user")} isOutlined sx={{ position: "relative" }}>
          <Table size="small" aria-label={t("pages.user")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("users.columns.user")}</TableCell>
                <TableCell sx={notOnPhone}>{t("users.columns.status")}</TableCell>
                <TableCell sx={wideOnly}>{t("users.columns.createdAt")}</TableCell>
                <TableCell sx={wideOnly}>{t("users.columns.lastSeenAt")}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t("common.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <UserRow key={user.userId} appId={appId} user={user} onDelete={setDeleting} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LoadMore pages={users} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("users.deleteTitle")}
        body={t("users.deleteBody", { userId: deleting?.userId ?? "" })}
        confirmLabel={t("common.delete")}
        isPending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
