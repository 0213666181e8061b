import { FILE_MAX_BYTES, FILE_NAME_MAX } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FileService } from "./service";

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|video\/(mp4|webm)|audio\/(mpeg|ogg|wav))$/;

/** `GET /files/:fileId/:name`: the file's URL is its capability; the id is 122 random bits. */
export const fileRoutes: FastifyPluginAsync<{ files: FileService }> = async (fastify, { files }) => {
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  // A thumbnail or poster is an image the server made itself: always shown inline, and cached as long as the file.
  r.get(
    "/files/:fileId/thumbs/:name",
    { schema: { params: z.object({ fileId: z.string().uuid(), name: z.string().max(32) }) } },
    async (request, reply) => {
      const thumbnail = await files.openThumbnail(request.params.fileId, request.params.name);
      return reply
        .header("content-type", thumbnail.mimeType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, max-age=86400")
        .send(thumbnail.stream);
    },
  );
  r.get(
    "/files/:fileId/:name",
    { schema: { params: z.object({ fileId: z.string().uuid(), name: z.string().max(FILE_NAME_MAX) }) } },
    async (request, reply) => {
      const file = await files.open(request.params.fileId);
      const inline = INLINE_TYPES.test(file.mimeType);
      // Anything that a browser could run as a page is served as a download, never rendered.
      return reply
        .header("content-type", inline ? file.mimeType : "application/octet-stream")
        .header("content-length", String(Math.min(file.size, FILE_MAX_BYTES)))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header(
          "content-disposition",
          `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header("cache-control", "private, max-age=86400")
        .send(file.stream);
    },
  );
};
