import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inlineErrors } from "@/lib/mutation-errors";
import { iceServersQueryOptions } from "../api/get-ice-servers";
import { probeTurnServer } from "../lib/probe-turn-server";

/**
 * The ICE card's "Test": fresh credentials from the server, then a relay asked of the TURN server from this
 * browser. The test runs in the admin's browser, not on the server, because the server may sit where it reaches the
 * TURN server and a caller's phone does not: a browser on the admin's network is nearer to how calls meet it. A
 * failure to get the credentials is shown by the card, not the snackbar.
 */
export function useTurnTest(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...inlineErrors,
    mutationFn: async () => {
      const { iceServers } = await queryClient.fetchQuery(iceServersQueryOptions(appId));
      return probeTurnServer(iceServers);
    },
  });
}
