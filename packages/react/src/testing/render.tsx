import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import type { Dictionary, Language } from "../i18n/translate";
import type { FileUploader } from "../lib/upload";
import { ParleyProvider } from "../provider";
import type { ParleyTheme } from "../theme/themes";
import { FakeClient } from "./fake-client";

export interface KitOptions {
  client?: FakeClient;
  language?: Language;
  theme?: ParleyTheme;
  messages?: Partial<Dictionary>;
  upload?: FileUploader;
}

function Kit(props: KitOptions & { client: FakeClient; children: ReactNode }) {
  return (
    <ParleyProvider
      client={props.client}
      language={props.language}
      theme={props.theme}
      messages={props.messages}
      upload={props.upload}
      connect={false}
    >
      {props.children}
    </ParleyProvider>
  );
}

/** Renders `ui` under a provider with a fake client (signed in as `kim`); `rerender` keeps the same client. */
export function renderKit(ui: ReactNode, options: KitOptions = {}) {
  const client = options.client ?? new FakeClient();
  const user = userEvent.setup();
  const result = render(
    <Kit {...options} client={client}>
      {ui}
    </Kit>,
  );
  const rerender = (next: ReactNode, changed: KitOptions = {}) =>
    result.rerender(
      <Kit {...options} {...changed} client={client}>
        {next}
      </Kit>,
    );
  return { ...result, client, user, rerender };
}
