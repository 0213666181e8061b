export const serviceStatusKeys = {
  all: ["service-status"] as const,
};
