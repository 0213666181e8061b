import type { TMessage } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { BackHandler, Platform, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { CallScreen } from "./call-screen";
import { ChannelList } from "./channel-list";
import { ChannelScreen } from "./channel-screen";
import { OfflineBanner } from "./offline-banner";
import { ScreenHeader } from "./screen-header";
import { ThreadScreen } from "./thread-screen";

/** Where the user is in the chat's own stack: the list, a channel, or a thread of a channel. */
type Place =
  | { screen: "channels" }
  | { screen: "channel"; channelId: string }
  | { screen: "thread"; channelId: string; parentId: string; parent?: TMessage };

export interface ChatProps {
  /** Opens this channel first, with Back to the list. */
  initialChannelId?: string;
  /** Told each time the user opens a channel or goes back to the list (null), e.g. to keep it in the app's URL. */
  onChannelChange?: (channelId: string | null) => void;
}

/**
 * A whole chat on a phone: the channel list, a channel, and a message's thread, in a stack of its own with Back
 * buttons (and Android's back button), and the call screen over everything while a call rings or goes on.
 */
export function Chat(props: ChatProps) {
  const { tokens } = useNativeContext();
  const { t } = useStrings();
  const [stack, setStack] = useState<Place[]>(() =>
    props.initialChannelId
      ? [{ screen: "channels" }, { screen: "channel", channelId: props.initialChannelId }]
      : [{ screen: "channels" }],
  );
  const place = stack[stack.length - 1] ?? { screen: "channels" };
  const onChannelChange = useRef(props.onChannelChange);
  onChannelChange.current = props.onChannelChange;
  const openChannelId = place.screen === "channels" ? null : place.channelId;
  useEffect(() => {
    onChannelChange.current?.(openChannelId);
  }, [openChannelId]);

  const back = useCallback(() => setStack((current) => (current.length > 1 ? current.slice(0, -1) : current)), []);
  const canGoBack = stack.length > 1;
  useEffect(() => {
    // Android's back button walks the chat's stack before it leaves the app. A browser has none, and
    // react-native-web reports the handler as an error.
    if (!canGoBack || Platform.OS === "web") return;
    const subscription = BackHandler.addEventListener("hardwareBackPress", () => {
      back();
      return true;
    });
    return () => subscription.remove();
  }, [canGoBack, back]);

  const openChannel = useCallback((channelId: string) => {
    setStack([{ screen: "channels" }, { screen: "channel", channelId }]);
  }, []);
  const openThread = useCallback((channelId: string, parentId: string, parent: TMessage) => {
    setStack((current) => [...current, { screen: "thread", channelId, parentId, parent }]);
  }, []);

  return (
    <View style={{ flex: 1, backgroundColor: tokens.background }}>
      {place.screen === "channels" ? (
        <View style={{ flex: 1 }}>
          <ScreenHeader title={t("channels.mine")} />
          <OfflineBanner />
          <ChannelList onSelect={openChannel} />
        </View>
      ) : place.screen === "channel" ? (
        <ChannelScreen
          key={place.channelId}
          channelId={place.channelId}
          onBack={back}
          onOpenThread={(parentId, parent) => openThread(place.channelId, parentId, parent)}
        />
      ) : (
        <ThreadScreen
          key={place.parentId}
          channelId={place.channelId}
          parentId={place.parentId}
          {...(place.parent ? { parent: place.parent } : {})}
          onBack={back}
        />
      )}
      <CallScreen />
    </View>
  );
}
