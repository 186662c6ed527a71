export * from "./constants.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/catalog.ts";
export * from "./schemas/chats.ts";
export * from "./schemas/common.ts";
export * from "./schemas/health.ts";
export * from "./schemas/socket.ts";
export * from "./schemas/subscriptions.ts";
