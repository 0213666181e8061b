import { Chat, darkTokens, lightTokens, ParleyProvider } from "@parley/react-native";
import type { ParleyClient } from "@parley/sdk";
import { useState } from "react";
import { Platform, Pressable, StatusBar, StyleSheet, Text, View } from "react-native";
import { Choice } from "./choice";
import { DirectChatForm } from "./direct-chat-form";
import { LANGUAGE_NAMES, type Language, translate } from "./i18n";
import { pickAttachment } from "./platform/attachment-picker";
import { VideoView } from "./platform/webrtc";

/**
 * Android draws the app under its status bar (edge to edge); the kit keeps its controls below it. An app with
 * `react-native-safe-area-context` passes its insets instead, which also know the iPhone's notch and home bar.
 */
const SAFE_AREA = { top: Platform.OS === "android" ? (StatusBar.currentHeight ?? 0) : 0, right: 0, bottom: 0, left: 0 };

export interface ChatScreenProps {
  client: ParleyClient;
  language: Language;
  theme: "light" | "dark";
  onLanguage: (language: Language) => void;
  onTheme: (theme: "light" | "dark") => void;
  onSignOut: () => void;
}

/**
 * The signed-in app: the kit's whole chat (channels, a channel, its threads, calls) in the chosen language and
 * theme, with the platform's file picker and video view. Under the channel list, the sample's own bar opens a 1:1
 * chat by user ID, switches the language and theme, and signs out.
 */
export function ChatScreen(props: ChatScreenProps) {
  const [onList, setOnList] = useState(true);
  // A 1:1 chat opened from the form below: the chat starts again on it, with Back to the list.
  const [opened, setOpened] = useState<{ channelId: string; count: number } | null>(null);
  const tokens = props.theme === "dark" ? darkTokens : lightTokens;
  return (
    <ParleyProvider
      client={props.client}
      language={props.language}
      theme={props.theme}
      safeAreaInsets={SAFE_AREA}
      VideoView={VideoView}
      pickAttachment={pickAttachment}
    >
      <StatusBar barStyle={props.theme === "dark" ? "light-content" : "dark-content"} />
      <View style={styles.screen}>
        <Chat
          key={opened?.count ?? 0}
          {...(opened ? { initialChannelId: opened.channelId } : {})}
          onChannelChange={(channelId) => setOnList(channelId === null)}
        />
      </View>
      {onList && (
        <View style={[styles.bar, { backgroundColor: tokens.surface, borderTopColor: tokens.border }]}>
          <DirectChatForm
            client={props.client}
            language={props.language}
            tokens={tokens}
            onOpen={(channelId) => setOpened((last) => ({ channelId, count: (last?.count ?? 0) + 1 }))}
          />
          <Choice
            options={[
              { value: "en", label: LANGUAGE_NAMES.en },
              { value: "ko", label: LANGUAGE_NAMES.ko },
            ]}
            value={props.language}
            onChange={props.onLanguage}
            tokens={tokens}
          />
          <Choice
            options={[
              { value: "light", label: translate(props.language, "light") },
              { value: "dark", label: translate(props.language, "dark") },
            ]}
            value={props.theme}
            onChange={props.onTheme}
            tokens={tokens}
          />
          <Pressable accessibilityRole="button" onPress={props.onSignOut} style={styles.signOut}>
            <Text style={[styles.signOutText, { color: tokens.accent }]}>{translate(props.language, "signOut")}</Text>
          </Pressable>
        </View>
      )}
    </ParleyProvider>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1 },
  bar: {
    flexDirection: "row",
    flexWrap: "wrap",
    alignItems: "center",
    gap: 8,
    paddingHorizontal: 12,
    paddingVertical: 8,
    borderTopWidth: 1,
  },
  signOut: { marginLeft: "auto", minHeight: 44, justifyContent: "center", paddingHorizontal: 4 },
  signOutText: { fontSize: 15, fontWeight: "600" },
});
