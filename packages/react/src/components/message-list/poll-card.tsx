import type { TMessage, TPoll } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useMyUserId, useParley, useParleyEvent, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";

/**
 * A poll message: its question, each option with its count and a bar of its share, the user's own choice pressed.
 * A click votes (on a multiple-choice poll it adds or removes that option from the choice); its creator may close
 * it. The counts follow the channel's `poll.updated` events; the user's own votes are kept from their answers.
 */
export function PollCard(props: { message: TMessage; tabIndex?: number }) {
  const { t } = useStrings();
  const client = useParley();
  const me = useMyUserId();
  const [poll, setPoll] = useState<TPoll | undefined>(props.message.poll);
  const [error, setError] = useState<string | null>(null);
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

  const act = async (work: () => Promise<TPoll> | undefined) => {
    setError(null);
    try {
      const answer = await work();
      if (answer) setPoll(answer);
    } catch (err) {
      setError(describeError(err, t));
    }
  };
  const choose = (optionId: string) => {
    const next = poll.allowsMultiple
      ? mine.has(optionId)
        ? [...mine].filter((id) => id !== optionId)
        : [...mine, optionId]
      : [optionId];
    void act(() =>
      next.length === 0
        ? polls?.retract(props.message.channelId, poll.id)
        : polls?.vote(props.message.channelId, poll.id, next),
    );
  };

  return (
    <fieldset className="pk-poll" aria-describedby={`pk-poll-status-${poll.id}`}>
      <legend className="pk-poll-question">{poll.question}</legend>
      <ul className="pk-poll-options">
        {poll.options.map((option) => {
          const share = total === 0 ? 0 : Math.round((option.voteCount / total) * 100);
          return (
            <li key={option.id}>
              <button
                type="button"
                className={mine.has(option.id) ? "pk-poll-option pk-mine" : "pk-poll-option"}
                aria-pressed={mine.has(option.id)}
                aria-label={t("poll.option", { option: option.text, count: option.voteCount })}
                disabled={isClosed || !polls}
                tabIndex={props.tabIndex}
                onClick={() => choose(option.id)}
              >
                <span className="pk-poll-bar" style={{ width: `${share}%` }} aria-hidden="true" />
                <span className="pk-poll-text">{option.text}</span>
                <span className="pk-poll-count">{option.voteCount}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="pk-poll-status" id={`pk-poll-status-${poll.id}`}>
        {t("poll.voters", { count: poll.totalVoters })}
        {" · "}
        {isClosed ? t("poll.closed") : poll.allowsMultiple ? t("poll.multiple") : t("poll.single")}
        {poll.anonymous ? ` · ${t("poll.anonymous")}` : ""}
      </p>
      {!isClosed && polls && poll.createdBy === me && (
        <button
          type="button"
          className="pk-poll-close"
          tabIndex={props.tabIndex}
          onClick={() => void act(() => polls.close(props.message.channelId, poll.id))}
        >
          {t("poll.close")}
        </button>
      )}
      {error && (
        <p className="pk-poll-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
