export { createNotificationService, type NotificationService } from "./service";
