import {
  callsApi,
  chatOperation,
  zCallIdParams,
  zCallResponse,
  zCallsPage,
  zCallsQuery,
  zEndCallRequest,
  zIceServersResponse,
  zStartCallRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { CallService } from "./service";

/**
 * The chat API's call routes, under `/v1`: an end user starts and moves their calls here, and hears them move on
 * the WebSocket (`call` frames), where the signalling travels too (`call.signal` frames). An API key answers 1023:
 * a call is always a user's own.
 */
export const callChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  calls: CallService;
}> = async (fastify, deps) => {
  const { calls } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.post(
    callsApi.calls,
    {
      schema: {
        ...chatOperation("startCall", "Start a one-to-one voice or video call"),
        description:
          "The call rings from now: both parties' sockets hear `call.ringing`, and a callee with no socket open is pushed (`call/incoming`). Unanswered for CALL_RING_SECONDS it is missed. 3018 for a user not of this app, 3092 for oneself, 3094 for a deactivated callee, 3093 when the callee blocks the caller, 3091 when either party is already in a ringing or accepted call.",
        body: zStartCallRequest,
        response: { 200: zCallResponse },
      },
    },
    async (request) => ({ call: await calls.start(userOnly(request), request.body) }),
  );
  r.get(
    callsApi.calls,
    {
      schema: {
        ...chatOperation("listCalls", "List the caller's calls"),
        description: "Calls the caller made or received, newest first, by cursor.",
        querystring: zCallsQuery,
        response: { 200: zCallsPage },
      },
    },
    async (request) => calls.history(userOnly(request), request.query),
  );
  r.get(
    callsApi.iceServers,
    {
      schema: {
        ...chatOperation("getIceServers", "The ICE servers to connect a call through"),
        description:
          "The app's STUN servers, and its TURN servers with a username and credential valid for `ttlSeconds` (the TURN REST API scheme of coturn's `use-auth-secret`). Ask again for each call. Empty when the app configured none.",
        response: { 200: zIceServersResponse },
      },
    },
    async (request) => calls.iceServers(userOnly(request)),
  );
  r.get(
    callsApi.call,
    {
      schema: {
        ...chatOperation("getCall", "Get one of the caller's calls"),
        description: "3090 for a call the caller is not a party of.",
        params: zCallIdParams,
        response: { 200: zCallResponse },
      },
    },
    async (request) => ({ call: await calls.get(userOnly(request), request.params.callId) }),
  );

  const moves = [
    ["accept", "acceptCall", "Accept a ringing call", "The callee only (3096); 3095 once it no longer rings."],
    ["decline", "declineCall", "Decline a ringing call", "The callee only (3096); 3095 once it no longer rings."],
    ["cancel", "cancelCall", "Cancel a call that still rings", "The caller only (3096); 3095 once it no longer rings."],
  ] as const;
  for (const [action, operationId, summary, description] of moves) {
    r.post(
      callsApi[action],
      {
        schema: {
          ...chatOperation(operationId, summary),
          description,
          params: zCallIdParams,
          response: { 200: zCallResponse },
        },
      },
      async (request) => ({ call: await calls[action](userOnly(request), request.params.callId) }),
    );
  }
  r.post(
    callsApi.end,
    {
      schema: {
        ...chatOperation("endCall", "End a call"),
        description:
          "Either party hangs up an accepted call. With `reason: failed` (the client could not set up its media) a ringing or accepted call ends as failed. 3095 in any other state.",
        params: zCallIdParams,
        body: zEndCallRequest.optional(),
        response: { 200: zCallResponse },
      },
    },
    async (request) => ({
      call: await calls.end(userOnly(request), request.params.callId, request.body?.reason ?? "hangup"),
    }),
  );
};
