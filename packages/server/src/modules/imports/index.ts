export {
  type Collision,
  type DryRunReport,
  dryRun,
  type ExistingIds,
  type KindCount,
  REPORT_LIST_MAX,
} from "./dry-run";
export { importedChannelId, uuidV5 } from "./ids";
export type {
  ImportAttachment,
  ImportChannel,
  ImportKind,
  ImportMember,
  ImportMessage,
  ImportReaction,
  ImportSource,
  ImportUser,
  ParsedImport,
  Refusal,
  RowRef,
} from "./model";
export { type ImportFile, parseSendbirdExport, sendbirdChannelType } from "./sendbird";
export { createImportService, type ImportService } from "./service";
export { parseStreamJsonl, STREAM_CHANNEL_TYPES } from "./stream";
