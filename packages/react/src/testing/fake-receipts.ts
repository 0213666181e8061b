import type { MessageReceipt, TMember, TMessage } from "@parley/sdk";
import type { ChatClient } from "../client";

type Marks = Map<string, { delivered: number; read: number }>;

/** The fake client's delivery and read marks per channel, and who hears them change. */
export class FakeReceipts implements NonNullable<ChatClient["receipts"]> {
  readonly #marks = new Map<string, Marks>();
  readonly #listeners = new Set<(channelId: string) => void>();

  constructor(
    private readonly host: {
      /** Waits while offline, then records the call. */
      call(name: string, ...args: unknown[]): Promise<void>;
      membersOf(channelId: string): TMember[];
      userId(): string;
    },
  ) {}

  async load(channelId: string): Promise<void> {
    await this.host.call("receipts.load", channelId);
    const marks: Marks = new Map();
    for (const member of this.host.membersOf(channelId)) {
      const read = member.lastReadSeq ?? 0;
      marks.set(member.userId, { delivered: Math.max(member.lastDeliveredSeq ?? 0, read), read });
    }
    this.#marks.set(channelId, marks);
    this.#changed(channelId);
  }

  onChange(listener: (channelId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  of(message: Pick<TMessage, "channelId" | "seq">): MessageReceipt | undefined {
    const marks = this.#marks.get(message.channelId);
    if (!marks) return undefined;
    const others = [...marks].filter(([userId]) => userId !== this.host.userId()).map(([, m]) => m);
    const deliveredTo = others.filter((m) => m.delivered >= message.seq).length;
    const readBy = others.filter((m) => m.read >= message.seq).length;
    const all = others.length;
    const state = all > 0 && readBy === all ? "read" : all > 0 && deliveredTo === all ? "delivered" : "sent";
    return { state, deliveredTo, readBy, members: all };
  }

  /** Moves a member's marks forward, as `channel.delivered` and `channel.read` do; a read mark is delivered too. */
  move(channelId: string, userId: string | undefined, delivered: number, read: number): void {
    const marks = this.#marks.get(channelId);
    if (!marks || !userId) return;
    const current = marks.get(userId) ?? { delivered: 0, read: 0 };
    marks.set(userId, { delivered: Math.max(current.delivered, delivered, read), read: Math.max(current.read, read) });
    this.#changed(channelId);
  }

  #changed(channelId: string): void {
    for (const listener of [...this.#listeners]) listener(channelId);
  }
}
