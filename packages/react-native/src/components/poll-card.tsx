import { describeError, useMyUserId, useParley, useParleyEvent } from "@parley/react/headless";
import type { TMessage, TPoll, TPollOption } from "@parley/sdk";
import { useEffect, useState } from "react";
import { Pressable, View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitButton, TOUCH_SIZE } from "./kit-button";
import { KitText } from "./kit-text";

/**
 * A poll message: its question, each option with its count and share, the user's own choice checked. A tap votes (on
 * a poll of one choice it replaces the choice; on one of several it adds or takes back that option); its creator may
 * close it. The counts follow the channel's `poll.updated` events; the user's own votes are kept from their answers,
 * since events, which every member hears alike, carry none.
 */
export function PollCard(props: { message: TMessage }) {
  const tokens = useTheme();
  const { t } = useStrings();
  const client = useParley();
  const me = useMyUserId();
  const [poll, setPoll] = useState<TPoll | undefined>(props.message.poll);
  const [error, setError] = useState<unknown>(null);
  const pollId = props.message.poll?.id;

  useEffect(() => setPoll(props.message.poll), [props.message.poll]);
  useParleyEvent("poll.updated", (event) => {
    if (!event.poll || event.poll.id !== pollId) return;
    const heard = event.poll;
    setPoll((known) => ({ ...heard, ...(known?.myVotes ? { myVotes: known.myVotes } : {}) }));
  });

  if (!poll) return null;
  const mine = new Set(poll.myVotes ?? []);
  const isClosed = poll.closedAt !== null;
  const total = poll.options.reduce((sum, option) => sum + option.voteCount, 0);
  const polls = client.polls;
  const channelId = props.message.channelId;

  const act = async (work: () => Promise<TPoll> | undefined) => {
    setError(null);
    try {
      const answer = await work();
      if (answer) setPoll(answer);
    } catch (failure) {
      setError(failure);
    }
  };
  const choose = (optionId: string) => {
    const next = poll.allowsMultiple
      ? mine.has(optionId)
        ? [...mine].filter((id) => id !== optionId)
        : [...mine, optionId]
      : [optionId];
    void act(() => (next.length === 0 ? polls?.retract(channelId, poll.id) : polls?.vote(channelId, poll.id, next)));
  };
  const status = [
    t("poll.voters", { count: poll.totalVoters }),
    isClosed ? t("poll.closed") : poll.allowsMultiple ? t("poll.multiple") : t("poll.single"),
    ...(poll.anonymous ? [t("poll.anonymous")] : []),
  ].join(" · ");

  return (
    <View
      testID="poll-card"
      accessibilityLabel={poll.question}
      accessibilityRole={poll.allowsMultiple ? undefined : "radiogroup"}
      style={{
        marginTop: 4,
        padding: 10,
        gap: 6,
        borderRadius: tokens.radius,
        borderWidth: 1,
        borderColor: tokens.border,
        alignSelf: "stretch",
        maxWidth: 360,
      }}
    >
      <KitText accessibilityRole="header" style={{ fontWeight: "700" }}>
        {poll.question}
      </KitText>
      {poll.options.map((option) => (
        <PollOption
          key={option.id}
          option={option}
          share={total === 0 ? 0 : Math.round((option.voteCount / total) * 100)}
          isChecked={mine.has(option.id)}
          isMultiple={poll.allowsMultiple}
          isDisabled={isClosed || !polls}
          onPress={() => choose(option.id)}
        />
      ))}
      <KitText tone="muted" size={12} testID="poll-status">
        {status}
      </KitText>
      {!isClosed && polls && poll.createdBy === me && (
        <KitButton
          label={t("poll.close")}
          onPress={() => void act(() => polls.close(channelId, poll.id))}
          style={{ alignSelf: "flex-start", paddingHorizontal: 0 }}
        />
      )}
      {error !== null && (
        <KitText tone="danger" size={13} accessibilityRole="alert" accessibilityLiveRegion="polite">
          {describeError(error, t)}
        </KitText>
      )}
    </View>
  );
}

/** One option: a radio button (one choice) or a checkbox (several), its share drawn as a bar behind its text. */
function PollOption(props: {
  option: TPollOption;
  share: number;
  isChecked: boolean;
  isMultiple: boolean;
  isDisabled: boolean;
  onPress: () => void;
}) {
  const tokens = useTheme();
  const { t } = useStrings();
  const { option, share, isChecked } = props;
  return (
    <Pressable
      accessibilityRole={props.isMultiple ? "checkbox" : "radio"}
      accessibilityLabel={t("poll.option", { option: option.text, count: option.voteCount })}
      accessibilityState={{ checked: isChecked, disabled: props.isDisabled }}
      disabled={props.isDisabled}
      onPress={props.onPress}
      style={({ pressed }) => ({
        minHeight: TOUCH_SIZE,
        borderRadius: tokens.radius,
        borderWidth: 1,
        borderColor: isChecked ? tokens.accent : tokens.border,
        overflow: "hidden",
        justifyContent: "center",
        opacity: pressed ? 0.7 : 1,
      })}
    >
      <View
        testID="poll-bar"
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          bottom: 0,
          width: `${share}%`,
          backgroundColor: tokens.accentSoft,
        }}
      />
      <View
        style={{ flexDirection: "row", alignItems: "center", gap: 8, paddingHorizontal: 10 }}
        importantForAccessibility="no-hide-descendants"
      >
        <KitText tone={isChecked ? "accent" : "muted"}>
          {props.isMultiple ? (isChecked ? "☑" : "☐") : isChecked ? "◉" : "○"}
        </KitText>
        <KitText style={{ flex: 1, fontWeight: isChecked ? "600" : "400" }}>{option.text}</KitText>
        <KitText tone="muted" size={13}>
          {`${option.voteCount} · ${t("poll.share", { percent: share })}`}
        </KitText>
      </View>
    </Pressable>
  );
}
