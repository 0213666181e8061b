import { AppRegistry } from "react-native";
import { name } from "./app.json";
import { App } from "./src/App";

// react-native-web mounts the registered app into the page, where a device's native side would start it.
AppRegistry.registerComponent(name, () => App);
AppRegistry.runApplication(name, { rootTag: document.getElementById("root") });
