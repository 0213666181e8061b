import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { CopyButton } from "./copy-button";

/**
 * The one moment a new secret (an API key, a signing secret) is visible: it lives in this dialog's props and nowhere
 * else, and the server never shows it again. Open while `secret` is not null.
 */
export function SecretOnceDialog({
  secret,
  title,
  warning,
  caption,
  copyLabel,
  doneLabel,
  testId,
  onClose,
}: {
  secret: string | null;
  title: string;
  warning: string;
  /** Which secret this is: a key's label, a signing secret's key ID. */
  caption: string;
  copyLabel: string;
  doneLabel: string;
  /** The secret's text, for tests to read it as a user would copy it. */
  testId: string;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={secret !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <DialogContentText sx={{ mb: 1 }}>{caption}</DialogContentText>
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            p: 1.5,
            borderRadius: 2,
            bgcolor: "grey.100",
            border: 1,
            borderColor: "divider",
          }}
        >
          <Typography
            data-testid={testId}
            sx={{ fontFamily: "monospace", flex: 1, minWidth: 0, overflowWrap: "anywhere" }}
          >
            {secret}
          </Typography>
          {secret !== null && <CopyButton value={secret} label={copyLabel} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
