import { Errors, PUSH_DEVICES_PER_USER_MAX, type TPushDevice, type TRegisterPushTokenRequest } from "@parley/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { Actor } from "../channels";
import { pushDevices } from "./schema";

type UserActor = Actor & { kind: "user" };
export type PushDeviceRow = typeof pushDevices.$inferSelect;

export const toPushDevice = (row: PushDeviceRow): TPushDevice => ({
  id: row.id,
  platform: row.platform,
  provider: row.provider,
  createdAt: row.createdAt.toISOString(),
});

/** The devices end users register for push, through the chat API. */
export function createPushDevices(ctx: Context) {
  const { db } = ctx.database;

  return {
    /**
     * Registers the caller's device token, for the provider it names (FCM unless `apns`). A token belongs to one
     * app install, so registering it again, under whichever user is signed in there now, moves it to that user: a
     * shared phone notifies only its current user. A user keeps the newest {@link PUSH_DEVICES_PER_USER_MAX}
     * devices; older ones are dropped, as a token not re-registered for that long has most likely been replaced.
     */
    async register(actor: UserActor, input: TRegisterPushTokenRequest): Promise<TPushDevice> {
      const now = ctx.clock.now();
      // Apple's tokens are hex, which apps print in either case: one device must not become two.
      const token = input.provider === "apns" ? input.token.toLowerCase() : input.token;
      const [row] = await db
        .insert(pushDevices)
        .values({
          appId: actor.app.id,
          chatUserId: actor.user.id,
          platform: input.platform,
          provider: input.provider,
          token,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [pushDevices.appId, pushDevices.token],
          set: { chatUserId: actor.user.id, platform: input.platform, provider: input.provider, createdAt: now },
        })
        .returning();
      if (!row) throw new AppError(Errors.PUSH_DEVICE_NOT_FOUND);
      const surplus = await db
        .select({ id: pushDevices.id })
        .from(pushDevices)
        .where(eq(pushDevices.chatUserId, actor.user.id))
        .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id))
        .offset(PUSH_DEVICES_PER_USER_MAX);
      if (surplus.length > 0) {
        await db.delete(pushDevices).where(
          inArray(
            pushDevices.id,
            surplus.map((d) => d.id),
          ),
        );
      }
      return toPushDevice(row);
    },

    async list(actor: UserActor): Promise<TPushDevice[]> {
      const rows = await db
        .select()
        .from(pushDevices)
        .where(eq(pushDevices.chatUserId, actor.user.id))
        .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id));
      return rows.map(toPushDevice);
    },

    /** Another user's device answers 3042 like a missing one, so device ids cannot be probed. */
    async unregister(actor: UserActor, deviceId: string): Promise<void> {
      const removed = await db
        .delete(pushDevices)
        .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.chatUserId, actor.user.id)))
        .returning({ id: pushDevices.id });
      if (removed.length === 0) throw new AppError(Errors.PUSH_DEVICE_NOT_FOUND);
    },

    ofUser(chatUserId: string): Promise<PushDeviceRow[]> {
      return db
        .select()
        .from(pushDevices)
        .where(eq(pushDevices.chatUserId, chatUserId))
        .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id));
    },
  };
}

export type PushDevices = ReturnType<typeof createPushDevices>;
