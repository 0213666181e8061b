import { FILE_MAX_BYTES, FILE_NAME_MAX } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FileService } from "./service";

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/mp4|audio\/(mpeg|ogg|wav))$/;

/** `GET /files/:fileId/:name`: the file's URL is its capability; the id is 122 random bits. */
export const fileRoutes: FastifyPluginAsync<{ files: FileService }> = async (fastify, { files }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
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
