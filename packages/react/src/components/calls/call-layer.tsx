import type { Call } from "@parley/sdk";
import { useEffect, useState } from "react";
import type { ChatClient } from "../../client";
import { useCall, useCallState } from "../../hooks/use-call";
import { useParley, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { CallScreen } from "./call-screen";
import { IncomingCall } from "./incoming-call";

/** The other party's nickname, read once per call; their user ID until it arrives. */
function usePeerName(client: ChatClient, call: Call): string {
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
 * What the user sees of their call, above everything: the incoming-call sheet while it rings for them, the call
 * screen once they take part. A call that rang here and was answered on another device, cancelled or missed just
 * goes. Renders nothing without a call; place it once under the provider (`Chat` does).
 */
export function CallLayer() {
  const { call, close } = useCall();
  if (!call) return null;
  return <ActiveCall key={call.id} call={call} onClose={close} />;
}

function ActiveCall(props: { call: Call; onClose: () => void }) {
  const { call, onClose } = props;
  const client = useParley();
  const { t } = useStrings();
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
        <p className="pk-error pk-call-error" role="alert">
          {describeError(error, t)}
        </p>
      )}
    </>
  );
}
