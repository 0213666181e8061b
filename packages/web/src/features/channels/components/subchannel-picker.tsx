import { Box, Chip, MenuItem, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { useSubchannels } from "../api/get-subchannels";

const ALL = "all";

/**
 * Which subchannel of a split super group the chat view watches (all of them, or one with the messages to all),
 * and how the members are spread over the subchannels.
 */
export function SubchannelPicker({
  appId,
  channelId,
  value,
  onChange,
}: {
  appId: string;
  channelId: string;
  value: number | undefined;
  onChange: (subchannel: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useSubchannels(appId, channelId, true);
  const subchannels = query.data?.subchannels ?? [];
  // A watched subchannel that just emptied is still shown as picked until the view moves on.
  const isGone = value !== undefined && query.data !== undefined && !subchannels.some((s) => s.number === value);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <TextField
        select
        size="small"
        label={t("chat.subchannel.label")}
        value={value === undefined ? ALL : String(value)}
        onChange={(event) => onChange(event.target.value === ALL ? undefined : Number(event.target.value))}
        sx={{ width: 260, maxWidth: "100%" }}
      >
        <MenuItem value={ALL}>{t("chat.subchannel.all")}</MenuItem>
        {subchannels.map((s) => (
          <MenuItem key={s.number} value={String(s.number)}>
            {t("chat.subchannel.option", { number: s.number, members: format.number(s.memberCount) })}
          </MenuItem>
        ))}
        {isGone && <MenuItem value={String(value)}>{t("chat.subchannel.short", { number: value })}</MenuItem>}
      </TextField>
      <Box
        component="ul"
        aria-label={t("chat.subchannel.distribution", { count: subchannels.length })}
        sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", listStyle: "none", p: 0, m: 0 }}
      >
        {subchannels.map((s) => (
          <Box component="li" key={s.number}>
            <Chip
              size="small"
              variant={s.number === value ? "filled" : "outlined"}
              label={`${t("chat.subchannel.short", { number: s.number })} · ${format.number(s.memberCount)}`}
            />
          </Box>
        ))}
      </Box>
      {query.data !== undefined && (
        <Typography variant="caption" color="text.secondary">
          {t("chat.subchannel.distribution", { count: subchannels.length })}
        </Typography>
      )}
    </Box>
  );
}
