import { useQueryClient } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { appKeys } from "@/features/apps/api/keys";
import { ChannelChat } from "@/features/channels/components/channel-chat";

/** `?subchannel=N`: the subchannel of a split super group the view watches, so the view can be linked to. */
function parseSubchannel(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** `?seq=N`: the message the view opens at, as a search result links to it. */
function parseSeq(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

export default function ChannelChatPage() {
  const { appId = "", channelId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const subchannel = parseSubchannel(searchParams.get("subchannel"));
  const focusSeq = parseSeq(searchParams.get("seq"));
  const queryClient = useQueryClient();
  // A message sent as a test user may be the app's first: the onboarding checklist above asks again.
  const onTestMessageSent = () => void queryClient.invalidateQueries({ queryKey: appKeys.onboarding(appId) });
  return (
    <ChannelChat
      // Another subchannel is another view: its history, its socket subscription.
      key={`${appId}/${channelId}/${subchannel ?? "all"}`}
      appId={appId}
      channelId={channelId}
      subchannel={subchannel}
      focusSeq={focusSeq}
      onSubchannelChange={(next) =>
        setSearchParams(next === undefined ? {} : { subchannel: String(next) }, { replace: true })
      }
      onTestMessageSent={onTestMessageSent}
    />
  );
}
