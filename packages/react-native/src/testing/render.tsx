import { FakeClient, type Language } from "@parley/react/headless";
import { render } from "@testing-library/react-native";
import type { ReactElement } from "react";
import type { PickedAttachment, PickScheduleTime, PlayVoice, SafeAreaInsets, VideoViewComponent } from "../context";
import { ParleyProvider } from "../provider";
import type { StringOverrides } from "../strings";
import type { ParleyTheme } from "../theme";

export interface KitOptions {
  client?: FakeClient;
  language?: Language;
  theme?: ParleyTheme;
  messages?: StringOverrides;
  pickAttachment?: () => Promise<PickedAttachment | null>;
  VideoView?: VideoViewComponent;
  pickScheduleTime?: PickScheduleTime;
  playVoice?: PlayVoice;
  safeAreaInsets?: SafeAreaInsets;
}

/** Renders `ui` under the native provider with a fake client (signed in as `kim`), the link left alone. */
export function renderKit(ui: ReactElement, options: KitOptions = {}) {
  const client = options.client ?? new FakeClient();
  const { client: _given, ...rest } = options;
  const result = render(
    <ParleyProvider client={client} connect={false} {...rest}>
      {ui}
    </ParleyProvider>,
  );
  return { ...result, client };
}
