import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Skeleton,
  Switch,
} from "@mui/material";
import type { TChatUser } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useUserShadowBan } from "../api/get-user-shadow-ban";
import { useSetUserShadowBan } from "../api/set-user-shadow-ban";

function ShadowBanToggle({ appId, userId }: { appId: string; userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const helperId = useId();
  const state = useUserShadowBan(appId, userId);
  const setShadowBan = useSetUserShadowBan(appId);
  if (state.isPending) return <Skeleton variant="rounded" height={56} aria-busy />;
  if (state.isError) return <Alert severity="error">{errorText(state.error)}</Alert>;
  const toggle = (shadowBanned: boolean) =>
    setShadowBan.mutate(
      { appId, userId, shadowBanned },
      {
        onSuccess: () =>
          showSnackbar(t(shadowBanned ? "users.shadowBanOn" : "users.shadowBanOff", { userId }), {
            severity: "success",
          }),
      },
    );
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={state.data.shadowBanned}
            disabled={setShadowBan.isPending}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { "aria-describedby": helperId } }}
          />
        }
        label={t("users.shadowBan")}
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {t("users.shadowBanHelp")}
      </FormHelperText>
    </>
  );
}

/** A user's shadow ban in the app, read and switched from the users page; only the dashboard and the app see it. */
export function ShadowBanDialog({
  appId,
  user,
  onClose,
}: {
  appId: string;
  user: TChatUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
        {t("users.shadowBanTitle", { userId: user?.userId ?? "" })}
      </DialogTitle>
      <DialogContent>{user && <ShadowBanToggle appId={appId} userId={user.userId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
