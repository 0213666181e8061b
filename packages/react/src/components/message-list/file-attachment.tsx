import type { TFileInfo, TThumbnail } from "@parley/sdk";
import { useStrings } from "../../hooks/use-parley";
import { FileIcon } from "../icons";
import { VoiceMessage } from "./voice-message";

export interface FileAttachmentProps {
  file: TFileInfo;
  tabIndex?: number | undefined;
}

/** The widest an image is shown in the list, in CSS pixels; `sizes` tells the browser so it picks the thumbnail. */
const SHOWN_MAX = 320;

const srcSetOf = (thumbnails: TThumbnail[]) => thumbnails.map((t) => `${t.url} ${t.width}w`).join(", ");

/**
 * A file message's file. An image (or a video's poster) is shown from its thumbnails, WebP where the browser takes
 * it and JPEG otherwise, with the image's own width and height on the element, so its box has its proportions
 * before a byte arrives and the list does not move when it loads; it links to the original. A large image whose
 * thumbnails are still being made holds that same box. A voice message plays inline. Any other file is a link with
 * its name.
 */
export function FileAttachment({ file, tabIndex }: FileAttachmentProps) {
  const { t } = useStrings();
  if (file.voice) return <VoiceMessage file={file} tabIndex={tabIndex} />;
  const { width, height } = file;
  const thumbnails = file.thumbnails ?? [];
  if (!width || !height || (thumbnails.length === 0 && file.media !== "pending")) {
    return (
      <a href={file.url} target="_blank" rel="noreferrer" tabIndex={tabIndex}>
        <FileIcon /> {file.name}
      </a>
    );
  }
  const box = { aspectRatio: `${width} / ${height}`, maxWidth: Math.min(width, SHOWN_MAX) };
  if (thumbnails.length === 0) {
    return (
      <div
        className="pk-image-attachment pk-image-pending"
        style={box}
        role="img"
        aria-label={t("chat.imagePreparing", { name: file.name })}
        data-testid="image-attachment"
      />
    );
  }
  const webp = thumbnails.filter((th) => th.format === "webp");
  const jpeg = thumbnails.filter((th) => th.format === "jpeg");
  const fallback = jpeg[0] ?? webp[0];
  const sizes = `(max-width: ${SHOWN_MAX}px) 100vw, ${SHOWN_MAX}px`;
  return (
    <a
      className="pk-image-attachment"
      style={box}
      href={file.url}
      target="_blank"
      rel="noreferrer"
      tabIndex={tabIndex}
      title={t("chat.openOriginal", { name: file.name })}
      data-testid="image-attachment"
    >
      <picture>
        {webp.length > 0 && <source type="image/webp" srcSet={srcSetOf(webp)} sizes={sizes} />}
        <img
          src={fallback?.url}
          srcSet={jpeg.length > 0 ? srcSetOf(jpeg) : undefined}
          sizes={sizes}
          width={width}
          height={height}
          alt={file.name}
          loading="lazy"
          decoding="async"
        />
      </picture>
    </a>
  );
}
