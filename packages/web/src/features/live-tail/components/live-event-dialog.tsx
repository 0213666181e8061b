import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import type { TLiveEvent } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "@/components/code-block";
import { CopyButton } from "@/components/copy-button";
import { useFormat } from "@/hooks/use-format";

/** One row of the tail opened: the event's whole payload as JSON. */
export function LiveEventDialog({ event, onClose }: { event: TLiveEvent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const json = event ? JSON.stringify(event, null, 2) : "";
  return (
    <Dialog open={event !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      {event && (
        <>
          <DialogTitle id={titleId}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
              <span>{event.type}</span>
              <Typography component="span" variant="body2" color="text.secondary">
                {format.dateTime(event.at)}
              </Typography>
            </Stack>
          </DialogTitle>
          <DialogContent>
            <CodeBlock label={t("liveTail.detail.payload")} testId="live-event-json" sx={{ maxHeight: "60vh" }}>
              {json}
            </CodeBlock>
          </DialogContent>
          <DialogActions>
            <CopyButton value={json} label={t("liveTail.detail.copy")} />
            <Button onClick={onClose}>{t("common.close")}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
