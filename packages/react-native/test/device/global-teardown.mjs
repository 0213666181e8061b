// Stops the server the global setup started and removes its data folder.
import fs from "node:fs/promises";

export default async function teardown() {
  const server = globalThis.parleyDeviceServer;
  if (!server) return;
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}
