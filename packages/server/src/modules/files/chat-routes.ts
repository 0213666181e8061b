import { chatApi, chatOperation, FILE_MAX_BYTES, zChannelParams, zMessageResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf, resolveChatCaller } from "../../http/chat-principal";
import { receiveUpload } from "../../http/multipart";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { FileService } from "./service";

/** The chat API's file message route, under `/v1`. */
export const fileChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  files: FileService;
}> = async (fastify, deps) => {
  const { files } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.post(
    chatApi.files,
    {
      schema: {
        ...chatOperation("sendFile", "Send a file message (multipart, up to 15 MB)"),
        description:
          "Sends a file message: multipart/form-data with the optional `caption` and `clientMessageId` (the idempotency key, as for a text message) fields first, then one `file` part of at most 15 MB. A voice message adds `voice=true` and, as its recorder measured them, `durationMs` and `waveform` (up to 64 bars of 0 to 100 joined by commas); its file must be audio (3255) of at most 10 minutes (3256).",
        params: zChannelParams,
        consumes: ["multipart/form-data"],
        response: { 200: zMessageResponse },
      },
    },
    async (request) => {
      const upload = await receiveUpload(request, FILE_MAX_BYTES);
      return { message: await files.sendFile(actorOf(request), request.params.channelId, upload) };
    },
  );
};
