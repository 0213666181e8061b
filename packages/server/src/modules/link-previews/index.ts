export { createLinkPreviewService, type LinkPreviewService } from "./service";
