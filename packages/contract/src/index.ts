export * from "./account";
export * from "./apps";
export * from "./auth";
export * from "./chat";
export * from "./constants";
export * from "./errors";
export * from "./paths";
export * from "./validation";
