import type { PickedAttachment } from "@parley/react-native";

/** What the kit's `pickAttachment` is: the app's way to choose a file, null when the user chose none. */
export type PickAttachment = () => Promise<PickedAttachment | null>;
