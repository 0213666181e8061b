export { archivedFilePath, fileExportSection, fileIdsSentBy } from "./export";
export { createFileService, type FileService } from "./service";
