import { Box, FormControlLabel, FormHelperText, Skeleton, Switch } from "@mui/material";
import { type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSnackbar } from "@/components/ui/snackbar-provider";

/**
 * Turns a per-app feature on or off at once, apart from the feature's forms, so the switch never waits on unsaved
 * edits. While a change is saving the switch shows the asked state; the saved answer goes into the query's cache.
 * With a `blockedReason` the switch cannot be turned on, and says why under it; one already on can still go off.
 */
export function FeatureSwitch<TKey extends QueryKey>({
  query,
  save,
  label,
  turnedOn,
  turnedOff,
  blockedReason,
}: {
  /** The feature's own query of the switch, e.g. `pushEnabledQueryOptions(appId)`. */
  query: UseQueryOptions<boolean, Error, boolean, TKey>;
  /** Saves the state and answers with the state the server stored. */
  save: (enabled: boolean) => Promise<boolean>;
  label: string;
  turnedOn: string;
  turnedOff: string;
  /** What is missing before the feature can work, e.g. a key; null or absent when nothing is. */
  blockedReason?: string | null;
}) {
  const { showSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const enabled = useQuery(query);
  const reasonId = useId();
  // The asked state, set in the click's own render: the mutation's pending state arrives a task later, and a
  // controlled switch would snap back for that long.
  const [asked, setAsked] = useState<boolean | null>(null);
  const update = useMutation({
    mutationFn: save,
    onSuccess: (saved) => queryClient.setQueryData<boolean>(query.queryKey, saved),
  });

  if (enabled.isPending) return <Skeleton variant="rounded" height={38} width={240} aria-busy />;

  const onChange = (checked: boolean) => {
    setAsked(checked);
    update.mutate(checked, {
      onSuccess: (saved) => showSnackbar(saved ? turnedOn : turnedOff, { severity: "success" }),
      onSettled: () => setAsked(null),
    });
  };

  const isSaving = asked !== null || update.isPending;
  const isOn = asked ?? (update.isPending ? update.variables : enabled.data === true);
  const isBlocked = Boolean(blockedReason) && !isOn;

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={isOn}
            disabled={enabled.isError || isSaving || isBlocked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: blockedReason ? { "aria-describedby": reasonId } : {} }}
          />
        }
        label={label}
      />
      {blockedReason && (
        <FormHelperText id={reasonId} sx={{ mt: 0, color: isOn ? "warning.dark" : "text.secondary" }}>
          {blockedReason}
        </FormHelperText>
      )}
    </Box>
  );
}
