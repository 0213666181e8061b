// Each test file runs a server process on a copy of the data folder this setup migrates once.
export { default } from "../../../scripts/server-template";
