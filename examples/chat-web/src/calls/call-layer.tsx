import type { Call, ParleyClient } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useI18n } from "../i18n";
import { describeError } from "../session";
import { CallScreen } from "./call-screen";
import { IncomingCall } from "./incoming-call";
import { useCallState } from "./use-calls";

/** The other party's nickname, read once per call; their user ID until it arrives. */
function usePeerName(client: ParleyClient, call: Call): string {
  const [name, setName] = useState(call.peerId);
  useEffect(() => {
    let cancelled = false;
    client.users.get(call.peerId).then(
      (user) => !cancelled && setName(user.nickname || user.userId),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [client, call.peerId]);
  return name;
}

/**
 * What the user sees of a call, above the chat: the incoming-call sheet while it rings for them, the call screen
 * once they take part. A call that rang here and was answered on another device, cancelled or missed just goes.
 */
export function CallLayer(props: { client: ParleyClient; call: Call; onClose: () => void }) {
  const { client, call, onClose } = props;
  const { t } = useI18n();
  useCallState(call);
  const peerName = usePeerName(client, call);
  const [error, setError] = useState<unknown>(null);
  const ringingHere = call.direction === "incoming" && !call.isJoined;

  useEffect(() => {
    if (ringingHere && call.hasEnded) onClose();
  }, [ringingHere, call.hasEnded, onClose]);
  if (ringingHere && call.hasEnded) return null;

  return (
    <>
      {ringingHere ? (
        <IncomingCall call={call} callerName={peerName} onError={setError} />
      ) : (
        <CallScreen call={call} peerName={peerName} onClose={onClose} onError={setError} />
      )}
      {error !== null && (
        <p className="error call-error" role="alert">
          {describeError(error, t)}
        </p>
      )}
    </>
  );
}
