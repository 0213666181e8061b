import { type NetworkMonitor, netInfoNetwork } from "@parley/sdk";
import NetInfo from "@react-native-community/netinfo";

/**
 * The device's network as NetInfo reports it: React Native has no `online` and `offline` events, and without them
 * the client would notice a lost network only when its pings go unanswered, and keep retrying while there is none.
 */
export const network: NetworkMonitor | undefined = netInfoNetwork(NetInfo);
