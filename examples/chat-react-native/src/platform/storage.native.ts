import { keyValueStorage } from "@parley/sdk/offline";
import AsyncStorage from "@react-native-async-storage/async-storage";

/** The chat's offline copy and outbox, in AsyncStorage beside the app's own keys (the SDK's start with `parley:`). */
export function offlineStorage() {
  return keyValueStorage(AsyncStorage);
}
