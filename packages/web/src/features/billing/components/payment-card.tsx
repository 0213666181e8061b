import CreditCardRounded from "@mui/icons-material/CreditCardRounded";
import { Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import type { TCardResponse } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FactRow } from "@/components/fact-row";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useCard } from "../api/get-card";
import { useRemoveCard } from "../api/remove-card";
import { useStartCardSession } from "../api/start-card-session";

function CardDetails({ data }: { data: TCardResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const startSession = useStartCardSession();
  const remove = useRemoveCard();
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const { card, expectedPaymentDate } = data;

  const register = () =>
    startSession.mutate(undefined, {
      // The gateway's card page is outside the SPA; it returns to /billing-payletter when done.
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    });

  const confirmRemoval = () =>
    remove.mutate(undefined, {
      onSuccess: () => showSnackbar(t("billing.card.removed"), { severity: "success" }),
      onSettled: () => setIsConfirmingRemoval(false),
    });

  return (
    <Stack spacing={2.5}>
      {card ? (
        <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
          <FactRow label={t("billing.card.number")}>{`${card.brand} ${card.maskedNumber}`}</FactRow>
          <FactRow label={t("billing.card.expiry")}>{card.expiry}</FactRow>
          <FactRow label={t("billing.card.holder")}>{card.holder}</FactRow>
          <FactRow label={t("billing.card.registeredAt")}>{format.date(card.registeredAt)}</FactRow>
          <FactRow label={t("billing.card.expectedPayment")}>
            {expectedPaymentDate ? format.day(expectedPaymentDate) : t("billing.card.noPaymentDue")}
          </FactRow>
        </Stack>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, color: "text.secondary" }}>
          <CreditCardRounded />
          <Typography>{t("billing.card.none")}</Typography>
        </Box>
      )}
      {!card && expectedPaymentDate && (
        <Typography variant="body2" color="error">
          {t("billing.card.paymentDueWithoutCard", { date: format.day(expectedPaymentDate) })}
        </Typography>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
        <Button variant={card ? "outlined" : "contained"} disabled={startSession.isPending} onClick={register}>
          {card ? t("billing.card.replace") : t("billing.card.register")}
        </Button>
        {card && (
          <Button color="error" disabled={remove.isPending} onClick={() => setIsConfirmingRemoval(true)}>
            {t("billing.card.remove")}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={isConfirmingRemoval}
        title={t("billing.card.removeTitle")}
        body={t("billing.card.removeBody")}
        confirmLabel={t("billing.card.remove")}
        isPending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setIsConfirmingRemoval(false)}
      />
    </Stack>
  );
}

/** `/bills`: the registered card, when it is charged next, and register, replace or remove. */
export function PaymentCard() {
  const { t } = useTranslation();
  const card = useCard();
  return (
    <SettingsCard title={t("billing.card.title")} subheader={t("billing.card.description")}>
      {card.isPending && <Skeleton variant="rounded" height={120} aria-busy />}
      {card.isError && <LoadError error={card.error} onRetry={() => void card.refetch()} />}
      {card.data && <CardDetails data={card.data} />}
    </SettingsCard>
  );
}
