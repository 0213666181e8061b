import { FormControlLabel, Skeleton, Switch } from "@mui/material";
import { type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";

/**
 * Turns a per-app feature on or off at once, apart from the feature's forms, so the switch never waits on unsaved
 * edits. While a change is saving the switch shows the asked state; the saved answer goes into the query's cache.
 */
export function FeatureSwitch<TKey extends QueryKey>({
  query,
  save,
  label,
  turnedOn,
  turnedOff,
}: {
  /** The feature's own query of the switch, e.g. `pushEnabledQueryOptions(appId)`. */
  query: UseQueryOptions<boolean, Error, boolean, TKey>;
  /** Saves the state and answers with the state the server stored. */
  save: (enabled: boolean) => Promise<boolean>;
  label: string;
  turnedOn: string;
  turnedOff: string;
}) {
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const enabled = useQuery(query);
  const update = useMutation({
    mutationFn: save,
    onSuccess: (saved) => queryClient.setQueryData<boolean>(query.queryKey, saved),
  });

  if (enabled.isPending) return <Skeleton variant="rounded" height={38} width={240} aria-busy />;

  const onChange = (checked: boolean) =>
    update.mutate(checked, {
      onSuccess: (saved) => showSnackbar(saved ? turnedOn : turnedOff, { severity: "success" }),
      onError: (error) => showSnackbar(errorText(error), { severity: "error" }),
    });

  return (
    <FormControlLabel
      control={
        <Switch
          checked={update.isPending ? update.variables : enabled.data === true}
          disabled={enabled.isError || update.isPending}
          onChange={(event) => onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}
