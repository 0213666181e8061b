export { notificationRoutes } from "./routes";
export { createNotificationService, type NotificationService } from "./service";
