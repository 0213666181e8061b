import { BRAND_DESCRIPTION_MAX, type TBrand } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { BrandForm } from "./brand-form";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const brandsPath = `/api/apps/${appId}/notice/brands`;
const uploadPath = `${brandsPath}/cover-images`;
const listPath = `/apps/${appId}/message/brand/list`;
const imageId = "0a1b2c3d-4e5f-4a6b-8c7d-0000000000c1";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const savedBrand: TBrand = {
  id: "0a1b2c3d-4e5f-4a6b-8c7d-000000000001",
  name: "Parley Coffee",
  description: "",
  coverImage: null,
  inUse: true,
  createdAt: "2025-03-02T00:00:00.000Z",
  updatedAt: "2025-03-02T00:00:00.000Z",
};

function renderForm(brand?: TBrand) {
  const formPath = brand ? `/apps/${appId}/message/brand/${brand.id}/edit` : `/apps/${appId}/message/brand/register`;
  return renderRoutes(
    [
      { path: formPath, element: <BrandForm appId={appId} brand={brand} /> },
      { path: listPath, element: <p>brand list</p> },
    ],
    { initialEntries: [formPath] },
  );
}

const counter = () => screen.getByTestId("brand-description-counter");
const counterText = (length: number) => t("brands.form.counter", { length, max: BRAND_DESCRIPTION_MAX });
const submitButton = () => screen.getByRole("button", { name: t("brands.form.submitRegister") });

describe("BrandForm", () => {
  it("refuses a file whose content is not a JPG or PNG before uploading it", async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, { code: "001", message: "unexpected" }));
    const { user } = renderForm();

    const fake = new File(["this is text, not a picture"], "logo.png", { type: "image/png" });
    await user.upload(screen.getByTestId("brand-cover-file"), fake);

    expect(await screen.findByText(t("ERROR_3049"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("img", { name: t("brands.form.coverPreview") })).not.toBeInTheDocument();
  });

  it("uploads a PNG as one multipart file part, previews it and saves the brand with its id", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === uploadPath) {
        return jsonResponse(200, {
          image: { id: imageId, url: `https://files.example/brand-covers/${imageId}`, size: 9, mimeType: "image/png" },
        });
      }
      if (url === brandsPath && init?.method === "POST") {
        return jsonResponse(200, { brand: { ...savedBrand, ...JSON.parse(String(init.body)) } });
      }
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderForm();

    await user.type(inputByLabel(t("brands.fields.name")), "Parley Coffee");
    const png = new File([new Uint8Array([...PNG_SIGNATURE, 0])], "cover.png", { type: "image/png" });
    await user.upload(screen.getByTestId("brand-cover-file"), png);

    const preview = await screen.findByRole("img", { name: t("brands.form.coverPreview") });
    expect(preview).toHaveAttribute("src", `https://files.example/brand-covers/${imageId}`);
    const [, uploadInit] = fetchMock.mock.calls[0] ?? [];
    const uploaded = uploadInit?.body as FormData;
    expect(uploaded).toBeInstanceOf(FormData);
    expect([...uploaded.keys()]).toEqual(["file"]);

    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(listPath));
    expect(await screen.findByText(t("brands.created", { name: "Parley Coffee" }))).toBeInTheDocument();
    const [, saveInit] = fetchMock.mock.calls[1] ?? [];
    expect(JSON.parse(String(saveInit?.body))).toEqual({
      name: "Parley Coffee",
      description: "",
      coverImageId: imageId,
      inUse: true,
    });
  });

  it("shows a name already registered (3048) on the name field, not in a snackbar", async () => {
    stubFetch(() => jsonResponse(409, { code: "3048", message: "Brand already registered" }));
    const { user, router } = renderForm();
    const name = inputByLabel(t("brands.fields.name"));
    await user.type(name, "parley coffee");
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    const message = await screen.findByText(t("ERROR_3048"));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAttribute("aria-describedby", expect.stringContaining(message.id));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe(listPath);
  });

  it("counts the description as a person does: a Hangul syllable or an emoji is one character", async () => {
    const { user } = renderForm();
    const description = inputByLabel(t("brands.fields.description"));

    await user.click(description);
    await user.paste("안녕 브랜드 😀");
    expect(counter()).toHaveTextContent(counterText(8));

    await user.clear(description);
    await user.paste("😀".repeat(BRAND_DESCRIPTION_MAX));
    expect(counter()).toHaveTextContent(counterText(BRAND_DESCRIPTION_MAX));
    expect(description).not.toHaveAttribute("aria-invalid", "true");

    await user.paste("가");
    expect(counter()).toHaveTextContent(counterText(BRAND_DESCRIPTION_MAX + 1));
    expect(await screen.findByText(t("VALIDATION_TOO_LONG"))).toBeInTheDocument();
    expect(description).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the registration date when editing and puts 3051 on the usage status switch", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(409, { code: "3051", message: "Brand has a message awaiting sending" }),
    );
    const { user } = renderForm({ ...savedBrand, description: "커피 🍵" });

    expect(screen.getByText(t("brands.fields.createdAt"))).toBeInTheDocument();
    expect(counter()).toHaveTextContent(counterText(4));
    await user.click(screen.getByRole("switch", { name: t("brands.fields.inUse") }));
    const save = screen.getByRole("button", { name: t("common.save") });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText(t("ERROR_3051"))).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${brandsPath}/${savedBrand.id}`);
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toMatchObject({ inUse: false, coverImageId: null });
  });
});
