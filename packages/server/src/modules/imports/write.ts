/**
 * Writes one page of a plan through the module that owns its tables, each with one `insert … select` from the page as
 * JSON that skips rows already there (`on conflict do nothing`, as a page written again after a crash has them) and
 * moves the counters that hang on what it really inserted. Users are looked up by their user ID within the app in the
 * statement itself, so a page never names another app's user.
 */
import type { TImportKind } from "@parley/contract";
import type { Db } from "../../db/client";
import { writeImportedChannels, writeImportedMembers } from "../channels";
import { writeImportedUsers } from "../chat-users";
import { writeImportedMessages, writeImportedReactions } from "../messages";
import type { Plan } from "./plan";

/** The kinds written as the plan has them; files are fetched first (see the import service). */
export type RowKind = Exclude<TImportKind, "files">;

type Writer<K extends RowKind> = (tx: Db, appId: string, rows: Plan[K]) => Promise<void>;

const writers: { [K in RowKind]: Writer<K> } = {
  users: writeImportedUsers,
  channels: writeImportedChannels,
  members: writeImportedMembers,
  messages: writeImportedMessages,
  reactions: writeImportedReactions,
};

/** Writes one page of `kind`'s planned rows, as the plan stored them, into the app `appId` in the caller's tx. */
export function writePage<K extends RowKind>(tx: Db, appId: string, kind: K, rows: Plan[K]): Promise<void> {
  return writers[kind](tx, appId, rows);
}
