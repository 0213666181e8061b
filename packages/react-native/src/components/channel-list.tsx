import { type ChannelEntry, describeError, useChannels } from "@parley/react/headless";
import { useCallback, useState } from "react";
import { ActivityIndicator, FlatList, TextInput, View } from "react-native";
import { useNativeContext } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { ChannelRow } from "./channel-row";
import { CreateChannelForm } from "./create-channel-form";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

export interface ChannelListProps {
  /** Called with the channel the user picked. */
  onSelect: (channelId: string) => void;
}

const keyOf = (entry: ChannelEntry) => entry.channel.id;

/**
 * The user's channels, newest activity first, with unread and mention badges, a search over their titles, and a form
 * for a new channel (public, private with an invite code, or open) that opens the channel it made.
 */
export function ChannelList(props: ChannelListProps) {
  const { channels, search, setSearch, loading, error, reload, create } = useChannels();
  const [creating, setCreating] = useState(false);
  const { tokens, insets } = useNativeContext();
  const { t } = useStrings();
  const { onSelect } = props;
  const renderItem = useCallback(
    ({ item }: { item: ChannelEntry }) => <ChannelRow entry={item} onSelect={onSelect} />,
    [onSelect],
  );

  return (
    <View style={{ flex: 1, backgroundColor: tokens.background }}>
      <View style={{ paddingLeft: 12 + insets.left, paddingRight: 12 + insets.right, paddingVertical: 8, gap: 8 }}>
        <View style={{ flexDirection: "row", alignItems: "center", gap: 8 }}>
          <TextInput
            accessibilityLabel={t("channels.search")}
            placeholder={t("channels.search")}
            placeholderTextColor={tokens.mutedText}
            value={search}
            onChangeText={setSearch}
            autoCorrect={false}
            autoCapitalize="none"
            clearButtonMode="while-editing"
            returnKeyType="search"
            allowFontScaling
            style={{ ...textInputStyle(tokens), flex: 1 }}
          />
          {!creating && <KitButton label={t("channels.new")} onPress={() => setCreating(true)} />}
        </View>
        {creating && (
          <CreateChannelForm
            onCancel={() => setCreating(false)}
            onCreate={async (input) => {
              const channel = await create(input);
              setCreating(false);
              onSelect(channel.id);
            }}
          />
        )}
      </View>
      {error !== null && (
        <View accessibilityRole="alert" style={{ padding: 16, gap: 8 }}>
          <KitText tone="danger">{describeError(error, t)}</KitText>
          <KitButton label={t("retry")} onPress={() => void reload()} variant="soft" />
        </View>
      )}
      {loading ? (
        <ActivityIndicator accessibilityLabel={t("chat.loading")} style={{ padding: 24 }} color={tokens.accent} />
      ) : (
        <FlatList
          accessibilityLabel={t("channels.label")}
          data={channels}
          keyExtractor={keyOf}
          renderItem={renderItem}
          keyboardShouldPersistTaps="handled"
          contentContainerStyle={{ paddingBottom: insets.bottom }}
          ItemSeparatorComponent={Separator}
          ListEmptyComponent={
            <KitText tone="muted" style={{ padding: 24, textAlign: "center" }}>
              {search.trim() ? t("channels.noMatch", { search: search.trim() }) : t("channels.none")}
            </KitText>
          }
        />
      )}
    </View>
  );
}

function Separator() {
  const { tokens } = useNativeContext();
  return <View style={{ height: 1, backgroundColor: tokens.border, marginLeft: 68 }} />;
}
