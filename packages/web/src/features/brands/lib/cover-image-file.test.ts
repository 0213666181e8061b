import { BRAND_IMAGE_MAX_BYTES } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { coverImageProblem } from "./cover-image-file";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("coverImageProblem", () => {
  it("takes a PNG or JPG by its first bytes, whatever the file is called", async () => {
    expect(await coverImageProblem(new File([new Uint8Array([...PNG_SIGNATURE, 0])], "cover.jpg"))).toBeNull();
    expect(await coverImageProblem(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "cover.png"))).toBeNull();
  });

  it("refuses other content named as an image", async () => {
    expect(await coverImageProblem(new File(["<svg/>"], "cover.png", { type: "image/png" }))).toBe("type");
  });

  it("refuses an image over the size limit", async () => {
    const bytes = new Uint8Array(BRAND_IMAGE_MAX_BYTES + 1);
    bytes.set(PNG_SIGNATURE);
    expect(await coverImageProblem(new File([bytes], "cover.png"))).toBe("size");
    expect(await coverImageProblem(new File([bytes.subarray(0, BRAND_IMAGE_MAX_BYTES)], "cover.png"))).toBeNull();
  });
});
