export { createExportService, type ExportService } from "./service";
