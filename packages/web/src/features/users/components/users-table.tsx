import MoreVertRounded from "@mui/icons-material/MoreVertRounded";
import PersonOffRounded from "@mui/icons-material/PersonOffRounded";
import {
  Alert,
  type AlertColor,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from "@mui/material";
import type { TChatUser, TEraseUserResponse } from "@parley/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { paths } from "@/config/paths";
import { useCreateExport } from "@/data/exports/create-export";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSession } from "@/lib/session";
import { useActivateUser } from "../api/activate-user";
import { useDeactivateUser } from "../api/deactivate-user";
import { useDeleteUser } from "../api/delete-user";
import { useUsers } from "../api/get-users";
import { EraseUserDialog } from "./erase-user-dialog";
import { ShadowBanDialog } from "./shadow-ban-dialog";
import { UserRoleSelect } from "./user-role-select";

/** What the page says above the table after exporting or erasing a user; it stays until closed. */
interface Notice {
  severity: AlertColor;
  text: string;
  /** Whether it ends with a link to the data export page, where the export's progress shows. */
  hasExportsLink?: boolean;
}

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
  canExport,
  onDelete,
  onExport,
  onErase,
  onShadowBan,
}: {
  appId: string;
  user: TChatUser;
  canExport: boolean;
  onDelete: (user: TChatUser) => void;
  onExport: (user: TChatUser) => void;
  onErase: (user: TChatUser) => void;
  onShadowBan: (user: TChatUser) => void;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const activate = useActivateUser(appId);
  const deactivate = useDeactivateUser(appId);
  const isBusy = activate.isPending || deactivate.isPending;
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: (user: TChatUser) => void) => {
    setMenuAnchor(null);
    action(user);
  };

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
      <IconButton
        size="small"
        aria-label={t("users.moreActions", { userId: user.userId })}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? true : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ alignSelf: { xs: "flex-end", sm: "center" } }}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => choose(onShadowBan)}>{t("users.shadowBanAction")}</MenuItem>
        {canExport && <MenuItem onClick={() => choose(onExport)}>{t("users.exportData")}</MenuItem>}
        <MenuItem onClick={() => choose(onErase)} sx={{ color: "error.main" }}>
          {t("users.erase.action")}
        </MenuItem>
      </Menu>
    </Stack>
  );
}

/**
 * `/apps/:id/user`: the app's chat users with search, paging, suspend and delete, their shadow ban, and the two
 * halves of a data-subject request: exporting a user's data and erasing the user.
 */
export function UsersTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const session = useSession();
  // Only the account that owns the app may export its data; a sub-account would only be refused (3133).
  const canExport = session?.userType !== "subaccount";
  const createExport = useCreateExport(appId, inlineErrors);
  const [erasing, setErasing] = useState<TChatUser | null>(null);
  const [shadowBanning, setShadowBanning] = useState<TChatUser | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
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
      key: "role",
      header: t("users.columns.role"),
      cell: (user) => <UserRoleSelect appId={appId} user={user} />,
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
      cell: (user) => (
        <UserActions
          appId={appId}
          user={user}
          canExport={canExport}
          onDelete={setDeleting}
          onExport={exportUserData}
          onErase={setErasing}
          onShadowBan={setShadowBanning}
        />
      ),
    },
  ];

  function exportUserData(user: TChatUser) {
    setNotice(null);
    createExport.mutate(
      { appId, body: { userId: user.userId } },
      {
        onSuccess: () =>
          setNotice({
            severity: "success",
            text: t("users.exportStarted", { userId: user.userId }),
            hasExportsLink: true,
          }),
        onError: (error) => setNotice({ severity: "error", text: errorText(error) }),
      },
    );
  }

  const onErased = (result: TEraseUserResponse) => {
    setErasing(null);
    setNotice({
      severity: "success",
      text: t("users.erase.done", {
        userId: result.userId,
        messages: format.number(result.messagesAnonymized),
        files: format.number(result.filesRemoved),
      }),
    });
  };

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
      {notice && (
        <Alert
          severity={notice.severity}
          closeText={t("common.close")}
          onClose={() => setNotice(null)}
          sx={{ mb: 2, overflowWrap: "anywhere" }}
        >
          {notice.text}
          {notice.hasExportsLink && (
            <>
              {" "}
              <Link component={RouterLink} to={paths.apps.exports.getHref(appId)} color="inherit">
                {t("users.openExports")}
              </Link>
            </>
          )}
        </Alert>
      )}
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
      <EraseUserDialog appId={appId} user={erasing} onClose={() => setErasing(null)} onErased={onErased} />
      <ShadowBanDialog appId={appId} user={shadowBanning} onClose={() => setShadowBanning(null)} />
    </>
  );
}
