// The server migrated once on an empty data folder, for every test file's server process to start from a copy.
export { default } from "../../../scripts/server-template";
