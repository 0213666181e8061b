import type { TLinkPreview } from "@parley/sdk";
import { useStrings } from "../../hooks/use-parley";

export interface LinkPreviewCardProps {
  preview: TLinkPreview;
  /** Offered to the message's sender: takes the card off for every reader. */
  onRemove?: (() => void) | undefined;
  tabIndex?: number | undefined;
}

/** The host of a link, shown when the page names no site. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * The card of a message's first link: site, title, description, and the page's image in a box of fixed proportions,
 * so the list does not jump when the image loads (or fails to).
 */
export function LinkPreviewCard({ preview, onRemove, tabIndex }: LinkPreviewCardProps) {
  const { t } = useStrings();
  const title = preview.title ?? preview.url;
  return (
    <section className="pk-link-preview" aria-label={t("chat.linkPreview", { title })} data-testid="link-preview">
      {preview.imageUrl && (
        <div className="pk-link-preview-media">
          <img src={preview.imageUrl} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />
        </div>
      )}
      <div className="pk-link-preview-text">
        <span className="pk-link-preview-site">{preview.siteName ?? hostOf(preview.url)}</span>
        <a
          className="pk-link-preview-title"
          href={preview.url}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={tabIndex}
        >
          {title}
        </a>
        {preview.description && <p className="pk-link-preview-description">{preview.description}</p>}
      </div>
      {onRemove && (
        <button
          type="button"
          className="pk-icon-button pk-link-preview-remove"
          aria-label={t("chat.removeLinkPreview")}
          title={t("chat.removeLinkPreview")}
          tabIndex={tabIndex}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </section>
  );
}
