export { fileChatRoutes } from "./chat-routes";
export { archivedFilePath, fileExportSection, fileIdsSentBy } from "./export";
export { fileJobs } from "./jobs";
export { fileRoutes } from "./routes";
export { createFileService, type FileService } from "./service";
