import PersonOffRounded from "@mui/icons-material/PersonOffRounded";
import { Avatar, Box, Button, Chip, Stack, Typography } from "@mui/material";
import type { TChatUser } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { useActivateUser } from "../api/activate-user";
import { useDeactivateUser } from "../api/deactivate-user";
import { useDeleteUser } from "../api/delete-user";
import { useUsers } from "../api/get-users";

function UserStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={isActive ? "success" : "default"}
      variant={isActive ? "outlined" : "filled"}
      label={t(isActive ? "users.status.active" : "users.status.suspended")}
    />
  );
}

function UserActions({
  appId,
  user,
  onDelete,
}: {
  appId: string;
  user: TChatUser;
  onDelete: (user: TChatUser) => void;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const activate = useActivateUser(appId);
  const deactivate = useDeactivateUser(appId);
  const isBusy = activate.isPending || deactivate.isPending;

  const toggle = () => {
    const mutation = user.isActive ? deactivate : activate;
    mutation.mutate(
      { appId, userId: user.userId },
      {
        onSuccess: () =>
          showSnackbar(t(user.isActive ? "users.suspended" : "users.unsuspended", { userId: user.userId }), {
            severity: "success",
          }),
      },
    );
  };

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={0.5} sx={{ justifyContent: "flex-end" }}>
      <Button size="small" onClick={toggle} disabled={isBusy} sx={{ whiteSpace: "nowrap" }}>
        {t(user.isActive ? "users.suspend" : "users.unsuspend")}
      </Button>
      <Button size="small" color="error" onClick={() => onDelete(user)} sx={{ whiteSpace: "nowrap" }}>
        {t("common.delete")}
      </Button>
    </Stack>
  );
}

/** `/apps/:id/user`: the app's chat users with search, paging, suspend and delete. */
export function UsersTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const users = useUsers(appId, search);
  const deleteUser = useDeleteUser(appId);
  const [deleting, setDeleting] = useState<TChatUser | null>(null);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const columns: ListColumn<TChatUser>[] = [
    {
      key: "user",
      header: t("users.columns.user"),
      cellProps: { sx: { minWidth: 150 } },
      cell: (user) => (
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
            <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
              <UserStatusChip isActive={user.isActive} />
            </Box>
          </Box>
        </Box>
      ),
    },
    {
      key: "status",
      header: t("users.columns.status"),
      sx: notOnPhone,
      cell: (user) => <UserStatusChip isActive={user.isActive} />,
    },
    {
      key: "createdAt",
      header: t("users.columns.createdAt"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (user) => format.dateTime(user.createdAt),
    },
    {
      key: "lastSeenAt",
      header: t("users.columns.lastSeenAt"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (user) => (user.lastSeenAt ? format.dateTime(user.lastSeenAt) : t("users.neverSeen")),
    },
    {
      key: "actions",
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t("common.actions")}
        </Box>
      ),
      align: "right",
      cell: (user) => <UserActions appId={appId} user={user} onDelete={setDeleting} />,
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(
      { appId, userId: deleting.userId },
      {
        onSuccess: () => showSnackbar(t("users.deleted", { userId: deleting.userId }), { severity: "success" }),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <>
      <PageHeader title={t("pages.user")} description={t("users.description")} />
      <ListTable
        label={t("pages.user")}
        search={{ value: searchInput, onChange: setSearchInput, label: t("users.search") }}
        query={users}
        rows={rows}
        rowKey={(user) => user.userId}
        columns={columns}
        empty={{
          icon: <PersonOffRounded color="primary" sx={{ fontSize: 40 }} />,
          title: search ? t("users.noMatch") : t("users.emptyTitle"),
          body: search ? undefined : t("users.emptyBody"),
        }}
        pages={users}
      />
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
