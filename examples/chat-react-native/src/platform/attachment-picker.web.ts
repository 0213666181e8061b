import type { PickAttachment } from "./attachment-picker-types";

/** The browser's file chooser: the chosen file, or null when it was closed without one. */
export const pickAttachment: PickAttachment | undefined = () =>
  new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.hidden = true;
    const settle = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener("change", () => settle(input.files?.[0] ?? null));
    input.addEventListener("cancel", () => settle(null));
    // In the document, so the chooser opens in every browser and a test can hand it a file.
    document.body.append(input);
    input.click();
  });
